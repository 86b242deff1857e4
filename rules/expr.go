package rules

// The rule compiler.
//
// Rule expressions run once per position, millions of times, so they are not
// walked as an AST: each is compiled once, when its ruleset is made, into a Go
// closure over a register array of int64 (the heap size n, the state
// variables, the loop variables). Parameters and global names are constants by
// then and are folded in. Truth values are 0 and 1. Arithmetic that would
// overflow int64 or divide by zero aborts (solve.Abort) with a *lang.Error at
// the operator; the solvers and the rulesets' entry points return it as an
// ordinary error.

import (
	"context"
	"math"
	"math/bits"

	"github.com/gamelang/gamelang/lang"
	"github.com/gamelang/gamelang/numeric"
	"github.com/gamelang/gamelang/solve"
)

// Func is a compiled integer expression: its value for the registers r.
type Func func(r []int64) int64

// Scope maps the names visible in a rule to registers or constants.
type Scope struct {
	slots    map[string]int
	consts   func(name string) (Const, bool)
	n        int             // registers in use
	inlining map[string]bool // the functions being inlined
	ticker   *Ticker         // what the loops of comprehensions tick
	// what a kind of position defines for its rules: functions of numbers
	// and collections (the vertices of a graph, a vertex's neighbours)
	funcs map[string]LocalFunc
	colls map[string]LocalColl
	calls CallFunc // the calls the compiler does not know that a caller compiles (Calls)
}

// CallFunc compiles a call the rule compiler does not know, with num to
// compile the numbers it takes; ok false when it does not know it either.
type CallFunc func(e *lang.Call, num func(lang.Expr) Int) (f Func, ok bool)

// Calls lets the caller compile the calls the rule compiler does not know:
// eval compiles a statement's generator, sum(grundy(K(x, y)) for ...), with
// its questions about positions.
func (s *Scope) Calls(f CallFunc) { s.calls = f }

// LocalFunc is a function a kind of position defines for its rules, such
// as the degree of a vertex: it reads the position under way.
type LocalFunc struct {
	Args int
	Fn   func(at lang.Pos, args []int64) int64 // at: the call, for errors
}

// LocalColl is a collection a kind of position defines for its rules,
// named alone (Args 0: vertices) or called (Args 1: neighbours(v)); each
// calls f with its members until f returns false.
type LocalColl struct {
	Args int
	Each func(at lang.Pos, args []int64, f func(k int64) bool)
}

// Define makes the functions and collections of a kind of position
// visible to the rules compiled in s.
func (s *Scope) Define(funcs map[string]LocalFunc, colls map[string]LocalColl) {
	s.funcs, s.colls = funcs, colls
}

// Unbind ends a name's register binding (a loop variable's, after its
// rule).
func (s *Scope) Unbind(name string) { delete(s.slots, name) }

// Ticker lets the loops a rule runs inside (comprehensions, generators)
// count against the query under way, so that a long loop can be stopped:
// a ruleset hands it the Work of each listing of options (Use) and takes it
// back after (Use(nil)); outside a listing the loops do not tick.
type Ticker struct {
	w *solve.Work
	// ctx, when set (Watch), is looked at every few thousand steps: a loop
	// that runs outside any listing of options stops when it is done.
	ctx   context.Context
	steps int
	// A comprehension folded when its game is declared runs with no Work:
	// it may take at most left steps (0: no bound), else it fails at pos.
	left int
	pos  lang.Pos
}

// Use sets the Work the loops tick, nil for none.
func (t *Ticker) Use(w *solve.Work) {
	if t != nil {
		t.w = w
	}
}

// Listing starts the listing of one position's options for a kind that
// runs its rules itself: the Work its loops tick, and done to call once
// the listing is over.
func (t *Ticker) Listing(ctx context.Context, limits *solve.Limits, what string) (w *solve.Work, done func()) {
	w = solve.NewWork(ctx, limits, what, func() int { return 0 })
	t.Use(w)
	return w, func() { t.Use(nil) }
}

// Watch makes the loops stop with an *solve.InterruptedError when ctx is
// done, looking at it every few thousand steps, until unwatch is called.
func (t *Ticker) Watch(ctx context.Context) (unwatch func()) {
	t.ctx = ctx
	return func() { t.ctx = nil }
}

func (t *Ticker) tick() { // small enough to inline: a statement's generator ticks here only
	if t.steps++; t.w != nil || t.left != 0 || t.steps&4095 == 0 {
		t.tickAll()
	}
}

