package present

// plot(G, a..b, "file.png"): a picture where people would rather look than
// read. For a heap ruleset, the Grundy sequence as a scatter plot (the
// exceptions of a proved period marked); for a two-number tuple ruleset, the
// grid of values as a heat map with the P-positions marked (Wythoff's
// picture). Under misère or loopy play (plot(G, a..b, file, misere)) the
// values are that convention's, the P-positions its P-positions. This
// computes the data; a Plotter (internal/plot, with
// gonum/plot) draws it, in the format the file's extension names.

import (
	"context"
	"fmt"
	"image/color"
	"math"
	"math/big"
	"slices"

	"gonum.org/v1/plot/palette/moreland"

	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/play"
)

// Plot is what plot() draws.
type Plot struct {
	File   string
	Title  string
	XLabel string
	YLabel string
	// Value names what is plotted, for the colour bar and the legend:
	// "Grundy value", "misère value", "loopy value".
	Value string
	// a sequence: Y[i] is the value at X[i]; Marked[i] flags an exception,
	// P[i] a P-position, Inf[i] a value that is not a number (Y[i] is then
	// NaN)
	X, Y   []float64
	Marked []bool
	P, Inf []bool
	// a grid: Grid[i][j] is the value at (Lo+i, Lo+j), NaN for no value
	// (a decided position) or a value that is not a number (GridInf);
	// GridP marks the P-positions
	Grid           [][]float64
	GridP, GridInf [][]bool
	Lo             float64
	// Width and Height are the picture's size in points (1/72 inch), DPI
	// the pixels per inch of a PNG, JPEG or TIFF; zero for the defaults.
	Width, Height float64
	DPI           int
	// MaxBytes is the memory a raster picture's canvas may take (four
	// bytes a pixel): the session's budget; zero for no bound but the
	// plotter's own.
	MaxBytes int64
}

// Plotter draws plots into files.
type Plotter interface {
	Plot(p *Plot) error
	// Formats are the file extensions it writes: ".png", ".svg", ...
	Formats() []string
}

// PlotFormats are the file extensions plot() accepts.
var PlotFormats = []string{".png", ".jpg", ".jpeg", ".tif", ".tiff", ".svg", ".pdf", ".eps"}

// MaxPlotPoints bounds a plot.
const MaxPlotPoints = 1_000_000

// Mark is how a point or a cell of a plot is marked.
type Mark int

const (
	Plain     Mark = iota // a value
	PPosition             // a P-position
	Exception             // an exception to a proved period (points only)
	Infinite              // a value that is not a number
)

// PointMark is how the point i of a sequence is marked. Without P (data
// made by hand) a P-position is a value 0, as in normal play.
func (d *Plot) PointMark(i int) Mark {
	switch {
	case i < len(d.Inf) && d.Inf[i]:
		return Infinite
	case i < len(d.Marked) && d.Marked[i]:
		return Exception
	case i < len(d.P) && d.P[i] || d.P == nil && d.Y[i] == 0:
		return PPosition
	}
	return Plain
}

// CellMark is how the cell (r, c) of a grid is marked (a P-position is
// marked on its colour; Infinite cells have no colour).
func (d *Plot) CellMark(r, c int) Mark {
	switch {
	case r < len(d.GridInf) && d.GridInf[r][c]:
		return Infinite
	case r < len(d.GridP) && d.GridP[r][c] || d.GridP == nil && d.Grid[r][c] == 0:
		return PPosition
	}
	return Plain
}

// NumberOf is a convention's value as a number, when it is one: a Grundy
// value, a misère value, a finite loopy value.
func NumberOf(v play.Value) (*big.Int, bool) {
	switch v := v.(type) {
	case interface{ Nim() *big.Int }:
		return v.Nim(), true
	case interface{ Finite() (*big.Int, bool) }:
		return v.Finite()
	}
	return nil, false
}

// SequencePlot is the scatter plot of the values of heaps lo..hi, those
// that are not numbers drawn apart, the exceptions to a proved period
// marked.
func SequencePlot(ctx context.Context, v Values, r game.Ruleset, lo, hi int64) (*Plot, error) {
	d := &Plot{Title: fmt.Sprintf("%s: %s values", r.Name(), v.Name), YLabel: v.Axis, Value: v.Name + " value"}
	if d.YLabel == "" {
		d.YLabel = "value"
	}
	per, err := v.period(ctx, nil)
	if err != nil {
		return nil, err
	}
	if err := sequence(ctx, d, r, lo, hi, v, per); err != nil {
		return nil, err
	}
	if per != nil {
		d.Title += fmt.Sprintf(" (period %d from %d)", per.Len, per.Pre)
	}
	return d, nil
}

