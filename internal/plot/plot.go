// Package plot draws the pictures of plot() with gonum/plot: a scatter plot
// of a sequence of values with its P-positions and the exceptions of a
// proved period marked, and a heat map of a two-number ruleset's values
// with a colour bar and its P-positions marked. The file's extension picks
// the format: .png, .jpg, .tif, .svg, .pdf or .eps.
//
// Every format draws the same picture from the same shapes: the cells of
// a heat map and the steps of its colour bar are filled rectangles (no
// embedded image, which the vector formats drew upside down, as a
// hairline, or not at all), each reaching a little under its neighbour so
// that no seam shows between them; the legend sits below the axes, not
// over the data; type and marks are sized from the picture's physical
// size, and a title too long for the width is wrapped.
package plot

import (
	"bytes"
	"fmt"
	"image/color"
	"io"
	"math"
	"path/filepath"
	"slices"
	"strings"

	gonum "gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgeps"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgpdf"
	"gonum.org/v1/plot/vg/vgsvg"

	"github.com/gamelang/gamelang/internal/files"
	"github.com/gamelang/gamelang/present"
)

// Formats are the file extensions plot() writes.
var Formats = present.PlotFormats

// Plotter draws the plots of plot().
type Plotter struct{}

// Formats are the file extensions it writes.
func (Plotter) Formats() []string { return Formats }

// The default size of a picture, and its default resolution.
const (
	defaultWidth  = 16 * vg.Centimeter
	defaultHeight = 12 * vg.Centimeter
	defaultDPI    = 150
)

// maxPixels bounds a raster picture (width × height at its dpi): 100
// megapixels, 400 MB as the canvas holds them.
const maxPixels = 100_000_000

// Plot draws d into d.File, in the format its extension names.
func (pl Plotter) Plot(d *present.Plot) error {
	if ext := strings.ToLower(filepath.Ext(d.File)); !slices.Contains(Formats, ext) { // no file for a format it does not write
		return fmt.Errorf("plot() writes %s files, not %q", strings.Join(Formats, ", "), ext)
	}
	return files.Write(d.File, func(w io.Writer) error { return Write(w, filepath.Ext(d.File), d) })
}

var white = color.RGBA{R: 255, G: 255, B: 255, A: 255}

// style is the size of type and marks for a picture of a given size: 10
// points on the default 16 cm × 12 cm, less on a smaller picture (as a
// figure set in a column of a paper), never under 5 points.
type style struct {
	font, title, mark vg.Length
}

func styleFor(w, h vg.Length) style {
	scale := math.Min(float64(w/defaultWidth), float64(h/defaultHeight))
	f := vg.Length(math.Max(5, math.Min(10, 10*math.Sqrt(scale))))
	return style{font: f, title: f * 1.2, mark: f / 4}
}

// Write draws d into w in the format of the extension ext: ".png", ".svg",
// ".pdf", ...
func Write(w io.Writer, ext string, d *present.Plot) (err error) {
	name := d.File
	if name == "" {
		name = "the plot"
	}
	defer func() { // gonum/plot panics on some degenerate axes: an error, not a crash
		if r := recover(); r != nil {
			err = fmt.Errorf("plot() could not draw %s: %v", name, r)
		}
	}()
	wd, ht := vg.Length(d.Width), vg.Length(d.Height)
	if wd == 0 {
		wd = defaultWidth
	}
	if ht == 0 {
		ht = defaultHeight
	}
	c, err := canvas("plot"+ext, wd, ht, d.DPI, d.MaxBytes)
	if err != nil {
		return err
	}
	dc := draw.New(c)
	fill(dc, dc.Rectangle, white) // every format on white, not on a transparent page
	if err := picture(dc, d, styleFor(wd, ht)); err != nil {
		return fmt.Errorf("plot() could not draw %s: %w", name, err)
	}
	_, err = c.WriteTo(w)
	return err
}

