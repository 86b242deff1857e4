package eval

import (
	"context"
	"fmt"
	"math/big"
	"strings"

	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/lang"
	"github.com/gamelang/gamelang/octal"
	"github.com/gamelang/gamelang/solve"
	"github.com/gamelang/gamelang/stdlib"
)

type builtin struct {
	min, max int // arity; max < 0: no upper bound
	usage    string
	doc      string
	fn       func(in *Interp, ctx context.Context, call *lang.Call, args []Value) (Value, error)
}

var builtins map[string]*builtin

func init() {
	builtins = map[string]*builtin{
		"grundy":   {1, 2, "grundy(P) or grundy(G, a..b)", "the nim value of a position, or the values of heaps a..b of a heap ruleset", biGrundy},
		"outcome":  {1, 1, "outcome(P)", "P if the previous player wins, N if the next player wins", biOutcome},
		"options":  {1, 1, "options(P)", "every move of a position with the position it reaches and its value", biOptions},
		"winning":  {1, 1, "winning(P)", "every winning move of a position (none in a P-position)", biWinning},
		"solver":   {1, 1, "solver(G)", "which solver answers for a ruleset", biSolver},
		"table":    {2, 3, `table(G, a..b) or table(G, a..b, "markdown")`, "the values of a heap ruleset in rows of its period, or of a two-number ruleset as a grid; formats text, markdown, csv, json", biTable},
		"plot":     {3, 3, `plot(G, a..b, "file.png")`, "a scatter plot of a heap ruleset's values, or a heat map of a two-number ruleset's with the P-positions marked, as PNG or SVG", biPlot},
		"play":     {1, 1, "play(P)", "play a position against the solver, at the prompt: after each of your moves it says whether it was winning", biPlay},
		"explain":  {1, 2, "explain(P) or explain(P, depth)", "the moves of a position, their values and the mex, step by step; for a sum, the XOR of the parts", biExplain},
		"period":   {1, 2, "period(G) or period(G, limit)", "the period of a heap ruleset, proved by the theorem that applies, looking at most limit values far", biPeriod},
		"checksum": {2, 2, "checksum(G, a..b)", "a fingerprint of the values g(a..b): c = 31c + g(x) mod 2^64, as the C baselines print it", biChecksum},
		"octal":    {1, 1, `octal("0.07")`, "the heap ruleset of an octal code (Winning Ways digits: 1 whole heap, 2 one heap left, 4 two heaps left)", biCode(8)},
		"hex":      {1, 1, `hex("4.8")`, "the heap ruleset of a hexadecimal code (digit 8: three heaps left)", biCode(16)},
		"print":    {0, -1, `print(x, ...)`, "prints its arguments separated by spaces", biPrint},
		"min":      {1, -1, "min(a, b, ...)", "the smallest number", biFold("min")},
		"max":      {1, -1, "max(a, b, ...)", "the largest number", biFold("max")},
		"xor":      {1, -1, "xor(a, b, ...)", "the nim sum (bitwise exclusive or)", biFold("xor")},
		"abs":      {1, 1, "abs(x)", "the absolute value", biInt1(func(x *big.Int) Value { return Int{new(big.Int).Abs(x)} })},
		"popcount": {1, 1, "popcount(x)", "the number of 1 bits of x >= 0", biPopcount},
		"odd":      {1, 1, "odd(x)", "whether x is odd", biInt1(func(x *big.Int) Value { return Bool(x.Bit(0) == 1) })},
		"even":     {1, 1, "even(x)", "whether x is even", biInt1(func(x *big.Int) Value { return Bool(x.Bit(0) == 0) })},
	}
}

// position converts an argument to a position, with a helpful error.
func position(v Value, p lang.Pos) (game.Position, error) {
	switch v := v.(type) {
	case PositionVal:
		return v.P, nil
	case RulesetVal:
		return nil, errorf(p, "%s is a ruleset, not a position: give a position such as %s", v, example(v.R))
	case Family:
		return nil, errorf(p, "%s is a game with parameters, not a position", v)
	}
	return nil, errorf(p, "expected a position, not %s", typeName(v))
}

