// Package normalplay plugs normal play into the language: the convention,
// the queries that look along a ruleset's Grundy values — period(),
// checksum(), table(), plot(), compare() — and explain() under normal play
// (explain.go). Tables and plots are laid out by package present over the
// Grundy values (values.go); the convention is play/normal.
package normalplay

import (
	"context"
	"fmt"
	"io"
	"math/big"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/gamelang/gamelang/cert"
	"github.com/gamelang/gamelang/eval"
	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/lang"
	"github.com/gamelang/gamelang/octal"
	"github.com/gamelang/gamelang/play"
	normalplay "github.com/gamelang/gamelang/play/normal"
	"github.com/gamelang/gamelang/present"
	"github.com/gamelang/gamelang/solve"
)

// Plugin is normal play and its queries.
var Plugin = eval.Plugin{
	Name:        "normal play",
	Conventions: []play.Convention{normalplay.Convention},
	Funcs: map[string]eval.Func{
		"table":    {Min: 2, Max: 3, Usage: `table(G, a..b) or table(G, a..b, "markdown")`, Doc: "the values of a heap ruleset in rows of its period, or of a two-number ruleset as a grid; formats text, markdown, latex (booktabs), html, csv, json", Call: fnTable},
		"plot":     {Min: 3, Max: 5, Usage: `plot(G, a..b, "file.png"), plot(G, a..b, "file.pdf", "width=8cm; height=6cm; dpi=300; title='...'"), with a convention last: plot(G, a..b, "file.svg", misere)`, Doc: "a scatter plot of a heap ruleset's values with the P-positions and exceptions marked, or a heat map of a two-number ruleset's with a colour bar and the P-positions marked; under misere or loopy, that convention's values and P-positions; PNG, JPEG, TIFF, SVG, PDF or EPS by the file's extension", Call: fnPlot},
		"period":   {Min: 1, Max: 3, Usage: `period(G), period(G, limit), period(G, "file.cert")`, Doc: "the period of a heap ruleset, proved by the theorem that applies, looking at most limit values far; with a file, a certificate of it that cmd/certcheck checks (docs/certificates.md)", Call: fnPeriod},
		"compare":  {Min: 2, Max: 3, Usage: "compare(G, H) or compare(G, H, a..b)", Doc: "where two heap rulesets (or rulesets of pairs) first have different values, with the moves one has there and the other lacks: for a table that differs from the book's; heaps 0..1000 (pairs up to 30) unless a..b says", Call: fnCompare},
		"checksum": {Min: 2, Max: 2, Usage: "checksum(G, a..b)", Doc: "a fingerprint of the values g(a..b): c = 31c + g(x) mod 2^64, as the C baselines print it", Call: fnChecksum},
	},
	Explainers: map[string]eval.Explainer{normalplay.Convention.Name(): explain},
}

// SolverOf is a session's solver of normal play.
func SolverOf(in *eval.Interp) *normalplay.Solver {
	return in.Solver(normalplay.Convention.Name()).(*normalplay.Solver)
}

func solverOf(in *eval.Interp) *normalplay.Solver { return SolverOf(in) }

// explain is explain(P) and explain(P, depth) under normal play.
func explain(in *eval.Interp, ctx context.Context, p game.Position, depth int) (string, error) {
	return Explain(ctx, solverOf(in), p, depth)
}

func fnPeriod(in *eval.Interp, ctx context.Context, call *lang.Call, args []eval.Value) (eval.Value, error) {
	r, ok := eval.OneNumber(args[0])
	if !ok {
		return nil, lang.Errorf(call.Pos, "period(G) needs a heap ruleset, not %s", args[0])
	}
	limit := in.Limits().States() - 1
	vals := solverOf(in).Values(r)
	if pr, ok := vals.(normalplay.Periodic); ok {
		limit = pr.Table().PeriodLimit() // values cost a byte or two: the memory budget bounds them
		if pr.Table().Code().Splits() == 3 {
			limit = min(limit, threeHeapLimit) // n values cost n^3: the budget alone would take days
		}
	}
	file, args, err := certificateArg(call, args, "period")
	if err != nil {
		return nil, err
	}
	limited := len(args) == 2
	if limited {
		n, ok := args[1].(eval.Int)
		if !ok || n.V.Sign() <= 0 || !n.V.IsInt64() {
			return nil, lang.Errorf(lang.ExprPos(call.Args[1]), "the limit of period(G, limit) is a positive number of values, not %s", args[1])
		}
		limit = int(min(n.V.Int64(), int64(limit)))
	}
	v, err := period(in, ctx, call, r, vals, limit, limited)
	if err != nil || file == "" {
		return v, err
	}
	if err := writePeriodCertificate(in, r, vals, v.(PeriodVal), file); err != nil {
		return nil, lang.Errorf(lang.ExprPos(call.Args[len(call.Args)-1]), "period() could not write the certificate %s: %v", file, err)
	}
	return v, nil
}

