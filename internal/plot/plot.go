// Package plot draws the pictures of plot() with gonum/plot: a scatter plot
// of a Grundy sequence with its P-positions and the exceptions of a proved
// period marked, and a heat map of a two-number ruleset's values with a
// colour bar and its P-positions marked. Axes that count have integer
// ticks. The file's extension picks the format: .png, .jpg, .tif, .svg,
// .pdf or .eps.
package plot

import (
	"fmt"
	"image/color"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"

	gonum "gonum.org/v1/plot"
	"gonum.org/v1/plot/palette/moreland"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgeps"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgpdf"
	"gonum.org/v1/plot/vg/vgsvg"

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

// Plot draws d into d.File, in the format its extension names.
func (pl Plotter) Plot(d *present.Plot) error {
	if ext := strings.ToLower(filepath.Ext(d.File)); !slices.Contains(Formats, ext) { // no file for a format it does not write
		return fmt.Errorf("plot() writes %s files, not %q", strings.Join(Formats, ", "), ext)
	}
	f, err := os.Create(d.File)
	if err != nil {
		return err
	}
	if err := Write(f, filepath.Ext(d.File), d); err != nil {
		f.Close()
		return err
	}
	return f.Close()
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
	p := gonum.New()
	p.Title.Text = d.Title
	p.Title.Padding = vg.Points(8)
	p.X.Label.Text = d.XLabel
	p.Y.Label.Text = d.YLabel
	p.X.Tick.Marker = integers{}
	p.Y.Tick.Marker = integers{}
	wd, ht := vg.Length(d.Width), vg.Length(d.Height)
	if wd == 0 {
		wd = defaultWidth
	}
	if ht == 0 {
		ht = defaultHeight
	}
	c, err := canvas("plot"+ext, wd, ht, d.DPI)
	if err != nil {
		return err
	}
	dc := draw.New(c)
	if d.Grid != nil {
		bar, err := heat(p, d)
		if err != nil {
			return err
		}
		barWidth := min(wd/5, 3*vg.Centimeter)
		main := draw.Crop(dc, 0, -barWidth, 0, 0)
		p.Draw(main)
		data := p.DataCanvas(main) // the bar spans the map's height
		bar.Draw(draw.Canvas{Canvas: dc.Canvas, Rectangle: vg.Rectangle{
			Min: vg.Point{X: wd - barWidth, Y: data.Min.Y}, Max: vg.Point{X: wd, Y: data.Max.Y}}})
	} else {
		if err := scatter(p, d); err != nil {
			return err
		}
		p.Draw(dc)
	}
	_, err = c.WriteTo(w)
	return err
}

// canvas is a canvas of the format that file's extension names.
func canvas(file string, w, h vg.Length, dpi int) (vg.CanvasWriterTo, error) {
	if dpi <= 0 {
		dpi = defaultDPI
	}
	img := func() *vgimg.Canvas { return vgimg.NewWith(vgimg.UseWH(w, h), vgimg.UseDPI(dpi)) }
	switch ext := strings.ToLower(filepath.Ext(file)); ext {
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
		return vgeps.New(w, h), nil
	default:
		return nil, fmt.Errorf("plot() writes %s files, not %q", strings.Join(Formats, ", "), ext)
	}
}

var (
	blue  = color.RGBA{R: 40, G: 90, B: 200, A: 255}
	red   = color.RGBA{R: 210, G: 30, B: 30, A: 255}
	green = color.RGBA{R: 0, G: 160, B: 70, A: 255}
	cyan  = color.RGBA{G: 200, B: 255, A: 255}
)

// scatter plots the values: the P-positions (value 0) in green, the
// exceptions of a proved period in red, with a legend.
func scatter(p *gonum.Plot, d *present.Plot) error {
	var regular, zeros, marked plotter.XYs
	for i := range d.X {
		pt := plotter.XY{X: d.X[i], Y: d.Y[i]}
		switch {
		case d.Marked[i]:
			marked = append(marked, pt)
		case d.Y[i] == 0:
			zeros = append(zeros, pt)
		default:
			regular = append(regular, pt)
		}
	}
	radius := vg.Points(2)
	if len(d.X) > 2000 {
		radius = vg.Points(0.8)
	}
	p.Add(plotter.NewGrid())
	for _, set := range []struct {
		pts   plotter.XYs
		color color.Color
		name  string
	}{{regular, blue, "g(n)"}, {zeros, green, "P-positions: g(n) = 0"}, {marked, red, "exceptions to the period"}} {
		if len(set.pts) == 0 {
			continue
		}
		s, err := plotter.NewScatter(set.pts)
		if err != nil {
			return err
		}
		s.GlyphStyle = draw.GlyphStyle{Color: set.color, Radius: radius, Shape: draw.CircleGlyph{}}
		p.Add(s)
		p.Legend.Add(set.name, s)
	}
	p.Legend.Top = true
	p.Y.Min, p.Y.Max = 0, present.PlotTop(d.Y) // room above the points for the legend
	return nil
}

// grid is eval's grid as a plotter.GridXYZ: column c is the second number,
// row r the first.
type grid struct{ d *present.Plot }

func (g grid) Dims() (c, r int)   { return len(g.d.Grid[0]), len(g.d.Grid) }
func (g grid) Z(c, r int) float64 { return g.d.Grid[r][c] }
func (g grid) X(c int) float64    { return g.d.Lo + float64(c) }
func (g grid) Y(r int) float64    { return g.d.Lo + float64(r) }

// heat draws the values as colours and marks every P-position (value 0);
// it returns the colour bar, a plot of its own, to draw beside it.
func heat(p *gonum.Plot, d *present.Plot) (*gonum.Plot, error) {
	m := moreland.ExtendedBlackBody()
	m.SetMin(0)
	m.SetMax(math.Max(present.GridMax(d.Grid), 1))
	h := plotter.NewHeatMap(grid{d}, m.Palette(256))
	h.NaN = color.White
	p.Add(h)
	var zeros plotter.XYs
	for r, row := range d.Grid {
		for c, v := range row {
			if v == 0 {
				zeros = append(zeros, plotter.XY{X: d.Lo + float64(c), Y: d.Lo + float64(r)})
			}
		}
	}
	if len(zeros) > 0 {
		s, err := plotter.NewScatter(zeros)
		if err != nil {
			return nil, err
		}
		s.GlyphStyle = draw.GlyphStyle{Color: cyan, Radius: vg.Points(2.5), Shape: draw.CircleGlyph{}}
		p.Add(s)
		p.Title.Text += fmt.Sprintf("; cyan dots: the %d P-positions", len(zeros))
	}
	bar := gonum.New()
	bar.HideX()
	bar.Y.Padding = 0
	bar.Y.Label.Text = "Grundy value"
	bar.Y.Tick.Marker = integers{}
	bar.Add(&plotter.ColorBar{ColorMap: m, Vertical: true})
	return bar, nil
}

// integers marks an axis of whole numbers (present.IntegerTicks).
type integers struct{}

func (integers) Ticks(lo, hi float64) []gonum.Tick {
	var ticks []gonum.Tick
	for _, v := range present.IntegerTicks(lo, hi) {
		ticks = append(ticks, gonum.Tick{Value: v, Label: present.TickLabel(v)})
	}
	return ticks
}
