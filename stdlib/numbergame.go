package stdlib

// The Number Game (POJ 1143, seed 000), a finite Sylver coinage: players pick
// numbers from 2..n; a picked number, its multiples and every sum of
// forbidden numbers become forbidden. A position is the set still allowed.
//
// Positions are bitmasks. In every position that play can reach, the
// forbidden numbers are closed under addition, and then the forbidden set
// after picking x is F' = F + {m x + f : m >= 1, f in F or 0}: start from
// F and x, and OR in the set shifted left by x until nothing changes, at most
// n/x word operations. (A position given by hand whose forbidden numbers are
// not closed is closed in full first, by the same shifts over every member.)
//
// Values are memoised in a dense array indexed by the mask (one byte per
// position: 2^19 for POJ's 2..20) while it fits in the memory budget, and in
// the generic memo beyond that; the search is depth-first and its depth is at
// most the number of numbers.

import (
	"context"
	"fmt"
	"math/big"
	"math/bits"

	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/solve"
)

// NumberGame is the Number Game on the numbers 2..hi, hi <= 64.
type NumberGame struct {
	hi     int64
	width  uint // the numbers 2..hi are bits 0..width-1
	limits *solve.Limits
	dense  []uint8 // dense[mask] = g + 1, 0 when unknown
	memo   *solve.Memo
}

// MaxNumberGame is the largest hi of the builtin.
const MaxNumberGame = 64

// NewNumberGame returns the Number Game on 2..hi.
func NewNumberGame(hi int64, limits *solve.Limits) (*NumberGame, error) {
	if hi < 2 || hi > MaxNumberGame+1 {
		return nil, fmt.Errorf("NumberGame(n) plays on the numbers 2..n, for n from 2 to %d, not %d", MaxNumberGame+1, hi)
	}
	g := &NumberGame{hi: hi, width: uint(hi - 1), limits: limits}
	if bytes := int64(1) << g.width; bytes <= limits.Memory()/4 && g.width <= 30 {
		g.dense = make([]uint8, bytes)
	} else {
		g.memo = solve.NewMemo(g, limits, g.Name(), func(key string) string {
			return g.Name() + game.FormatState(g.Shape(), g.fromKey([]byte(key)))
		})
	}
	return g, nil
}

// Name is "NumberGame(n)".
func (g *NumberGame) Name() string { return fmt.Sprintf("NumberGame(%d)", g.hi) }

// Shape is a subset of 2..hi.
func (g *NumberGame) Shape() game.Shape { return game.SetShape(2, g.hi) }

// Decided is always false.
func (g *NumberGame) Decided(game.State) bool { return false }

// Solver says how positions are answered.
func (g *NumberGame) Solver() string {
	if g.dense != nil {
		return fmt.Sprintf("bitmask memo: a dense array of 2^%d values, sum closures by shifts", g.width)
	}
	return "bitmask memo: the generic memo over masks, sum closures by shifts"
}

func (g *NumberGame) all() uint64 {
	if g.width == 64 {
		return ^uint64(0)
	}
	return 1<<g.width - 1
}

// mask is the state as a bitmask of the numbers 2..hi.
func mask(s game.State) uint64 { return s.(game.SetState)[0] }

// after is the position once x (a bit index) is picked from avail.
func (g *NumberGame) after(avail uint64, x uint) uint64 {
	all := g.all()
	f := ^avail & all
	if !g.closed(f) {
		f = g.close(f)
	}
	f |= 1 << x
	step := x + 2 // the number x stands for
	for {
		next := f | (f<<step)&all
		if next == f {
			return avail &^ f
		}
		f = next
	}
}

// closed reports whether the forbidden set f is closed under addition.
func (g *NumberGame) closed(f uint64) bool {
	for m := f; m != 0; m &= m - 1 {
		step := uint(bits.TrailingZeros64(m)) + 2
		if (f<<step)&g.all()&^f != 0 {
			return false
		}
	}
	return true
}

// close returns the closure of f under addition.
func (g *NumberGame) close(f uint64) uint64 {
	for {
		next := f
		for m := f; m != 0; m &= m - 1 {
			next |= (f << (uint(bits.TrailingZeros64(m)) + 2)) & g.all()
		}
		if next == f {
			return f
		}
		f = next
	}
}

// Grundy is the value of the position.
func (g *NumberGame) Grundy(ctx context.Context, s game.State) (*big.Int, error) {
	if g.dense == nil {
		v, err := g.memo.Grundy(ctx, g.key(mask(s)))
		return big.NewInt(int64(v)), err
	}
	count := 0
	v, err := g.value(ctx, mask(s), &count)
	return big.NewInt(int64(v)), err
}

// value is the memoised depth-first search of the dense path; count counts
// the positions valued, to poll the context now and then.
func (g *NumberGame) value(ctx context.Context, avail uint64, count *int) (uint8, error) {
	if v := g.dense[avail]; v != 0 {
		return v - 1, nil
	}
	if *count++; *count%4096 == 0 {
		g.limits.Report(g.Name(), "positions", int64(*count))
		if err := ctx.Err(); err != nil {
			return 0, &solve.InterruptedError{What: g.Name(), States: *count, Err: err}
		}
	}
	var seen uint64
	for m := avail; m != 0; m &= m - 1 {
		v, err := g.value(ctx, g.after(avail, uint(bits.TrailingZeros64(m))), count)
		if err != nil {
			return 0, err
		}
		seen |= 1 << v
	}
	v := uint8(bits.TrailingZeros64(^seen))
	g.dense[avail] = v + 1
	return v, nil
}

// Options is the solve.Graph of the generic path.
func (g *NumberGame) Options(w *solve.Work, key []byte, yield func([]byte)) error {
	avail := g.fromKey(key)[0]
	for m := avail; m != 0; m &= m - 1 {
		w.Tick()
		yield(g.key(g.after(avail, uint(bits.TrailingZeros64(m)))))
	}
	return nil
}

func (g *NumberGame) key(m uint64) []byte {
	b := make([]byte, 8)
	for i := range b {
		b[i] = byte(m >> (8 * i))
	}
	return b
}

func (g *NumberGame) fromKey(k []byte) game.SetState {
	var m uint64
	for i := range 8 {
		m |= uint64(k[i]) << (8 * i)
	}
	return game.SetState{m}
}

// Moves are the picks.
func (g *NumberGame) Moves(_ context.Context, s game.State) ([]game.Move, error) {
	avail := mask(s)
	var out []game.Move
	for m := avail; m != 0; m &= m - 1 {
		x := uint(bits.TrailingZeros64(m))
		out = append(out, game.Move{
			Label: fmt.Sprintf("pick %d", x+2),
			To:    []game.Component{{Rules: g, State: game.SetState{g.after(avail, x)}}},
		})
	}
	return out, nil
}
