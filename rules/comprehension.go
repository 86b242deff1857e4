package rules

import (
	"math"

	"github.com/gamelang/gamelang/lang"
)

// Comprehensions in rules: {e for x in S ... if c} as a collection (after
// 'take' or 'in'), and all, any, sum, min, max of a generator as an integer
// or truth value. The variables get registers of their own; the loops run
// when the rule runs, unless nothing in the comprehension depends on the
// position, when it is folded into a constant list once.

type compiled struct {
	fors   []forClause
	cond   *Int
	elem   Int
	ticker *Ticker
}

// comprehension compiles c with its variables bound to new registers, and
// releases the names (not the registers) when done.
func (s *Scope) comprehension(c *lang.Comprehension) compiled {
	out := compiled{ticker: s.Ticker()}
	var bound []string
	defer func() {
		for _, name := range bound {
			delete(s.slots, name)
		}
	}()
	for _, f := range c.Fors {
		rng := s.collExpr(f.Range)
		if rng.IsRange && rng.Hi.Const && rng.Hi.Val == math.MaxInt64 {
			Fail(lang.ExprPos(f.Range), "a comprehension runs over a bounded range, not %s", lang.FormatExpr(f.Range))
		}
		out.fors = append(out.fors, forClause{rng: rng, slot: s.Bind(f.Var.Name)})
		bound = append(bound, f.Var.Name)
	}
	if c.Cond != nil {
		cond := s.intExpr(c.Cond)
		out.cond = &cond
	}
	out.elem = s.intExpr(c.Elem)
	return out
}

// each runs f with the element for every binding that passes the condition;
// f returns false to stop.
func (c *compiled) each(r []int64, f func(v int64) bool) {
	var loop func(depth int) bool
	loop = func(depth int) bool {
		if depth == len(c.fors) {
			if c.cond != nil && c.cond.Fn(r) == 0 {
				return true
			}
			return f(c.elem.Fn(r))
		}
		fc := c.fors[depth]
		more := true
		fc.rng.Each(r, func(k int64) bool {
			c.ticker.tick()
			r[fc.slot] = k
			more = loop(depth + 1)
			return more
		})
		return more
	}
	loop(0)
}

// outer reports whether c uses a register bound outside it (a state
// variable, the heap, a loop variable of the rule) or what a kind reads
// from the position (Define).
func (s *Scope) outer(c *lang.Comprehension) bool {
	for name := range s.slots {
		if lang.Mentions(c, name) {
			return true
		}
	}
	for name := range s.funcs {
		if lang.Mentions(c, name) {
			return true
		}
	}
	for name := range s.colls {
		if lang.Mentions(c, name) {
			return true
		}
	}
	return false
}

// setComprehension compiles {e for ...} as a collection.
func (s *Scope) setComprehension(c *lang.Comprehension) Coll {
	dynamic := s.outer(c)
	comp := s.comprehension(c)
	if dynamic {
		return Coll{each: comp.each}
	}
	r := make([]int64, s.Registers())
	var out Coll
	t := s.Ticker()
	t.left, t.pos = maxFoldSteps+1, c.Pos
	defer func() { t.left = 0 }()
	comp.each(r, func(v int64) bool {
		if len(out.Elems) >= 1<<20 {
			Fail(c.Pos, "this set has more than %d members", 1<<20)
		}
		out.Elems = append(out.Elems, konst(v))
		return true
	})
	return out
}

// generator compiles all, any, sum, min or max of a generator; all and any
// stop at the first value that decides them.
func (s *Scope) generator(e *lang.Call, name string, g *lang.Comprehension) Int {
	comp := s.comprehension(g)
	add := intOp("+", e.Pos)
	return Int{Fn: func(r []int64) int64 {
		switch name {
		case "all", "any":
			decided := name == "any" // the value of an element that decides
			result := b2i(!decided)
			comp.each(r, func(v int64) bool {
				if (v != 0) == decided {
					result = b2i(decided)
					return false
				}
				return true
			})
			return result
		}
		var acc int64
		have := false
		comp.each(r, func(v int64) bool {
			switch {
			case !have:
				acc, have = v, true
			case name == "sum":
				acc = add(acc, v)
			case name == "xor":
				acc ^= v
			case name == "min":
				acc = min(acc, v)
			default:
				acc = max(acc, v)
			}
			return true
		})
		if !have && name != "sum" && name != "xor" {
			Fail(e.Pos, "%s of nothing: no value passed", name)
		}
		return acc
	}}
}
