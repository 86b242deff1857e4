package eval

// plot(G, a..b, "file.png"): a picture where people would rather look than
// read. For a heap ruleset, the Grundy sequence as a scatter plot (the
// exceptions of a proved period marked); for a two-number tuple ruleset, the
// grid of values as a heat map with the P-positions marked (Wythoff's
// picture). The evaluator computes the data; a Plotter (internal/plot, with
// gonum/plot) draws it, as PNG or SVG by the file's extension.

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"path/filepath"
	"strings"

	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/lang"
)

// PlotData is what plot() draws.
type PlotData struct {
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
}

// Plotter draws plots into files.
type Plotter interface {
	Plot(p *PlotData) error
}

// PlotVal is the value of plot(): what was written.
type PlotVal struct {
	File, What string
}

func (v PlotVal) String() string { return "wrote " + v.File + ": " + v.What }

// maxPlotPoints bounds a plot.
const maxPlotPoints = 1_000_000

func biPlot(in *Interp, ctx context.Context, call *lang.Call, args []Value) (Value, error) {
	rv, ok := args[0].(RulesetVal)
	rg, isRange := args[1].(Range)
	file, isStr := args[2].(Str)
	if !ok || !isRange || rg.Open || rg.Lo.Sign() < 0 || !isStr {
		return nil, errorf(call.Pos, `plot(G, a..b, "file.png") needs a ruleset, a bounded range of numbers from 0 and a file name`)
	}
	ext := strings.ToLower(filepath.Ext(string(file)))
	if ext != ".png" && ext != ".svg" {
		return nil, errorf(lang.ExprPos(call.Args[2]), "plot() writes .png or .svg files, not %q", string(file))
	}
	count, err := in.rangeLen(rg, lang.ExprPos(call.Args[1]), "plot(G, a..b, file)")
	if err != nil {
		return nil, err
	}
	if count == 0 {
		return nil, errorf(lang.ExprPos(call.Args[1]), "the range %s is empty", rg)
	}
	if rg.Hi.Cmp(big.NewInt(1<<53)) > 0 {
		return nil, errorf(lang.ExprPos(call.Args[1]), "plot() draws numbers up to 2^53 (its axes are floating point), not %s; table() shows larger heaps", rg)
	}
	if in.cfg.Plots == nil {
		return nil, errorf(call.Pos, "plot() is not available here: this interpreter was made without a plotter")
	}
	var d *PlotData
	var what string
	switch sh := rv.R.Shape(); {
	case sh.Kind == game.HeapKind:
		d, err = sequencePlot(ctx, rv.R, rg.Lo.Int64(), rg.Hi.Int64())
		what = fmt.Sprintf("a scatter plot of the Grundy values of %s for heaps %s", rv.R.Name(), rg)
	case sh.Kind == game.TupleKind && len(sh.Vars) == 2:
		d, err = gridPlot(ctx, rv.R, rg.Lo.Int64(), rg.Hi.Int64())
		what = fmt.Sprintf("a heat map of the Grundy values of %s for %s, %s in %s, P-positions marked", rv.R.Name(), sh.Vars[0], sh.Vars[1], rg)
	default:
		return nil, errorf(call.Pos, "plot() draws heap rulesets and tuple rulesets of two numbers, not %s", rv.R.Name())
	}
	if err != nil {
		return nil, at(call.Pos, err)
	}
	d.File = string(file)
	if err := in.cfg.Plots.Plot(d); err != nil {
		return nil, errorf(lang.ExprPos(call.Args[2]), "cannot write the plot: %v", err)
	}
	return PlotVal{File: string(file), What: what}, nil
}

func sequencePlot(ctx context.Context, r game.Ruleset, lo, hi int64) (*PlotData, error) {
	if hi-lo+1 > maxPlotPoints {
		return nil, fmt.Errorf("a plot has at most %d points", maxPlotPoints)
	}
	d := &PlotData{Title: fmt.Sprintf("%s: Grundy values", r.Name()), XLabel: "heap n", YLabel: "g(n)"}
	offset := int64(0) // far heaps are drawn from lo, so that the axis keeps its precision
	if lo >= 1<<20 {
		offset = lo
		d.XLabel = fmt.Sprintf("heap n - %d", lo)
	}
	pr, hasPeriod := asPeriodic(r)
	if hasPeriod {
		if _, err := pr.Period(ctx, periodLook); err != nil {
			return nil, err
		}
	}
	for n := lo; n <= hi; n++ {
		s := big.NewInt(n)
		if r.Decided(s) {
			continue
		}
		g, err := game.Grundy(ctx, game.Position{{Rules: r, State: s}})
		if err != nil {
			return nil, err
		}
		mark := false
		if hasPeriod && pr.Table().Period() != nil {
			mark = isException(pr.Table().Period(), s, g)
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

func gridPlot(ctx context.Context, r game.Ruleset, lo, hi int64) (*PlotData, error) {
	n := hi - lo + 1
	if n*n > maxPlotPoints {
		return nil, fmt.Errorf("a plot has at most %d points", maxPlotPoints)
	}
	vars := r.Shape().Vars
	d := &PlotData{Title: fmt.Sprintf("%s: Grundy values", r.Name()), XLabel: vars[1], YLabel: vars[0], Lo: float64(lo)}
	for a := lo; a <= hi; a++ {
		row := make([]float64, n)
		for b := lo; b <= hi; b++ {
			s := game.Tuple{big.NewInt(a), big.NewInt(b)}
			if r.Decided(s) {
				row[b-lo] = math.NaN()
				continue
			}
			g, err := game.Grundy(ctx, game.Position{{Rules: r, State: s}})
			if err != nil {
				return nil, err
			}
			row[b-lo] = float64(g.Int64())
		}
		d.Grid = append(d.Grid, row)
	}
	return d, nil
}
