package stdlib

// The Number Game (POJ 1143, seed 000), a finite Sylver coinage: players pick
// numbers from 2..n; a picked number, its multiples and every sum of
// forbidden numbers become forbidden. A position is the set still allowed.
// The game is the set ruleset 'pick x in 2..n  forbid sums' (rules/set);
// what the builtin adds is a faster solver.
//
// Positions are bitmasks of one word. Values are memoised in a dense array
// indexed by the mask (one byte per position: 2^19 for POJ's 2..20) while it
// fits in the memory budget; beyond that the generic memo answers. The search
// is depth-first and its depth is at most the number of numbers.

import (
	"context"
	"fmt"
	"math/big"
	"math/bits"

	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/rules/set"
	"github.com/gamelang/gamelang/solve"
)

// NumberGame is the Number Game on the numbers 2..hi, with a dense memo.
type NumberGame struct {
	*set.Ruleset
	width   uint // the numbers 2..hi are bits 0..width-1
	limits  *solve.Limits
	dense   []uint8 // dense[mask] = g + 1, 0 when unknown
	f, tmp  set.State
	counted int
}

// MaxNumberGame is the largest hi of the builtin.
const MaxNumberGame = 64

// NewNumberGame returns the Number Game on 2..hi: with the dense memo when it
// fits in a quarter of the memory budget, else the set ruleset alone.
func NewNumberGame(hi int64, limits *solve.Limits) (game.Ruleset, error) {
	if hi < 2 || hi > MaxNumberGame+1 {
		return nil, fmt.Errorf("NumberGame(n) plays on the numbers 2..n, for n from 2 to %d, not %d", MaxNumberGame+1, hi)
	}
	r := set.New(fmt.Sprintf("NumberGame(%d)", hi), 2, hi, set.ForbidSums)
	width := uint(hi - 1)
	if bytes := int64(1) << width; width > 30 || bytes > limits.Memory()/4 {
		return r, nil
	}
	return &NumberGame{Ruleset: r, width: width, limits: limits, dense: make([]uint8, 1<<width), f: make(set.State, 1), tmp: make(set.State, 1)}, nil
}

// NormalSolver says how positions are answered.
func (g *NumberGame) NormalSolver() string {
	return fmt.Sprintf("bitmask memo: a dense array of 2^%d values, sum closures by shifts", g.width)
}

// after is the position once x (a bit index) is picked from avail; closed
// says whether the forbidden numbers are closed under addition, as they
// are in every position a move reaches.
func (g *NumberGame) after(avail uint64, x uint, closed bool) uint64 {
	u := g.Universe()
	g.tmp[0] = avail
	u.Forbidden(g.f, g.tmp)
	if !closed {
		u.CloseSums(g.f)
	}
	u.ForbidSums(g.f, int64(x)+2)
	return avail &^ g.f[0]
}

// NormalGrundy is the value of the position.
func (g *NumberGame) NormalGrundy(ctx context.Context, s game.State) (*big.Int, error) {
	g.counted = 0
	avail := s.(set.State)[0]
	u := g.Universe()
	f, probe := make(set.State, 1), make(set.State, 1)
	u.Forbidden(f, s.(set.State))
	v, err := g.value(ctx, avail, u.Closed(f, probe))
	return big.NewInt(int64(v)), err
}

// value is the memoised depth-first search.
func (g *NumberGame) value(ctx context.Context, avail uint64, closed bool) (uint8, error) {
	if v := g.dense[avail]; v != 0 {
		return v - 1, nil
	}
	if g.counted++; g.counted%4096 == 0 {
		g.limits.Report(g.Name(), "positions", int64(g.counted))
		if err := ctx.Err(); err != nil {
			return 0, &solve.InterruptedError{What: g.Name(), States: g.counted, Err: err}
		}
	}
	var seen uint64
	for m := avail; m != 0; m &= m - 1 {
		v, err := g.value(ctx, g.after(avail, uint(bits.TrailingZeros64(m)), closed), true)
		if err != nil {
			return 0, err
		}
		seen |= 1 << v
	}
	v := uint8(bits.TrailingZeros64(^seen))
	g.dense[avail] = v + 1
	return v, nil
}