func example(r game.Ruleset) string {
	switch sh := r.Shape(); sh.Kind {
	case game.TupleKind:
		return r.Name() + "(3, 5)"
	case game.SetKind:
		return fmt.Sprintf("%s{%d, %d}", r.Name(), sh.Lo, min(sh.Lo+1, sh.Hi))
	}
	return r.Name() + "(10)"
}

// at attaches a source position to an error that lacks one.
func at(p lang.Pos, err error) error {
	if err == nil || Positioned(err) != nil {
		return err
	}
	return &Error{Pos: p, Msg: err.Error(), Err: err}
}

func biGrundy(in *Interp, ctx context.Context, call *lang.Call, args []Value) (Value, error) {
	if len(args) == 2 {
		return grundySeq(in, ctx, call, args)
	}
	p, err := position(args[0], call.Pos)
	if err != nil {
		return nil, err
	}
	g, err := game.Grundy(ctx, p)
	return Int{g}, at(call.Pos, err)
}

// rangeLen is the number of values of a range a..b that a builtin lists (0
// when b < a); an unbounded range, or more values than the state cap (each
// is computed and kept), is an error that says so.
func (in *Interp) rangeLen(rg Range, p lang.Pos, what string) (int64, error) {
	if rg.Open {
		return 0, errorf(p, "an unbounded range (%s) has no end", rg)
	}
	n := new(big.Int).Sub(rg.Hi, rg.Lo)
	n.Add(n, big.NewInt(1))
	if limit := int64(in.limits().States()); n.Cmp(big.NewInt(limit)) > 0 {
		return 0, errorf(p, "the range %s has %s values; %s takes at most %d, the state cap (raise it with --max-states)", rg, n, what, limit)
	}
	return max(n.Int64(), 0), nil
}

func grundySeq(in *Interp, ctx context.Context, call *lang.Call, args []Value) (Value, error) {
	rv, ok := args[0].(RulesetVal)
	if !ok || rv.R.Shape().Kind != game.HeapKind {
		return nil, errorf(call.Pos, "grundy(G, a..b) needs a heap ruleset, not %s", args[0])
	}
	if rg, ok := args[1].(Range); ok {
		if _, err := in.rangeLen(rg, lang.ExprPos(call.Args[1]), "grundy(G, a..b)"); err != nil {
			return nil, err
		}
	}
	var out Seq
	err := eachInt(args[1], lang.ExprPos(call.Args[1]), func(n *big.Int) error {
		if len(out)%4096 == 4095 && ctx.Err() != nil {
			return &solve.InterruptedError{What: rv.R.Name(), States: len(out), Err: ctx.Err()}
		}
		if n.Sign() < 0 {
			return errorf(lang.ExprPos(call.Args[1]), "a heap cannot be negative (%s)", n)
		}
		c := game.Component{Rules: rv.R, State: n}
		if rv.R.Decided(n) {
			return errorf(call.Pos, "%v", (&game.DecidedError{Component: c}).Error())
		}
		g, err := rv.R.Grundy(ctx, n)
		out = append(out, g)
		return err
	})
	return out, at(call.Pos, err)
}

func biOutcome(in *Interp, ctx context.Context, call *lang.Call, args []Value) (Value, error) {
	p, err := position(args[0], call.Pos)
	if err != nil {
		return nil, err
	}
	o, err := game.OutcomeOf(ctx, p)
	return OutcomeVal(o), at(call.Pos, err)
}

func biOptions(in *Interp, ctx context.Context, call *lang.Call, args []Value) (Value, error) {
	p, err := position(args[0], call.Pos)
	if err != nil {
		return nil, err
	}
	opts, err := game.Options(ctx, p)
	return OptionList{Pos: p, Opts: opts}, at(call.Pos, err)
}

func biWinning(in *Interp, ctx context.Context, call *lang.Call, args []Value) (Value, error) {
	p, err := position(args[0], call.Pos)
	if err != nil {
		return nil, err
	}
	opts, err := game.Winning(ctx, p)
	return Moves{Pos: p, Opts: opts}, at(call.Pos, err)
}

