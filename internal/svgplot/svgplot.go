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

	"gonum.org/v1/plot/palette/moreland"

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

var (
	blue  = color.RGBA{R: 40, G: 90, B: 200, A: 255}
	red   = color.RGBA{R: 210, G: 30, B: 30, A: 255}
	green = color.RGBA{R: 0, G: 160, B: 70, A: 255}
	cyan  = color.RGBA{G: 200, B: 255, A: 255}
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
	f.text(f.left+f.w/2, f.height-6, "middle", d.XLabel, "")
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
	right, bottom := 12.0, 36.0
	if d.Grid != nil {
		right = 80 // the colour bar
	}
	f.w, f.h = width-f.left-right, height-f.top-bottom
	if d.Grid != nil {
		heat(f, d)
	} else {
		scatter(f, d)
	}
	f.printf("</svg>\n")
	return b.String()
}

// scatter draws a sequence: the P-positions in green, the exceptions to a
// proved period in red, a legend at the top.
func scatter(f *frame, d *present.Plot) {
	f.xlo, f.xhi = 0, 1
	if len(d.X) > 0 {
		f.xlo, f.xhi = d.X[0], d.X[0]
		for _, x := range d.X {
			f.xlo, f.xhi = math.Min(f.xlo, x), math.Max(f.xhi, x)
		}
	}
	pad := math.Max((f.xhi-f.xlo)/40, 0.5)
	f.xlo, f.xhi = f.xlo-pad, f.xhi+pad
	f.ylo, f.yhi = 0, present.PlotTop(d.Y)
	f.axes(d, true)
	radius := 2.0
	if len(d.X) > 2000 {
		radius = 0.8
	}
	type set struct {
		c    color.Color
		name string
		n    int
	}
	sets := []*set{{c: blue, name: "g(n)"}, {c: green, name: "P-positions: g(n) = 0"}, {c: red, name: "exceptions to the period"}}
	for i := range d.X {
		s := sets[0]
		switch {
		case d.Marked[i]:
			s = sets[2]
		case d.Y[i] == 0:
			s = sets[1]
		}
		s.n++
		f.printf(`<circle cx="%.2f" cy="%.2f" r="%.1f" fill="%s"/>`+"\n", f.x(d.X[i]), f.y(d.Y[i]), radius, hex(s.c))
	}
	y := f.top + 14
	for _, s := range sets {
		if s.n == 0 {
			continue
		}
		x := f.left + f.w - 8
		f.printf(`<circle cx="%.1f" cy="%.1f" r="3" fill="%s"/>`+"\n", x, y-3.5, hex(s.c))
		f.text(x-8, y, "end", s.name, "")
		y += 14
	}
}

// heat draws a grid of values as colours, its P-positions as cyan dots,
// and the colour bar beside it.
func heat(f *frame, d *present.Plot) {
	rows, cols := len(d.Grid), 0
	if rows > 0 {
		cols = len(d.Grid[0])
	}
	f.xlo, f.xhi = d.Lo-0.5, d.Lo+float64(cols)-0.5
	f.ylo, f.yhi = d.Lo-0.5, d.Lo+float64(rows)-0.5
	m := moreland.ExtendedBlackBody()
	m.SetMin(0)
	m.SetMax(math.Max(present.GridMax(d.Grid), 1))
	zeros := 0
	cw, ch := f.w/float64(max(cols, 1)), f.h/float64(max(rows, 1))
	for r, row := range d.Grid {
		for c, v := range row {
			fill := "#ffffff"
			if !math.IsNaN(v) {
				col, err := m.At(v)
				if err == nil {
					fill = hex(col)
				}
			}
			f.printf(`<rect x="%.2f" y="%.2f" width="%.2f" height="%.2f" fill="%s"/>`+"\n",
				f.x(d.Lo+float64(c))-cw/2, f.y(d.Lo+float64(r))-ch/2, cw+0.05, ch+0.05, fill)
		}
	}
	for r, row := range d.Grid {
		for c, v := range row {
			if v == 0 {
				zeros++
				f.printf(`<circle cx="%.2f" cy="%.2f" r="2.5" fill="%s"/>`+"\n", f.x(d.Lo+float64(c)), f.y(d.Lo+float64(r)), hex(cyan))
			}
		}
	}
	title := *d
	if zeros > 0 {
		title.Title += fmt.Sprintf("; cyan dots: the %d P-positions", zeros)
	}
	f.axes(&title, false)
	// the colour bar: 0 at the bottom, the largest value at the top
	x, top, h := f.left+f.w+16, f.top, f.h
	const steps = 64
	for i := range steps {
		v := m.Max() * (float64(i) + 0.5) / steps
		col, err := m.At(v)
		if err != nil {
			continue
		}
		f.printf(`<rect x="%.1f" y="%.2f" width="14" height="%.2f" fill="%s"/>`+"\n", x, top+h-h*float64(i+1)/steps, h/steps+0.05, hex(col))
	}
	f.printf(`<rect x="%.1f" y="%.1f" width="14" height="%.1f" fill="none" stroke="black"/>`+"\n", x, top, h)
	for _, v := range present.IntegerTicks(0, m.Max()) {
		y := top + h - h*v/m.Max()
		f.text(x+18, y+3, "start", present.TickLabel(v), "")
	}
	f.text(x+52, top+h/2, "middle", "Grundy value", fmt.Sprintf(` transform="rotate(-90 %.1f %.1f)"`, x+52, top+h/2))
}
