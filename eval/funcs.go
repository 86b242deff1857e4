package eval

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"sync"

	"github.com/gamelang/gamelang/builtin"
	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/lang"
	"github.com/gamelang/gamelang/numeric"
	"github.com/gamelang/gamelang/play"
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
	funcs = map[string]*fn{}
	for name, f := range numeric.Funcs {
		funcs[name] = &fn{f.Min, f.Max, f.Usage, f.Doc, numericCall(name, f), false}
	}
	for name, f := range map[string]*fn{
		"grundy":  {1, 3, "grundy(P) or grundy(G, a..b), with a convention last: grundy(P, misere)", "the nim value of a position, or the values of heaps a..b of a heap ruleset; with misere, misère nim values", fnGrundy, true},
		"outcome": {1, 2, "outcome(P) or outcome(P, convention)", "P if the previous player wins, N if the next player wins", fnOutcome, true},
		"options": {1, 2, "options(P) or options(P, convention)", "every move of a position with the position it reaches and its value", fnOptions, true},
		"winning": {1, 2, "winning(P) or winning(P, convention)", "every winning move of a position (none in a P-position)", fnWinning, true},
		"solver":  {1, 2, "solver(G) or solver(G, convention)", "which solver answers for a ruleset", fnSolver, true},
		"play":    {1, 2, "play(P) or play(P, convention)", "play a position against the solver, at the prompt: after each of your moves it says whether it was winning", fnPlay, true},
		"explain": {1, 2, "explain(P), explain(P, depth) or explain(P, misere)", "the moves of a position, their values and the mex, step by step; for a sum, the XOR of the parts; under misère play, the genus and how a sum is decided", fnExplain, false},
		"len":     {1, 1, "len(xs)", "how many numbers a list, a set or a range holds (repeats in a list count), or the characters of a string", fnLen, false},
		"print":   {0, -1, `print(x, ...)`, "prints its arguments separated by spaces", fnPrint, false},
	} {
		funcs[name] = f
	}
}

// numericCall is a numeric builtin at top level: its exact form, on the
// numbers of the call (the members of sets included, for a function of
// any number of arguments), or on truth values for all and any.
func numericCall(name string, f numeric.Func) func(*Interp, context.Context, *lang.Call, []Value) (Value, error) {
	return func(in *Interp, ctx context.Context, call *lang.Call, args []Value) (Value, error) {
		var xs []*big.Int
		switch {
		case f.Logic:
			for i, a := range args {
				b, ok := a.(Bool)
				if !ok {
					return nil, errorf(lang.ExprPos(call.Args[i]), "%s needs truth values, not %s", name, typeName(a))
				}
				xs = append(xs, big.NewInt(b2i(bool(b))))
			}
		case f.Max == 1:
			x, ok := args[0].(Int)
			if !ok {
				if f.Need != "" {
					return nil, errorf(call.Pos, "%s needs %s, not %s", name, f.Need, args[0])
				}
				return nil, errorf(call.Pos, "%s needs a number, not %s", name, typeName(args[0]))
			}
			xs = []*big.Int{x.V}
		default:
			var err error
			if xs, err = ints(call, args); err != nil {
				if empty(args) && (name == "sum" || name == "xor") {
					return Int{new(big.Int)}, nil // of an empty list or set, as of a generator that passes nothing
				}
				return nil, err
			}
		}
		v, err := f.Big(xs)
		var ae *numeric.ArgError
		if errors.As(err, &ae) {
			at := call.Pos
			if f.Max != 1 && ae.Index < len(call.Args) {
				at = lang.ExprPos(call.Args[ae.Index])
			}
			if ae.Msg != "" {
				return nil, errorf(at, "%s", ae.Msg)
			}
			return nil, errorf(at, "%s needs %s, not %s", name, f.Need, xs[ae.Index])
		}
		if err != nil {
			return nil, errorf(call.Pos, "%s: %v", name, err)
		}
		if f.Truth {
			return Bool(v.Sign() != 0), nil
		}
		return Int{v}, nil
	}
}

