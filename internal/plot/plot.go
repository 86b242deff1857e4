// Package plot draws the pictures of plot() with gonum/plot: a scatter plot
// of a Grundy sequence, and a heat map of a two-number ruleset's values with
// its P-positions marked. The file's extension, .png or .svg, picks the
// format.
package plot

import (
	"fmt"
	"image/color"
	"math"

	gonum "gonum.org/v1/plot"
	"gonum.org/v1/plot/palette/moreland"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/gamelang/gamelang/present"
)

// Plotter draws the plots of plot().
type Plotter struct{}

// Plot draws d into d.File.
func (Plotter) Plot(d *present.Plot) (err error) {
	defer func() { // gonum/plot panics on some degenerate axes: an error, not a crash
		if r := recover(); r != nil {
			err = fmt.Errorf("plot() could not draw %s: %v", d.File, r)
		}
	}()
	p := gonum.New()
	p.Title.Text = d.Title
	p.X.Label.Text = d.XLabel
	p.Y.Label.Text = d.YLabel
	if d.Grid != nil {
		err = heat(p, d)
	} else {
		err = scatter(p, d)
	}
	if err != nil {
		return err
	}
	return p.Save(16*vg.Centimeter, 12*vg.Centimeter, d.File)
}

var (
	blue = color.RGBA{R: 40, G: 90, B: 200, A: 255}
	red  = color.RGBA{R: 210, G: 30, B: 30, A: 255}
)

// scatter plots the values, the exceptions of a proved period in red.
func scatter(p *gonum.Plot, d *present.Plot) error {
	var regular, marked plotter.XYs
	for i := range d.X {
		pt := plotter.XY{X: d.X[i], Y: d.Y[i]}
		if d.Marked[i] {
			marked = append(marked, pt)
		} else {
			regular = append(regular, pt)
		}
	}
	radius := vg.Points(2)
	if len(d.X) > 2000 {
		radius = vg.Points(0.8)
	}
	for _, set := range []struct {
		pts   plotter.XYs
		color color.Color
	}{{regular, blue}, {marked, red}} {
		if len(set.pts) == 0 {
			continue
		}
		s, err := plotter.NewScatter(set.pts)
		if err != nil {
			return err
		}
		s.GlyphStyle = draw.GlyphStyle{Color: set.color, Radius: radius, Shape: draw.CircleGlyph{}}
		p.Add(s)
	}
	if len(marked) > 0 {
		p.Title.Text += "; exceptions in red"
	}
	p.Add(plotter.NewGrid())
	return nil
}

// grid is eval's grid as a plotter.GridXYZ: column c is the second number,
// row r the first.
type grid struct{ d *present.Plot }

func (g grid) Dims() (c, r int)   { return len(g.d.Grid[0]), len(g.d.Grid) }
func (g grid) Z(c, r int) float64 { return g.d.Grid[r][c] }
func (g grid) X(c int) float64    { return g.d.Lo + float64(c) }
func (g grid) Y(r int) float64    { return g.d.Lo + float64(r) }

// heat draws the values as colours and marks every P-position (value 0).
func heat(p *gonum.Plot, d *present.Plot) error {
	hi := 0.0
	for _, row := range d.Grid {
		for _, v := range row {
			if !math.IsNaN(v) {
				hi = math.Max(hi, v)
			}
		}
	}
	m := moreland.ExtendedBlackBody()
	m.SetMin(0)
	m.SetMax(math.Max(hi, 1))
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
			return err
		}
		s.GlyphStyle = draw.GlyphStyle{Color: color.RGBA{G: 200, B: 255, A: 255}, Radius: vg.Points(2.5), Shape: draw.CircleGlyph{}}
		p.Add(s)
		p.Title.Text += fmt.Sprintf("\ncolours: the values, dark = small; cyan dots: the %d P-positions", len(zeros))
	}
	return nil
}
