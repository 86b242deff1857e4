package eval

import (
	"context"
	"fmt"
	"io"
	"math/big"
	"math/bits"
	"os"
	"strings"

	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/lang"
	"github.com/gamelang/gamelang/octal"
	"github.com/gamelang/gamelang/play"
	"github.com/gamelang/gamelang/rules/graph"
	"github.com/gamelang/gamelang/rules/heap"
	"github.com/gamelang/gamelang/solve"
)

// fn is a builtin function.
type fn struct {
	min, max   int // arity; max < 0: no upper bound
	usage      string
	doc        string
	call       func(in *Interp, ctx context.Context, call *lang.Call, args []Value) (Value, error)
	convention bool // its last argument, when it has max of them, names a play convention
}

var funcs map[string]*fn

func init() {
	funcs = map[string]*fn{
		"grundy":    {1, 3, "grundy(P) or grundy(G, a..b), with a convention last: grundy(P, misere)", "the nim value of a position, or the values of heaps a..b of a heap ruleset; with misere, misère nim values", fnGrundy, true},
		"genus":     {1, 2, "genus(P) or genus(G, a..b)", "Conway's genus of a position, g^{γ0γ1...}: its normal and misère nim values, and the misère values with copies of *2 added", fnGenus, false},
		"tame":      {1, 1, "tame(P)", "whether a position and every position it leads to have the genus of a Nim position: then misère sums of it play like misère Nim", fnTame, false},
		"quotient":  {1, 2, "quotient(G) or quotient(G, bound)", "the misère quotient of a take-and-break game, found heap by heap up to bound (400) or a proved period", fnQuotient, false},
		"outcome":   {1, 2, "outcome(P) or outcome(P, convention)", "P if the previous player wins, N if the next player wins", fnOutcome, true},
		"options":   {1, 2, "options(P) or options(P, convention)", "every move of a position with the position it reaches and its value", fnOptions, true},
		"winning":   {1, 2, "winning(P) or winning(P, convention)", "every winning move of a position (none in a P-position)", fnWinning, true},
		"solver":    {1, 2, "solver(G) or solver(G, convention)", "which solver answers for a ruleset", fnSolver, true},
		"table":     {2, 3, `table(G, a..b) or table(G, a..b, "markdown")`, "the values of a heap ruleset in rows of its period, or of a two-number ruleset as a grid; formats text, markdown, csv, json", fnTable, false},
		"plot":      {3, 4, `plot(G, a..b, "file.png") or plot(G, a..b, "file.pdf", "width=20cm; height=15cm; dpi=300; title=...")`, "a scatter plot of a heap ruleset's values with the P-positions and exceptions marked, or a heat map of a two-number ruleset's with a colour bar and the P-positions marked; PNG, JPEG, TIFF, SVG, PDF or EPS by the file's extension", fnPlot, false},
		"play":      {1, 2, "play(P) or play(P, convention)", "play a position against the solver, at the prompt: after each of your moves it says whether it was winning", fnPlay, true},
		"explain":   {1, 2, "explain(P), explain(P, depth) or explain(P, misere)", "the moves of a position, their values and the mex, step by step; for a sum, the XOR of the parts; under misère play, the genus and how a sum is decided", fnExplain, false},
		"period":    {1, 2, "period(G) or period(G, limit)", "the period of a heap ruleset, proved by the theorem that applies, looking at most limit values far", fnPeriod, false},
		"checksum":  {2, 2, "checksum(G, a..b)", "a fingerprint of the values g(a..b): c = 31c + g(x) mod 2^64, as the C baselines print it", fnChecksum, false},
		"octal":     {1, 1, `octal("0.07")`, "the heap ruleset of an octal code (Winning Ways digits: 1 whole heap, 2 one heap left, 4 two heaps left)", fnCode(8), false},
		"hex":       {1, 1, `hex("4.8")`, "the heap ruleset of a hexadecimal code (digit 8: three heaps left)", fnCode(16), false},
		"path":      {1, 1, "path(n)", "the path of n vertices 1-2-...-n, a position of a graph ruleset: NodeKayles(path(60))", fnGraph1(graph.Path), false},
		"cycle":     {1, 1, "cycle(n)", "the cycle of n >= 3 vertices", fnGraph1(graph.Cycle), false},
		"complete":  {1, 1, "complete(n)", "the complete graph of n vertices", fnGraph1(graph.Complete), false},
		"grid":      {2, 2, "grid(r, c)", "the grid graph of r rows (a, b, ...) and c columns (1, 2, ...): cells a1 to the opposite corner, joined to the cells beside them (Cram is Arc Kayles on a grid)", fnGrid, false},
		"graph":     {1, 1, `graph("a-b b-c c-a d")`, "a graph written as edges a-b (a-b-c for a path) and lone vertices, separated by spaces, commas or new lines; # starts a comment", fnGraphText, false},
		"readgraph": {1, 1, `readgraph("file.txt")`, "the graph a file holds, written as graph() reads it", fnReadGraph, false},
		"print":     {0, -1, `print(x, ...)`, "prints its arguments separated by spaces", fnPrint, false},
		"min":       {1, -1, "min(a, b, ...) or min(e for x in S)", "the smallest number", fnFold("min"), false},
		"max":       {1, -1, "max(a, b, ...) or max(e for x in S)", "the largest number", fnFold("max"), false},
		"sum":       {1, -1, "sum(a, b, ...) or sum(e for x in S)", "the sum of the numbers", fnFold("sum"), false},
		"all":       {1, -1, "all(c for x in S) or all(a, b, ...)", "whether every condition holds (a generator stops at the first that fails)", fnTruths("all"), false},
		"any":       {1, -1, "any(c for x in S) or any(a, b, ...)", "whether some condition holds (a generator stops at the first that holds)", fnTruths("any"), false},
		"xor":       {1, -1, "xor(a, b, ...)", "the nim sum (bitwise exclusive or)", fnFold("xor"), false},
		"abs":       {1, 1, "abs(x)", "the absolute value", fnInt1(func(x *big.Int) Value { return Int{new(big.Int).Abs(x)} }), false},
		"popcount":  {1, 1, "popcount(x)", "the number of 1 bits of x >= 0", fnPopcount, false},
		"odd":       {1, 1, "odd(x)", "whether x is odd", fnInt1(func(x *big.Int) Value { return Bool(x.Bit(0) == 1) }), false},
		"even":      {1, 1, "even(x)", "whether x is even", fnInt1(func(x *big.Int) Value { return Bool(x.Bit(0) == 0) }), false},
		"nimmul":    {2, -1, "nimmul(a, b, ...)", "the nim product: the multiplication of the field of nimbers, with xor its addition (the values of product games and coin-turning games on a grid, by the Tartan theorem)", fnNimMul, false},
		"gcd":       {1, -1, "gcd(a, b, ...)", "the greatest common divisor (of the absolute values; gcd(0, 0) = 0)", fnGcd, false},
		"isqrt":     {1, 1, "isqrt(x)", "the integer square root of x >= 0: the largest r with r^2 <= x", fnIsqrt, false},
		"isprime":   {1, 1, "isprime(x)", "whether x is a prime (exact below 2^64; beyond, Baillie-PSW and 20 Miller-Rabin rounds, with no counterexample known)", fnInt1(func(x *big.Int) Value { return Bool(x.Sign() > 0 && x.ProbablyPrime(20)) }), false},
		"factorial": {1, 1, "factorial(x)", "x! for 0 <= x <= 100000", fnFactorial, false},
	}
}

