package eval

// The rule compiler.
//
// Rule expressions (take amounts, move results, guards, `loses if` conditions)
// run once per position, millions of times, so they are not walked as an AST:
// each is compiled once, when its ruleset is made, into a Go closure over a
// register array of int64 (the heap size n, the state variables, the loop
// variables). Parameters and global names are constants by then and are folded
// in. Truth values are 0 and 1. Arithmetic that would overflow int64 or divide by
// zero panics with a *Error at the operator; the ruleset's entry points recover
// it and return it as an ordinary error.

import (
	"math"
	"math/big"
	"math/bits"
	"sort"

	"github.com/gamelang/gamelang/lang"
)

type intFn func(r []int64) int64

// scope maps the names visible in a rule to registers or constants.
type scope struct {
	slots  map[string]int
	consts map[string]Value
	n      int // registers in use
}

func newScope(consts map[string]Value) *scope {
	return &scope{slots: map[string]int{}, consts: consts}
}

// bind gives name the next register.
func (s *scope) bind(name string) int {
	s.slots[name] = s.n
	s.n++
	return s.n - 1
}

// compiled is a compiled integer expression; constant ones are folded.
type compiled struct {
	fn    intFn
	konst bool
	val   int64
}

func konst(v int64) compiled {
	return compiled{fn: func([]int64) int64 { return v }, konst: true, val: v}
}

func fail(p lang.Pos, format string, args ...any) {
	panic(errorf(p, format, args...))
}

// catch turns a panicking *Error into a returned error.
func catch(err *error) {
	if r := recover(); r != nil {
		e, ok := r.(*Error)
		if !ok {
			panic(r)
		}
		*err = e
	}
}

func (s *scope) compileInt(e lang.Expr) (c compiled, err error) {
	defer catch(&err)
	c = s.intExpr(e)
	if c.konst {
		c = konst(c.val)
	}
	return c, nil
}

func (s *scope) intExpr(e lang.Expr) compiled {
	switch e := e.(type) {
	case *lang.IntLit:
		v, ok := new(big.Int).SetString(e.Digits, 10)
		if !ok || !v.IsInt64() {
			fail(e.Pos, "%s is too large for a rule (at most %d)", e.Digits, int64(math.MaxInt64))
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
		fail(e.Pos, "a range is not a number; ranges belong after 'take' or 'in'")
	case *lang.SetLit:
		fail(e.Pos, "a set is not a number; sets belong after 'take' or 'in'")
	case *lang.StringLit:
		fail(e.Pos, "a string is not a number")
	}
	fail(lang.ExprPos(e), "this expression cannot be used in a rule")
	return compiled{}
}

func (s *scope) ident(e *lang.Ident) compiled {
	if i, ok := s.slots[e.Name]; ok {
		return compiled{fn: func(r []int64) int64 { return r[i] }}
	}
	v, ok := s.consts[e.Name]
	if !ok {
		fail(e.Pos, "unknown name %s", e.Name)
	}
	switch v := v.(type) {
	case Int:
		if !v.V.IsInt64() {
			fail(e.Pos, "%s = %s is too large for a rule", e.Name, v.V)
		}
		return konst(v.V.Int64())
	case Bool:
		return konst(b2i(bool(v)))
	}
	fail(e.Pos, "%s is %s, not a number", e.Name, typeName(v))
	return compiled{}
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

func (s *scope) unary(e *lang.Unary) compiled {
	x := s.intExpr(e.X)
	var f func(int64) int64
	if e.Op == "not" {
		f = func(v int64) int64 { return b2i(v == 0) }
	} else {
		f = func(v int64) int64 {
			if v == math.MinInt64 {
				fail(e.Pos, "integer overflow")
			}
			return -v
		}
	}
	if x.konst {
		return konst(f(x.val))
	}
	xf := x.fn
	return compiled{fn: func(r []int64) int64 { return f(xf(r)) }}
}

func (s *scope) binary(e *lang.Binary) compiled {
	l, r := s.intExpr(e.Left), s.intExpr(e.Right)
	switch e.Op {
	case "and":
		return shortCircuit(l, r, false)
	case "or":
		return shortCircuit(l, r, true)
	}
	op := intOp(e.Op, e.OpPos)
	if l.konst && r.konst {
		return konst(op(l.val, r.val))
	}
	lf, rf := l.fn, r.fn
	return compiled{fn: func(x []int64) int64 { return op(lf(x), rf(x)) }}
}

func shortCircuit(l, r compiled, or bool) compiled {
	lf, rf := l.fn, r.fn
	stop := b2i(or) // the value of l that decides the result
	return compiled{fn: func(x []int64) int64 {
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
				fail(p, "integer overflow in %d + %d", a, b)
			}
			return c
		}
	case "-":
		return func(a, b int64) int64 {
			c := a - b
			if (c < a) != (b > 0) {
				fail(p, "integer overflow in %d - %d", a, b)
			}
			return c
		}
	case "*":
		return mulChecked(p)
	case "/", "%":
		div := op == "/"
		return func(a, b int64) int64 {
			if b == 0 {
				fail(p, "division by zero")
			}
			if a == math.MinInt64 && b == -1 {
				fail(p, "integer overflow")
			}
			if div {
				return a / b
			}
			return a % b
		}
	case "^":
		return powChecked(p)
	}
	return compare(op)
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
		hi, lo := bits.Mul64(uint64(abs64(a)), uint64(abs64(b)))
		neg := (a < 0) != (b < 0)
		if hi != 0 || lo > math.MaxInt64+b2u(neg) {
			fail(p, "integer overflow in %d * %d", a, b)
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
			fail(p, "negative exponent %d", b)
		}
		result := int64(1)
		for ; b > 0; b-- {
			result = mul(result, a)
			if result == 0 || result == 1 && a == 1 {
				return result
			}
		}
		return result
	}
}