// picture lays out and draws d on dc: the title on top, the legend at the
// bottom, a heat map's colour bar on the right, the axes between.
func picture(dc draw.Canvas, d *present.Plot, st style) error {
	p := gonum.New()
	p.BackgroundColor = white
	for _, t := range []*draw.TextStyle{&p.X.Label.TextStyle, &p.Y.Label.TextStyle, &p.X.Tick.Label, &p.Y.Tick.Label, &p.Legend.TextStyle} {
		t.Font.Size = st.font
	}
	p.Title.TextStyle.Font.Size = st.title
	p.Title.Padding = st.font / 2
	p.X.Label.Text, p.Y.Label.Text = d.XLabel, d.YLabel
	p.X.Label.Padding, p.Y.Label.Padding = st.font/4, st.font/4
	p.X.Tick.Length, p.Y.Tick.Length = st.font/3, st.font/3
	width := dc.Max.X - dc.Min.X
	p.Title.Text = wrapText(d.Title, p.Title.TextStyle, width-2*st.font)
	var entries []entry
	var bar *gonum.Plot
	barWidth := vg.Length(0)
	if d.Grid != nil {
		entries, bar = heat(p, d, st)
		barWidth = min(width/5, st.font*6)
	} else {
		entries = scatter(p, d, st, width)
	}
	legendHeight := layoutLegend(entries, st, width-2*st.font)
	main := draw.Crop(dc, 0, -barWidth, legendHeight, 0)
	// as many ticks as their labels have room for, on axes about 4 em
	// shorter than the space they are drawn in
	p.X.Tick.Marker = integers{room: main.Max.X - main.Min.X - 4*st.font, font: st.font}
	p.Y.Tick.Marker = integers{room: main.Max.Y - main.Min.Y - 4*st.font, font: st.font, vertical: true}
	data := p.DataCanvas(main)
	if data.Max.X-data.Min.X < 4*st.mark || data.Max.Y-data.Min.Y < 4*st.mark {
		return fmt.Errorf("a %s × %s picture leaves no room for the data beside its labels", length(width), length(dc.Max.Y-dc.Min.Y))
	}
	p.Draw(main)
	if bar != nil {
		bar.Y.Tick.Marker = integers{room: data.Max.Y - data.Min.Y, font: st.font, vertical: true}
		bar.Draw(draw.Canvas{Canvas: dc.Canvas, Rectangle: vg.Rectangle{
			Min: vg.Point{X: dc.Max.X - barWidth, Y: data.Min.Y}, Max: vg.Point{X: dc.Max.X - st.font/2, Y: data.Max.Y}}})
	}
	drawLegend(dc, entries, st, legendHeight)
	return nil
}

// length writes a length in centimetres.
func length(l vg.Length) string { return fmt.Sprintf("%.1f cm", float64(l/vg.Centimeter)) }

// wrapText breaks text between words into lines no wider than width.
func wrapText(text string, sty draw.TextStyle, width vg.Length) string {
	var lines []string
	line := ""
	for _, w := range strings.Fields(text) {
		switch {
		case line == "":
			line = w
		case sty.Width(line+" "+w) > width:
			lines = append(lines, line)
			line = w
		default:
			line += " " + w
		}
	}
	return strings.Join(append(lines, line), "\n")
}

// fill fills a rectangle with a colour.
func fill(c draw.Canvas, r vg.Rectangle, clr color.Color) {
	c.FillPolygon(clr, []vg.Point{r.Min, {X: r.Max.X, Y: r.Min.Y}, r.Max, {X: r.Min.X, Y: r.Max.Y}})
}