func fnTruths(op string) func(*Interp, context.Context, *lang.Call, []Value) (Value, error) {
	return func(in *Interp, ctx context.Context, call *lang.Call, args []Value) (Value, error) {
		for i, a := range args {
			b, ok := a.(Bool)
			if !ok {
				return nil, errorf(lang.ExprPos(call.Args[i]), "%s needs truth values, not %s", op, typeName(a))
			}
			if bool(b) == (op == "any") {
				return b, nil
			}
		}
		return Bool(op == "all"), nil
	}
}

func fnGcd(in *Interp, ctx context.Context, call *lang.Call, args []Value) (Value, error) {
	xs, err := ints(call, args)
	if err != nil {
		return nil, err
	}
	g := new(big.Int)
	for _, x := range xs {
		g.GCD(nil, nil, g, new(big.Int).Abs(x))
	}
	return Int{g}, nil
}

func fnIsqrt(in *Interp, ctx context.Context, call *lang.Call, args []Value) (Value, error) {
	x, ok := args[0].(Int)
	if !ok || x.V.Sign() < 0 {
		return nil, errorf(call.Pos, "isqrt needs a number >= 0, not %s", args[0])
	}
	return Int{new(big.Int).Sqrt(x.V)}, nil
}

// maxFactorial bounds factorial(): 100000! has 456 574 digits.
const maxFactorial = 100_000