// ruleBuiltins are the functions a rule may call, all on int64.
var ruleBuiltins = map[string]struct {
	min, max int
	fn       func(p lang.Pos, args []int64) int64
}{
	"min":      {1, -1, func(_ lang.Pos, a []int64) int64 { return fold(a, func(x, y int64) int64 { return min(x, y) }) }},
	"max":      {1, -1, func(_ lang.Pos, a []int64) int64 { return fold(a, func(x, y int64) int64 { return max(x, y) }) }},
	"xor":      {1, -1, func(_ lang.Pos, a []int64) int64 { return fold(a, func(x, y int64) int64 { return x ^ y }) }},
	"abs":      {1, 1, func(p lang.Pos, a []int64) int64 { return absChecked(p, a[0]) }},
	"popcount": {1, 1, func(p lang.Pos, a []int64) int64 { return popcount(p, a[0]) }},
	"odd":      {1, 1, func(_ lang.Pos, a []int64) int64 { return a[0] & 1 }},
	"even":     {1, 1, func(_ lang.Pos, a []int64) int64 { return 1 - a[0]&1 }},
}

func fold(a []int64, f func(x, y int64) int64) int64 {
	acc := a[0]
	for _, x := range a[1:] {
		acc = f(acc, x)
	}
	return acc
}

func absChecked(p lang.Pos, v int64) int64 {
	if v == math.MinInt64 {
		fail(p, "integer overflow")
	}
	return abs64(v)
}

func popcount(p lang.Pos, v int64) int64 {
	if v < 0 {
		fail(p, "popcount of a negative number (%d)", v)
	}
	return int64(bits.OnesCount64(uint64(v)))
}