// canvas is a canvas of the format that file's extension names.
func canvas(file string, w, h vg.Length, dpi int, maxBytes int64) (vg.CanvasWriterTo, error) {
	if dpi <= 0 {
		dpi = defaultDPI
	}
	ext := strings.ToLower(filepath.Ext(file))
	switch ext {
	case ".png", ".jpg", ".jpeg", ".tif", ".tiff":
		if err := rasterFits(w, h, dpi, maxBytes); err != nil {
			return nil, err
		}
	}
	img := func() *vgimg.Canvas { return vgimg.NewWith(vgimg.UseWH(w, h), vgimg.UseDPI(dpi)) }
	switch ext {
	case ".png":
		return vgimg.PngCanvas{Canvas: img()}, nil
	case ".jpg", ".jpeg":
		return vgimg.JpegCanvas{Canvas: img()}, nil
	case ".tif", ".tiff":
		return vgimg.TiffCanvas{Canvas: img()}, nil
	case ".svg":
		return vgsvg.New(w, h), nil
	case ".pdf":
		return vgpdf.New(w, h), nil
	case ".eps":
		return epsCanvas{vgeps.New(w, h)}, nil
	default:
		return nil, fmt.Errorf("plot() writes %s files, not %q", strings.Join(Formats, ", "), ext)
	}
}

// rasterFits refuses a raster picture of w × h at dpi past maxPixels, or
// past maxBytes as it is drawn (4 bytes a pixel; 0: no bound).
func rasterFits(w, h vg.Length, dpi int, maxBytes int64) error {
	px := float64(w/vg.Inch) * float64(h/vg.Inch) * float64(dpi*dpi)
	if px > maxPixels {
		return fmt.Errorf("plot(): a %s × %s picture at %d dpi is %.0f megapixels; the most is %d (lower the dpi, or write .svg or .pdf)",
			length(w), length(h), dpi, px/1e6, maxPixels/1_000_000)
	}
	if maxBytes > 0 && px*4 > float64(maxBytes) {
		return fmt.Errorf("plot(): a %s × %s picture at %d dpi is %.0f megapixels, %.0f MB as it is drawn, past the %d MB the memory budget leaves for it (lower the dpi, write .svg or .pdf, or raise --max-memory)",
			length(w), length(h), dpi, px/1e6, px*4/1e6, maxBytes/1_000_000)
	}
	return nil
}

// epsCanvas writes an EPS that readers recognise: vgeps starts it with
// "%%!PS-Adobe" rather than "%!PS-Adobe" and writes its %%BoundingBox in
// fractions of a point, and Ghostscript then puts the picture on a whole
// page. The box is written in whole points, as the format requires, the
// exact one following as %%HiResBoundingBox.
type epsCanvas struct{ *vgeps.Canvas }

func (c epsCanvas) WriteTo(w io.Writer) (int64, error) {
	var buf bytes.Buffer
	if _, err := c.Canvas.WriteTo(&buf); err != nil {
		return 0, err
	}
	out := buf.Bytes()
	if rest, ok := bytes.CutPrefix(out, []byte("%%!PS-Adobe")); ok {
		out = append([]byte("%!PS-Adobe"), rest...)
	}
	out = bytes.Replace(out, []byte("\n%%Creator "), []byte("\n%%Creator: "), 1)
	const key = "%%BoundingBox: "
	if i := bytes.Index(out, []byte(key)); i >= 0 {
		end := i + bytes.IndexByte(out[i:], '\n')
		var x0, y0, x1, y1 float64
		if _, err := fmt.Sscan(string(out[i+len(key):end]), &x0, &y0, &x1, &y1); err == nil {
			box := fmt.Sprintf("%s%d %d %d %d\n%%%%HiResBoundingBox: %s", key,
				int(math.Floor(x0)), int(math.Floor(y0)), int(math.Ceil(x1)), int(math.Ceil(y1)), out[i+len(key):end])
			out = append(append(append([]byte{}, out[:i]...), box...), out[end:]...)
		}
	}
	n, err := w.Write(out)
	return int64(n), err
}

// entry is a line of a legend: a mark and what it stands for.
type entry struct {
	glyph draw.GlyphStyle
	fill  color.Color // a square of colour rather than a glyph
	text  string
}

