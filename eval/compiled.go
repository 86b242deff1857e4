package eval

import (
	"context"
	"errors"
	"math/big"
	"slices"

	"github.com/gamelang/gamelang/lang"
	"github.com/gamelang/gamelang/numeric"
	"github.com/gamelang/gamelang/play"
	"github.com/gamelang/gamelang/rules"
	"github.com/gamelang/gamelang/solve"
)

// Compiled generators. A statement's all, any, sum, xor, min or max of a
// generator over numbers — sum(grundy(K(x, y)) for x in 1..1000 for y in
// 1..1000) — runs millions of times round its loop; walked here, with a map
// for the variables and a big integer for every number, a step costs a
// microsecond. When every part of it is a number or a truth value that the
// rule compiler knows (package rules: int64 registers, the loops its rules
// run), with grundy(G(numbers)) besides, it is compiled by that compiler
// into closures instead, with the names it reads folded in, and run there.
// The answer is the same: a type check first lets through only what means
// the same in both (typeOf), and anything the compiled run cannot finish —
// a number past int64, a division by zero, a value a query cannot give as
// a number, any error but an interruption — makes the generator run here
// again from the start, exactly, with big integers, to give the value or
// the error this walk gives. A generator that fails so is not compiled again.
// A session with Config.Generic walks every generator, to check this path.

// compiledGen is a generator compiled for one call site.
type compiledGen struct {
	fn    rules.Func
	regs  []int64
	tick  *rules.Ticker
	reads map[string]Value // the names folded in, with their values then
	// the names of the environment (a function's parameters) read from
	// registers instead, so that a function called with other arguments
	// runs the same code
	params []param
	ctx    context.Context // of the run under way, for the queries
	// the solvers the queries ask, found again on every run: a session that
	// runs out of memory starts new ones (forget)
	queries []*numberQuery
}

// param is a name of the environment that a compiled generator reads from
// a register: a number or a truth value.
type param struct {
	name  string
	slot  int
	truth bool
}

// numberQuery is grundy(G(numbers)) inside a compiled generator.
type numberQuery struct {
	r RulesetVal
	play.NumberQuery
}

// errSlow is an abort of a compiled generator that the walk must redo.
var errSlow = errors.New("not compiled")

// compiledGenerator is the value of the generator call e (name(c)) run
// compiled; ok is false when it cannot be, and the caller walks it.
func (in *Interp) compiledGenerator(ctx context.Context, e *lang.Call, name string, c *lang.Comprehension, env map[string]Value) (v Value, ok bool, err error) {
	if in.cfg.Generic || in.slowGens[e] {
		return nil, false, nil
	}
	g := in.gens[e]
	if g == nil || !in.sameReads(g, env) || !g.sameParams(env) {
		if g = in.compileGen(e, name, env); g == nil {
			in.slow(e)
			return nil, false, nil
		}
		if len(in.gens) >= maxGens { // a long session's statements: keep the recent
			clear(in.gens)
		}
		in.gens[e] = g
	}
	if !g.load(env) {
		return nil, false, nil // a parameter past int64, this time
	}
	n, err := g.run(ctx, in)
	switch {
	case err == nil && (name == "all" || name == "any"):
		return Bool(n != 0), true, nil
	case err == nil:
		return Int{big.NewInt(n)}, true, nil
	case errors.As(err, new(*solve.InterruptedError)):
		return nil, true, err
	}
	in.slow(e)
	return nil, false, nil
}

// maxGens bounds the generators a session keeps compiled, and the call
// sites it keeps walking: each statement of a long session is a call site
// of its own.
const maxGens = 1 << 10

// slow makes the call site e walked from now on.
func (in *Interp) slow(e *lang.Call) {
	delete(in.gens, e)
	if len(in.slowGens) >= 64*maxGens {
		clear(in.slowGens)
	}
	in.slowGens[e] = true
}

// run runs the compiled generator: its value, or the error that stopped it.
func (g *compiledGen) run(ctx context.Context, in *Interp) (n int64, err error) {
	for _, q := range g.queries {
		s := in.solver(in.defaultConvention(q.r))
		nv, ok := s.(play.NumberValuer)
		if !ok {
			return 0, errSlow
		}
		if q.NumberQuery, ok = nv.Numbers(q.r.R); !ok {
			return 0, errSlow
		}
	}
	g.ctx = ctx
	defer g.tick.Watch(ctx)()
	defer func() { g.ctx = nil }()
	defer solve.Catch(&err)
	return g.fn(g.regs), nil
}

