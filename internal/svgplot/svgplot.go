// Package svgplot draws the pictures of plot() as SVG text without fonts:
// the browser lays out the labels. The playground uses it instead of
// internal/plot, whose gonum/plot measures text with fonts compiled into
// the program: they would triple the WebAssembly file (about 8 MB of it).
// It draws what internal/plot draws — a scatter plot of a sequence with
// its P-positions and exceptions marked and a legend, or a heat map with
// its P-positions marked and a colour bar — in the same colours.
package svgplot

import (
	"fmt"
	"html"
	"image/color"
	"math"
	"strings"

	"github.com/gamelang/gamelang/present"
)

// Plotter draws plots as SVG and keeps them by file name, for the page
// to show; it writes no file.
type Plotter struct {
	Drawn map[string]string // file name → SVG text
}

// Formats are the extensions plot() accepts: every one internal/plot
// writes, so that the same script runs in the page and at the command
// line; the page draws each as SVG.
func (*Plotter) Formats() []string {
	return present.PlotFormats
}

// Plot draws d and keeps it under d.File.
func (p *Plotter) Plot(d *present.Plot) error {
	if p.Drawn == nil {
		p.Drawn = map[string]string{}
	}
	p.Drawn[d.File] = SVG(d)
	return nil
}

// The size of a picture in points when the script gives none: 16 cm by
// 12 cm, as internal/plot.
const (
	defaultWidth  = 16 * 72 / 2.54
	defaultHeight = 12 * 72 / 2.54
)

func hex(c color.Color) string {
	r, g, b, _ := c.RGBA()
	return fmt.Sprintf("#%02x%02x%02x", r>>8, g>>8, b>>8)
}

// frame is the plotting area of a picture and the scales of its axes.
type frame struct {
	b                      *strings.Builder
	left, top, w, h        float64 // the data area, in points
	xlo, xhi, ylo, yhi     float64 // the data shown
	width, height, fontPts float64
}

func (f *frame) x(v float64) float64 { return f.left + (v-f.xlo)/(f.xhi-f.xlo)*f.w }
func (f *frame) y(v float64) float64 { return f.top + f.h - (v-f.ylo)/(f.yhi-f.ylo)*f.h }

func (f *frame) printf(format string, args ...any) { fmt.Fprintf(f.b, format, args...) }

func (f *frame) text(x, y float64, anchor, s string, extra string) {
	f.printf(`<text x="%.1f" y="%.1f" text-anchor="%s"%s>%s</text>`+"\n", x, y, anchor, extra, html.EscapeString(s))
}

// axes draws the frame, the grid lines, the ticks and the labels.
func (f *frame) axes(d *present.Plot, grid bool) {
	for _, v := range present.IntegerTicks(f.xlo, f.xhi) {
		x := f.x(v)
		if grid {
			f.printf(`<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#ddd"/>`+"\n", x, f.top, x, f.top+f.h)
		}
		f.printf(`<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="black"/>`+"\n", x, f.top+f.h, x, f.top+f.h+4)
		f.text(x, f.top+f.h+4+f.fontPts, "middle", present.TickLabel(v), "")
	}
	for _, v := range present.IntegerTicks(f.ylo, f.yhi) {
		y := f.y(v)
		if grid {
			f.printf(`<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#ddd"/>`+"\n", f.left, y, f.left+f.w, y)
		}
		f.printf(`<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="black"/>`+"\n", f.left-4, y, f.left, y)
		f.text(f.left-6, y+f.fontPts/3, "end", present.TickLabel(v), "")
	}
	f.printf(`<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="none" stroke="black"/>`+"\n", f.left, f.top, f.w, f.h)
	f.text(f.left+f.w/2, f.top+f.h+30, "middle", d.XLabel, "")
	f.text(14, f.top+f.h/2, "middle", d.YLabel, fmt.Sprintf(` transform="rotate(-90 14 %.1f)"`, f.top+f.h/2))
	f.text(f.width/2, f.fontPts+6, "middle", d.Title, ` font-weight="bold"`)
}

