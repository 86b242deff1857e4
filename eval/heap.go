package eval

// Heap rulesets: a position is one heap of n tokens (a sum of heaps is a sum of
// positions). Rules are 'take' rules, each with the heaps its remainder may
// become (the octal-digit meaning of Winning Ways), general 'move' rules that
// list the heaps a move leaves, and an optional 'loses if' condition on heaps.
// Every heap a move leaves is smaller than the heap it came from, so the values
// are a sequence g(0), g(1), ... grown on demand by solve.Sequence.

import (
	"context"
	"fmt"
	"math/big"
	"strings"

	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/lang"
	"github.com/gamelang/gamelang/solve"
)

// leave is a set of heap counts a take may leave: bit j set = j heaps.
type leave uint8

const (
	leave0 leave = 1 << iota
	leave1
	leave2
	leave3
)

type takeRule struct {
	pos      lang.Pos
	amount   coll
	sorted   []int64 // the amounts, when they are a constant list
	from, to int64   // the amounts, when they are a constant range
	leave    leave
}

// constantValid reports whether the amounts are constant and every one of them
// is a legal take (positive, or zero with a split only). It fills from and to
// for a constant range.
func (t *takeRule) constantValid() bool {
	legal := func(k int64) bool { return k > 0 || k == 0 && t.leave&(leave0|leave1) == 0 }
	switch {
	case t.sorted != nil:
		return len(t.sorted) == 0 || legal(t.sorted[0])
	case t.amount.isRange && t.amount.constant():
		t.from, t.to = t.amount.lo.val, t.amount.hi.val
		return legal(t.from) || t.from > t.to
	}
	return false
}

type forClause struct {
	slot int
	rng  coll
}

type moveRule struct {
	pos       lang.Pos
	fors      []forClause
	guard     *compiled
	result    []compiled
	resultPos []lang.Pos
}

// each runs f once for every binding of the loop variables that passes the
// guard, ticking w for every binding tried.
func (m *moveRule) each(w *solve.Work, r []int64, f func()) { m.loop(w, r, 0, f) }

func (m *moveRule) loop(w *solve.Work, r []int64, depth int, f func()) {
	if depth == len(m.fors) {
		w.Tick()
		if m.guard == nil || m.guard.fn(r) != 0 {
			f()
		}
		return
	}
	fc := m.fors[depth]
	fc.rng.each(r, func(k int64) bool {
		r[fc.slot] = k
		m.loop(w, r, depth+1, f)
		return true
	})
}

// heapRuleset is the generic heap path: rulesets with 'move' rules, or take
// amounts that depend on n, whose options are listed by running their
// compiled rules. (Rulesets of constant take rules are codes: see recognize.)
type heapRuleset struct {
	name  string
	takes []takeRule
	moves []moveRule
	loses *compiled // register 0 is the heap
	regs  []int64
	parts []int64
	seq   *solve.Sequence
	lost  []bool // lost[m]: leaving heap m loses at once; len = values known
}

func newHeapRuleset(name string, takes []takeRule, moves []moveRule, loses *compiled, nregs int, limits *solve.Limits) *heapRuleset {
	h := &heapRuleset{name: name, takes: takes, moves: moves, loses: loses, regs: make([]int64, max(nregs, 1))}
	h.seq = solve.NewSequence(h.optionValues, limits, name)
	return h
}

func (h *heapRuleset) Name() string      { return h.name }
func (h *heapRuleset) Shape() game.Shape { return game.HeapShape }
func (h *heapRuleset) Solver() string {
	return "heap sequence: the mex over the options of each heap, listed by running the compiled rules"
}

// heap returns the state as an int, growing the sequence as far as it.
func (h *heapRuleset) heap(ctx context.Context, s game.State) (int, error) {
	n := s.(*big.Int)
	if !n.IsInt64() {
		return 0, fmt.Errorf("%s(%s) is beyond reach: the heap solver computes every value up to the heap, and stores at most %d", h.name, n, h.seq.Limit())
	}
	return int(n.Int64()), h.seq.Grow(ctx, int(n.Int64()))
}

func (h *heapRuleset) Grundy(ctx context.Context, s game.State) (*big.Int, error) {
	n, err := h.heap(ctx, s)
	if err != nil {
		return nil, err
	}
	return big.NewInt(int64(h.seq.Known()[n])), nil
}

func (h *heapRuleset) Decided(s game.State) (lost bool) {
	if h.loses == nil {
		return false
	}
	n := s.(*big.Int)
	if !n.IsInt64() {
		return false
	}
	defer func() {
		if recover() != nil {
			lost = false
		}
	}()
	h.regs[0] = n.Int64()
	return h.loses.fn(h.regs) != 0
}