func (s *scope) call(e *lang.Call) compiled {
	id, ok := e.Fn.(*lang.Ident)
	if !ok {
		fail(e.Pos, "only number functions can be called in a rule")
	}
	b, ok := ruleBuiltins[id.Name]
	if !ok {
		fail(e.Pos, "%s cannot be used inside a rule", id.Name)
	}
	args := make([]compiled, len(e.Args))
	allConst := true
	for i, a := range e.Args {
		args[i] = s.intExpr(a)
		allConst = allConst && args[i].konst
	}
	eval := func(r []int64) int64 {
		vals := make([]int64, len(args))
		for i, a := range args {
			vals[i] = a.fn(r)
		}
		return b.fn(e.Pos, vals)
	}
	if allConst {
		return konst(eval(nil))
	}
	if len(args) == 1 { // the common case, without an allocation
		a := args[0].fn
		one := make([]int64, 1)
		return compiled{fn: func(r []int64) int64 { one[0] = a(r); return b.fn(e.Pos, one) }}
	}
	return compiled{fn: eval}
}

// Collections: what follows 'take' or 'in'.

// coll is a compiled collection of integers: a range (hi = MaxInt64 when open)
// or a list of elements.
type coll struct {
	isRange bool
	lo, hi  compiled
	elems   []compiled
}

// constant reports whether the collection does not depend on registers.
func (c coll) constant() bool {
	if c.isRange {
		return c.lo.konst && c.hi.konst
	}
	for _, e := range c.elems {
		if !e.konst {
			return false
		}
	}
	return true
}

// each calls f for every member, in ascending order for ranges and in the
// written order for lists; f returns false to stop.
func (c coll) each(r []int64, f func(k int64) bool) {
	if c.isRange {
		lo, hi := c.lo.fn(r), c.hi.fn(r)
		for k := lo; k <= hi; k++ {
			if !f(k) || k == math.MaxInt64 {
				return
			}
		}
		return
	}
	for _, e := range c.elems {
		if !f(e.fn(r)) {
			return
		}
	}
}

// sortedConst returns the members of a constant list, sorted and distinct.
func (c coll) sortedConst() []int64 {
	out := make([]int64, 0, len(c.elems))
	for _, e := range c.elems {
		out = append(out, e.val)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	uniq := out[:0]
	for i, v := range out {
		if i == 0 || v != out[i-1] {
			uniq = append(uniq, v)
		}
	}
	return uniq
}

func (s *scope) compileColl(e lang.Expr) (c coll, err error) {
	defer catch(&err)
	return s.collExpr(e), nil
}

func (s *scope) collExpr(e lang.Expr) coll {
	switch e := e.(type) {
	case *lang.Paren:
		return s.collExpr(e.X)
	case *lang.RangeExpr:
		c := coll{isRange: true, lo: s.intExpr(e.Lo), hi: konst(math.MaxInt64)}
		if e.Hi != nil {
			c.hi = s.intExpr(e.Hi)
		}
		return c
	case *lang.SetLit:
		c := coll{}
		for _, x := range e.Elems {
			c.elems = append(c.elems, s.intExpr(x))
		}
		return c
	case *lang.Ident:
		if _, bound := s.slots[e.Name]; !bound {
			if v, ok := s.consts[e.Name]; ok {
				return constColl(e.Pos, e.Name, v)
			}
		}
	}
	return coll{elems: []compiled{s.intExpr(e)}}
}

// constColl turns a constant value (a parameter or a global) into a collection.
func constColl(p lang.Pos, name string, v Value) coll {
	switch v := v.(type) {
	case Set:
		c := coll{}
		for _, x := range v.Elems {
			c.elems = append(c.elems, konst(fitRule(p, name, x)))
		}
		return c
	case Range:
		c := coll{isRange: true, lo: konst(fitRule(p, name, v.Lo)), hi: konst(math.MaxInt64)}
		if !v.Open {
			c.hi = konst(fitRule(p, name, v.Hi))
		}
		return c
	case Int:
		return coll{elems: []compiled{konst(fitRule(p, name, v.V))}}
	}
	fail(p, "%s is %s, not a number, range or set", name, typeName(v))
	return coll{}
}

func fitRule(p lang.Pos, name string, x *big.Int) int64 {
	if !x.IsInt64() {
		fail(p, "%s holds %s, too large for a rule", name, x)
	}
	return x.Int64()
}