// writePeriodCertificate writes the certificate of the period pv of r to
// file: its period or its arithmetic period, checked from its values.
func writePeriodCertificate(in *eval.Interp, r game.Ruleset, vals normalplay.Values, pv PeriodVal, file string) error {
	pr, ok := vals.(normalplay.Periodic)
	switch {
	case ok && pv.P != nil:
		return in.WriteFile(file, func(w io.Writer) error { return cert.Period(w, pr.Table(), pv.P) })
	case ok && pv.S != nil:
		return in.WriteFile(file, func(w io.Writer) error { return cert.Saltus(w, pr.Table(), pv.S) })
	case pv.Proved:
		return fmt.Errorf("%s's period comes from a closed form, not from values and a theorem: there is nothing to certify", r.Name())
	}
	return fmt.Errorf("nothing to certify: %s", pv.Text)
}

// certificateArg takes a file name off the end of a query's arguments.
func certificateArg(call *lang.Call, args []eval.Value, query string) (string, []eval.Value, error) {
	if len(args) < 2 {
		return "", args, nil
	}
	s, ok := args[len(args)-1].(eval.Str)
	if !ok {
		if len(args) == 3 {
			return "", nil, lang.Errorf(lang.ExprPos(call.Args[2]), "the last argument of %s(G, bound, file) is the certificate's file name, a string, not %s", query, args[2].What())
		}
		return "", args, nil
	}
	if s == "" {
		return "", nil, lang.Errorf(lang.ExprPos(call.Args[len(args)-1]), "the certificate's file name is empty")
	}
	return string(s), args[:len(args)-1], nil
}

// period is period(G) or period(G, limit).
func period(in *eval.Interp, ctx context.Context, call *lang.Call, r game.Ruleset, vals normalplay.Values, limit int, limited bool) (eval.Value, error) {
	pr, ok := vals.(normalplay.Periodic)
	if !ok {
		if c, ok := vals.(normalplay.PeriodTexter); ok {
			return PeriodVal{Proved: true, Text: c.PeriodText()}, nil
		}
		return PeriodVal{Text: fmt.Sprintf("%s has no periodicity theorem: %s", r.Name(), solverOf(in).Describe(r))}, nil
	}
	p, err := pr.Period(ctx, limit)
	if err != nil {
		return nil, lang.At(call.Pos, err)
	}
	if p != nil {
		return PeriodVal{P: p, Proved: true, Text: p.String()}, nil
	}
	saltusLimit := 0 // the default bound: an infinite code's values cost O(n) each
	if limited {
		saltusLimit = limit
	}
	s, err := pr.Saltus(ctx, saltusLimit)
	if err != nil {
		return nil, lang.At(call.Pos, err)
	}
	if s != nil {
		return PeriodVal{S: s, Proved: true, Text: s.String()}, nil
	}
	return PeriodVal{Text: noPeriod(pr)}, nil
}

// threeHeapLimit is how far period() looks by default for a code that
// leaves three heaps (hexadecimal digits past 7), whose values cost n^2
// each: 4096 values take about two seconds, 8000 fifteen.
const threeHeapLimit = 1 << 12

// noPeriod says why no period was proved.
func noPeriod(pr normalplay.Periodic) string {
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
		if code.Splits() == 3 && t.Len() <= threeHeapLimit+1 {
			msg += fmt.Sprintf(" (a code that leaves three heaps costs n^3: %d values take seconds, twice as many eight times as long; period(G, limit) looks further)", t.Len())
		}
		if c, e, need, ok := t.Candidate(); ok {
			msg += fmt.Sprintf("; the values suggest period %d from n = %d, which needs the values up to %d to prove (raise the limit)", c, e, need-1)
		}
	}
	return msg
}