// SVG is the picture of d.
func SVG(d *present.Plot) string {
	width, height := d.Width, d.Height
	if width <= 0 {
		width = defaultWidth
	}
	if height <= 0 {
		height = defaultHeight
	}
	var b strings.Builder
	f := &frame{b: &b, width: width, height: height, fontPts: 10}
	f.printf(`<svg xmlns="http://www.w3.org/2000/svg" width="%.0fpt" height="%.0fpt" viewBox="0 0 %.1f %.1f" font-family="sans-serif" font-size="%.0f">`+"\n",
		width, height, width, height, f.fontPts)
	f.printf(`<rect width="100%%" height="100%%" fill="white"/>` + "\n")
	f.left, f.top = 52, 28
	right, bottom := 12.0, 36.0+legendHeight
	if d.Grid != nil {
		right = 80 // the colour bar
	}
	f.w, f.h = width-f.left-right, height-f.top-bottom
	var entries []entry
	if d.Grid != nil {
		entries = heat(f, d)
	} else {
		entries = scatter(f, d)
	}
	f.legend(entries)
	f.printf("</svg>\n")
	return b.String()
}

// legendHeight is the band below the axes that holds the legend.
const legendHeight = 16.0

// entry is a mark of the legend and what it stands for.
type entry struct {
	c     color.Color
	shape string // "circle", "triangle" or "square"
	name  string
}

// legend draws the entries side by side, centred, below the axes.
func (f *frame) legend(entries []entry) {
	if len(entries) == 0 {
		return
	}
	widths := make([]float64, len(entries))
	total := 0.0
	for i, e := range entries {
		widths[i] = 10 + 0.55*f.fontPts*float64(len([]rune(e.name))) + 16
		total += widths[i]
	}
	x, y := (f.width-total)/2, f.height-legendHeight/2-2
	for i, e := range entries {
		f.mark(e.shape, x+3, y-3.5, 3, e.c)
		f.text(x+10, y, "start", e.name, "")
		x += widths[i]
	}
}

// mark draws a mark of a shape centred at (x, y).
func (f *frame) mark(shape string, x, y, r float64, c color.Color) {
	switch shape {
	case "triangle":
		f.printf(`<polygon points="%.2f,%.2f %.2f,%.2f %.2f,%.2f" fill="%s"/>`+"\n", x, y-r, x-r, y+r*0.8, x+r, y+r*0.8, hex(c))
	case "square":
		f.printf(`<rect x="%.2f" y="%.2f" width="%.2f" height="%.2f" fill="%s"/>`+"\n", x-r, y-r, 2*r, 2*r, hex(c))
	default:
		f.printf(`<circle cx="%.2f" cy="%.2f" r="%.2f" fill="%s"/>`+"\n", x, y, r, hex(c))
	}
}

// scatter draws a sequence: the P-positions in green, the exceptions to a
// proved period in red, values that are not numbers in orange on a row of
// their own, the others in blue.
func scatter(f *frame, d *present.Plot) []entry {
	f.xlo, f.xhi = 0, 1
	if len(d.X) > 0 {
		f.xlo, f.xhi = d.X[0], d.X[0]
		for _, x := range d.X {
			f.xlo, f.xhi = math.Min(f.xlo, x), math.Max(f.xhi, x)
		}
	}
	f.xlo, f.xhi = f.xlo-0.5, f.xhi+0.5
	top, infAt := present.PlotTop(d.Y, d.Inf)
	f.ylo, f.yhi = -0.5, top
	f.axes(d, true)
	radius := math.Max(0.5, math.Min(2.5, f.w/float64(max(len(d.X), 1))*0.45))
	value := d.Value
	if value == "" {
		value = "Grundy value"
	}
	sets := []*struct {
		entry
		n int
	}{{entry: entry{present.MarkValue, "circle", value}}, {entry: entry{present.MarkP, "circle", "P-position"}},
		{entry: entry{present.MarkException, "circle", "exception to the period"}}, {entry: entry{present.MarkInfinite, "triangle", "not a number (∞), drawn on the top row"}}}
	for i := range d.X {
		s, y := sets[0], d.Y[i]
		switch d.PointMark(i) {
		case present.Infinite:
			s, y = sets[3], infAt
		case present.Exception:
			s = sets[2]
		case present.PPosition:
			s = sets[1]
		}
		s.n++
		f.mark(s.shape, f.x(d.X[i]), f.y(y), radius, s.c)
	}
	var entries []entry
	for _, s := range sets {
		if s.n > 0 {
			entries = append(entries, s.entry)
		}
	}
	return entries
}

