package eval

// The queries that look along a ruleset's values: period(), checksum(),
// table(), plot(); and explain(). What they compute is in package present.

import (
	"context"
	"fmt"
	"github.com/gamelang/gamelang/play/loopy"
	"github.com/gamelang/gamelang/play/misere"
	"math/big"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/lang"
	"github.com/gamelang/gamelang/octal"
	"github.com/gamelang/gamelang/play/normal"
	"github.com/gamelang/gamelang/present"
	"github.com/gamelang/gamelang/solve"
)

func fnPeriod(in *Interp, ctx context.Context, call *lang.Call, args []Value) (Value, error) {
	r, ok := oneNumber(args[0])
	if !ok {
		return nil, errorf(call.Pos, "period(G) needs a heap ruleset, not %s", args[0])
	}
	limit := in.limits().States() - 1
	vals := in.normal.Values(r)
	if pr, ok := vals.(normal.Periodic); ok {
		limit = pr.Table().PeriodLimit() // values cost a byte or two: the memory budget bounds them
	}
	if len(args) == 2 {
		n, ok := args[1].(Int)
		if !ok || n.V.Sign() <= 0 || !n.V.IsInt64() {
			return nil, errorf(lang.ExprPos(call.Args[1]), "the limit of period(G, limit) is a positive number of values, not %s", args[1])
		}
		limit = int(min(n.V.Int64(), int64(limit)))
	}
	pr, ok := vals.(normal.Periodic)
	if !ok {
		if c, ok := vals.(normal.PeriodTexter); ok {
			return PeriodVal{Proved: true, Text: c.PeriodText()}, nil
		}
		return PeriodVal{Text: fmt.Sprintf("%s has no periodicity theorem: %s", r.Name(), in.normal.Describe(r))}, nil
	}
	p, err := pr.Period(ctx, limit)
	if err != nil {
		return nil, at(call.Pos, err)
	}
	if p != nil {
		return PeriodVal{P: p, Proved: true, Text: p.String()}, nil
	}
	saltusLimit := 0 // the default bound: an infinite code's values cost O(n) each
	if len(args) == 2 {
		saltusLimit = limit
	}
	s, err := pr.Saltus(ctx, saltusLimit)
	if err != nil {
		return nil, at(call.Pos, err)
	}
	if s != nil {
		return PeriodVal{S: s, Proved: true, Text: s.String()}, nil
	}
	return PeriodVal{Text: noPeriod(pr)}, nil
}

// noPeriod says why no period was proved.
func noPeriod(pr normal.Periodic) string {
	t := pr.Table()
	msg := fmt.Sprintf("no period proved among the first %d values", t.Len())
	switch code := t.Code(); {
	case t.Decides():
		msg = "no period claimed: a 'loses if' rule may depend on n in any way"
	case !code.Finite() && code.Splits() <= 2:
		msg = fmt.Sprintf("no period claimed: the code %s is infinite, and no arithmetic period (g(n+p) = g(n) + s) was proved among the first %d values (period(G, limit) looks further)", code, t.Len())
	case !code.Finite():
		msg = fmt.Sprintf("no period claimed: the code %s is infinite, so no periodicity theorem applies", code)
	case code.Unequal():
		msg = fmt.Sprintf("no period claimed: no periodicity theorem is known for %s", code)
	default:
		if c, e, need, ok := t.Candidate(); ok {
			msg += fmt.Sprintf("; the values suggest period %d from n = %d, which needs the values up to %d to prove (raise the limit)", c, e, need-1)
		}
	}
	return msg
}

