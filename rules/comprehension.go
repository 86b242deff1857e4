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
	c.loop(r, 0, f)
}

func (c *compiled) loop(r []int64, depth int, f func(v int64) bool) bool {
	if depth == len(c.fors) {
		if c.cond != nil && c.cond.Fn(r) == 0 {
			return true
		}
		return f(c.elem.Fn(r))
	}
	fc := c.fors[depth]
	if rng := fc.rng; depth == len(c.fors)-1 && rng.IsRange && rng.each == nil {
		// the innermost range, the loop that runs most: written out
		lo, hi := rng.Lo.Fn(r), rng.Hi.Fn(r)
		for k := lo; k <= hi; k++ {
			c.ticker.tick()
			r[fc.slot] = k
			if (c.cond == nil || c.cond.Fn(r) != 0) && !f(c.elem.Fn(r)) {
				return false
			}
			if k == math.MaxInt64 {
				break
			}
		}
		return true
	}
	more := true
	fc.rng.Each(r, func(k int64) bool {
		c.ticker.tick()
		r[fc.slot] = k
		more = c.loop(r, depth+1, f)
		return more
	})
	return more
}

// sum is acc plus the sum of the elements, add(a, b) failing on overflow:
// the loop of each, with the innermost range adding in place rather than
// calling a function per element.
func (c *compiled) sum(r []int64, depth int, acc int64, add func(a, b int64) int64) int64 {
	if depth == len(c.fors) {
		if c.cond == nil || c.cond.Fn(r) != 0 {
			acc = add(acc, c.elem.Fn(r))
		}
		return acc
	}
	fc := c.fors[depth]
	if rng := fc.rng; depth == len(c.fors)-1 && rng.IsRange && rng.each == nil {
		lo, hi := rng.Lo.Fn(r), rng.Hi.Fn(r)
		for k := lo; k <= hi; k++ {
			c.ticker.tick()
			r[fc.slot] = k
			if c.cond == nil || c.cond.Fn(r) != 0 {
				v := c.elem.Fn(r)
				if s := acc + v; (s > acc) == (v > 0) {
					acc = s
				} else {
					acc = add(acc, v) // fails: the overflow, said at its place
				}
			}
			if k == math.MaxInt64 {
				break
			}
		}
		return acc
	}
	fc.rng.Each(r, func(k int64) bool {
		c.ticker.tick()
		r[fc.slot] = k
		acc = c.sum(r, depth+1, acc, add)
		return true
	})
	return acc
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
		switch name { // a loop of its own for each: the switch is not run per element
		case "sum":
			return comp.sum(r, 0, 0, add)
		case "xor":
			comp.each(r, func(v int64) bool { acc, have = acc^v, true; return true })
		case "min":
			comp.each(r, func(v int64) bool {
				if !have || v < acc {
					acc, have = v, true
				}
				return true
			})
		default:
			comp.each(r, func(v int64) bool {
				if !have || v > acc {
					acc, have = v, true
				}
				return true
			})
		}
		if !have && name != "sum" && name != "xor" {
			Fail(e.Pos, "%s of nothing: no value passed", name)
		}
		return acc
	}}
}