func fnChecksum(in *eval.Interp, ctx context.Context, call *lang.Call, args []eval.Value) (eval.Value, error) {
	r, ok := eval.OneNumber(args[0])
	rg, isRange := args[1].(eval.Range)
	if !ok || !isRange || rg.Open {
		return nil, lang.Errorf(call.Pos, "checksum(G, a..b) needs a heap ruleset and a bounded range")
	}
	if _, err := in.RangeLen(rg, lang.ExprPos(call.Args[1]), "checksum(G, a..b)"); err != nil {
		return nil, err
	}
	var sum uint64
	var err error
	if pr, ok := Periodic(solverOf(in), r); ok && rg.Lo.IsInt64() && rg.Hi.IsInt64() && rg.Lo.Sign() >= 0 && !pr.Table().Decides() {
		sum, err = checksumTable(ctx, pr.Table(), rg.Lo.Int64(), rg.Hi)
	} else {
		sum, err = checksumEach(in, ctx, r, rg)
	}
	if err != nil {
		return nil, lang.At(call.Pos, err)
	}
	return eval.Int{V: new(big.Int).SetUint64(sum)}, nil
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
func checksumEach(in *eval.Interp, ctx context.Context, r game.Ruleset, rg eval.Range) (uint64, error) {
	sum := uint64(0)
	for x, i := new(big.Int).Set(rg.Lo), 0; x.Cmp(rg.Hi) <= 0; x, i = x.Add(x, big.NewInt(1)), i+1 {
		if i%4096 == 4095 && ctx.Err() != nil {
			return 0, &solve.InterruptedError{What: r.Name(), States: i, Err: ctx.Err()}
		}
		g, err := in.HeapValue(ctx, r, x)
		if err != nil {
			return 0, err
		}
		sum = sum*31 + g.Uint64()
	}
	return sum, nil
}

func fnTable(in *eval.Interp, ctx context.Context, call *lang.Call, args []eval.Value) (eval.Value, error) {
	format := in.TableFormat()
	if len(args) == 3 {
		f, ok := args[2].(eval.Str)
		if !ok || !present.ValidFormat(string(f)) {
			return nil, lang.Errorf(lang.ExprPos(call.Args[2]), "the format of a table is one of %s, not %s", strings.Join(present.Formats, ", "), args[2])
		}
		format = string(f)
	}
	if format == "" {
		format = "text"
	}
	rv, ok := args[0].(eval.RulesetVal)
	rg, isRange := args[1].(eval.Range)
	if !ok || !isRange || rg.Open || rg.Lo.Sign() < 0 {
		return nil, lang.Errorf(call.Pos, "table(G, a..b) needs a ruleset and a bounded range of numbers from 0")
	}
	count, err := in.RangeLen(rg, lang.ExprPos(call.Args[1]), "table(G, a..b)")
	if err != nil {
		return nil, err
	}
	var t *present.Table
	switch seq, grid := present.Layout(rv.R); {
	case seq:
		t, err = present.SequenceTable(ctx, grundyValues(solverOf(in), rv.R), rv.R, rg.Lo, count-1)
	case grid:
		t, err = present.GridTable(ctx, grundyValues(solverOf(in), rv.R), rv.R, rg.Lo, count-1)
	default:
		return nil, lang.Errorf(call.Pos, "table(G, a..b) lays out heap rulesets and tuple rulesets of two numbers, not %s", rv.R.Name())
	}
	if err != nil {
		return nil, lang.At(call.Pos, err)
	}
	t.Format = format
	return TableVal{Data: t, r: in.Tables()}, nil
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

func fnPlot(in *eval.Interp, ctx context.Context, call *lang.Call, args []eval.Value) (eval.Value, error) {
	var conv play.Convention
	if c, ok := args[len(args)-1].(eval.ConventionVal); ok && len(args) > 3 {
		conv, args = c.C, args[:len(args)-1]
	}
	if len(args) > 4 {
		return nil, lang.Errorf(lang.ExprPos(call.Args[4]), "the last argument of plot() is a play convention (misere, loopy), not %s", args[4].What())
	}
	rv, rg, file, err := plotArgs(in, call, args)
	if err != nil {
		return nil, err
	}
	d, what, err := plotData(in, ctx, rv.R, rg, conv)
	if err != nil {
		return nil, lang.At(call.Pos, err)
	}
	d.File = file
	if len(args) == 4 {
		if err := plotOptions(d, string(args[3].(eval.Str))); err != nil {
			return nil, lang.Errorf(lang.ExprPos(call.Args[3]), "%v", err)
		}
	}
	d.MaxBytes = in.Limits().Memory() * 9 / 10 // the canvas, within the budget
	if err := in.Plots().Plot(d); err != nil {
		return nil, lang.Errorf(lang.ExprPos(call.Args[2]), "cannot write the plot: %v", err)
	}
	return PlotVal{File: file, Desc: what}, nil
}

// plotData is what plot() draws of r over rg under a convention (nil:
// normal play), and says what it is.
func plotData(in *eval.Interp, ctx context.Context, r game.Ruleset, rg eval.Range, conv play.Convention) (*present.Plot, string, error) {
	values, marked := "Grundy values", "P-positions marked"
	if conv != nil && conv.Name() != normalplay.Convention.Name() {
		values = conv.Name() + " values"
		marked = conv.Name() + " P-positions marked"
	} else {
		conv = nil
	}
	lo, hi := rg.Lo.Int64(), rg.Hi.Int64()
	switch seq, grid := present.Layout(r); {
	case seq:
		d, err := func() (*present.Plot, error) {
			if conv != nil {
				return present.SequencePlot(ctx, conventionValues(in.Solver(conv.Name()), conv.Name()), r, lo, hi)
			}
			return present.SequencePlot(ctx, grundyValues(solverOf(in), r), r, lo, hi)
		}()
		what := fmt.Sprintf("a scatter plot of the %s of %s for heaps %s", values, r.Name(), rg)
		if conv != nil {
			what += ", " + marked
		}
		return d, what, err
	case grid:
		vars := r.Kind().Coords()
		d, err := func() (*present.Plot, error) {
			if conv != nil {
				return present.GridPlot(ctx, conventionValues(in.Solver(conv.Name()), conv.Name()), r, lo, hi)
			}
			return present.GridPlot(ctx, grundyValues(solverOf(in), r), r, lo, hi)
		}()
		return d, fmt.Sprintf("a heat map of the %s of %s for %s, %s in %s, %s", values, r.Name(), vars[0], vars[1], rg, marked), err
	}
	return nil, "", fmt.Errorf("plot() draws heap rulesets and tuple rulesets of two numbers, not %s", r.Name())
}

// PlotData is what plot(G, lo..hi, file, options) would draw, without a
// file: for programs that write the picture elsewhere.
func PlotData(in *eval.Interp, ctx context.Context, r game.Ruleset, lo, hi int64, options string) (*present.Plot, error) {
	if lo < 0 || hi < lo || hi-lo >= present.MaxPlotPoints || hi > 1<<53 {
		return nil, fmt.Errorf("plot() draws a range of 1 to %d numbers from 0 up to 2^53, not %d..%d", present.MaxPlotPoints, lo, hi)
	}
	d, _, err := plotData(in, ctx, r, eval.Range{Lo: big.NewInt(lo), Hi: big.NewInt(hi)}, nil)
	if err != nil {
		return nil, err
	}
	return d, plotOptions(d, options)
}

// plotOptions reads the options of plot(): "width=20cm; height=15cm;
// dpi=300; title=Wythoff's game", each optional, lengths in cm, mm, in or
// pt. A value may be quoted with ' or " (a backslash escapes the quote
// and itself inside), so that a title may hold any text: title='a; b'.
func plotOptions(d *present.Plot, opts string) error {
	pairs, err := splitOptions(opts)
	if err != nil {
		return fmt.Errorf("plot(): %v", err)
	}
	for _, kv := range pairs {
		key, val := kv[0], kv[1]
		var err error
		switch key {
		case "title":
			d.Title = val
		case "width":
			d.Width, err = plotLength(val)
		case "height":
			d.Height, err = plotLength(val)
		case "dpi":
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

// splitOptions reads "key=value; key='quoted; value'" into pairs.
func splitOptions(opts string) ([][2]string, error) {
	var pairs [][2]string
	rest := opts
	for {
		rest = strings.TrimLeft(rest, " \t;")
		if rest == "" {
			return pairs, nil
		}
		key, after, ok := strings.Cut(rest, "=")
		if end := strings.IndexByte(rest, ';'); !ok || end >= 0 && end < len(key) {
			item, _, _ := strings.Cut(rest, ";")
			return nil, fmt.Errorf("%q is not key=value", strings.TrimSpace(item))
		}
		key = strings.TrimSpace(key)
		after = strings.TrimLeft(after, " \t")
		var val string
		var err error
		if after != "" && (after[0] == '\'' || after[0] == '"') {
			if val, rest, err = quotedOption(key, after); err != nil {
				return nil, err
			}
		} else {
			val, rest, _ = strings.Cut(after, ";")
			val = strings.TrimSpace(val)
		}
		pairs = append(pairs, [2]string{key, val})
	}
}

// quotedOption reads the quoted value of key that after starts with, a \
// escaping its quote or a \, and returns it with what follows it.
func quotedOption(key, after string) (val, rest string, err error) {
	q := after[0]
	var b strings.Builder
	i := 1
	for ; i < len(after) && after[i] != q; i++ {
		if after[i] == '\\' && i+1 < len(after) && (after[i+1] == q || after[i+1] == '\\') {
			i++
		}
		b.WriteByte(after[i])
	}
	if i == len(after) {
		return "", "", fmt.Errorf("the value of %s opens a quote (%c) that does not close", key, q)
	}
	rest = strings.TrimLeft(after[i+1:], " \t")
	if rest != "" && rest[0] != ';' {
		return "", "", fmt.Errorf("after the quoted value of %s, a ; before the next option", key)
	}
	return b.String(), rest, nil
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
func plotArgs(in *eval.Interp, call *lang.Call, args []eval.Value) (eval.RulesetVal, eval.Range, string, error) {
	rv, ok := args[0].(eval.RulesetVal)
	rg, isRange := args[1].(eval.Range)
	file, isStr := args[2].(eval.Str)
	if !ok || !isRange || rg.Open || rg.Lo.Sign() < 0 || !isStr {
		return rv, rg, "", lang.Errorf(call.Pos, `plot(G, a..b, "file.png") needs a ruleset, a bounded range of numbers from 0 and a file name`)
	}
	if ext := strings.ToLower(filepath.Ext(string(file))); in.Plots() != nil && !slices.Contains(in.Plots().Formats(), ext) {
		return rv, rg, "", lang.Errorf(lang.ExprPos(call.Args[2]), "plot() writes %s files, not %q", strings.Join(in.Plots().Formats(), ", "), string(file))
	}
	if len(args) == 4 {
		if _, ok := args[3].(eval.Str); !ok {
			return rv, rg, "", lang.Errorf(lang.ExprPos(call.Args[3]), `the options of plot() are a string: "width=20cm; height=15cm; dpi=300; title='...'"`)
		}
	}
	_, err := in.RangeLen(rg, lang.ExprPos(call.Args[1]), "plot(G, a..b, file)")
	if err != nil {
		return rv, rg, "", err
	}
	if rg.Hi.Cmp(big.NewInt(1<<53)) > 0 {
		return rv, rg, "", lang.Errorf(lang.ExprPos(call.Args[1]), "plot() draws numbers up to 2^53 (its axes are floating point), not %s; table() shows larger heaps", rg)
	}
	if in.Plots() == nil {
		return rv, rg, "", lang.Errorf(call.Pos, "plot() is not available here: this interpreter was made without a plotter")
	}
	return rv, rg, string(file), nil
}

// PeriodVal is what period() says: a period proved by a theorem, one a
// closed form gives, or why there is none.
type PeriodVal struct {
	P      *octal.Period // the period a theorem proved, if any
	S      *octal.Saltus // the arithmetic period proved, if any
	Proved bool          // a period is known: P, or a closed form's
	Text   string
}

func (v PeriodVal) String() string { return v.Text }
func (PeriodVal) What() string     { return "a period" }

func (v PeriodVal) JSON() (string, any) {
	if v.S != nil {
		return "period", struct {
			Proved    bool   `json:"proved"`
			Text      string `json:"text"`
			Period    int64  `json:"period"`
			Preperiod int64  `json:"preperiod"`
			Saltus    uint64 `json:"saltus"`
			Theorem   string `json:"theorem"`
			Checked   int64  `json:"checked"`
			Needed    int64  `json:"needed"`
		}{true, v.Text, v.S.Len, v.S.Pre, v.S.Jump, octal.SaltusTheorem, v.S.Checked, v.S.Needed}
	}
	if v.P == nil {
		return "period", struct {
			Proved bool   `json:"proved"`
			Text   string `json:"text"`
		}{v.Proved, v.Text}
	}
	return "period", struct {
		Proved        bool   `json:"proved"`
		Text          string `json:"text"`
		Period        int64  `json:"period"`
		Preperiod     int64  `json:"preperiod"`
		NumExceptions int64  `json:"num_exceptions"`
		LastException int64  `json:"last_exception"`
		Theorem       string `json:"theorem"`
		Checked       int64  `json:"checked"`
		Needed        int64  `json:"needed"`
	}{true, v.Text, v.P.Len, v.P.Pre, v.P.NumExceptions, v.P.Last, v.P.Theorem, v.P.Checked, v.P.Needed}
}

func (v TableVal) JSON() (string, any) { return "table", v.Data.JSON() }

func (v PlotVal) JSON() (string, any) {
	return "plot", struct {
		File string `json:"file"`
		What string `json:"what"`
	}{v.File, v.Desc}
}