func biSolver(in *Interp, ctx context.Context, call *lang.Call, args []Value) (Value, error) {
	if p, ok := args[0].(PositionVal); ok && len(p.P) == 1 {
		return Str(p.P[0].Rules.Solver()), nil
	}
	rv, ok := args[0].(RulesetVal)
	if !ok {
		return nil, errorf(call.Pos, "solver(G) needs a ruleset, not %s", typeName(args[0]))
	}
	return Str(rv.R.Solver()), nil
}

func biCode(base int) func(*Interp, context.Context, *lang.Call, []Value) (Value, error) {
	return func(in *Interp, ctx context.Context, call *lang.Call, args []Value) (Value, error) {
		code, ok := args[0].(Str)
		if !ok {
			return nil, errorf(call.Pos, "a game code is a string such as \"0.07\", not %s", typeName(args[0]))
		}
		fn := map[int]string{8: "octal", 16: "hex"}[base]
		c, err := octal.Parse(string(code), base)
		if err != nil {
			return nil, errorf(lang.ExprPos(call.Args[0]), "%v", err)
		}
		name := fmt.Sprintf("%s(%q)", fn, string(code))
		return RulesetVal{stdlib.NewCode(name, c, octal.Config{Limits: in.limits()}, stdlib.OriginCode)}, nil
	}
}

func biPrint(in *Interp, ctx context.Context, call *lang.Call, args []Value) (Value, error) {
	parts := make([]string, len(args))
	for i, a := range args {
		parts[i] = a.String()
	}
	fmt.Fprintln(in.cfg.Out, strings.Join(parts, " "))
	return Nothing{}, nil
}

func ints(call *lang.Call, args []Value) ([]*big.Int, error) {
	var xs []*big.Int
	for i, a := range args {
		p := lang.ExprPos(call.Args[i])
		if _, ok := a.(Range); ok {
			return nil, errorf(p, "%s needs numbers or a set, not a range", call.Fn.(*lang.Ident).Name)
		}
		if err := eachInt(a, p, func(x *big.Int) error { xs = append(xs, x); return nil }); err != nil {
			return nil, err
		}
	}
	if len(xs) == 0 {
		return nil, errorf(call.Pos, "%s of nothing", call.Fn.(*lang.Ident).Name)
	}
	return xs, nil
}

func biFold(op string) func(*Interp, context.Context, *lang.Call, []Value) (Value, error) {
	return func(in *Interp, ctx context.Context, call *lang.Call, args []Value) (Value, error) {
		xs, err := ints(call, args)
		if err != nil {
			return nil, err
		}
		acc := new(big.Int).Set(xs[0])
		for _, x := range xs[1:] {
			switch {
			case op == "xor":
				acc.Xor(acc, x)
			case op == "min" && x.Cmp(acc) < 0, op == "max" && x.Cmp(acc) > 0:
				acc.Set(x)
			}
		}
		return Int{acc}, nil
	}
}

func biInt1(f func(*big.Int) Value) func(*Interp, context.Context, *lang.Call, []Value) (Value, error) {
	return func(in *Interp, ctx context.Context, call *lang.Call, args []Value) (Value, error) {
		x, ok := args[0].(Int)
		if !ok {
			return nil, errorf(call.Pos, "%s needs a number, not %s", call.Fn.(*lang.Ident).Name, typeName(args[0]))
		}
		return f(x.V), nil
	}
}

func biPopcount(in *Interp, ctx context.Context, call *lang.Call, args []Value) (Value, error) {
	x, ok := args[0].(Int)
	if !ok || x.V.Sign() < 0 {
		return nil, errorf(call.Pos, "popcount needs a number >= 0, not %s", args[0])
	}
	n := 0
	for _, w := range x.V.Bits() {
		n += popWord(uint64(w))
	}
	return Int{big.NewInt(int64(n))}, nil
}

func popWord(w uint64) int {
	n := 0
	for ; w != 0; w &= w - 1 {
		n++
	}
	return n
}

// periodic is a ruleset that can look for its period.
type periodic interface {
	Period(ctx context.Context, limit int) (*octal.Period, error)
	Table() *octal.Table
}

// asPeriodic finds the code ruleset under renames.
func asPeriodic(r game.Ruleset) (periodic, bool) { return game.As[periodic](r) }