func fnChecksum(in *Interp, ctx context.Context, call *lang.Call, args []Value) (Value, error) {
	r, ok := oneNumber(args[0])
	rg, isRange := args[1].(Range)
	if !ok || !isRange || rg.Open {
		return nil, errorf(call.Pos, "checksum(G, a..b) needs a heap ruleset and a bounded range")
	}
	if _, err := in.rangeLen(rg, lang.ExprPos(call.Args[1]), "checksum(G, a..b)"); err != nil {
		return nil, err
	}
	var sum uint64
	var err error
	if pr, ok := present.Periodic(in.normal, r); ok && rg.Lo.IsInt64() && rg.Hi.IsInt64() && rg.Lo.Sign() >= 0 && !pr.Table().Decides() {
		sum, err = checksumTable(ctx, pr.Table(), rg.Lo.Int64(), rg.Hi)
	} else {
		sum, err = in.checksumEach(ctx, r, rg)
	}
	if err != nil {
		return nil, at(call.Pos, err)
	}
	return Int{new(big.Int).SetUint64(sum)}, nil
}

// checksumTable sums the values lo..hi of a code's table.
func checksumTable(ctx context.Context, t *octal.Table, lo int64, hi *big.Int) (uint64, error) {
	if _, err := t.Value(ctx, hi); err != nil { // grows the table, or proves the period
		return 0, err
	}
	sum := uint64(0)
	for x := lo; x <= hi.Int64(); x++ {
		g, err := t.Value64(ctx, x)
		if err != nil {
			return 0, err
		}
		sum = sum*31 + uint64(g)
	}
	return sum, nil
}

// checksumEach sums the values of a range heap by heap.
func (in *Interp) checksumEach(ctx context.Context, r game.Ruleset, rg Range) (uint64, error) {
	sum := uint64(0)
	for x, i := new(big.Int).Set(rg.Lo), 0; x.Cmp(rg.Hi) <= 0; x, i = x.Add(x, big.NewInt(1)), i+1 {
		if i%4096 == 4095 && ctx.Err() != nil {
			return 0, &solve.InterruptedError{What: r.Name(), States: i, Err: ctx.Err()}
		}
		g, err := in.heapValue(ctx, r, x)
		if err != nil {
			return 0, err
		}
		sum = sum*31 + g.Uint64()
	}
	return sum, nil
}

func fnTable(in *Interp, ctx context.Context, call *lang.Call, args []Value) (Value, error) {
	format := in.cfg.TableFormat
	if len(args) == 3 {
		f, ok := args[2].(Str)
		if !ok || !present.ValidFormat(string(f)) {
			return nil, errorf(lang.ExprPos(call.Args[2]), "the format of a table is one of %s, not %s", strings.Join(present.Formats, ", "), args[2])
		}
		format = string(f)
	}
	if format == "" {
		format = "text"
	}
	rv, ok := args[0].(RulesetVal)
	rg, isRange := args[1].(Range)
	if !ok || !isRange || rg.Open || rg.Lo.Sign() < 0 {
		return nil, errorf(call.Pos, "table(G, a..b) needs a ruleset and a bounded range of numbers from 0")
	}
	count, err := in.rangeLen(rg, lang.ExprPos(call.Args[1]), "table(G, a..b)")
	if err != nil {
		return nil, err
	}
	if count == 0 {
		return nil, errorf(lang.ExprPos(call.Args[1]), "the range %s is empty", rg)
	}
	var t *present.Table
	switch seq, grid := present.Layout(rv.R); {
	case seq:
		t, err = present.SequenceTable(ctx, in.normal, rv.R, rg.Lo, count-1)
	case grid:
		t, err = present.GridTable(ctx, in.normal, rv.R, rg.Lo, count-1)
	default:
		return nil, errorf(call.Pos, "table(G, a..b) lays out heap rulesets and tuple rulesets of two numbers, not %s", rv.R.Name())
	}
	if err != nil {
		return nil, at(call.Pos, err)
	}
	t.Format = format
	return TableVal{Data: t, r: in.cfg.Tables}, nil
}

// TableVal is the value of table(); it prints through the session's renderer.
type TableVal struct {
	Data *present.Table
	r    present.TableRenderer
}

func (TableVal) What() string { return "a table" }

func (v TableVal) String() string {
	if v.r == nil {
		return present.PlainTable(v.Data)
	}
	s, err := v.r.Render(v.Data)
	if err != nil {
		return "table: " + err.Error()
	}
	return strings.TrimRight(s, "\n")
}

// PlotVal is the value of plot(): what was written.
type PlotVal struct {
	File, Desc string // the file written, and what it shows
}