func fnFactorial(in *Interp, ctx context.Context, call *lang.Call, args []Value) (Value, error) {
	x, ok := args[0].(Int)
	if !ok || x.V.Sign() < 0 || x.V.Cmp(big.NewInt(maxFactorial)) > 0 {
		return nil, errorf(call.Pos, "factorial needs a number from 0 to %d, not %s", maxFactorial, args[0])
	}
	n := x.V.Int64()
	if n < 2 {
		return Int{big.NewInt(1)}, nil
	}
	return Int{new(big.Int).MulRange(2, n)}, nil
}

// position converts an argument to a position, with a helpful error.
func position(v Value, p lang.Pos) (game.Position, error) {
	switch v := v.(type) {
	case PositionVal:
		return v.P, nil
	case RulesetVal:
		return nil, errorf(p, "%s is a ruleset, not a position: give a position such as %s", v, v.R.Kind().Example(v.R.Name()))
	case ParamGame:
		return nil, errorf(p, "%s is a game with parameters, not a position", v)
	}
	return nil, errorf(p, "expected a position, not %s", typeName(v))
}

// convention splits a trailing play convention off a query's arguments:
// the session's solver of that convention (the default when none is given)
// and the arguments before it.
func (in *Interp) convention(args []Value) (play.Solver, []Value) {
	if len(args) > 0 {
		if c, ok := args[len(args)-1].(ConventionVal); ok {
			return in.solver(c.C), args[:len(args)-1]
		}
	}
	return in.solver(in.cfg.Conventions[0]), args
}

// positionQuery reads the arguments of a query on one position, with an
// optional convention: (P) or (P, convention).
func (in *Interp) positionQuery(call *lang.Call, args []Value) (play.Solver, game.Position, error) {
	s, rest := in.convention(args)
	if len(rest) != 1 {
		return nil, nil, errorf(lang.ExprPos(call.Args[len(call.Args)-1]), "expected a play convention (%s), not %s", in.conventionNames(), typeName(args[len(args)-1]))
	}
	p, err := position(rest[0], call.Pos)
	return s, p, err
}

func (in *Interp) conventionNames() string {
	var ns []string
	for _, c := range in.cfg.Conventions {
		ns = append(ns, c.Name())
	}
	return strings.Join(ns, ", ")
}

func fnGrundy(in *Interp, ctx context.Context, call *lang.Call, args []Value) (Value, error) {
	s, rest := in.convention(args)
	if len(rest) == 2 {
		if len(rest) == len(args) {
			return grundySeq(in, ctx, call, rest)
		}
		return in.valueSeq(ctx, call, s, rest)
	}
	if len(rest) != 1 {
		return nil, errorf(lang.ExprPos(call.Args[len(call.Args)-1]), "expected a play convention (%s), not %s", in.conventionNames(), typeName(args[len(args)-1]))
	}
	p, err := position(rest[0], call.Pos)
	if err != nil {
		return nil, err
	}
	v, err := s.Value(ctx, p)
	if err != nil {
		return nil, at(call.Pos, err)
	}
	return valueOf(v), nil
}

// valueOf is a convention's value as the language has it: a number when it
// is one.
func valueOf(v play.Value) Value {
	if n, ok := v.(interface{ Nim() *big.Int }); ok {
		return Int{n.Nim()}
	}
	return ValueVal{v}
}