// scatter plots a sequence: the P-positions in green, the exceptions of a
// proved period in red, values that are not numbers in orange on a row of
// their own above the others, the rest in blue.
func scatter(p *gonum.Plot, d *present.Plot, st style, width vg.Length) []entry {
	var regular, zeros, marked, infinite plotter.XYs
	top, infAt := present.PlotTop(d.Y, d.Inf)
	for i := range d.X {
		pt := plotter.XY{X: d.X[i], Y: d.Y[i]}
		switch d.PointMark(i) {
		case present.Infinite:
			pt.Y = infAt
			infinite = append(infinite, pt)
		case present.Exception:
			marked = append(marked, pt)
		case present.PPosition:
			zeros = append(zeros, pt)
		default:
			regular = append(regular, pt)
		}
	}
	// marks as large as the spacing of the points allows
	radius := vg.Length(math.Max(0.4, math.Min(float64(st.mark), float64(width)*0.8/float64(max(len(d.X), 1))*0.45)))
	grid := plotter.NewGrid()
	grid.Vertical.Color, grid.Horizontal.Color = color.Gray{Y: 225}, color.Gray{Y: 225}
	p.Add(grid)
	value := d.Value
	if value == "" {
		value = "Grundy value"
	}
	var entries []entry
	for _, set := range []struct {
		pts   plotter.XYs
		color color.Color
		shape draw.GlyphDrawer
		name  string
	}{
		{regular, present.MarkValue, draw.CircleGlyph{}, value},
		{zeros, present.MarkP, draw.CircleGlyph{}, "P-position"},
		{marked, present.MarkException, draw.CircleGlyph{}, "exception to the period"},
		{infinite, present.MarkInfinite, draw.TriangleGlyph{}, "not a number (∞), drawn on the top row"},
	} {
		if len(set.pts) == 0 {
			continue
		}
		s, err := plotter.NewScatter(set.pts)
		if err != nil {
			continue
		}
		s.GlyphStyle = draw.GlyphStyle{Color: set.color, Radius: radius, Shape: set.shape}
		p.Add(s)
		entries = append(entries, entry{glyph: draw.GlyphStyle{Color: set.color, Radius: st.mark, Shape: set.shape}, text: set.name})
	}
	p.Y.Min, p.Y.Max = -0.5, top
	if len(d.X) > 0 {
		p.X.Min, p.X.Max = d.X[0]-0.5, d.X[len(d.X)-1]+0.5
	}
	return entries
}

// heat draws the values of a grid as colours and marks its P-positions;
// it returns the legend and the colour bar, a plot of its own to draw
// beside the map.
func heat(p *gonum.Plot, d *present.Plot, st style) ([]entry, *gonum.Plot) {
	top := present.GridMax(d.Grid)
	cells := &cells{d: d, top: top}
	p.Add(cells)
	var zeros, infinite plotter.XYs
	noValue := false
	for r, row := range d.Grid {
		for c, v := range row {
			pt := plotter.XY{X: d.Lo + float64(c), Y: d.Lo + float64(r)}
			switch d.CellMark(r, c) {
			case present.Infinite:
				infinite = append(infinite, pt)
			case present.PPosition:
				zeros = append(zeros, pt)
			}
			noValue = noValue || math.IsNaN(v) && d.CellMark(r, c) != present.Infinite
		}
	}
	n := float64(len(d.Grid))
	var entries []entry
	if len(zeros) > 0 {
		marks := &dots{pts: zeros, style: draw.GlyphStyle{Color: present.MarkPOnHeat, Shape: draw.CircleGlyph{}}, max: st.mark, n: n}
		p.Add(marks)
		entries = append(entries, entry{glyph: draw.GlyphStyle{Color: present.MarkPOnHeat, Radius: st.mark, Shape: draw.CircleGlyph{}}, text: fmt.Sprintf("P-positions (%d)", len(zeros))})
	}
	if len(infinite) > 0 {
		marks := &dots{pts: infinite, style: draw.GlyphStyle{Color: present.MarkInfinite, Shape: draw.TriangleGlyph{}}, max: st.mark, n: n}
		p.Add(marks)
		entries = append(entries, entry{glyph: draw.GlyphStyle{Color: present.MarkInfinite, Radius: st.mark, Shape: draw.TriangleGlyph{}}, text: "not a number (∞)"})
	}
	if noValue {
		entries = append(entries, entry{fill: present.NoValue, glyph: draw.GlyphStyle{Radius: st.mark}, text: "no value"})
	}
	p.X.Min, p.X.Max = d.Lo-0.5, d.Lo+n-0.5
	p.Y.Min, p.Y.Max = d.Lo-0.5, d.Lo+n-0.5
	bar := gonum.New()
	bar.BackgroundColor = white
	bar.HideX()
	bar.Y.Padding = 0
	bar.Y.Label.Text = d.Value
	if bar.Y.Label.Text == "" {
		bar.Y.Label.Text = "Grundy value"
	}
	bar.Y.Label.TextStyle.Font.Size = st.font
	bar.Y.Label.Padding = st.font / 4
	bar.Y.Tick.Label.Font.Size = st.font
	bar.Y.Tick.Length = st.font / 3
	bar.Y.Tick.Marker = integers{font: st.font, vertical: true} // room: set when drawn
	bar.Add(&colourBar{top: top})
	bar.Y.Min, bar.Y.Max = -0.5, top+0.5
	return entries, bar
}

