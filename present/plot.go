package present

// plot(G, a..b, "file.png"): a picture where people would rather look than
// read. For a heap ruleset, the Grundy sequence as a scatter plot (the
// exceptions of a proved period marked); for a two-number tuple ruleset, the
// grid of values as a heat map with the P-positions marked (Wythoff's
// picture). This computes the data; a Plotter (internal/plot, with
// gonum/plot) draws it, in the format the file's extension names.

import (
	"context"
	"fmt"
	"math"
	"math/big"

	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/play/normal"
)

// Plot is what plot() draws.
type Plot struct {
	File   string
	Title  string
	XLabel string
	YLabel string
	// a sequence: Y[i] is the value at X[i]; Marked[i] flags an exception
	X, Y   []float64
	Marked []bool
	// a grid: Grid[i][j] is the value at (Lo+i, Lo+j); NaN for no value
	Grid [][]float64
	Lo   float64
	// Width and Height are the picture's size in points (1/72 inch), DPI
	// the pixels per inch of a PNG, JPEG or TIFF; zero for the defaults.
	Width, Height float64
	DPI           int
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

// SequencePlot is the scatter plot of g(lo) .. g(hi).
func SequencePlot(ctx context.Context, s *normal.Solver, r game.Ruleset, lo, hi int64) (*Plot, error) {
	if hi-lo+1 > MaxPlotPoints {
		return nil, fmt.Errorf("a plot has at most %d points", MaxPlotPoints)
	}
	d := &Plot{Title: fmt.Sprintf("%s: Grundy values", r.Name()), XLabel: "heap n", YLabel: "g(n)"}
	offset := int64(0) // far heaps are drawn from lo, so that the axis keeps its precision
	if lo >= 1<<20 {
		offset = lo
		d.XLabel = fmt.Sprintf("heap n - %d", lo)
	}
	pr, hasPeriod := Periodic(s, r)
	if hasPeriod {
		if _, err := pr.Period(ctx, periodLook); err != nil {
			return nil, err
		}
	}
	for n := lo; n <= hi; n++ {
		x := big.NewInt(n)
		g, err := valueAt(ctx, s, r, x)
		if err != nil {
			return nil, err
		}
		if g == nil {
			continue
		}
		mark := false
		if hasPeriod && pr.Table().Period() != nil {
			mark = IsException(pr.Table().Period(), x, g)
		}
		d.X = append(d.X, float64(n-offset))
		d.Y = append(d.Y, float64(g.Int64()))
		d.Marked = append(d.Marked, mark)
	}
	if hasPeriod {
		if p := pr.Table().Period(); p != nil {
			d.Title += fmt.Sprintf(" (period %d from %d)", p.Len, p.Pre)
		}
	}
	return d, nil
}

// GridPlot is the heat map of g(a, b) for a, b in lo..hi.
func GridPlot(ctx context.Context, s *normal.Solver, r game.Ruleset, lo, hi int64) (*Plot, error) {
	n := hi - lo + 1
	if n*n > MaxPlotPoints {
		return nil, fmt.Errorf("a plot has at most %d points", MaxPlotPoints)
	}
	vars := r.Kind().Coords()
	d := &Plot{Title: fmt.Sprintf("%s: Grundy values", r.Name()), XLabel: vars[1], YLabel: vars[0], Lo: float64(lo)}
	for a := lo; a <= hi; a++ {
		row := make([]float64, n)
		for b := lo; b <= hi; b++ {
			g, err := valueAt(ctx, s, r, big.NewInt(a), big.NewInt(b))
			if err != nil {
				return nil, err
			}
			row[b-lo] = math.NaN()
			if g != nil {
				row[b-lo] = float64(g.Int64())
			}
		}
		d.Grid = append(d.Grid, row)
	}
	return d, nil
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

// PlotTop is where a sequence plot's value axis ends: a third above the
// largest value, so that the legend stays clear of the points.
func PlotTop(ys []float64) float64 {
	hi := 0.0
	for _, y := range ys {
		hi = math.Max(hi, y)
	}
	return math.Ceil(hi*4/3 + 1)
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