func biPeriod(in *Interp, ctx context.Context, call *lang.Call, args []Value) (Value, error) {
	rv, ok := args[0].(RulesetVal)
	if !ok || rv.R.Shape().Kind != game.HeapKind {
		return nil, errorf(call.Pos, "period(G) needs a heap ruleset, not %s", args[0])
	}
	limit := in.limits().States() - 1
	if len(args) == 2 {
		n, ok := args[1].(Int)
		if !ok || n.V.Sign() <= 0 || !n.V.IsInt64() {
			return nil, errorf(lang.ExprPos(call.Args[1]), "the limit of period(G, limit) is a positive number of values, not %s", args[1])
		}
		limit = int(min(n.V.Int64(), int64(limit)))
	}
	pr, ok := asPeriodic(rv.R)
	if !ok {
		if c, ok := game.As[interface{ PeriodText() string }](rv.R); ok {
			return Str(c.PeriodText()), nil
		}
		return Str(fmt.Sprintf("%s has no periodicity theorem: %s", rv.R.Name(), rv.R.Solver())), nil
	}
	p, err := pr.Period(ctx, limit)
	if err != nil {
		return nil, at(call.Pos, err)
	}
	if p != nil {
		return Str(p.String()), nil
	}
	t := pr.Table()
	msg := fmt.Sprintf("no period proved among the first %d values", t.Len())
	switch code := t.Code(); {
	case t.Decides():
		msg = "no period claimed: a 'loses if' rule may depend on n in any way"
	case !code.Finite():
		msg = fmt.Sprintf("no period claimed: the code %s is infinite, so no periodicity theorem applies", code)
	case code.Unequal():
		msg = fmt.Sprintf("no period claimed: no periodicity theorem is known for %s", code)
	default:
		if c, e, need, ok := t.Candidate(); ok {
			msg += fmt.Sprintf("; the values suggest period %d from n = %d, which needs the values up to %d to prove (raise the limit)", c, e, need-1)
		}
	}
	return Str(msg), nil
}

func biChecksum(in *Interp, ctx context.Context, call *lang.Call, args []Value) (Value, error) {
	rv, ok := args[0].(RulesetVal)
	r, isRange := args[1].(Range)
	if !ok || rv.R.Shape().Kind != game.HeapKind || !isRange || r.Open {
		return nil, errorf(call.Pos, "checksum(G, a..b) needs a heap ruleset and a bounded range")
	}
	if _, err := in.rangeLen(r, lang.ExprPos(call.Args[1]), "checksum(G, a..b)"); err != nil {
		return nil, err
	}
	sum := uint64(0)
	if pr, ok := asPeriodic(rv.R); ok && r.Lo.IsInt64() && r.Hi.IsInt64() && r.Lo.Sign() >= 0 && !pr.Table().Decides() {
		t := pr.Table()
		if _, err := t.Value(ctx, r.Hi); err != nil { // grows the table, or proves the period
			return nil, at(call.Pos, err)
		}
		for x := r.Lo.Int64(); x <= r.Hi.Int64(); x++ {
			g, err := t.Value64(ctx, x)
			if err != nil {
				return nil, at(call.Pos, err)
			}
			sum = sum*31 + uint64(g)
		}
		return Int{new(big.Int).SetUint64(sum)}, nil
	}
	for x, i := new(big.Int).Set(r.Lo), 0; x.Cmp(r.Hi) <= 0; x, i = x.Add(x, big.NewInt(1)), i+1 {
		if i%4096 == 4095 && ctx.Err() != nil {
			return nil, at(call.Pos, &solve.InterruptedError{What: rv.R.Name(), States: i, Err: ctx.Err()})
		}
		g, err := rv.R.Grundy(ctx, new(big.Int).Set(x))
		if err != nil {
			return nil, at(call.Pos, err)
		}
		sum = sum*31 + g.Uint64()
	}
	return Int{new(big.Int).SetUint64(sum)}, nil
}

func biPlay(in *Interp, ctx context.Context, call *lang.Call, args []Value) (Value, error) {
	if !in.cfg.Interactive {
		return nil, errorf(call.Pos, "play() needs the prompt: run gamelang with no arguments (or pipe statements to it)")
	}
	p, err := position(args[0], call.Pos)
	if err != nil {
		return nil, err
	}
	in.play = p
	return Nothing{}, nil
}
