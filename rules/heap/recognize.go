package heap

// Recognition: a heap ruleset made only of take rules with constant amounts
// is a take-and-break code, whatever its spelling ('take 2 split',
// 'take 1 leaving 0; take 2 leaving 0..1', octal("0.07")), and becomes the
// ruleset of that code, which the solvers answer with the octal engines or,
// for Nim and bounded Nim, a closed form. A 'loses if' rule becomes the
// code's decided heaps.

import (
	"math"
	"math/big"

	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/octal"
	"github.com/gamelang/gamelang/rules"
	"github.com/gamelang/gamelang/solve"
)

// maxExplicit bounds the digits a finite range of amounts may spell out.
const maxExplicit = 1 << 22

// codeOf returns the code spelled by constant take rules, or false.
func codeOf(takes []take) (octal.Code, bool) {
	var c spelling
	for i := range takes {
		if !c.add(&takes[i]) {
			return octal.Code{}, false
		}
	}
	return c.code()
}

// spelling is a code being read from take rules: its explicit digits, and
// the rules with open ranges of amounts (take 3..), which make its tail.
type spelling struct {
	digits []octal.Digit
	opens  []take
}

func (c *spelling) set(k int64, l octal.Digit) {
	for int64(len(c.digits)) <= k {
		c.digits = append(c.digits, 0)
	}
	c.digits[k] |= l
}

// add reads one take rule; false when its amounts are not constant, or
// spell out too many digits.
func (c *spelling) add(t *take) bool {
	if !t.constantValid() {
		return false
	}
	switch {
	case t.sorted != nil:
		for _, k := range t.sorted {
			if k > maxExplicit {
				return false
			}
			c.set(k, t.leave)
		}
	case t.to == math.MaxInt64:
		c.opens = append(c.opens, *t)
	case t.from <= t.to:
		if t.to > maxExplicit {
			return false
		}
		for k := t.from; k <= t.to; k++ {
			c.set(k, t.leave)
		}
	}
	return true
}

// code is the code spelled: the open ranges give the digit repeated from
// the last explicit one on, and the digits before it where they start.
func (c *spelling) code() (octal.Code, bool) {
	var tail octal.Digit
	explicit := int64(len(c.digits))
	for _, o := range c.opens {
		if o.from > maxExplicit {
			return octal.Code{}, false
		}
		explicit = max(explicit, o.from)
		tail |= o.leave
	}
	for _, o := range c.opens {
		for k := o.from; k < explicit; k++ {
			c.set(k, o.leave)
		}
	}
	for int64(len(c.digits)) < explicit {
		c.digits = append(c.digits, 0)
	}
	return octal.NewCode(c.digits, tail), true
}

// recognize returns the code ruleset of a heap ruleset of constant take
// rules (with an optional 'loses if'), bounded Nim for take 1..m and Nim for
// take 1.., or nil.
func recognize(name string, takes []take, body rules.Compiled, nregs int, limits *solve.Limits) game.Ruleset {
	if len(body.Moves) > 0 || len(takes) == 0 {
		return nil
	}
	code, ok := codeOf(takes)
	if !ok {
		return nil
	}
	if body.Loses == nil {
		if code.IsNim() {
			return NewBounded(name, nil, OriginRules)
		}
		if m, ok := code.Bounded(); ok {
			return NewBounded(name, big.NewInt(m), OriginRules)
		}
		return NewCode(name, octal.Spec{Code: code, Origin: OriginRules}, limits)
	}
	regs := make([]int64, nregs)
	loses := body.Loses.Fn
	spec := octal.Spec{Code: code, Origin: OriginLoses, Lost: func(n int64) bool { regs[0] = n; return loses(regs) != 0 }}
	if body.LosesBlock != nil {
		spec.LostBlock = lostBlock(body.LosesBlock, make([]int64, nregs), spec.Lost)
	}
	return NewCode(name, spec, limits)
}

// lostBlock runs a compiled 'loses if' condition over a block of heaps. If
// some heap of the block makes it fail, the heaps are taken one by one up to
// that one, so that an error is reported only for a heap actually asked.
func lostBlock(b rules.BlockFunc, regs []int64, one func(int64) bool) func(int64, []bool) int {
	vals := make([]int64, 256)
	return func(from int64, lost []bool) (filled int) {
		defer func() {
			if r := recover(); r != nil {
				if _, ok := solve.Stopped(r); !ok {
					panic(r)
				}
				filled = oneByOne(from, lost, one)
			}
		}()
		out := vals[:len(lost)]
		b(regs, from, out)
		for i, v := range out {
			lost[i] = v != 0
		}
		return len(lost)
	}
}

// oneByOne fills lost with one(from+i) until it fails; a failure on the
// first heap goes on up.
func oneByOne(from int64, lost []bool, one func(int64) bool) (filled int) {
	defer func() {
		if r := recover(); r != nil {
			if _, ok := solve.Stopped(r); !ok || filled == 0 {
				panic(r)
			}
		}
	}()
	for filled = 0; filled < len(lost); filled++ {
		lost[filled] = one(from + int64(filled))
	}
	return filled
}