// heat draws a grid of values as colours, its P-positions as cyan dots,
// and the colour bar beside it.
func heat(f *frame, d *present.Plot) []entry {
	rows, cols := len(d.Grid), 0
	if rows > 0 {
		cols = len(d.Grid[0])
	}
	f.xlo, f.xhi = d.Lo-0.5, d.Lo+float64(cols)-0.5
	f.ylo, f.yhi = d.Lo-0.5, d.Lo+float64(rows)-0.5
	top := present.GridMax(d.Grid)
	cw, ch := f.w/float64(max(cols, 1)), f.h/float64(max(rows, 1))
	const overlap = 0.5 // each cell reaches under the next: no seams
	noValue := false
	for r, row := range d.Grid {
		for c, v := range row {
			noValue = noValue || math.IsNaN(v) && d.CellMark(r, c) != present.Infinite
			f.printf(`<rect x="%.2f" y="%.2f" width="%.2f" height="%.2f" fill="%s"/>`+"\n",
				f.x(d.Lo+float64(c))-cw/2, f.y(d.Lo+float64(r))-ch/2-overlap, cw+overlap, ch+overlap, hex(present.HeatColour(v, top)))
		}
	}
	r := math.Min(2.5, math.Min(cw, ch)*0.3)
	zeros, infs := 0, 0
	for ri, row := range d.Grid {
		for c := range row {
			x, y := f.x(d.Lo+float64(c)), f.y(d.Lo+float64(ri))
			switch d.CellMark(ri, c) {
			case present.Infinite:
				infs++
				f.mark("triangle", x, y, r, present.MarkInfinite)
			case present.PPosition:
				zeros++
				f.mark("circle", x, y, r, present.MarkPOnHeat)
			}
		}
	}
	f.axes(d, false)
	f.colourBar(d, top)
	var entries []entry
	if zeros > 0 {
		entries = append(entries, entry{present.MarkPOnHeat, "circle", fmt.Sprintf("P-positions (%d)", zeros)})
	}
	if infs > 0 {
		entries = append(entries, entry{present.MarkInfinite, "triangle", "not a number (∞)"})
	}
	if noValue {
		entries = append(entries, entry{present.NoValue, "square", "no value"})
	}
	return entries
}

// colourBar draws the heat map's scale beside it: a step for each value,
// 0 at the bottom, and what the values are.
func (f *frame) colourBar(d *present.Plot, top float64) {
	const overlap = 0.5 // each step reaches under the next: no seams
	x, h := f.left+f.w+16, f.h
	steps := top + 1
	for v := 0.0; v <= top; v++ {
		f.printf(`<rect x="%.1f" y="%.2f" width="14" height="%.2f" fill="%s"/>`+"\n", x, f.top+h-h*(v+1)/steps-overlap, h/steps+overlap, hex(present.HeatColour(v, top)))
	}
	f.printf(`<rect x="%.1f" y="%.1f" width="14" height="%.1f" fill="none" stroke="black"/>`+"\n", x, f.top, h)
	for _, v := range present.IntegerTicks(0, top) {
		y := f.top + h - h*(v+0.5)/steps
		f.text(x+18, y+3, "start", present.TickLabel(v), "")
	}
	value := d.Value
	if value == "" {
		value = "Grundy value"
	}
	f.text(x+52, f.top+h/2, "middle", value, fmt.Sprintf(` transform="rotate(-90 %.1f %.1f)"`, x+52, f.top+h/2))
}