func (h *heapRuleset) Moves(ctx context.Context, s game.State) (moves []game.Move, err error) {
	n, err := h.heap(ctx, s)
	if err != nil {
		return nil, err
	}
	defer catch(&err)
	seen := map[string]bool{}
	w := solve.NewWork(ctx, h.seq.Limits(), h.name, func() int { return len(h.seq.Known()) })
	err = w.Do(func() error {
		h.eachOption(w, n, func(parts []int64) {
			key := fmt.Sprint(sortedParts(parts))
			if seen[key] {
				return
			}
			seen[key] = true
			m := game.Move{}
			for _, p := range sortedParts(parts) {
				m.To = append(m.To, game.Component{Rules: h, State: big.NewInt(p)})
			}
			moves = append(moves, m)
		})
		return nil
	})
	return moves, err
}

func sortedParts(parts []int64) []int64 {
	out := append([]int64(nil), parts...)
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j] < out[j-1]; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

// optionValues is the solve.OptionValues of the ruleset.
func (h *heapRuleset) optionValues(n int, g []uint32, m *solve.Marks) (err error) {
	defer catch(&err)
	if len(h.lost) == n {
		h.lost = append(h.lost, h.losesAt(int64(n)))
	}
	h.eachOption(m.Work, n, func(parts []int64) {
		v := uint32(0)
		for _, p := range parts {
			v ^= g[p]
		}
		m.Mark(v)
	})
	return nil
}

func (h *heapRuleset) losesAt(m int64) bool {
	if h.loses == nil {
		return false
	}
	h.regs[0] = m
	return h.loses.fn(h.regs) != 0
}

// eachOption calls f with the nonempty heaps of every move from heap n that
// does not lose at once. The values of heaps below n must be known.
func (h *heapRuleset) eachOption(w *solve.Work, n int, f func(parts []int64)) {
	for i := range h.takes {
		h.eachTake(w, &h.takes[i], int64(n), f)
	}
	for i := range h.moves {
		h.eachMove(w, &h.moves[i], int64(n), f)
	}
}

func (h *heapRuleset) eachTake(w *solve.Work, t *takeRule, n int64, f func([]int64)) {
	try := func(k int64) bool {
		w.Tick()
		if k > n {
			return !t.amount.isRange // ranges ascend: nothing further fits
		}
		if k < 0 || k == 0 && t.leave&(leave0|leave1) != 0 {
			fail(t.pos, "take %d: a take must remove at least one token, or split the heap (leaving 2 or 3)", k)
		}
		h.splits(n-k, t.leave, f)
		return true
	}
	if t.sorted != nil {
		for _, k := range t.sorted {
			if k > n {
				return
			}
			try(k)
		}
		return
	}
	h.regs[0] = n
	t.amount.each(h.regs, try)
}

// splits calls f for every way to leave r tokens as j nonempty heaps, j in l.
func (h *heapRuleset) splits(r int64, l leave, f func([]int64)) {
	p := h.parts[:0]
	if l&leave0 != 0 && r == 0 && !h.lostAt(0) {
		f(p)
	}
	if l&leave1 != 0 && r >= 1 && !h.lostAt(r) {
		f(append(p, r))
	}
	if l&leave2 != 0 {
		for a := int64(1); 2*a <= r; a++ {
			if !h.lostAt(a) && !h.lostAt(r-a) {
				f(append(p, a, r-a))
			}
		}
	}
	if l&leave3 != 0 {
		for a := int64(1); 3*a <= r; a++ {
			for b := a; a+2*b <= r; b++ {
				if c := r - a - b; !h.lostAt(a) && !h.lostAt(b) && !h.lostAt(c) {
					f(append(p, a, b, c))
				}
			}
		}
	}
	h.parts = p
}

func (h *heapRuleset) lostAt(m int64) bool { return h.loses != nil && h.lost[m] }

func (h *heapRuleset) eachMove(w *solve.Work, m *moveRule, n int64, f func([]int64)) {
	h.regs[0] = n
	m.each(w, h.regs, func() {
		parts := h.parts[:0]
		for i, r := range m.result {
			v := r.fn(h.regs)
			if v < 0 {
				fail(m.resultPos[i], "this move leaves a negative heap (%d) from heap %d", v, n)
			}
			if v >= n {
				fail(m.resultPos[i], "this move leaves heap %d from heap %d: every heap a move leaves must be smaller", v, n)
			}
			if h.lostAt(v) {
				return
			}
			if v > 0 {
				parts = append(parts, v)
			}
		}
		if len(m.result) > 0 && len(parts) == 0 && h.lostAt(0) {
			return
		}
		h.parts = parts
		f(parts)
	})
}

// describeLeave says which heap counts a take leaves, for docs and explain.
func describeLeave(l leave) string {
	var ks []string
	for j := 0; j < 4; j++ {
		if l&(1<<j) != 0 {
			ks = append(ks, fmt.Sprint(j))
		}
	}
	return strings.Join(ks, ", ")
}