func (v PlotVal) String() string { return "wrote " + v.File + ": " + v.Desc }
func (PlotVal) What() string     { return "a plot" }

func fnPlot(in *Interp, ctx context.Context, call *lang.Call, args []Value) (Value, error) {
	rv, rg, file, err := in.plotArgs(call, args)
	if err != nil {
		return nil, err
	}
	d, what, err := in.plotData(ctx, rv.R, rg)
	if err != nil {
		return nil, at(call.Pos, err)
	}
	d.File = file
	if len(args) == 4 {
		if err := plotOptions(d, string(args[3].(Str))); err != nil {
			return nil, errorf(lang.ExprPos(call.Args[3]), "%v", err)
		}
	}
	if err := in.cfg.Plots.Plot(d); err != nil {
		return nil, errorf(lang.ExprPos(call.Args[2]), "cannot write the plot: %v", err)
	}
	return PlotVal{File: file, Desc: what}, nil
}

// plotData is what plot() draws of r over rg, and says what it is.
func (in *Interp) plotData(ctx context.Context, r game.Ruleset, rg Range) (*present.Plot, string, error) {
	switch seq, grid := present.Layout(r); {
	case seq:
		d, err := present.SequencePlot(ctx, in.normal, r, rg.Lo.Int64(), rg.Hi.Int64())
		return d, fmt.Sprintf("a scatter plot of the Grundy values of %s for heaps %s", r.Name(), rg), err
	case grid:
		vars := r.Kind().Coords()
		d, err := present.GridPlot(ctx, in.normal, r, rg.Lo.Int64(), rg.Hi.Int64())
		return d, fmt.Sprintf("a heat map of the Grundy values of %s for %s, %s in %s, P-positions marked", r.Name(), vars[0], vars[1], rg), err
	}
	return nil, "", fmt.Errorf("plot() draws heap rulesets and tuple rulesets of two numbers, not %s", r.Name())
}

// PlotData is what plot(G, lo..hi, file, options) would draw, without a
// file: for programs that write the picture elsewhere.
func (in *Interp) PlotData(ctx context.Context, r game.Ruleset, lo, hi int64, options string) (*present.Plot, error) {
	if lo < 0 || hi < lo || hi-lo >= present.MaxPlotPoints || hi > 1<<53 {
		return nil, fmt.Errorf("plot() draws a range of 1 to %d numbers from 0 up to 2^53, not %d..%d", present.MaxPlotPoints, lo, hi)
	}
	d, _, err := in.plotData(ctx, r, Range{Lo: big.NewInt(lo), Hi: big.NewInt(hi)})
	if err != nil {
		return nil, err
	}
	return d, plotOptions(d, options)
}

// plotOptions reads the options of plot(): "width=20cm; height=15cm;
// dpi=300; title=Wythoff's game", each optional, lengths in cm, mm, in or
// pt.
func plotOptions(d *present.Plot, opts string) error {
	for _, o := range strings.Split(opts, ";") {
		if strings.TrimSpace(o) == "" {
			continue
		}
		key, val, ok := strings.Cut(o, "=")
		key, val = strings.TrimSpace(key), strings.TrimSpace(val)
		var err error
		switch {
		case !ok:
			err = fmt.Errorf("%q is not key=value", strings.TrimSpace(o))
		case key == "title":
			d.Title = val
		case key == "width":
			d.Width, err = plotLength(val)
		case key == "height":
			d.Height, err = plotLength(val)
		case key == "dpi":
			d.DPI, err = strconv.Atoi(val)
			if err == nil && (d.DPI < 10 || d.DPI > 2400) {
				err = fmt.Errorf("dpi %d: from 10 to 2400", d.DPI)
			}
		default:
			err = fmt.Errorf("no option %q (the options are width, height, dpi, title)", key)
		}
		if err != nil {
			return fmt.Errorf("plot(): %v", err)
		}
	}
	return nil
}