// valueSeq is grundy(G, a..b, convention): the values of heaps a..b under
// a convention, each as its solver gives it.
func (in *Interp) valueSeq(ctx context.Context, call *lang.Call, s play.Solver, args []Value) (Value, error) {
	var out []Value
	var heaps []*big.Int
	err := in.heapArgs(ctx, call, args, func(n *big.Int, p game.Position) error {
		v, err := s.Value(ctx, p)
		if err == nil {
			out = append(out, valueOf(v))
			heaps = append(heaps, n)
		}
		return err
	})
	if err != nil {
		return nil, at(call.Pos, err)
	}
	seq := make(Seq, 0, len(out))
	for _, v := range out {
		n, ok := v.(Int)
		if !ok {
			words := make(Words, len(out))
			for i, v := range out {
				words[i] = v.String()
			}
			return Indexed{Name: "value", At: heaps, Vals: words}, nil
		}
		seq = append(seq, n.V)
	}
	return Indexed{Name: "value", At: heaps, Vals: seq}, nil
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

// oneNumber reports whether the positions of a ruleset are one number: the
// rulesets whose values make a sequence.
func oneNumber(v Value) (game.Ruleset, bool) {
	rv, ok := v.(RulesetVal)
	return rv.R, ok && len(rv.R.Kind().Coords()) == 1
}

func grundySeq(in *Interp, ctx context.Context, call *lang.Call, args []Value) (Value, error) {
	r, ok := oneNumber(args[0])
	if !ok {
		return nil, errorf(call.Pos, "grundy(G, a..b) needs a heap ruleset, not %s", args[0])
	}
	argPos := lang.ExprPos(call.Args[1])
	if rg, ok := args[1].(Range); ok {
		if _, err := in.rangeLen(rg, argPos, "grundy(G, a..b)"); err != nil {
			return nil, err
		}
	}
	var out Seq
	var heaps []*big.Int
	err := eachInt(args[1], argPos, func(n *big.Int) error {
		if len(out)%4096 == 4095 && ctx.Err() != nil {
			return &solve.InterruptedError{What: r.Name(), States: len(out), Err: ctx.Err()}
		}
		if n.Sign() < 0 {
			return errorf(argPos, "a heap cannot be negative (%s)", n)
		}
		g, err := in.heapValue(ctx, r, n)
		out = append(out, g)
		heaps = append(heaps, n)
		return err
	})
	return Indexed{Name: "g", At: heaps, Vals: out}, at(call.Pos, err)
}

func fnOutcome(in *Interp, ctx context.Context, call *lang.Call, args []Value) (Value, error) {
	s, p, err := in.positionQuery(call, args)
	if err != nil {
		return nil, err
	}
	o, err := s.Outcome(ctx, p)
	return OutcomeVal(o), at(call.Pos, err)
}

func fnOptions(in *Interp, ctx context.Context, call *lang.Call, args []Value) (Value, error) {
	s, p, err := in.positionQuery(call, args)
	if err != nil {
		return nil, err
	}
	opts, err := s.Options(ctx, p)
	return OptionList{Pos: p, Opts: opts}, at(call.Pos, err)
}

func fnWinning(in *Interp, ctx context.Context, call *lang.Call, args []Value) (Value, error) {
	s, p, err := in.positionQuery(call, args)
	if err != nil {
		return nil, err
	}
	opts, err := s.Winning(ctx, p)
	return Moves{Pos: p, Opts: opts}, at(call.Pos, err)
}

func fnSolver(in *Interp, ctx context.Context, call *lang.Call, args []Value) (Value, error) {
	s, rest := in.convention(args)
	if len(rest) == 1 {
		if p, ok := rest[0].(PositionVal); ok && len(p.P) == 1 {
			return Str(s.Describe(p.P[0].Rules)), nil
		}
		if rv, ok := rest[0].(RulesetVal); ok {
			return Str(s.Describe(rv.R)), nil
		}
	}
	return nil, errorf(call.Pos, "solver(G) needs a ruleset, not %s", typeName(args[0]))
}

func fnCode(base int) func(*Interp, context.Context, *lang.Call, []Value) (Value, error) {
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
		if r, ok := in.made[name]; ok { // one ruleset per code, so that its positions add up in one game
			return RulesetVal{r}, nil
		}
		r := heap.NewCode(name, octal.Spec{Code: c, Origin: heap.OriginCode}, in.limits())
		in.made[name] = r
		return RulesetVal{r}, nil
	}
}

func fnPrint(in *Interp, ctx context.Context, call *lang.Call, args []Value) (Value, error) {
	parts := make([]string, len(args))
	for i, a := range args {
		parts[i] = a.String()
	}
	text := strings.Join(parts, " ")
	if in.cfg.JSON {
		return Nothing{}, in.writeJSON(Answer{Line: call.Pos.Line, Type: "print", Value: text, Text: text})
	}
	fmt.Fprintln(in.cfg.Out, text)
	return Nothing{}, nil
}

func ints(call *lang.Call, args []Value) ([]*big.Int, error) {
	var xs []*big.Int
	for i, a := range args {
		p := lang.ExprPos(call.Args[i])
		if _, ok := a.(Range); ok {
			return nil, errorf(p, "%s needs numbers or a set, not a range", call.Fn.(*lang.Ident).Name)
		}
		if err := listInts(a, p, func(x *big.Int) error { xs = append(xs, x); return nil }); err != nil {
			return nil, err
		}
	}
	if len(xs) == 0 {
		return nil, errorf(call.Pos, "%s of nothing", call.Fn.(*lang.Ident).Name)
	}
	return xs, nil
}