// sequence fills d with the values of heaps lo..hi, the exceptions to per
// marked.
func sequence(ctx context.Context, d *Plot, r game.Ruleset, lo, hi int64, val Values, per *Period) error {
	if hi-lo+1 > MaxPlotPoints {
		return fmt.Errorf("a plot has at most %d points", MaxPlotPoints)
	}
	d.XLabel = "heap n"
	offset := int64(0) // far heaps are drawn from lo, so that the axis keeps its precision
	if lo >= 1<<20 {
		offset = lo
		d.XLabel = fmt.Sprintf("heap n - %d", lo)
	}
	for n := lo; n <= hi; n++ {
		x := big.NewInt(n)
		v, err := val.at(ctx, r, x)
		if err != nil {
			return err
		}
		if v.skip {
			continue
		}
		y := math.NaN()
		if !v.inf {
			y = float64(v.num.Int64())
		}
		d.X = append(d.X, float64(n-offset))
		d.Y = append(d.Y, y)
		d.Marked = append(d.Marked, !v.inf && per.IsException(x, v.num))
		d.P = append(d.P, v.p)
		d.Inf = append(d.Inf, v.inf)
	}
	return nil
}

// GridPlot is the heat map of the values of a two-number ruleset's
// positions (a, b) for a, b in lo..hi.
func GridPlot(ctx context.Context, v Values, r game.Ruleset, lo, hi int64) (*Plot, error) {
	d := &Plot{Title: fmt.Sprintf("%s: %s values", r.Name(), v.Name), Value: v.Name + " value"}
	return d, grid(ctx, d, r, lo, hi, v)
}

func grid(ctx context.Context, d *Plot, r game.Ruleset, lo, hi int64, val Values) error {
	n := hi - lo + 1
	if n*n > MaxPlotPoints {
		return fmt.Errorf("a plot has at most %d points", MaxPlotPoints)
	}
	vars := r.Kind().Coords()
	d.XLabel, d.YLabel, d.Lo = vars[1], vars[0], float64(lo)
	for a := lo; a <= hi; a++ {
		row := make([]float64, n)
		ps, infs := make([]bool, n), make([]bool, n)
		for b := lo; b <= hi; b++ {
			v, err := val.at(ctx, r, big.NewInt(a), big.NewInt(b))
			if err != nil {
				return err
			}
			row[b-lo] = math.NaN()
			if !v.skip && !v.inf {
				row[b-lo] = float64(v.num.Int64())
			}
			ps[b-lo], infs[b-lo] = !v.skip && v.p, v.inf
		}
		d.Grid = append(d.Grid, row)
		d.GridP = append(d.GridP, ps)
		d.GridInf = append(d.GridInf, infs)
	}
	return nil
}

// IntegerTicks are the ticks of an axis of whole numbers from lo to hi: at
// most about ten, 1, 2 or 5 times a power of ten apart, and no fractions.
func IntegerTicks(lo, hi float64) []float64 {
	span := hi - lo
	step := 1.0
	for span/step > 10 {
		switch d := step / math.Pow(10, math.Floor(math.Log10(step))); {
		case d < 1.5:
			step *= 2
		case d < 3:
			step = step / 2 * 5
		default:
			step *= 2
		}
	}
	var ticks []float64
	for v := math.Ceil(lo/step) * step; v <= hi; v += step {
		ticks = append(ticks, v)
	}
	return ticks
}

// TickLabel writes a tick of IntegerTicks (never "-0").
func TickLabel(v float64) string { return fmt.Sprint(int64(math.Round(v))) }

// PlotTop is where a sequence plot's value axis ends, and where the
// values that are not numbers are drawn: one above the largest number,
// and the axis one above that when there are such values.
func PlotTop(ys []float64, inf []bool) (top, infAt float64) {
	hi := 0.0
	for _, y := range ys {
		if !math.IsNaN(y) {
			hi = math.Max(hi, y)
		}
	}
	infAt = hi + 1
	if slices.Contains(inf, true) {
		return hi + 2, infAt
	}
	return hi + 1, infAt
}

// GridMax is the largest value of a grid (0 for none; NaN cells have none):
// the top of a heat map's colour bar.
func GridMax(grid [][]float64) float64 {
	hi := 0.0
	for _, row := range grid {
		for _, v := range row {
			if !math.IsNaN(v) {
				hi = math.Max(hi, v)
			}
		}
	}
	return hi
}

// Colours of a plot's marks.
var (
	MarkValue     = color.RGBA{R: 40, G: 90, B: 200, A: 255}   // a value
	MarkP         = color.RGBA{G: 160, B: 70, A: 255}          // a P-position, on a scatter plot
	MarkException = color.RGBA{R: 210, G: 30, B: 30, A: 255}   // an exception to a period
	MarkPOnHeat   = color.RGBA{G: 200, B: 255, A: 255}         // a P-position, on a heat map
	MarkInfinite  = color.RGBA{R: 240, G: 140, A: 255}         // a value that is not a number
	NoValue       = color.RGBA{R: 200, G: 200, B: 200, A: 255} // a heat map's cell with no value
)

// heatEnd is the share of the palette that a heat map's values span.
const heatEnd = 0.9

// HeatColour is the colour of value v on a heat map whose largest value is
// top: black for 0 through red to pale yellow (Moreland's extended black
// body, stopped short of its white end so that the largest value still
// shows on a white page), the same in every format.
func HeatColour(v, top float64) color.Color {
	if math.IsNaN(v) {
		return NoValue
	}
	m := moreland.ExtendedBlackBody()
	m.SetMin(0)
	m.SetMax(math.Max(top, 1) / heatEnd)
	c, err := m.At(math.Min(math.Max(v, 0), math.Max(top, 1)))
	if err != nil {
		return NoValue
	}
	return c
}
