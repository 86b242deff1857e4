package normal

// Nim with a pass (Larsson, Manabe and Miyadera, arXiv 2605.14321): a sum
// of at most three Nim heaps with one pass for the whole sum, either
// player's, once, never from a position without a move. Its outcomes come
// from a dense table, not from a search.
//
// With the pass left, a position with a move is P exactly when passing
// loses (the heaps' XOR is not 0: the other player then faces plain Nim
// and wins) and no Nim move reaches a P-position with the pass left. Two
// P-positions never differ in one heap only (one would move to the
// other), so for each pair of heaps (b, c) at most one a makes (a, b, c)
// P: the table is that a, for every pair, (N+1)^2 entries. It is filled
// in one pass over the triples in increasing order, each looked up in
// three tables of flags: whether a P-position with a smaller first,
// second or third heap and the other two the same is known. O(N^3) time,
// O(N^2) memory: N = 1024 in about two seconds.

import (
	"context"
	"fmt"
	"math/big"
	"sync"

	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/play"
	"github.com/gamelang/gamelang/solve"
)

// PassSum is a ruleset whose positions are sums with one pass for the whole
// (withpass(P)): Sum gives a position's sum and whether the pass is left.
type PassSum interface {
	PassSum(s game.State) (p game.Position, left bool, ok bool)
}

// MaxPassNim is the largest heap the table of Nim with a pass holds.
const MaxPassNim = 4096

// PassNimTable is the table of three-heap Nim with a pass for heaps up to n.
type PassNimTable struct {
	n int
	a []int16 // a[b*(n+1)+c]: the a that makes (a, b, c) P with the pass left, -1 for none
}

// NewPassNimTable computes the table for heaps up to n, looking at ctx
// between heaps.
func NewPassNimTable(ctx context.Context, n int, limits *solve.Limits) (*PassNimTable, error) {
	if n > MaxPassNim {
		return nil, fmt.Errorf("Nim with a pass is tabulated for heaps up to %d, not %d", MaxPassNim, n)
	}
	w := n + 1
	if err := limits.CheckValues("Nim with a pass", w*w, int64(5*w*w)); err != nil {
		return nil, err
	}
	t := &PassNimTable{n: n, a: make([]int16, w*w)}
	for i := range t.a {
		t.a[i] = -1
	}
	hasA := make([]bool, w*w) // (b, c): a P-position with a smaller a
	hasB := make([]bool, w*w) // (a, c)
	hasC := make([]bool, w*w) // (a, b)
	for c := 0; c <= n; c++ {
		if err := ctx.Err(); err != nil {
			return nil, &solve.InterruptedError{What: "Nim with a pass", States: c * w * w, Err: err}
		}
		limits.ReportOf("Nim with a pass", "heaps", int64(c), int64(n))
		for b := 0; b <= n; b++ {
			bc := hasA[b*w+c : b*w+c+1]
			for a := 0; a <= n; a++ {
				if bc[0] {
					break // (x, b, c) is P for some x < a: no larger a is
				}
				if a|b|c != 0 && (a^b^c == 0 || hasB[a*w+c] || hasC[a*w+b]) {
					continue
				}
				bc[0], hasB[a*w+c], hasC[a*w+b] = true, true, true
				t.a[b*w+c] = int16(a)
			}
		}
	}
	return t, nil
}

// Heaps is the largest heap the table holds.
func (t *PassNimTable) Heaps() int { return t.n }

// P reports whether heaps a, b, c with the pass left are a P-position.
func (t *PassNimTable) P(a, b, c int) bool { return int(t.a[b*(t.n+1)+c]) == a }

// passNim is the table of a session, grown to the largest heap asked.
type passNim struct {
	mu sync.Mutex
	t  *PassNimTable
}

// nimHeaps are the heaps of a sum of at most three Nim heaps, or false.
func nimHeaps(p game.Position) ([3]int, bool) {
	var h [3]int
	if len(p) > 3 {
		return h, false
	}
	for i, c := range p {
		b, ok := c.Rules.(bounded)
		n, isInt := c.State.(*big.Int)
		if !ok || b.Bound() != nil || !isInt || !n.IsInt64() || n.Int64() > MaxPassNim || c.Rules.Decided(c.State) {
			return h, false
		}
		h[i] = int(n.Int64())
	}
	return h, true
}

// PassNim is a ruleset with a one-time pass whose positions are heaps of
// Nim, one for each number (a tuple declaration of Nim's moves with
// 'pass once'): PassNim gives the heaps and whether the pass is left.
type PassNim interface {
	PassNim(s game.State) (heaps []int64, left bool, ok bool)
	PassNimRules() (heaps int, ok bool) // whether every position is one
}

// passHeaps are the heaps of a position of one component that is at most
// three Nim heaps with one pass, withpass(...) of heaps or a tuple
// declaration of Nim's moves with 'pass once', and whether the pass is
// left; false for any other.
func passHeaps(c game.Component) ([3]int, bool, bool) {
	var h [3]int
	if ps, ok := c.Rules.(PassSum); ok {
		if p, left, ok := ps.PassSum(c.State); ok {
			h, ok := nimHeaps(p)
			return h, left, ok
		}
	}
	pn, ok := c.Rules.(PassNim)
	if !ok {
		return h, false, false
	}
	hs, left, ok := pn.PassNim(c.State)
	if !ok || len(hs) > 3 {
		return h, false, false
	}
	for i, x := range hs {
		if x < 0 || x > MaxPassNim {
			return h, false, false
		}
		h[i] = int(x)
	}
	return h, left, true
}

// passNimOutcome is the outcome of a position of one component, at most
// three Nim heaps with a pass, from the table; false when it is not one.
func (s *Solver) passNimOutcome(ctx context.Context, c game.Component) (game.Outcome, bool, error) {
	if s.env.Generic {
		return 0, false, nil
	}
	h, left, ok := passHeaps(c)
	if !ok {
		return 0, false, nil
	}
	if !left {
		if h[0]^h[1]^h[2] == 0 {
			return game.P, true, nil
		}
		return game.N, true, nil
	}
	s.passNim.mu.Lock()
	defer s.passNim.mu.Unlock()
	top := max(h[0], h[1], h[2])
	if s.passNim.t == nil || s.passNim.t.n < top {
		size := 64 // at least, and twice the last: a few tables as the heaps asked grow
		if s.passNim.t != nil {
			size = min(2*s.passNim.t.n, MaxPassNim)
		}
		t, err := NewPassNimTable(ctx, max(top, size), s.env.Limits)
		if err != nil {
			return 0, true, err
		}
		s.passNim.t = t
	}
	if s.passNim.t.P(h[0], h[1], h[2]) {
		return game.P, true, nil
	}
	return game.N, true, nil
}

// passNimWinning lists the winning moves of a sum of Nim heaps with a pass
// by the table: the moves to P-positions; false when it is not one.
func (s *Solver) passNimWinning(ctx context.Context, c game.Component) ([]play.Option, bool, error) {
	if _, ok, err := s.passNimOutcome(ctx, c); !ok || err != nil {
		return nil, ok, err
	}
	moves, err := s.Moves(ctx, c)
	if err != nil {
		return nil, true, err
	}
	var out []play.Option
	for _, m := range moves {
		o, ok, err := s.passNimOutcome(ctx, m.To[0])
		if err != nil || !ok {
			return nil, ok, err
		}
		if o == game.P {
			out = append(out, play.Option{Index: 0, Move: m, Value: Nimber{new(big.Int)}})
		}
	}
	return out, true, nil
}