func fnFold(op string) func(*Interp, context.Context, *lang.Call, []Value) (Value, error) {
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
			case op == "sum":
				acc.Add(acc, x)
			case op == "min" && x.Cmp(acc) < 0, op == "max" && x.Cmp(acc) > 0:
				acc.Set(x)
			}
		}
		return Int{acc}, nil
	}
}

func fnInt1(f func(*big.Int) Value) func(*Interp, context.Context, *lang.Call, []Value) (Value, error) {
	return func(in *Interp, ctx context.Context, call *lang.Call, args []Value) (Value, error) {
		x, ok := args[0].(Int)
		if !ok {
			return nil, errorf(call.Pos, "%s needs a number, not %s", call.Fn.(*lang.Ident).Name, typeName(args[0]))
		}
		return f(x.V), nil
	}
}

func fnPopcount(in *Interp, ctx context.Context, call *lang.Call, args []Value) (Value, error) {
	x, ok := args[0].(Int)
	if !ok || x.V.Sign() < 0 {
		return nil, errorf(call.Pos, "popcount needs a number >= 0, not %s", args[0])
	}
	n := 0
	for _, w := range x.V.Bits() {
		n += bits.OnesCount64(uint64(w))
	}
	return Int{big.NewInt(int64(n))}, nil
}

func fnPlay(in *Interp, ctx context.Context, call *lang.Call, args []Value) (Value, error) {
	if !in.cfg.Interactive {
		return nil, errorf(call.Pos, "play() needs the prompt: run gamelang with no arguments (or pipe statements to it)")
	}
	s, p, err := in.positionQuery(call, args)
	if err != nil {
		return nil, err
	}
	in.play = &Play{Position: p, Solver: s}
	return Nothing{}, nil
}

// The graphs that positions of graph rulesets are made of.

func fnGraph1(make func(int64) (*graph.Graph, error)) func(*Interp, context.Context, *lang.Call, []Value) (Value, error) {
	return func(in *Interp, ctx context.Context, call *lang.Call, args []Value) (Value, error) {
		n, ok := args[0].(Int)
		if !ok || !n.V.IsInt64() {
			return nil, errorf(call.Pos, "%s needs a number of vertices, not %s", call.Fn.(*lang.Ident).Name, args[0])
		}
		g, err := make(n.V.Int64())
		if err != nil {
			return nil, errorf(call.Pos, "%v", err)
		}
		return GraphVal{g}, nil
	}
}

func fnGrid(in *Interp, ctx context.Context, call *lang.Call, args []Value) (Value, error) {
	r, ok1 := args[0].(Int)
	c, ok2 := args[1].(Int)
	if !ok1 || !ok2 || !r.V.IsInt64() || !c.V.IsInt64() {
		return nil, errorf(call.Pos, "grid(r, c) needs numbers of rows and columns")
	}
	g, err := graph.Grid(r.V.Int64(), c.V.Int64())
	if err != nil {
		return nil, errorf(call.Pos, "%v", err)
	}
	return GraphVal{g}, nil
}

func fnGraphText(in *Interp, ctx context.Context, call *lang.Call, args []Value) (Value, error) {
	text, ok := args[0].(Str)
	if !ok {
		return nil, errorf(call.Pos, `graph() reads a graph written in a string, as graph("a-b b-c"), not %s`, typeName(args[0]))
	}
	g, err := graph.Parse(fmt.Sprintf("graph(%q)", string(text)), strings.NewReader(string(text)))
	if err != nil {
		return nil, errorf(lang.ExprPos(call.Args[0]), "graph(): %v", err)
	}
	return GraphVal{g}, nil
}

func fnReadGraph(in *Interp, ctx context.Context, call *lang.Call, args []Value) (Value, error) {
	name, ok := args[0].(Str)
	if !ok {
		return nil, errorf(call.Pos, "readgraph() takes a file name, not %s", typeName(args[0]))
	}
	f, err := os.Open(string(name))
	if err != nil {
		return nil, errorf(lang.ExprPos(call.Args[0]), "%v", err)
	}
	defer f.Close()
	g, err := graph.Parse(fmt.Sprintf("readgraph(%q)", string(name)), io.LimitReader(f, 1<<24))
	if err != nil {
		return nil, errorf(lang.ExprPos(call.Args[0]), "%s: %v", name, err)
	}
	return GraphVal{g}, nil
}