func (t *Ticker) tickAll() {
	if t.w != nil {
		t.w.Tick()
	}
	if t.ctx != nil && t.steps&4095 == 0 {
		if err := t.ctx.Err(); err != nil {
			solve.Abort(&solve.InterruptedError{What: "a comprehension", Err: err})
		}
	}
	if t.left > 0 {
		if t.left--; t.left == 0 {
			Fail(t.pos, "this comprehension takes more than %d steps to compute when its game is declared", maxFoldSteps)
		}
	}
}

// maxFoldSteps bounds a comprehension computed when its game is declared.
const maxFoldSteps = 1 << 24

// Ticker is the ticker of the rules compiled in s.
func (s *Scope) Ticker() *Ticker {
	if s.ticker == nil {
		s.ticker = &Ticker{}
	}
	return s.ticker
}

// NewScope returns a scope whose names, until bound to registers, are the
// constants consts gives (parameters, then globals).
func NewScope(consts func(name string) (Const, bool)) *Scope {
	return &Scope{slots: map[string]int{}, consts: consts}
}

// Consts sets where the names not bound to registers are looked up.
func (s *Scope) Consts(consts func(name string) (Const, bool)) { s.consts = consts }

// Bind gives name the next register and returns it.
func (s *Scope) Bind(name string) int {
	s.slots[name] = s.n
	s.n++
	return s.n - 1
}

// Registers is the number of registers the compiled rules use.
func (s *Scope) Registers() int { return max(s.n, 1) }

// inline compiles a call of a function defined by let: its body, compiled
// in a scope that sees its parameters (bound to new registers) and the
// constants, not the rule's variables. A function that calls itself cannot
// be inlined.
func (s *Scope) inline(e *lang.Call, name string, d *lang.LetStmt) Int {
	if len(e.Args) != len(d.Params) {
		Fail(e.Pos, "%s takes %d arguments, got %d", name, len(d.Params), len(e.Args))
	}
	if s.inlining[name] {
		Fail(e.Pos, "%s calls itself: a recursive function cannot be used in a rule", name)
	}
	args := make([]Func, len(e.Args))
	for i, a := range e.Args {
		args[i] = s.intExpr(a).Fn
	}
	outer := s.slots
	s.slots = map[string]int{}
	slots := make([]int, len(d.Params))
	for i, p := range d.Params {
		slots[i] = s.Bind(p.Name)
	}
	if s.inlining == nil {
		s.inlining = map[string]bool{}
	}
	s.inlining[name] = true
	defer func() { s.slots = outer; delete(s.inlining, name) }()
	body := s.intExpr(d.Value).Fn
	vals := make([]int64, len(args))
	return Int{Fn: func(r []int64) int64 {
		for i, a := range args { // every argument first, then the parameters
			vals[i] = a(r)
		}
		for i, slot := range slots {
			r[slot] = vals[i]
		}
		return body(r)
	}}
}

// Int is a compiled integer expression; a constant one is folded into Val.
type Int struct {
	Fn    Func
	Const bool
	Val   int64
	Reg   int     // 1 + the register Fn reads, when that is all it does; 0 otherwise
	Aff   *Affine // the expression as an affine one, when it is (line.go)
	Span  *Span   // the expression as a register's range, when it is a comparison of one with a constant (shift.go)
}

func konst(v int64) Int {
	return Int{Fn: func([]int64) int64 { return v }, Const: true, Val: v, Aff: affineConst(v)}
}

// Fail aborts the rule being run with an error at p.
func Fail(p lang.Pos, format string, args ...any) {
	solve.Abort(lang.Errorf(p, format, args...))
}

// Holds runs a test that may abort (a compiled rule that fails), reporting
// false when it does: a ruleset's Decided answers so, and the solvers, which
// run the rule again, report the failure.
func Holds(test func() bool) (holds bool) {
	defer func() {
		if r := recover(); r != nil {
			if _, ok := solve.Stopped(r); !ok {
				panic(r)
			}
			holds = false
		}
	}()
	return test()
}

// CompileInt compiles an integer (or truth-valued) expression.
func (s *Scope) CompileInt(e lang.Expr) (c Int, err error) {
	defer solve.Catch(&err)
	c = s.intExpr(e)
	if c.Const {
		c = konst(c.Val)
	}
	return c, nil
}