// cells are the cells of a heat map, drawn as rectangles row by row, each
// run of one colour as one rectangle reaching a little into the next run
// and the next row, so that no background shows between them.
type cells struct {
	d   *present.Plot
	top float64
}

func (h *cells) Plot(c draw.Canvas, p *gonum.Plot) {
	trX, trY := p.Transforms(&c)
	grid := h.d.Grid
	for r, row := range grid {
		y0, y1 := trY(h.d.Lo+float64(r)-0.5), trY(h.d.Lo+float64(r)+0.5)
		if r < len(grid)-1 {
			y1 += overlap
		}
		for c0 := 0; c0 < len(row); {
			c1 := c0
			col := h.colour(row[c0])
			for c1+1 < len(row) && h.colour(row[c1+1]) == col {
				c1++
			}
			x0, x1 := trX(h.d.Lo+float64(c0)-0.5), trX(h.d.Lo+float64(c1)+0.5)
			if c1 < len(row)-1 {
				x1 += overlap
			}
			fill(c, vg.Rectangle{Min: vg.Point{X: x0, Y: y0}, Max: vg.Point{X: x1, Y: y1}}, col)
			c0 = c1 + 1
		}
	}
}

func (h *cells) colour(v float64) color.Color { return present.HeatColour(v, h.top) }

// overlap is how far a cell reaches under the next: half a point, a few
// pixels at print resolution, and less than any cell a picture shows.
const overlap vg.Length = 0.5

// dots marks points of a heat map with glyphs sized to its cells.
type dots struct {
	pts   plotter.XYs
	style draw.GlyphStyle
	max   vg.Length
	n     float64 // cells across
}

func (m *dots) Plot(c draw.Canvas, p *gonum.Plot) {
	trX, trY := p.Transforms(&c)
	cell := math.Min(float64(c.Max.X-c.Min.X), float64(c.Max.Y-c.Min.Y)) / m.n
	sty := m.style
	sty.Radius = vg.Length(math.Min(float64(m.max), cell*0.3))
	for _, pt := range m.pts {
		c.DrawGlyph(sty, vg.Point{X: trX(pt.X), Y: trY(pt.Y)})
	}
}

// colourBar is a heat map's scale: a step of colour for each value from
// 0 to the largest, drawn as the map draws its cells.
type colourBar struct{ top float64 }