// empty reports whether the arguments are empty collections: [] or {}.
func empty(args []Value) bool {
	for _, a := range args {
		switch a := a.(type) {
		case List:
			if len(a.Elems) > 0 {
				return false
			}
		case Set:
			if len(a.Elems) > 0 {
				return false
			}
		default:
			return false
		}
	}
	return true
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// position converts an argument to a position, with a helpful error.
func position(v Value, p lang.Pos) (game.Position, error) { return PositionOf(v, p) }

// PositionOf is an argument as a position, or an error at p that says what
// it is instead.
func PositionOf(v Value, p lang.Pos) (game.Position, error) {
	switch v := v.(type) {
	case PositionVal:
		return v.P, nil
	case RulesetVal:
		return nil, errorf(p, "%s is a ruleset, not a position: give a position such as %s", v, v.R.Kind().Example(v.R.Name()))
	case ParamGame:
		return nil, errorf(p, "%s is a game with parameters, not a position", v)
	case Int:
		if v.V.Sign() == 0 { // the sum of no positions, sum(G(x) for x in []): the game with no move
			return zeroPosition(), nil
		}
	}
	return nil, errorf(p, "expected a position, not %s", typeName(v))
}

// zeroPosition is the game with no move, Nim(0): what the number 0 stands
// for where a position is wanted, as the sum of no positions is 0.
var zeroPosition = sync.OnceValue(func() game.Position {
	b, ok := builtin.Lookup("Nim")
	if !ok {
		panic("eval: no builtin games: import github.com/gamelang/gamelang/lib where sessions are made")
	}
	r, err := b.Make(builtin.Env{}, nil)
	if err != nil {
		panic(err)
	}
	s, err := r.Kind().Make(r.Name(), []*big.Int{new(big.Int)})
	if err != nil {
		panic(err)
	}
	return game.Position{{Rules: r, State: s}}
})

// convention splits a trailing play convention off a query's arguments:
// the session's solver of that convention (the default when none is given)
// and the arguments before it.
func (in *Interp) convention(args []Value) (play.Solver, []Value) {
	if len(args) > 0 {
		if c, ok := args[len(args)-1].(ConventionVal); ok {
			return in.solver(c.C), args[:len(args)-1]
		}
		return in.solver(in.defaultConvention(args[0])), args
	}
	return in.solver(in.cfg.Conventions[0]), args
}

// defaultConvention is the convention a query on v uses when it names
// none: the entailing one for a game whose moves oblige, else the
// session's default.
func (in *Interp) defaultConvention(v Value) play.Convention {
	if entailing(v) {
		for _, c := range in.cfg.Conventions {
			if c.Name() == game.EntailingConvention {
				return c
			}
		}
	}
	return in.cfg.Conventions[0]
}

// entailing reports whether a query's first argument is a ruleset or a
// position with moves that oblige: only the entailing convention plays
// those, so it answers when the query names none.
func entailing(v Value) bool {
	switch v := v.(type) {
	case RulesetVal:
		return game.IsEntailing(v.R)
	case PositionVal:
		for _, c := range v.P {
			if game.IsEntailing(c.Rules) {
				return true
			}
		}
	}
	return false
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

// GameValue is a value that is a game in itself rather than a position of
// a ruleset (a misère canonical form), answering outcome() and grundy()
// under a convention, conv, named by the call ("" when none is: the
// value's own).
type GameValue interface {
	Value
	OutcomeUnder(conv string) (game.Outcome, error)
	NimUnder(conv string) (*big.Int, error)
}

// gameValue is the game value a query is asked of, with the convention
// the call names, if any.
func gameValue(call *lang.Call, args []Value) (GameValue, string, bool, error) {
	g, ok := args[0].(GameValue)
	if !ok {
		return nil, "", false, nil
	}
	if len(args) == 1 {
		return g, "", true, nil
	}
	c, ok := args[1].(ConventionVal)
	if !ok || len(args) > 2 {
		return nil, "", true, errorf(lang.ExprPos(call.Args[1]), "a query on %s takes a play convention after it, not %s", g.What(), typeName(args[1]))
	}
	return g, c.C.Name(), true, nil
}

func fnGrundy(in *Interp, ctx context.Context, call *lang.Call, args []Value) (Value, error) {
	if g, conv, ok, err := gameValue(call, args); ok || err != nil {
		if err != nil {
			return nil, err
		}
		n, err := g.NimUnder(conv)
		return Int{n}, at(call.Pos, err)
	}
	s, rest := in.convention(args)
	if len(rest) == 2 {
		if len(rest) == len(args) && !entailing(args[0]) {
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
	var ps []game.Position
	err := in.heapArgs(ctx, call, args, func(n *big.Int, p game.Position) error {
		heaps, ps = append(heaps, n), append(ps, p)
		return nil
	})
	if pr, ok := s.(play.Preparer); ok && err == nil {
		err = pr.Prepare(ctx, ps) // a solver that explores a range better at once
	}
	for _, p := range ps {
		if err != nil {
			break
		}
		var v play.Value
		if v, err = s.Value(ctx, p); err == nil {
			out = append(out, valueOf(v))
		}
	}
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
	return in.RangeLen(rg, p, what)
}

// RangeLen is the number of values of a range a..b that a builtin lists;
// an empty range (b < a), an unbounded one, or more values than the state
// cap is an error at p that says so.
func (in *Interp) RangeLen(rg Range, p lang.Pos, what string) (int64, error) {
	if rg.Open {
		return 0, errorf(p, "an unbounded range (%s) has no end", rg)
	}
	n := new(big.Int).Sub(rg.Hi, rg.Lo)
	n.Add(n, big.NewInt(1))
	if n.Sign() <= 0 {
		return 0, errorf(p, "the range %s is empty: %s lists a..b counting up from a to b (write %s..%s)", rg, what, rg.Hi, rg.Lo)
	}
	if limit := int64(in.limits().States()); n.Cmp(big.NewInt(limit)) > 0 {
		return 0, errorf(p, "the range %s has %s values; %s takes at most %d, the state cap (raise it with --max-states, or :set max-states at the prompt)", rg, n, what, limit)
	}
	return n.Int64(), nil
}

// oneNumber reports whether the positions of a ruleset are one number: the
// rulesets whose values make a sequence.
func oneNumber(v Value) (game.Ruleset, bool) { return OneNumber(v) }

// OneNumber is the ruleset a value is, when its positions are one number
// (a heap ruleset): the rulesets whose values make a sequence.
func OneNumber(v Value) (game.Ruleset, bool) {
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
	if g, conv, ok, err := gameValue(call, args); ok || err != nil {
		if err != nil {
			return nil, err
		}
		o, err := g.OutcomeUnder(conv)
		return OutcomeVal(o), at(call.Pos, err)
	}
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