// compileGen compiles the generator call e, or returns nil when typeOf
// does not let it through or the rule compiler refuses it.
func (in *Interp) compileGen(e *lang.Call, name string, env map[string]Value) *compiledGen {
	want := tInt
	if numeric.Funcs[name].Truth {
		want = tBool
	}
	if in.typeOf(e, env, nil) != want {
		return nil
	}
	g := &compiledGen{reads: map[string]Value{}}
	sc := rules.NewScope(nil)
	vars := map[string]bool{}
	loopVars(e, vars)
	for n, v := range env {
		_, truth := v.(Bool)
		if _, num := v.(Int); (num || truth) && !vars[n] && lang.Mentions(e, n) {
			g.params = append(g.params, param{n, sc.Bind(n), truth})
		}
	}
	sc.Consts(func(n string) (rules.Const, bool) {
		v, ok := in.plainValue(n, env)
		if !ok {
			return rules.Const{}, false
		}
		g.reads[n] = v
		return constOf(v), true
	})
	sc.Calls(func(call *lang.Call, num func(lang.Expr) rules.Int) (rules.Func, bool) {
		return g.query(in, env, call, num)
	})
	c, err := sc.CompileInt(e)
	if err != nil {
		return nil
	}
	g.fn, g.regs, g.tick = c.Fn, make([]int64, sc.Registers()), sc.Ticker()
	return g
}

// query compiles a query on numbers inside the generator,
// grundy(K(x, y)): the solver asked without making positions, a value its
// memo knows read in place.
func (g *compiledGen) query(in *Interp, env map[string]Value, call *lang.Call, num func(lang.Expr) rules.Int) (rules.Func, bool) {
	r, args, ok := in.numberQuery(call, env)
	if !ok {
		return nil, false
	}
	g.reads[r.name] = r.val
	q := &numberQuery{r: r.val}
	g.queries = append(g.queries, q)
	fs := make([]rules.Func, len(args))
	regs := make([]int, len(args)) // the registers the arguments are, when they all are
	for i, a := range args {
		x := num(a)
		fs[i] = x.Fn
		if regs != nil && x.Reg > 0 {
			regs[i] = x.Reg - 1
		} else {
			regs = nil
		}
	}
	ask := func(nums []int64) int64 { // a value not known yet
		v, err := q.Value(g.ctx, nums)
		if err != nil {
			if errors.As(err, new(*solve.InterruptedError)) {
				solve.Abort(err)
			}
			solve.Abort(errSlow) // the walk says why, at its place
		}
		return v
	}
	return queryFunc(q, fs, regs, ask), true
}

// queryFunc is the compiled query: its arguments read from registers in
// place where they are registers, the pair of grundy(K(x, y)) first.
func queryFunc(q *numberQuery, fs []rules.Func, regs []int, ask func([]int64) int64) rules.Func {
	nums := make([]int64, len(fs))
	if len(regs) == 2 { // grundy(K(x, y)), the most common: the pair read in place
		a, b := regs[0], regs[1]
		return func(r []int64) int64 {
			if m := q.Memo; m != nil {
				if v, ok := m.KnownPair(r[a], r[b]); ok { // inlined: no call for a value known
					return int64(v)
				}
			}
			nums[0], nums[1] = r[a], r[b]
			return ask(nums)
		}
	}
	if regs != nil { // the numbers read in place
		return func(r []int64) int64 {
			for i, reg := range regs {
				nums[i] = r[reg]
			}
			if m := q.Memo; m != nil {
				if v, ok := m.Known(nums); ok { // inlined: no call for a value known
					return int64(v)
				}
			}
			return ask(nums)
		}
	}
	return func(r []int64) int64 {
		for i, f := range fs {
			nums[i] = f(r)
		}
		if m := q.Memo; m != nil {
			if v, ok := m.Known(nums); ok {
				return int64(v)
			}
		}
		return ask(nums)
	}
}

