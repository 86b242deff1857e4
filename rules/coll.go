package rules

import (
	"math"
	"math/big"
	"slices"

	"github.com/gamelang/gamelang/lang"
	"github.com/gamelang/gamelang/solve"
)

// Collections: what follows 'take' or 'in'.

// Coll is a compiled collection of integers: a range Lo..Hi (Hi = MaxInt64
// when open) or a list of elements.
type Coll struct {
	IsRange bool
	Lo, Hi  Int
	Elems   []Int
	each    func(r []int64, f func(k int64) bool) // a comprehension that depends on the position
}

// Constant reports whether the collection does not depend on registers.
func (c Coll) Constant() bool {
	if c.each != nil {
		return false
	}
	if c.IsRange {
		return c.Lo.Const && c.Hi.Const
	}
	for _, e := range c.Elems {
		if !e.Const {
			return false
		}
	}
	return true
}

// Each calls f for every member, in ascending order for ranges and in the
// written order for lists; f returns false to stop.
func (c Coll) Each(r []int64, f func(k int64) bool) {
	if c.each != nil {
		c.each(r, f)
		return
	}
	if c.IsRange {
		lo, hi := c.Lo.Fn(r), c.Hi.Fn(r)
		for k := lo; k <= hi; k++ {
			if !f(k) || k == math.MaxInt64 {
				return
			}
		}
		return
	}
	for _, e := range c.Elems {
		if !f(e.Fn(r)) {
			return
		}
	}
}

// SortedConst returns the members of a constant list, sorted and distinct.
func (c Coll) SortedConst() []int64 {
	out := make([]int64, 0, len(c.Elems))
	for _, e := range c.Elems {
		out = append(out, e.Val)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// CompileColl compiles a collection: a range, a set, a name bound to one, or
// a single number.
func (s *Scope) CompileColl(e lang.Expr) (c Coll, err error) {
	defer solve.Catch(&err)
	return s.collExpr(e), nil
}

func (s *Scope) collExpr(e lang.Expr) Coll {
	switch e := e.(type) {
	case *lang.Paren:
		return s.collExpr(e.X)
	case *lang.RangeExpr:
		c := Coll{IsRange: true, Lo: s.intExpr(e.Lo), Hi: konst(math.MaxInt64)}
		if e.Hi != nil {
			c.Hi = s.intExpr(e.Hi)
		}
		return c
	case *lang.SetLit:
		c := Coll{}
		for _, x := range e.Elems {
			c.Elems = append(c.Elems, s.intExpr(x))
		}
		return c
	case *lang.Comprehension:
		if e.Set {
			return s.setComprehension(e)
		}
	case *lang.Ident:
		if c, ok := s.namedColl(e); ok {
			return c
		}
	case *lang.Call:
		if id, ok := e.Fn.(*lang.Ident); ok {
			if lc, ok := s.colls[id.Name]; ok {
				return s.localColl(e, lc)
			}
		}
	}
	return Coll{Elems: []Int{s.intExpr(e)}}
}

// namedColl is the collection a name is: a kind's collection without
// arguments, or a constant of the script not shadowed by the rule's
// variables; false for any other name (a number).
func (s *Scope) namedColl(e *lang.Ident) (Coll, bool) {
	if lc, ok := s.colls[e.Name]; ok && lc.Args == 0 {
		return Coll{each: func(_ []int64, f func(k int64) bool) { lc.Each(e.Pos, nil, f) }}, true
	}
	if _, bound := s.slots[e.Name]; bound {
		return Coll{}, false
	}
	v, ok := s.consts(e.Name)
	if !ok {
		return Coll{}, false
	}
	return constColl(e.Pos, e.Name, v), true
}

// constColl turns a constant value (a parameter or a global) into a collection.
func constColl(p lang.Pos, name string, v Const) Coll {
	switch v.kind {
	case constSet, constList, constInt:
		c := Coll{}
		for _, x := range v.ints {
			c.Elems = append(c.Elems, konst(fitRule(p, name, x)))
		}
		return c
	case constRange:
		c := Coll{IsRange: true, Lo: konst(fitRule(p, name, v.ints[0])), Hi: konst(math.MaxInt64)}
		if len(v.ints) == 2 {
			c.Hi = konst(fitRule(p, name, v.ints[1]))
		}
		return c
	}
	Fail(p, "%s is %s, not a number, range, set or list", name, v.what())
	return Coll{}
}

func fitRule(p lang.Pos, name string, x *big.Int) int64 {
	if !x.IsInt64() {
		Fail(p, "%s holds %s, too large for a rule", name, x)
	}
	return x.Int64()
}

// localColl compiles a call of a kind's collection: neighbours(v).
func (s *Scope) localColl(e *lang.Call, lc LocalColl) Coll {
	args := s.localArgs(e, lc.Args)
	return Coll{each: func(r []int64, f func(k int64) bool) {
		vals := make([]int64, len(args))
		for i, a := range args {
			vals[i] = a(r)
		}
		lc.Each(e.Pos, vals, f)
	}}
}
