package eval

import (
	"context"
	"math/big"

	"github.com/gamelang/gamelang/builtin"
	"github.com/gamelang/gamelang/check"
	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/lang"
	"github.com/gamelang/gamelang/solve"
)

// maxPowBits bounds the size of a^b at top level, so that a typo such as
// 10^10^10 fails at once instead of filling memory.
const maxPowBits = 1 << 20

// eval evaluates a top-level expression. Integers are exact at any size. env
// holds the parameters of a game alias being instantiated, or is nil.
func (in *Interp) eval(ctx context.Context, e lang.Expr, env map[string]Value) (Value, error) {
	switch e := e.(type) {
	case *lang.IntLit:
		v, err := e.Value()
		return Int{v}, err
	case *lang.StringLit:
		return Str(e.Value), nil
	case *lang.Paren:
		return in.eval(ctx, e.X, env)
	case *lang.Ident:
		return in.lookup(e, env)
	case *lang.SetLit:
		return in.setLit(ctx, e, env)
	case *lang.ListLit:
		return in.listLit(ctx, e, env)
	case *lang.Index:
		return in.index(ctx, e, env)
	case *lang.RangeExpr:
		return in.rangeExpr(ctx, e, env)
	case *lang.Unary:
		return in.unary(ctx, e, env)
	case *lang.Binary:
		return in.binary(ctx, e, env)
	case *lang.Call:
		return in.call(ctx, e, env)
	case *lang.SetCall:
		return in.setCall(ctx, e, env)
	case *lang.Comprehension:
		return in.comprehension(ctx, e, env)
	case *lang.CondExpr:
		return in.condExpr(ctx, e, env)
	}
	return nil, errorf(lang.ExprPos(e), "cannot evaluate this expression")
}

// comprehension is a set or a list comprehension's value; a bare one (a
// generator) is only an argument.
func (in *Interp) comprehension(ctx context.Context, e *lang.Comprehension, env map[string]Value) (Value, error) {
	switch {
	case e.Set:
		return in.setComprehension(ctx, e, env)
	case e.List:
		return in.listComprehension(ctx, e, env)
	}
	return nil, errorf(e.Pos, "cannot evaluate this expression")
}

// condExpr is if c then a else b.
func (in *Interp) condExpr(ctx context.Context, e *lang.CondExpr, env map[string]Value) (Value, error) {
	c, err := in.truth(ctx, e.If, env)
	if err != nil {
		return nil, err
	}
	if c {
		return in.eval(ctx, e.Then, env)
	}
	return in.eval(ctx, e.Else, env)
}

func (in *Interp) evalAll(ctx context.Context, es []lang.Expr, env map[string]Value) ([]Value, error) {
	out := make([]Value, len(es))
	for i, e := range es {
		v, err := in.eval(ctx, e, env)
		if err != nil {
			return nil, err
		}
		out[i] = v
	}
	return out, nil
}

func (in *Interp) lookup(e *lang.Ident, env map[string]Value) (Value, error) {
	if v, ok := env[e.Name]; ok {
		return v, nil
	}
	if v, ok := in.globals[e.Name]; ok {
		return v, nil
	}
	for _, c := range in.cfg.Conventions {
		if c.Name() == e.Name {
			return ConventionVal{c}, nil
		}
	}
	if v, ok := builtinConsts[e.Name]; ok {
		return v, nil
	}
	if b, ok := builtin.Lookup(e.Name); ok {
		if len(b.Params) > 0 {
			return ParamGame{builtin: b}, nil
		}
		r, err := in.builtin(b, nil, e.Pos)
		return RulesetVal{r}, err
	}
	return nil, errorf(e.Pos, "unknown name %s", e.Name)
}