// sameParams reports whether the parameters g reads from registers are
// still numbers and truth values as they were.
func (g *compiledGen) sameParams(env map[string]Value) bool {
	for _, p := range g.params {
		switch env[p.name].(type) {
		case Int:
			if p.truth {
				return false
			}
		case Bool:
			if !p.truth {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// load puts the parameters' values in their registers; false when a number
// does not fit.
func (g *compiledGen) load(env map[string]Value) bool {
	for _, p := range g.params {
		switch v := env[p.name].(type) {
		case Int:
			if !v.V.IsInt64() {
				return false
			}
			g.regs[p.slot] = v.V.Int64()
		case Bool:
			g.regs[p.slot] = 0
			if v {
				g.regs[p.slot] = 1
			}
		}
	}
	return true
}

// loopVars adds the names that the comprehensions in e bind to vars.
func loopVars(e lang.Expr, vars map[string]bool) {
	lang.Inspect(e, func(x lang.Expr) bool {
		if c, ok := x.(*lang.Comprehension); ok {
			for _, f := range c.Fors {
				vars[f.Var.Name] = true
			}
		}
		return true
	})
}

// sameReads reports whether the names g folded in have the values they
// had when it was compiled.
func (in *Interp) sameReads(g *compiledGen, env map[string]Value) bool {
	for n, was := range g.reads {
		v, ok := in.plainValue(n, env)
		if !ok || !sameValue(v, was) {
			return false
		}
	}
	return true
}

// plainValue is the value of a name, as lookup finds it, when it is one
// the rule compiler may fold in (a number, a truth value, a set, a list, a
// bounded range) or a ruleset a query asks about.
func (in *Interp) plainValue(n string, env map[string]Value) (Value, bool) {
	v, err := in.lookup(&lang.Ident{Name: n}, env)
	switch v := v.(type) {
	case Int, Bool, Set, List, RulesetVal:
		return v, err == nil
	case Range:
		return v, err == nil && !v.Open
	}
	return nil, false
}

// sameValue reports whether two values that plainValue gives are equal.
func sameValue(a, b Value) bool {
	cmp := func(x, y *big.Int) bool { return x.Cmp(y) == 0 }
	switch a := a.(type) {
	case Int:
		b, ok := b.(Int)
		return ok && cmp(a.V, b.V)
	case Bool:
		return a == b
	case Set:
		b, ok := b.(Set)
		return ok && slices.EqualFunc(a.Elems, b.Elems, cmp)
	case List:
		b, ok := b.(List)
		return ok && slices.EqualFunc(a.Elems, b.Elems, cmp)
	case Range:
		b, ok := b.(Range)
		return ok && a.Open == b.Open && cmp(a.Lo, b.Lo) && (a.Open || cmp(a.Hi, b.Hi))
	case RulesetVal:
		b, ok := b.(RulesetVal)
		return ok && a.R == b.R
	}
	return false
}

// namedRuleset is a ruleset a name stands for.
type namedRuleset struct {
	name string
	val  RulesetVal
}

// numberQuery recognizes grundy(G(a, b, ...)): G a name for a ruleset whose
// positions are written as numbers (no braces), the arguments numbers.
func (in *Interp) numberQuery(call *lang.Call, env map[string]Value) (namedRuleset, []lang.Expr, bool) {
	id, ok := call.Fn.(*lang.Ident)
	if !ok || id.Name != "grundy" || len(call.Args) != 1 || in.shadowed(id.Name, env) {
		return namedRuleset{}, nil, false
	}
	pc, ok := call.Args[0].(*lang.Call)
	if !ok {
		return namedRuleset{}, nil, false
	}
	gid, ok := pc.Fn.(*lang.Ident)
	if !ok {
		return namedRuleset{}, nil, false
	}
	v, ok := in.plainValue(gid.Name, env)
	r, isRules := v.(RulesetVal)
	if !ok || !isRules || r.R.Kind().Braces() || len(pc.Args) == 0 {
		return namedRuleset{}, nil, false
	}
	return namedRuleset{gid.Name, r}, pc.Args, true
}

// shadowed reports whether a builtin function's name is taken by a value of
// the session or the environment.
func (in *Interp) shadowed(n string, env map[string]Value) bool {
	if _, ok := env[n]; ok {
		return true
	}
	_, ok := in.globals[n]
	return ok
}

// typ is what an expression gives, for the compiled path: a number, a truth
// value, or something it does not handle.
type typ int

const (
	tOther typ = iota
	tInt
	tBool
)

// typeOf is the type of e with the names of env and the session as they
// are now and the loop variables bound (numbers); tOther when the compiled
// path must not run it: anything whose meaning there could differ from
// this walk's (a truth value where a number goes, which rules read as 0 or
// 1; a name that is not a number or a truth value; a function rules do not
// know).
func (in *Interp) typeOf(e lang.Expr, env map[string]Value, bound map[string]bool) typ {
	switch e := e.(type) {
	case *lang.IntLit:
		return tInt
	case *lang.Paren:
		return in.typeOf(e.X, env, bound)
	case *lang.Ident:
		if bound[e.Name] {
			return tInt
		}
		switch v, _ := in.plainValue(e.Name, env); v.(type) {
		case Int:
			return tInt
		case Bool:
			return tBool
		}
	case *lang.Unary:
		return unaryType(e.Op, in.typeOf(e.X, env, bound))
	case *lang.Binary:
		return binaryType(e.Op, in.typeOf(e.Left, env, bound), in.typeOf(e.Right, env, bound))
	case *lang.CondExpr:
		t := in.typeOf(e.Then, env, bound)
		if in.typeOf(e.If, env, bound) == tBool && t == in.typeOf(e.Else, env, bound) {
			return t
		}
	case *lang.Call:
		return in.callType(e, env, bound)
	}
	return tOther
}

// unaryType is the type of op x: - of a number, not of a truth value.
func unaryType(op string, x typ) typ {
	switch {
	case op == "-" && x == tInt:
		return tInt
	case op == "not" && x == tBool:
		return tBool
	}
	return tOther
}

// binaryType is the type of l op r.
func binaryType(op string, l, r typ) typ {
	switch op {
	case "and", "or":
		if l == tBool && r == tBool {
			return tBool
		}
	case "==", "!=":
		if l == r && l != tOther {
			return tBool
		}
	case "<", "<=", ">", ">=":
		if l == tInt && r == tInt {
			return tBool
		}
	default:
		if l == tInt && r == tInt {
			return tInt
		}
	}
	return tOther
}

// numericTypes are the types of a numeric builtin's arguments and result:
// numbers, or truth values for logic and for truths.
func numericTypes(f numeric.Func) (arg, result typ) {
	arg, result = tInt, tInt
	if f.Logic {
		arg = tBool
	}
	if f.Truth {
		result = tBool
	}
	return arg, result
}

// callType is typeOf for a call: a numeric builtin, a generator, or
// grundy(G(numbers)).
func (in *Interp) callType(e *lang.Call, env map[string]Value, bound map[string]bool) typ {
	id, ok := e.Fn.(*lang.Ident)
	if !ok || bound[id.Name] || in.shadowed(id.Name, env) {
		return tOther
	}
	if r, args, ok := in.numberQuery(e, env); ok {
		if !bound[r.name] && in.allOf(args, tInt, env, bound) {
			return tInt
		}
		return tOther
	}
	f, ok := numeric.Funcs[id.Name]
	if !ok {
		return tOther
	}
	arg, result := numericTypes(f)
	if g, ok := generatorArg(e); ok {
		if !in.generatorOf(g, arg, env, bound) {
			return tOther
		}
		return result
	}
	if len(e.Args) < f.Min || f.Max >= 0 && len(e.Args) > f.Max || !in.allOf(e.Args, arg, env, bound) {
		return tOther
	}
	return result
}

// generatorOf is whether the generator g gives elements of type arg from
// ranges of numbers, under a condition that is a truth.
func (in *Interp) generatorOf(g *lang.Comprehension, arg typ, env map[string]Value, bound map[string]bool) bool {
	inner := map[string]bool{}
	for n := range bound {
		inner[n] = true
	}
	for _, fc := range g.Fors {
		if !in.rangeOK(fc.Range, env, inner) {
			return false
		}
		inner[fc.Var.Name] = true
	}
	return (g.Cond == nil || in.typeOf(g.Cond, env, inner) == tBool) && in.typeOf(g.Elem, env, inner) == arg
}

// allOf reports whether every expression has type t.
func (in *Interp) allOf(es []lang.Expr, t typ, env map[string]Value, bound map[string]bool) bool {
	for _, a := range es {
		if in.typeOf(a, env, bound) != t {
			return false
		}
	}
	return true
}

// rangeOK reports whether a comprehension's 'in' is one the compiled path
// walks as this one does: lo..hi of numbers, or a name for a set, a list or
// a bounded range.
func (in *Interp) rangeOK(e lang.Expr, env map[string]Value, bound map[string]bool) bool {
	switch e := e.(type) {
	case *lang.RangeExpr:
		return e.Hi != nil && in.typeOf(e.Lo, env, bound) == tInt && in.typeOf(e.Hi, env, bound) == tInt
	case *lang.Paren:
		return in.rangeOK(e.X, env, bound)
	case *lang.Ident:
		if bound[e.Name] {
			return false
		}
		switch v, _ := in.plainValue(e.Name, env); v.(type) {
		case Set, List, Range:
			return true
		}
	}
	return false
}
