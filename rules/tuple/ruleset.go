package tuple

import (
	"context"
	"encoding/binary"
	"fmt"
	"math/big"

	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/rules"
	"github.com/gamelang/gamelang/solve"
)

// Ruleset is a tuple ruleset compiled from 'move' rules (and perhaps a
// 'loses if'). Its positions have keys of 8 bytes per number, and its moves
// each lead to one position: a game.GraphGame.
type Ruleset struct {
	name   string
	kind   game.Kind
	n      int // the numbers of a position
	moves  []rules.Move
	loses  *rules.Int
	regs   []int64
	lregs  []int64 // registers for the 'loses if' test of an option
	buf    []byte
	limits *solve.Limits
	ticker *rules.Ticker
	emit   []func() // emit[i] yields the option move i reached, made once
	// unrolled[i], when not nil, is move i compiled once for each value of
	// its loop, for Shifts (rules.Scope.Unrolled).
	unrolled [][]rules.Move
	yield    func([]byte) // the caller's, during Options
}

func newRuleset(name string, vars []string, body rules.Compiled, nregs int, limits *solve.Limits) *Ruleset {
	t := &Ruleset{name: name, kind: Of(vars...), n: len(vars), moves: body.Moves, loses: body.Loses,
		regs: make([]int64, nregs), lregs: make([]int64, nregs), buf: make([]byte, 8*len(vars)), limits: limits, ticker: body.Ticker}
	for mi := range t.moves {
		m := &t.moves[mi]
		t.emit = append(t.emit, func() {
			for i, r := range m.Result {
				v := r.Fn(t.regs)
				if v < 0 {
					rules.Fail(m.ResultPos[i], "this move makes %s negative (%d)", t.kind.Coords()[i], v)
				}
				binary.LittleEndian.PutUint64(t.buf[8*i:], uint64(v))
			}
			if !t.lostKey(t.buf) {
				t.yield(t.buf)
			}
		})
	}
	return t
}

// KeyInts is the numbers of a key: the generic memo may lay them out in a
// box (solve.IntKeyed).
func (t *Ruleset) KeyInts() int { return t.n }

// Name is the ruleset's name.
func (t *Ruleset) Name() string { return t.name }

// Rename changes the name (see game.Renamer).
func (t *Ruleset) Rename(name string) { t.name = name }

// Kind is tuples of its state variables.
func (t *Ruleset) Kind() game.Kind { return t.kind }

// Key is 8 little-endian bytes per number; numbers beyond 2^63 do not fit.
func (t *Ruleset) Key(s game.State) ([]byte, error) {
	key := make([]byte, 8*t.n)
	for i, x := range s.(State) {
		if !x.IsInt64() {
			return nil, fmt.Errorf("%s%s is too large for the generic solver, whose states hold numbers below 2^63", t.name, t.kind.Format(s))
		}
		binary.LittleEndian.PutUint64(key[8*i:], uint64(x.Int64()))
	}
	return key, nil
}

// State is the position of a key.
func (t *Ruleset) State(key []byte) game.State {
	tu := make(State, t.n)
	for i := range tu {
		tu[i] = big.NewInt(int64(binary.LittleEndian.Uint64(key[8*i:])))
	}
	return tu
}

// Decided reports whether the 'loses if' rule holds; false when it fails.
func (t *Ruleset) Decided(s game.State) bool {
	if t.loses == nil {
		return false
	}
	key, err := t.Key(s)
	return err == nil && rules.Holds(func() bool { return t.lostKey(key) })
}

// Decides reports whether the ruleset has a 'loses if' rule.
func (t *Ruleset) Decides() bool { return t.loses != nil }

func (t *Ruleset) lostKey(key []byte) bool {
	if t.loses == nil {
		return false
	}
	for i := range t.n {
		t.lregs[i] = int64(binary.LittleEndian.Uint64(key[8*i:]))
	}
	return t.loses.Fn(t.lregs) != 0
}

// Moves lists every move, each distinct position reached once.
func (t *Ruleset) Moves(ctx context.Context, s game.State) (moves []game.Move, err error) {
	key, err := t.Key(s)
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	w := solve.NewWork(ctx, t.limits, t.name, func() int { return 0 })
	err = w.Do(func() error {
		return t.Options(w, key, func(opt []byte) {
			if !seen[string(opt)] {
				seen[string(opt)] = true
				moves = append(moves, game.Move{To: []game.Component{{Rules: t, State: t.State(opt)}}})
			}
		})
	})
	return moves, err
}

// Options calls yield with the key of every position a move reaches.
func (t *Ruleset) Options(w *solve.Work, key []byte, yield func([]byte)) error {
	return t.BoxOptions(w, key, nil, nil, nil, yield)
}

// BoxOptions is Options, with the options of moves along a line that lie
// inside the box given as runs of its cells (solve.BoxGraph): they are
// positions, so no number is negative, and with no 'loses if' rule none is
// left out. With no box (dims nil), every option goes to yield.
func (t *Ruleset) BoxOptions(w *solve.Work, key []byte, dims, strides []int64, run func(first, step int64, count int), yield func([]byte)) (err error) {
	defer solve.Catch(&err)
	t.ticker.Use(w)
	defer t.ticker.Use(nil)
	for i := range t.n {
		t.regs[i] = int64(binary.LittleEndian.Uint64(key[8*i:]))
	}
	t.yield = yield
	defer func() { t.yield = nil }()
	for mi := range t.moves {
		if w.Stopped() { // the solver needs no more options
			break
		}
		if dims == nil || t.loses != nil {
			t.moves[mi].Each(w, t.regs, t.emit[mi])
		} else {
			t.moves[mi].EachIn(w, t.regs, dims, strides, run, t.emit[mi])
		}
	}
	return nil
}

// Shifts gives the moves as shifts of the numbers (solve.ShiftGraph), when
// every one is (rules.Move.Shift), or a loop over a few constants whose
// every copy is, and no 'loses if' rule leaves options out.
func (t *Ruleset) Shifts() ([]solve.Shift, bool) {
	if t.loses != nil {
		return nil, false
	}
	shifts := make([]solve.Shift, 0, len(t.moves))
	for i := range t.moves {
		copies := t.moves[i : i+1]
		if i < len(t.unrolled) && t.unrolled[i] != nil {
			copies = t.unrolled[i]
		}
		for j := range copies {
			delta, lo, hi, ok := copies[j].Shift(t.n)
			if !ok {
				return nil, false
			}
			shifts = append(shifts, solve.Shift{Delta: delta, Lo: lo, Hi: hi})
		}
	}
	return shifts, true
}

// NimMoves reports whether the moves are those of a sum of Nim heaps, one
// heap for each number (rules.Move.NimLine: a move taking 1..x from each
// number x, nothing else), with no 'loses if' rule. A one-time pass for
// such a ruleset is Nim with a pass, which has a table
// (play/normal/passnim.go).
func (t *Ruleset) NimMoves() bool {
	if t.loses != nil || len(t.moves) != t.n {
		return false
	}
	seen := make([]bool, t.n)
	for i := range t.moves {
		j, ok := t.moves[i].NimLine(t.n)
		if !ok || seen[j] {
			return false
		}
		seen[j] = true
	}
	return true
}

// NimHeaps is the state's numbers, when the moves are Nim's (NimMoves).
func (t *Ruleset) NimHeaps(s game.State) ([]int64, bool) {
	st, ok := s.(State)
	if !ok || !t.NimMoves() {
		return nil, false
	}
	out := make([]int64, len(st))
	for i, x := range st {
		if !x.IsInt64() {
			return nil, false
		}
		out[i] = x.Int64()
	}
	return out, true
}