func (in *Interp) setLit(ctx context.Context, e *lang.SetLit, env map[string]Value) (Value, error) {
	vals, err := in.evalAll(ctx, e.Elems, env)
	if err != nil {
		return nil, err
	}
	var xs []*big.Int
	for i, v := range vals {
		err := listInts(v, lang.ExprPos(e.Elems[i]), func(x *big.Int) error {
			if len(xs) > 1<<20 {
				return errorf(e.Pos, "this set has more than %d members", 1<<20)
			}
			xs = append(xs, x)
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	return newSet(xs), nil
}

func (in *Interp) rangeExpr(ctx context.Context, e *lang.RangeExpr, env map[string]Value) (Value, error) {
	lo, err := in.intArg(ctx, e.Lo, env)
	if err != nil {
		return nil, err
	}
	if e.Hi == nil {
		return Range{Lo: lo, Open: true}, nil
	}
	hi, err := in.intArg(ctx, e.Hi, env)
	if err != nil {
		return nil, err
	}
	return Range{Lo: lo, Hi: hi}, nil
}

func (in *Interp) intArg(ctx context.Context, e lang.Expr, env map[string]Value) (*big.Int, error) {
	v, err := in.eval(ctx, e, env)
	if err != nil {
		return nil, err
	}
	n, ok := v.(Int)
	if !ok {
		return nil, errorf(lang.ExprPos(e), "expected a number, not %s", typeName(v))
	}
	return n.V, nil
}

func (in *Interp) unary(ctx context.Context, e *lang.Unary, env map[string]Value) (Value, error) {
	v, err := in.eval(ctx, e.X, env)
	if err != nil {
		return nil, err
	}
	switch x := v.(type) {
	case Int:
		if e.Op == "-" {
			return Int{new(big.Int).Neg(x.V)}, nil
		}
	case Bool:
		if e.Op == "not" {
			return !x, nil
		}
	}
	return nil, errorf(e.Pos, "cannot apply %s to %s", e.Op, typeName(v))
}

func (in *Interp) binary(ctx context.Context, e *lang.Binary, env map[string]Value) (Value, error) {
	return in.chain(ctx, e, env)
}

// chain evaluates a left-leaning chain a op b op c ..., left to right,
// without recursion, and adds positions into one slice: a sum of 10^5
// parts once took quadratic time, copying the sum at every +.
func (in *Interp) chain(ctx context.Context, e *lang.Binary, env map[string]Value) (Value, error) {
	chain := []*lang.Binary{e}
	for l, ok := e.Left.(*lang.Binary); ok && l.Op != "^"; l, ok = l.Left.(*lang.Binary) {
		chain = append(chain, l)
	}
	acc, err := in.eval(ctx, chain[len(chain)-1].Left, env)
	if err != nil {
		return nil, err
	}
	var owned game.Position // the sum built so far, when acc is a position
	for i := len(chain) - 1; i >= 0; i-- {
		op := chain[i]
		if decides(op.Op, acc) {
			continue
		}
		r, err := in.eval(ctx, op.Right, env)
		if err != nil {
			return nil, err
		}
		lp, lok := acc.(PositionVal)
		rp, rok := r.(PositionVal)
		if op.Op != "+" || !lok || !rok {
			if acc, err = apply(ctx, op, acc, r); err != nil {
				return nil, err
			}
			owned = nil
			continue
		}
		if owned == nil {
			owned = append(game.Position{}, lp.P...)
		}
		owned = append(owned, rp.P...)
		acc = PositionVal{owned}
	}
	return acc, nil
}

// Adder is a value with a sum of its own (a misère canonical form): Plus
// is l + r, or an error when r is not of its kind.
type Adder interface {
	Plus(ctx context.Context, r Value) (Value, error)
}

// apply is a binary operator on its operands' values.
func apply(ctx context.Context, e *lang.Binary, l, r Value) (Value, error) {
	if a, ok := l.(Adder); ok && e.Op == "+" {
		if v, err := a.Plus(ctx, r); v != nil || err != nil {
			return v, at(e.OpPos, err)
		}
	}
	switch e.Op {
	case "and", "or":
		return logic(e, l, r)
	case "==", "!=":
		var eq bool
		if li, ok := l.(Int); ok {
			ri, ok := r.(Int)
			eq = ok && li.V.Cmp(ri.V) == 0 // numbers without printing them
		} else {
			eq = l.String() == r.String() && typeName(l) == typeName(r)
		}
		return Bool(eq == (e.Op == "==")), nil
	}
	li, lok := l.(Int)
	ri, rok := r.(Int)
	if !lok || !rok {
		return nil, errorf(e.OpPos, "cannot apply %s to %s and %s", e.Op, typeName(l), typeName(r))
	}
	return bigOp(e.Op, e.OpPos, li.V, ri.V)
}

// decides reports whether the left side of 'and' or 'or' decides it alone.
func decides(op string, l Value) bool {
	b, ok := l.(Bool)
	return ok && (op == "and" && !bool(b) || op == "or" && bool(b))
}

// logic is the value of 'l and r' or 'l or r' once l did not decide it.
func logic(e *lang.Binary, l, r Value) (Value, error) {
	_, lok := l.(Bool)
	rb, rok := r.(Bool)
	if !lok || !rok {
		return nil, errorf(e.OpPos, "%s needs truth values, not %s and %s", e.Op, typeName(l), typeName(r))
	}
	return rb, nil
}

func bigOp(op string, p lang.Pos, a, b *big.Int) (Value, error) {
	c := new(big.Int)
	switch op {
	case "+":
		return Int{c.Add(a, b)}, nil
	case "-":
		return Int{c.Sub(a, b)}, nil
	case "*":
		if a.BitLen()+b.BitLen() > maxPowBits+1 { // as for ^: a tower of squares ends here, not in minutes
			return nil, errorf(p, "a product of %d and %d bits is too large (more than %d bits)", a.BitLen(), b.BitLen(), maxPowBits)
		}
		return Int{c.Mul(a, b)}, nil
	case "/", "%":
		return divide(op, p, a, b)
	case "^":
		return power(p, a, b)
	case "xor":
		return Int{c.Xor(a, b)}, nil
	case "&":
		return Int{c.And(a, b)}, nil
	case "|":
		return Int{c.Or(a, b)}, nil
	case "<<", ">>":
		return shift(op, p, a, b)
	}
	cmp := a.Cmp(b)
	return Bool(map[string]bool{
		"<": cmp < 0, "<=": cmp <= 0, ">": cmp > 0, ">=": cmp >= 0,
	}[op]), nil
}

// divide is a / b or a % b (truncated), refusing division by zero.
func divide(op string, p lang.Pos, a, b *big.Int) (Value, error) {
	if b.Sign() == 0 {
		return nil, errorf(p, "division by zero")
	}
	if op == "/" {
		return Int{new(big.Int).Quo(a, b)}, nil
	}
	return Int{new(big.Int).Rem(a, b)}, nil
}

// power is a^b for 0 <= b; a result past maxPowBits bits is refused.
func power(p lang.Pos, a, b *big.Int) (Value, error) {
	if b.Sign() < 0 {
		return nil, errorf(p, "negative exponent %s", b)
	}
	if a.CmpAbs(big.NewInt(1)) > 0 && (!b.IsInt64() || b.Int64() > maxPowBits || int64(a.BitLen()-1)*b.Int64() > maxPowBits) {
		base := a.String()
		if a.Sign() < 0 {
			base = "(" + base + ")"
		}
		return nil, errorf(p, "%s^%s is too large (more than %d bits)", base, b, maxPowBits)
	}
	return Int{new(big.Int).Exp(a, b, nil)}, nil
}

// shift is a << b or a >> b (rounding down), for 0 <= b; a result past
// maxPowBits bits is refused, as for ^.
func shift(op string, p lang.Pos, a, b *big.Int) (Value, error) {
	if b.Sign() < 0 {
		return nil, errorf(p, "a negative shift (%s %s %s)", a, op, b)
	}
	if op == ">>" {
		if !b.IsInt64() || b.Int64() > int64(a.BitLen()) {
			if a.Sign() < 0 {
				return Int{big.NewInt(-1)}, nil
			}
			return Int{new(big.Int)}, nil
		}
		return Int{new(big.Int).Rsh(a, uint(b.Int64()))}, nil
	}
	if a.Sign() != 0 && (!b.IsInt64() || int64(a.BitLen())+b.Int64() > maxPowBits) {
		return nil, errorf(p, "%s << %s is too large (more than %d bits)", a, b, maxPowBits)
	}
	if a.Sign() == 0 {
		return Int{new(big.Int)}, nil
	}
	return Int{new(big.Int).Lsh(a, uint(b.Int64()))}, nil
}

func (in *Interp) call(ctx context.Context, e *lang.Call, env map[string]Value) (Value, error) {
	if id, ok := e.Fn.(*lang.Ident); ok {
		if _, shadowed := env[id.Name]; !shadowed {
			if v, ok, err := in.builtinCall(ctx, e, id.Name, env); ok {
				return v, err
			}
		}
	}
	fn, err := in.eval(ctx, e.Fn, env)
	if err != nil {
		return nil, err
	}
	args, err := in.evalAll(ctx, e.Args, env)
	if err != nil {
		return nil, err
	}
	switch f := fn.(type) {
	case FuncVal:
		return in.callFunc(ctx, e, f, args)
	case ParamGame:
		return in.paramGame(ctx, e, f, args)
	case RulesetVal:
		if k := f.R.Kind(); k.Braces() {
			return nil, errorf(e.Pos, "%s is a %s ruleset: write its positions with braces, as in %s", f.R.Name(), k.Name(), k.Example(f.R.Name()))
		}
		return makePosition(f.R, args, e.Pos)
	}
	return nil, errorf(e.Pos, "%s is %s and cannot be called", fn, typeName(fn))
}

// builtinCall is a call of name over a generator, or of a builtin
// function; ok is false when it is neither.
func (in *Interp) builtinCall(ctx context.Context, e *lang.Call, name string, env map[string]Value) (Value, bool, error) {
	if g, ok := generatorArg(e); ok {
		if v, ok, err := in.compiledGenerator(ctx, e, name, g, env); ok {
			return v, true, err
		}
		v, err := in.generator(ctx, name, g, env)
		return v, true, err
	}
	b, ok := funcs[name]
	if !ok {
		return nil, false, nil
	}
	args, err := in.evalAll(ctx, e.Args, env)
	if err != nil {
		return nil, true, err
	}
	if len(args) < b.min || b.max >= 0 && len(args) > b.max {
		return nil, true, errorf(e.Pos, "%s takes %s, got %d (usage: %s)", name, check.CountArgs(b.min, b.max), len(args), b.usage)
	}
	v, err := b.call(in, ctx, e, args)
	return v, true, err
}

// paramGame is the ruleset G(args) of a game with parameters.
func (in *Interp) paramGame(ctx context.Context, e *lang.Call, f ParamGame, args []Value) (Value, error) {
	var r game.Ruleset
	var err error
	if f.builtin != nil {
		r, err = in.builtin(f.builtin, args, e.Pos)
	} else {
		r, err = in.instantiate(ctx, f.decl, args, e.Pos)
	}
	if err != nil {
		return nil, err
	}
	return RulesetVal{r}, nil
}

// builtinConsts are the names of constant values: the truth values and the
// outcomes, so that outcome(P) == P reads as it should. A name the session
// defines shadows them.
var builtinConsts = map[string]Value{
	"true": Bool(true), "false": Bool(false),
	"P": OutcomeVal(game.P), "N": OutcomeVal(game.N), "D": OutcomeVal(game.D),
}

// maxCallDepth bounds how deep calls of functions defined by let nest.
const maxCallDepth = 10_000

// callFunc runs a function defined by let f(x, ...) = body: the body sees
// its parameters and the globals.
func (in *Interp) callFunc(ctx context.Context, e *lang.Call, f FuncVal, args []Value) (Value, error) {
	d := f.Decl
	if len(args) != len(d.Params) {
		return nil, errorf(e.Pos, "%s takes %d arguments, got %d", d.Name.Name, len(d.Params), len(args))
	}
	if in.depth >= maxCallDepth {
		return nil, errorf(e.Pos, "calls of %s nest more than %d deep (a recursion that does not end?)", d.Name.Name, maxCallDepth)
	}
	env := make(map[string]Value, len(args))
	for i, p := range d.Params {
		env[p.Name] = args[i]
	}
	in.depth++
	defer func() { in.depth-- }()
	if in.depth%256 == 0 {
		if err := ctx.Err(); err != nil {
			return nil, &solve.InterruptedError{What: d.Name.Name, Err: err}
		}
	}
	return in.eval(ctx, d.Value, env)
}

// generatorArg is the generator a call takes as its only argument, if so.
func generatorArg(e *lang.Call) (*lang.Comprehension, bool) {
	if len(e.Args) != 1 {
		return nil, false
	}
	g, ok := e.Args[0].(*lang.Comprehension)
	return g, ok && g.Generator()
}

func (in *Interp) setCall(ctx context.Context, e *lang.SetCall, env map[string]Value) (Value, error) {
	fn, err := in.eval(ctx, e.Fn, env)
	if err != nil {
		return nil, err
	}
	if f, ok := fn.(ParamGame); ok {
		return nil, errorf(e.Pos, "%s is a game with parameters: give them first, then the numbers, as in %s(...){2, 3}", f, lang.FormatExpr(e.Fn))
	}
	rv, ok := fn.(RulesetVal)
	if !ok {
		return nil, errorf(e.Pos, "%s is not a set ruleset; braces make positions of set rulesets only", fn)
	}
	if k := rv.R.Kind(); !k.Braces() {
		return nil, errorf(e.Pos, "%s is a %s ruleset: write its positions as %s, not with braces", rv.R.Name(), k.Name(), k.Example(rv.R.Name()))
	}
	args, err := in.evalAll(ctx, e.Elems, env)
	if err != nil {
		return nil, err
	}
	return makePosition(rv.R, args, e.Pos)
}

// positionFromData makes a position of a kind made from data (graphs and
// words) when every argument is a datum; ok is false otherwise (a kind
// that takes none then says what it takes).
func positionFromData(r game.Ruleset, args []Value, p lang.Pos) (Value, bool, error) {
	vm, ok := r.Kind().(game.ValueMaker)
	if !ok || len(args) == 0 {
		return nil, false, nil
	}
	var vs []any
	for _, a := range args {
		if d, ok := a.(Datum); ok {
			vs = append(vs, d.Datum())
		}
	}
	if len(vs) != len(args) {
		return nil, false, nil
	}
	s, err := vm.MakeFrom(r.Name(), vs)
	if err != nil {
		return nil, true, errorf(p, "%v", err)
	}
	return PositionVal{game.Position{{Rules: r, State: s}}}, true, nil
}

// makePosition makes a position of r from the arguments of a call: numbers,
// and in braces also ranges and sets of numbers.
func makePosition(r game.Ruleset, args []Value, p lang.Pos) (Value, error) {
	if v, ok, err := positionFromData(r, args, p); ok {
		return v, err
	}
	if len(args) == 1 && !r.Kind().Braces() {
		if xs, ok := elements(args[0]); ok { // Staircase(hs): the list's numbers, one by one
			args = make([]Value, len(xs))
			for i, x := range xs {
				args[i] = Int{x}
			}
		}
	}
	nums := make([]*big.Int, 0, len(args))
	for _, a := range args {
		if r.Kind().Braces() {
			if err := listInts(a, p, func(x *big.Int) error { nums = append(nums, x); return nil }); err != nil {
				return nil, err
			}
			continue
		}
		n, ok := a.(Int)
		if !ok {
			return nil, errorf(p, "a position of %s is made of numbers, not %s", r.Name(), typeName(a))
		}
		nums = append(nums, n.V)
	}
	s, err := r.Kind().Make(r.Name(), nums)
	if err != nil {
		return nil, errorf(p, "%v", err)
	}
	return PositionVal{game.Position{{Rules: r, State: s}}}, nil
}

// maxListed bounds the numbers a range stands for where they are listed one
// by one: in a set, or as the arguments of a game.
const maxListed = 1 << 20

// eachInt calls f for every integer a value stands for: a number, a bounded
// range or a set.
func eachInt(v Value, p lang.Pos, f func(*big.Int) error) error {
	return eachIntUpTo(v, p, 0, f)
}

// succ is x + 1, a new number: the number and its one word in one
// allocation when it fits in a word (a range walked member by member).
func succ(x *big.Int) *big.Int {
	if x.Sign() >= 0 && x.IsUint64() && x.Uint64() < uint64(^big.Word(0)) {
		c := new(struct {
			n big.Int
			w [1]big.Word
		})
		c.w[0] = big.Word(x.Uint64() + 1)
		return c.n.SetBits(c.w[:])
	}
	return new(big.Int).Add(x, big.NewInt(1))
}

// listInts is eachInt for numbers that are kept: a range may stand for at
// most maxListed of them.
func listInts(v Value, p lang.Pos, f func(*big.Int) error) error {
	return eachIntUpTo(v, p, maxListed, f)
}

// eachOf calls f with each of xs, to the first error.
func eachOf(xs []*big.Int, f func(*big.Int) error) error {
	for _, x := range xs {
		if err := f(x); err != nil {
			return err
		}
	}
	return nil
}

// eachIntUpTo is eachInt refusing a range of more than limit numbers
// (limit 0: no limit; the caller has checked the range).
func eachIntUpTo(v Value, p lang.Pos, limit int64, f func(*big.Int) error) error {
	if rg, ok := v.(Range); ok && limit > 0 && !rg.Open {
		n := new(big.Int).Sub(rg.Hi, rg.Lo)
		if n.Add(n, big.NewInt(1)).Cmp(big.NewInt(limit)) > 0 {
			return errorf(p, "the range %s stands for %s numbers, more than the %d that may be listed one by one", rg, n, limit)
		}
	}
	if xs, ok := elements(v); ok {
		return eachOf(xs, f)
	}
	switch v := v.(type) {
	case Int:
		return f(v.V)
	case Set:
		return eachOf(v.Elems, f)
	case Range:
		if v.Open {
			return errorf(p, "an unbounded range (%s) has no end", v)
		}
		for x := new(big.Int).Set(v.Lo); x.Cmp(v.Hi) <= 0; x = succ(x) {
			if err := f(x); err != nil {
				return err
			}
		}
		return nil
	}
	return errorf(p, "expected numbers, ranges, sets or lists, not %s", typeName(v))
}