// plotLength reads a length such as 20cm, 180mm, 8in or 600pt, in points.
func plotLength(s string) (float64, error) {
	units := map[string]float64{"cm": 72 / 2.54, "mm": 72 / 25.4, "in": 72, "pt": 1}
	for u, f := range units {
		if num, ok := strings.CutSuffix(s, u); ok {
			v, err := strconv.ParseFloat(strings.TrimSpace(num), 64)
			if err != nil || v < 2 || v*f > 72*100 {
				break
			}
			return v * f, nil
		}
	}
	return 0, fmt.Errorf("%q is not a length from 2 units to 100 inches, such as 20cm, 180mm, 8in or 600pt", s)
}

// plotArgs checks the arguments of plot(G, a..b, file).
func (in *Interp) plotArgs(call *lang.Call, args []Value) (RulesetVal, Range, string, error) {
	rv, ok := args[0].(RulesetVal)
	rg, isRange := args[1].(Range)
	file, isStr := args[2].(Str)
	if !ok || !isRange || rg.Open || rg.Lo.Sign() < 0 || !isStr {
		return rv, rg, "", errorf(call.Pos, `plot(G, a..b, "file.png") needs a ruleset, a bounded range of numbers from 0 and a file name`)
	}
	if ext := strings.ToLower(filepath.Ext(string(file))); in.cfg.Plots != nil && !slices.Contains(in.cfg.Plots.Formats(), ext) {
		return rv, rg, "", errorf(lang.ExprPos(call.Args[2]), "plot() writes %s files, not %q", strings.Join(in.cfg.Plots.Formats(), ", "), string(file))
	}
	if len(args) == 4 {
		if _, ok := args[3].(Str); !ok {
			return rv, rg, "", errorf(lang.ExprPos(call.Args[3]), `the options of plot() are a string: "width=20cm; height=15cm; dpi=300; title=..."`)
		}
	}
	count, err := in.rangeLen(rg, lang.ExprPos(call.Args[1]), "plot(G, a..b, file)")
	if err != nil {
		return rv, rg, "", err
	}
	if count == 0 {
		return rv, rg, "", errorf(lang.ExprPos(call.Args[1]), "the range %s is empty", rg)
	}
	if rg.Hi.Cmp(big.NewInt(1<<53)) > 0 {
		return rv, rg, "", errorf(lang.ExprPos(call.Args[1]), "plot() draws numbers up to 2^53 (its axes are floating point), not %s; table() shows larger heaps", rg)
	}
	if in.cfg.Plots == nil {
		return rv, rg, "", errorf(call.Pos, "plot() is not available here: this interpreter was made without a plotter")
	}
	return rv, rg, string(file), nil
}

func fnExplain(in *Interp, ctx context.Context, call *lang.Call, args []Value) (Value, error) {
	p, err := position(args[0], call.Pos)
	if err != nil {
		return nil, err
	}
	if c, ok := args[len(args)-1].(ConventionVal); ok && len(args) == 2 && c.C.Name() != normal.Convention.Name() {
		var text string
		switch s := in.solver(c.C).(type) {
		case *misere.Solver:
			text, err = present.ExplainMisere(ctx, s, p)
		case *loopy.Solver:
			text, err = present.ExplainLoopy(ctx, s, p)
		default:
			return nil, errorf(lang.ExprPos(call.Args[1]), "explain(P, convention) explains normal, misere and loopy play, not %s", c)
		}
		if err != nil {
			return nil, at(call.Pos, err)
		}
		return Explanation(text), nil
	}
	depth := 2
	if _, isConv := args[len(args)-1].(ConventionVal); len(args) == 2 && !isConv {
		d, ok := args[1].(Int)
		if !ok || d.V.Sign() < 0 || d.V.Cmp(big.NewInt(present.MaxDepth)) > 0 {
			return nil, errorf(lang.ExprPos(call.Args[1]), "the depth of explain(P, depth) is a number from 0 to %d, not %s", present.MaxDepth, args[1])
		}
		depth = int(d.V.Int64())
	}
	text, err := present.Explain(ctx, in.normal, p, depth)
	if err != nil {
		return nil, at(call.Pos, err)
	}
	return Explanation(text), nil
}