func (b *colourBar) Plot(c draw.Canvas, p *gonum.Plot) {
	_, trY := p.Transforms(&c)
	for v := 0.0; v <= b.top; v++ {
		y0, y1 := trY(v-0.5), trY(v+0.5)
		if v < b.top {
			y1 += overlap
		}
		fill(c, vg.Rectangle{Min: vg.Point{X: c.Min.X, Y: y0}, Max: vg.Point{X: c.Max.X, Y: y1}}, present.HeatColour(v, b.top))
	}
}

// integers marks an axis of whole numbers (present.IntegerTicks), as many
// as there is room for their labels.
type integers struct {
	room     vg.Length // the axis' length, 0 for unknown
	font     vg.Length
	vertical bool
}

func (t integers) Ticks(lo, hi float64) []gonum.Tick {
	var ticks []gonum.Tick
	for _, v := range present.IntegerTicks(lo, hi) {
		ticks = append(ticks, gonum.Tick{Value: v, Label: present.TickLabel(v)})
	}
	if t.room > 0 && len(ticks) > 1 {
		// a label needs its width (its height on a vertical axis) and a gap
		need := t.font * 2.2
		if !t.vertical {
			need = t.font * (0.55*vg.Length(len(ticks[len(ticks)-1].Label)) + 1.2)
		}
		for len(ticks) > 2 && vg.Length(len(ticks))*need > t.room {
			thin := ticks[:0:0]
			for i := 0; i < len(ticks); i += 2 {
				thin = append(thin, ticks[i])
			}
			ticks = thin
		}
	}
	return ticks
}

// layoutLegend is the height the legend takes below the axes: its entries
// side by side, on as many lines as the width needs.
func layoutLegend(entries []entry, st style, width vg.Length) vg.Length {
	if len(entries) == 0 {
		return 0
	}
	return vg.Length(len(legendLines(entries, st, width)))*st.font*1.5 + st.font/2
}

func legendStyle(st style) draw.TextStyle {
	p := gonum.New()
	sty := p.Legend.TextStyle
	sty.Font.Size = st.font
	sty.XAlign, sty.YAlign = draw.XLeft, draw.YCenter
	return sty
}

// legendLines splits the entries into lines that fit the width.
func legendLines(entries []entry, st style, width vg.Length) [][]entry {
	sty := legendStyle(st)
	var lines [][]entry
	var line []entry
	used := vg.Length(0)
	for _, e := range entries {
		w := entryWidth(e, sty, st)
		if len(line) > 0 && used+w > width {
			lines = append(lines, line)
			line, used = nil, 0
		}
		line = append(line, e)
		used += w
	}
	return append(lines, line)
}

func entryWidth(e entry, sty draw.TextStyle, st style) vg.Length {
	return 2*st.mark + st.font/2 + sty.Width(e.text) + st.font*1.5
}

// drawLegend draws the legend in the band of the given height at the
// bottom of the picture, centred.
func drawLegend(dc draw.Canvas, entries []entry, st style, height vg.Length) {
	if len(entries) == 0 {
		return
	}
	sty := legendStyle(st)
	width := dc.Max.X - dc.Min.X
	lines := legendLines(entries, st, width-2*st.font)
	y := dc.Min.Y + height - st.font*0.75 - st.font/4
	for _, line := range lines {
		total := vg.Length(0)
		for _, e := range line {
			total += entryWidth(e, sty, st)
		}
		total -= st.font * 1.5
		x := dc.Min.X + (width-total)/2
		for _, e := range line {
			centre := vg.Point{X: x + st.mark, Y: y}
			if e.fill != nil {
				fill(dc, vg.Rectangle{Min: vg.Point{X: centre.X - st.mark, Y: centre.Y - st.mark}, Max: vg.Point{X: centre.X + st.mark, Y: centre.Y + st.mark}}, e.fill)
			} else {
				dc.DrawGlyphNoClip(e.glyph, centre)
			}
			dc.FillText(sty, vg.Point{X: x + 2*st.mark + st.font/2, Y: y}, e.text)
			x += entryWidth(e, sty, st)
		}
		y -= st.font * 1.5
	}
}