func (s *Scope) intExpr(e lang.Expr) Int {
	switch e := e.(type) {
	case *lang.IntLit:
		v, err := e.Value()
		if err != nil || !v.IsInt64() {
			Fail(e.Pos, "%s is too large for a rule (at most %d)", e.Digits, int64(math.MaxInt64))
		}
		return konst(v.Int64())
	case *lang.Paren:
		return s.intExpr(e.X)
	case *lang.Ident:
		return s.ident(e)
	case *lang.Unary:
		return s.unary(e)
	case *lang.Binary:
		return s.binary(e)
	case *lang.Call:
		return s.call(e)
	case *lang.RangeExpr:
		Fail(e.Pos, "a range is not a number; ranges belong after 'take' or 'in'")
	case *lang.SetLit:
		Fail(e.Pos, "a set is not a number; sets belong after 'take' or 'in'")
	case *lang.Comprehension:
		Fail(e.Pos, "a set is not a number; sets belong after 'take' or 'in'")
	case *lang.CondExpr:
		return s.condExpr(e)
	case *lang.StringLit:
		Fail(e.Pos, "a string is not a number")
	}
	Fail(lang.ExprPos(e), "this expression cannot be used in a rule")
	return Int{}
}

func (s *Scope) ident(e *lang.Ident) Int {
	if i, ok := s.slots[e.Name]; ok {
		return Int{Fn: func(r []int64) int64 { return r[i] }, Reg: i + 1, Aff: affineReg(i)}
	}
	if _, ok := s.colls[e.Name]; ok {
		Fail(e.Pos, "%s is a collection, not a number: it goes after 'in', or in a move's result", e.Name)
	}
	if lf, ok := s.funcs[e.Name]; ok && lf.Args == 0 {
		return Int{Fn: func([]int64) int64 { return lf.Fn(e.Pos, nil) }}
	}
	v, ok := s.consts(e.Name)
	if !ok {
		Fail(e.Pos, "unknown name %s", e.Name)
	}
	switch {
	case v.kind == constInt:
		return konst(fitRule(e.Pos, e.Name, v.ints[0]))
	case v.kind == constBool:
		return konst(b2i(v.truth))
	}
	Fail(e.Pos, "%s is %s, not a number", e.Name, v.what())
	return Int{}
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

func (s *Scope) unary(e *lang.Unary) Int {
	x := s.intExpr(e.X)
	var f func(int64) int64
	if e.Op == "not" {
		f = func(v int64) int64 { return b2i(v == 0) }
	} else {
		f = func(v int64) int64 {
			if v == math.MinInt64 {
				Fail(e.Pos, "integer overflow")
			}
			return -v
		}
	}
	if x.Const {
		return konst(f(x.Val))
	}
	xf := x.Fn
	neg := Int{Fn: func(r []int64) int64 { return f(xf(r)) }}
	if e.Op == "-" {
		neg.Aff = affineScale(x.Aff, -1)
	}
	return neg
}

func (s *Scope) binary(e *lang.Binary) Int {
	l, r := s.intExpr(e.Left), s.intExpr(e.Right)
	switch e.Op {
	case "and":
		return shortCircuit(l, r, false)
	case "or":
		return shortCircuit(l, r, true)
	}
	op := intOp(e.Op, e.OpPos)
	if l.Const && r.Const {
		return konst(op(l.Val, r.Val))
	}
	if f := compareReg(e.Op, l, r); f != nil {
		return Int{Fn: f, Span: spanOf(e.Op, l.Reg-1, r.Val)}
	}
	return Int{Fn: opFunc(op, l, r), Aff: affineOp(e.Op, l, r)}
}

// compareReg is a comparison of a register with a constant, written out:
// the guards of moves (x > 1) run once per move of every position, and
// this saves them a call. Nil for any other comparison.
func compareReg(op string, l, r Int) Func {
	i := l.Reg - 1
	if i < 0 || !r.Const {
		return nil
	}
	v := r.Val
	switch op {
	case "<":
		return func(x []int64) int64 { return b2i(x[i] < v) }
	case "<=":
		return func(x []int64) int64 { return b2i(x[i] <= v) }
	case ">":
		return func(x []int64) int64 { return b2i(x[i] > v) }
	case ">=":
		return func(x []int64) int64 { return b2i(x[i] >= v) }
	case "==":
		return func(x []int64) int64 { return b2i(x[i] == v) }
	case "!=":
		return func(x []int64) int64 { return b2i(x[i] != v) }
	}
	return nil
}

// opFunc is l op r. An operand that is a register or a constant is read in
// place, not through a call: n - k costs one call of op, not three calls.
func opFunc(op func(a, b int64) int64, l, r Int) Func {
	switch i, j := l.Reg-1, r.Reg-1; {
	case i >= 0 && j >= 0:
		return func(x []int64) int64 { return op(x[i], x[j]) }
	case i >= 0 && r.Const:
		v := r.Val
		return func(x []int64) int64 { return op(x[i], v) }
	case l.Const && j >= 0:
		v := l.Val
		return func(x []int64) int64 { return op(v, x[j]) }
	}
	lf, rf := l.Fn, r.Fn
	return func(x []int64) int64 { return op(lf(x), rf(x)) }
}

// condExpr is if c then a else b: only the branch taken runs.
func (s *Scope) condExpr(e *lang.CondExpr) Int {
	c, a, b := s.intExpr(e.If), s.intExpr(e.Then), s.intExpr(e.Else)
	if c.Const {
		if c.Val != 0 {
			return a
		}
		return b
	}
	cf, af, bf := c.Fn, a.Fn, b.Fn
	return Int{Fn: func(r []int64) int64 {
		if cf(r) != 0 {
			return af(r)
		}
		return bf(r)
	}}
}

func shortCircuit(l, r Int, or bool) Int {
	lf, rf := l.Fn, r.Fn
	stop := b2i(or) // the value of l that decides the result
	return Int{Fn: func(x []int64) int64 {
		if b2i(lf(x) != 0) == stop {
			return stop
		}
		return b2i(rf(x) != 0)
	}}
}

// intOp returns the int64 operation for op, failing at p on overflow.
func intOp(op string, p lang.Pos) func(a, b int64) int64 {
	switch op {
	case "+":
		return func(a, b int64) int64 {
			c := a + b
			if (c > a) != (b > 0) {
				Fail(p, "integer overflow in %d + %d", a, b)
			}
			return c
		}
	case "-":
		return func(a, b int64) int64 {
			c := a - b
			if (c < a) != (b > 0) {
				Fail(p, "integer overflow in %d - %d", a, b)
			}
			return c
		}
	case "*":
		return mulChecked(p)
	case "/", "%":
		return divChecked(op == "/", p)
	case "^":
		return powChecked(p)
	case "xor":
		return func(a, b int64) int64 { return a ^ b }
	case "&":
		return func(a, b int64) int64 { return a & b }
	case "|":
		return func(a, b int64) int64 { return a | b }
	case "<<", ">>":
		return shiftChecked(op, p)
	}
	return compare(op)
}

// shiftChecked is a << b or a >> b (rounding down) on int64, failing on a
// negative shift or a result that does not fit.
func shiftChecked(op string, p lang.Pos) func(a, b int64) int64 {
	return func(a, b int64) int64 {
		switch {
		case b < 0:
			Fail(p, "a negative shift (%d %s %d)", a, op, b)
		case op == ">>" && b >= 63:
			return a >> 63 // 0 or -1
		case op == ">>":
			return a >> b
		case a == 0:
			return 0
		}
		if b >= 63 || a<<b>>b != a {
			Fail(p, "integer overflow in %d << %d", a, b)
		}
		return a << b
	}
}

func divChecked(div bool, p lang.Pos) func(a, b int64) int64 {
	return func(a, b int64) int64 {
		if b == 0 {
			Fail(p, "division by zero")
		}
		if a == math.MinInt64 && b == -1 {
			Fail(p, "integer overflow")
		}
		if div {
			return a / b
		}
		return a % b
	}
}

func compare(op string) func(a, b int64) int64 {
	return map[string]func(a, b int64) int64{
		"==": func(a, b int64) int64 { return b2i(a == b) },
		"!=": func(a, b int64) int64 { return b2i(a != b) },
		"<":  func(a, b int64) int64 { return b2i(a < b) },
		"<=": func(a, b int64) int64 { return b2i(a <= b) },
		">":  func(a, b int64) int64 { return b2i(a > b) },
		">=": func(a, b int64) int64 { return b2i(a >= b) },
	}[op]
}

func mulChecked(p lang.Pos) func(a, b int64) int64 {
	return func(a, b int64) int64 {
		if uint64(a+1<<31) < 1<<32 && uint64(b+1<<31) < 1<<32 { // both within ±2^31: the product fits
			return a * b
		}
		hi, lo := bits.Mul64(uint64(abs64(a)), uint64(abs64(b)))
		neg := (a < 0) != (b < 0)
		if hi != 0 || lo > math.MaxInt64+b2u(neg) {
			Fail(p, "integer overflow in %d * %d", a, b)
		}
		if neg {
			return -int64(lo)
		}
		return int64(lo)
	}
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

func abs64(a int64) int64 {
	if a < 0 {
		return -a // MinInt64 stays negative; its uint64 is 2^63, which is right
	}
	return a
}

func powChecked(p lang.Pos) func(a, b int64) int64 {
	mul := mulChecked(p)
	return func(a, b int64) int64 {
		if b < 0 {
			Fail(p, "negative exponent %d", b)
		}
		switch a {
		case 0, 1:
			return map[bool]int64{true: 1, false: a}[b == 0]
		case -1:
			return 1 - 2*(b&1) // no loop over a huge b
		}
		result := int64(1) // |a| >= 2: an overflow comes within 63 steps
		for ; b > 0; b-- {
			result = mul(result, a)
		}
		return result
	}
}

func (s *Scope) call(e *lang.Call) Int {
	id, ok := e.Fn.(*lang.Ident)
	if !ok {
		Fail(e.Pos, "only number functions can be called in a rule")
	}
	if lf, ok := s.funcs[id.Name]; ok {
		return s.localCall(e, lf)
	}
	if _, ok := s.colls[id.Name]; ok {
		Fail(e.Pos, "%s(...) is a collection, not a number: it goes after 'in', or in a move's result", id.Name)
	}
	if s.calls != nil {
		if f, ok := s.calls(e, s.intExpr); ok {
			return Int{Fn: f}
		}
	}
	nf, ok := numeric.Funcs[id.Name]
	if !ok {
		if _, bound := s.slots[id.Name]; !bound {
			if v, ok := s.consts(id.Name); ok && v.kind == constFunc {
				return s.inline(e, id.Name, v.fn)
			}
		}
		Fail(e.Pos, "%s cannot be used inside a rule", id.Name)
	}
	if len(e.Args) == 1 {
		if g, ok := e.Args[0].(*lang.Comprehension); ok && g.Generator() {
			return s.generator(e, id.Name, g)
		}
	}
	return s.numericCall(e, nf)
}

// numericCall compiles a call of the numeric builtin nf: a constant when
// its arguments are, the builtin's pair form for two arguments when it has
// one, its int64 form otherwise.
func (s *Scope) numericCall(e *lang.Call, nf numeric.Func) Int {
	args := make([]Int, len(e.Args))
	allConst := true
	for i, a := range e.Args {
		args[i] = s.intExpr(a)
		allConst = allConst && args[i].Const
	}
	f64 := nf.Int64 // the int64 form of the numeric builtin
	// The arguments' values go to one buffer of this call's own, not one
	// allocated a call: a rule's code runs on one goroutine at a time, and
	// a call cannot be inside its own arguments.
	vals := make([]int64, len(args))
	eval := func(r []int64) int64 {
		for i, a := range args {
			vals[i] = a.Fn(r)
		}
		v, err := f64(vals)
		if err != nil {
			Fail(e.Pos, "%v", err)
		}
		return v
	}
	if allConst {
		return konst(eval(nil))
	}
	if pair := nf.Pair; pair != nil && len(args) == 2 {
		a, b := args[0].Fn, args[1].Fn
		return Int{Fn: func(r []int64) int64 { return pair(a(r), b(r)) }}
	}
	return Int{Fn: eval}
}

// localArgs compiles the arguments of a call of a kind's function or
// collection, which takes n.
func (s *Scope) localArgs(e *lang.Call, n int) []Func {
	if len(e.Args) != n {
		Fail(e.Pos, "%s takes %d arguments, got %d", lang.FormatExpr(e.Fn), n, len(e.Args))
	}
	args := make([]Func, len(e.Args))
	for i, a := range e.Args {
		args[i] = s.intExpr(a).Fn
	}
	return args
}

// localCall compiles a call of a kind's function.
func (s *Scope) localCall(e *lang.Call, lf LocalFunc) Int {
	args := s.localArgs(e, lf.Args)
	vals := make([]int64, len(args))
	return Int{Fn: func(r []int64) int64 {
		for i, a := range args {
			vals[i] = a(r)
		}
		return lf.Fn(e.Pos, vals)
	}}
}
