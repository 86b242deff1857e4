package eval

// Recognition: a heap ruleset made only of take rules with constant amounts
// is a take-and-break code, whatever its spelling ('take 2 split',
// 'take 1 leaving 0; take 2 leaving 0..1', octal("0.07")), and is solved by the
// octal package's engines — or, for Nim and bounded Nim, by their closed
// forms. A 'loses if' rule becomes the table's decided heaps.

import (
	"context"
	"math"
	"math/big"

	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/octal"
	"github.com/gamelang/gamelang/stdlib"
)

// maxExplicit bounds the digits a finite range of amounts may spell out.
const maxExplicit = 1 << 22

// codeOf returns the code spelled by constant take rules, or false.
func codeOf(takes []takeRule) (octal.Code, bool) {
	type open struct {
		from int64
		leave
	}
	var digits []octal.Digit
	var opens []open
	set := func(k int64, l leave) {
		for int64(len(digits)) <= k {
			digits = append(digits, 0)
		}
		digits[k] |= octal.Digit(l)
	}
	for i := range takes {
		t := &takes[i]
		if !t.constantValid() {
			return octal.Code{}, false
		}
		switch {
		case t.sorted != nil:
			for _, k := range t.sorted {
				if k > maxExplicit {
					return octal.Code{}, false
				}
				set(k, t.leave)
			}
		case t.to == math.MaxInt64:
			opens = append(opens, open{t.from, t.leave})
		case t.from <= t.to:
			if t.to > maxExplicit {
				return octal.Code{}, false
			}
			for k := t.from; k <= t.to; k++ {
				set(k, t.leave)
			}
		}
	}
	var tail octal.Digit
	explicit := int64(len(digits))
	for _, o := range opens {
		if o.from > maxExplicit {
			return octal.Code{}, false
		}
		explicit = max(explicit, o.from)
		tail |= octal.Digit(o.leave)
	}
	for _, o := range opens {
		for k := o.from; k < explicit; k++ {
			set(k, o.leave)
		}
	}
	for int64(len(digits)) < explicit {
		digits = append(digits, 0)
	}
	return octal.NewCode(digits, tail), true
}

// boundedOf reports whether a code is take 1..m (bounded Nim).
func boundedOf(c octal.Code) (int64, bool) {
	s, ok := c.Subtraction()
	if !ok {
		return 0, false
	}
	for i, k := range s {
		if k != int64(i+1) {
			return 0, false
		}
	}
	return int64(len(s)), true
}

// recognize returns the stdlib ruleset for a heap ruleset of constant take
// rules (with an optional 'loses if'), or nil.
func (in *Interp) recognize(name string, rs rules, nregs int) game.Ruleset {
	if len(rs.moves) > 0 || len(rs.takes) == 0 {
		return nil
	}
	code, ok := codeOf(rs.takes)
	if !ok {
		return nil
	}
	if rs.loses == nil {
		if code.IsNim() {
			return game.Renamed(stdlib.NewNim().Recognized(), name)
		}
		if m, ok := boundedOf(code); ok {
			return game.Renamed(stdlib.NewBounded(big.NewInt(m)).Recognized(), name)
		}
		return stdlib.NewCode(name, code, octal.Config{Limits: in.limits()}, stdlib.OriginRules)
	}
	regs := make([]int64, max(nregs, 1))
	loses := rs.loses.fn
	cfg := octal.Config{Lost: func(n int64) bool { regs[0] = n; return loses(regs) != 0 }, Limits: in.limits()}
	if b := rs.losesBlock; b != nil {
		cfg.LostBlock = lostBlock(b, regs, cfg.Lost)
	}
	g := &guarded{stdlib.NewCode(name, code, cfg, stdlib.OriginLoses)}
	g.SetSelf(g)
	return g
}

// lostBlock runs a compiled 'loses if' condition over a block of heaps. If
// some heap of the block makes it fail, the heaps are taken one by one up to
// that one, so that an error is reported only for a heap actually asked.
func lostBlock(b *block, regs []int64, one func(int64) bool) func(int64, []bool) int {
	vals := make([]int64, 256)
	return func(from int64, lost []bool) (filled int) {
		defer func() {
			if r := recover(); r != nil {
				if _, ok := r.(*Error); !ok {
					panic(r)
				}
				filled = oneByOne(from, lost, one)
			}
		}()
		out := vals[:len(lost)]
		b.fn(regs, from, out)
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
			if _, ok := r.(*Error); !ok || filled == 0 {
				panic(r)
			}
		}
	}()
	for filled = 0; filled < len(lost); filled++ {
		lost[filled] = one(from + int64(filled))
	}
	return filled
}

// guarded is a code ruleset whose 'loses if' condition is a compiled rule
// expression: a failure in it (a division by zero) panics with an *Error,
// which its entry points return as an ordinary error.
type guarded struct{ *stdlib.Code }

func (g *guarded) Grundy(ctx context.Context, s game.State) (v *big.Int, err error) {
	defer catch(&err)
	return g.Code.Grundy(ctx, s)
}

func (g *guarded) Moves(ctx context.Context, s game.State) (m []game.Move, err error) {
	defer catch(&err)
	return g.Code.Moves(ctx, s)
}

func (g *guarded) MovesTo(ctx context.Context, s game.State, v *big.Int) (m []game.Move, err error) {
	defer catch(&err)
	return g.Code.MovesTo(ctx, s, v)
}

func (g *guarded) Outcome(ctx context.Context, s game.State) (o game.Outcome, err error) {
	defer catch(&err)
	return g.Code.Outcome(ctx, s)
}

// Decided is false when the condition fails; Grundy then reports the failure.
func (g *guarded) Decided(s game.State) (lost bool) {
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(*Error); !ok {
				panic(r)
			}
			lost = false
		}
	}()
	return g.Code.Decided(s)
}
