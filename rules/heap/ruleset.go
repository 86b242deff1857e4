package heap

// The generic heap path: rulesets with 'move' rules, or take amounts that
// depend on n, whose options are listed by running their compiled rules.
// (Rulesets of constant take rules are codes: see recognize.go.) Rules are
// 'take' rules, each with the heaps its remainder may become (the digits of
// a take-and-break code), general 'move' rules that list the heaps a move
// leaves, and an optional 'loses if' condition on heaps.

import (
	"context"
	"fmt"
	"math/big"
	"slices"

	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/lang"
	"github.com/gamelang/gamelang/octal"
	"github.com/gamelang/gamelang/rules"
	"github.com/gamelang/gamelang/solve"
)

// take is a compiled 'take' rule.
type take struct {
	pos      lang.Pos
	amount   rules.Coll
	sorted   []int64 // the amounts, when they are a constant list
	from, to int64   // the amounts, when they are a constant range
	leave    octal.Digit
}

// constantValid reports whether the amounts are constant and every one of them
// is a legal take (positive, or zero with a split only). It fills from and to
// for a constant range.
func (t *take) constantValid() bool {
	legal := func(k int64) bool { return k > 0 || k == 0 && t.leave&(octal.LeaveNone|octal.LeaveOne) == 0 }
	switch {
	case t.sorted != nil:
		return len(t.sorted) == 0 || legal(t.sorted[0])
	case t.amount.IsRange && t.amount.Constant():
		t.from, t.to = t.amount.Lo.Val, t.amount.Hi.Val
		return legal(t.from) || t.from > t.to
	}
	return false
}

// Ruleset is a heap ruleset whose moves are listed by running its compiled
// rules.
type Ruleset struct {
	name   string
	takes  []take
	moves  []rules.Move
	loses  *rules.Int // register 0 is the heap
	regs   []int64
	lregs  []int64 // the registers of the 'loses if' rule, apart: it runs in the middle of a move
	buf    []int64
	lost   []bool // lost[m]: leaving heap m loses at once, for the heaps asked in order
	limits *solve.Limits
	ticker *rules.Ticker
}

func newRuleset(name string, takes []take, body rules.Compiled, nregs int, limits *solve.Limits) *Ruleset {
	return &Ruleset{name: name, takes: takes, moves: body.Moves, loses: body.Loses, regs: make([]int64, nregs), lregs: make([]int64, nregs), limits: limits, ticker: body.Ticker}
}

// Name is the ruleset's name.
func (h *Ruleset) Name() string { return h.name }

// Rename changes the name (see game.Renamer).
func (h *Ruleset) Rename(name string) { h.name = name }

// Kind is heaps.
func (h *Ruleset) Kind() game.Kind { return Kind }

// Decided reports whether the 'loses if' rule holds for the heap; false when
// it fails there (the solvers then report the failure).
func (h *Ruleset) Decided(s game.State) bool {
	n := s.(*big.Int)
	return h.loses != nil && n.IsInt64() && rules.Holds(func() bool { return h.Lost(n.Int64()) })
}

// Decides reports whether the ruleset has a 'loses if' rule.
func (h *Ruleset) Decides() bool { return h.loses != nil }

// Lost reports whether leaving heap m loses at once. A failing rule aborts
// (solve.Abort) with its error.
func (h *Ruleset) Lost(m int64) bool {
	if h.loses == nil {
		return false
	}
	if m < int64(len(h.lost)) {
		return h.lost[m]
	}
	h.lregs[0] = m
	v := h.loses.Fn(h.lregs) != 0
	if m == int64(len(h.lost)) { // heaps asked in order are kept
		h.lost = append(h.lost, v)
	}
	return v
}

// Moves lists every move from the heap, each distinct set of heaps left once.
func (h *Ruleset) Moves(ctx context.Context, s game.State) (moves []game.Move, err error) {
	n := s.(*big.Int)
	if !n.IsInt64() {
		return nil, fmt.Errorf("%s(%s) is too large to list its moves one by one", h.name, n)
	}
	seen := map[string]bool{}
	w := solve.NewWork(ctx, h.limits, h.name, func() int { return 0 })
	err = w.Do(func() error {
		h.Lost(n.Int64()) // a 'loses if' that fails here fails before any move is listed
		return h.Options(w, n.Int64(), func(parts []int64) {
			sorted := slices.Sorted(slices.Values(parts))
			if key := fmt.Sprint(sorted); !seen[key] {
				seen[key] = true
				moves = append(moves, game.Move{To: game.Heaps(h, sorted...)})
			}
		})
	})
	return moves, err
}

// Options calls f with the heaps of every move from heap n that does not
// lose at once.
func (h *Ruleset) Options(w *solve.Work, n int64, f func(parts []int64)) (err error) {
	defer solve.Catch(&err)
	h.ticker.Use(w)
	defer h.ticker.Use(nil)
	for i := range h.takes {
		h.eachTake(w, &h.takes[i], n, f)
	}
	for i := range h.moves {
		h.eachMove(w, &h.moves[i], n, f)
	}
	return nil
}

func (h *Ruleset) eachTake(w *solve.Work, t *take, n int64, f func([]int64)) {
	try := func(k int64) bool {
		w.Tick()
		if k > n {
			return !t.amount.IsRange // ranges ascend: nothing further fits
		}
		if k < 0 || k == 0 && t.leave&(octal.LeaveNone|octal.LeaveOne) != 0 {
			rules.Fail(t.pos, "take %d: a take must remove at least one token, or split the heap (leaving 2 or 3)", k)
		}
		t.leave.Leave(n-k, false, func(parts []int64) {
			w.Tick() // a split into three has O(n^2) ways
			if !octal.IntoLost(parts, h.Lost) {
				f(parts)
			}
		})
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
	t.amount.Each(h.regs, try)
}

func (h *Ruleset) eachMove(w *solve.Work, m *rules.Move, n int64, f func([]int64)) {
	h.regs[0] = n
	m.Each(w, h.regs, func() {
		parts := h.buf[:0]
		lost := false
		// part takes one heap the move leaves; false ends the move (lost).
		part := func(v int64, at lang.Pos) bool {
			if v < 0 {
				rules.Fail(at, "this move leaves a negative heap (%d) from heap %d", v, n)
			}
			if v >= n {
				rules.Fail(at, "this move leaves heap %d from heap %d: every heap a move leaves must be smaller", v, n)
			}
			if h.Lost(v) {
				lost = true
				return false
			}
			if v > 0 {
				parts = append(parts, v)
			}
			return true
		}
		if m.Parts != nil {
			m.Parts(h.regs, func(v int64) bool { return part(v, m.ResultPos[0]) })
		}
		for i, r := range m.Result {
			if !part(r.Fn(h.regs), m.ResultPos[i]) {
				break
			}
		}
		h.buf = parts
		if lost || (len(m.Result) > 0 || m.Parts != nil) && len(parts) == 0 && h.Lost(0) {
			return
		}
		f(parts)
	})
}
