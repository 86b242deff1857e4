package eval

// Set rulesets: a position is the set of numbers of a finite universe lo..hi
// that may still be picked. A move picks one of them; the picked number becomes
// forbidden, and with 'forbid multiples' its multiples, with 'forbid sums' every
// sum of forbidden numbers too (POJ 1143 "Number Game", Sylver coinage). The
// numbers outside the position are the forbidden ones. Positions are bitsets,
// solved by the generic graph solver.
//
// Sums: when the forbidden set F is closed under addition, as in every
// position play reaches, picking x forbids F + {m x + f : m >= 1, f in F or 0}:
// OR the set shifted by x into itself until nothing changes. A position given
// by hand may have an F that is not closed; its moves close F in full first.
// The state key ends with a byte saying whether F is known to be closed, which
// is a function of the set, so keys stay canonical.

import (
	"context"
	"fmt"
	"math/big"

	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/solve"
)

// MaxUniverse is the largest universe a set ruleset may have.
const MaxUniverse = 4096

type setRuleset struct {
	name   string
	lo, hi int64
	forbid string // "", "multiples" or "sums"
	memo   *solve.Memo
}

func newSetRuleset(name string, lo, hi int64, forbid string, limits *solve.Limits) *setRuleset {
	s := &setRuleset{name: name, lo: lo, hi: hi, forbid: forbid}
	s.memo = solve.NewMemo(s, limits, name, s.formatKey)
	return s
}

func (s *setRuleset) Name() string            { return s.name }
func (s *setRuleset) Shape() game.Shape       { return game.SetShape(s.lo, s.hi) }
func (s *setRuleset) Decided(game.State) bool { return false }
func (s *setRuleset) Solver() string {
	return fmt.Sprintf("generic: memoized mex over subsets of %d..%d", s.lo, s.hi)
}

func (s *setRuleset) words() int { return s.Shape().Words() }
func (s *setRuleset) size() int  { return int(s.hi - s.lo + 1) }

func (s *setRuleset) formatKey(key string) string {
	st, _ := s.decode([]byte(key))
	return s.name + game.FormatState(s.Shape(), st)
}

// encode makes the key of a state: its words, and whether F is closed.
func (s *setRuleset) encode(st game.SetState, closed bool) []byte {
	key := make([]byte, 8*len(st)+1)
	for i, w := range st {
		for b := 0; b < 8; b++ {
			key[8*i+b] = byte(w >> (8 * b))
		}
	}
	if closed {
		key[len(key)-1] = 1
	}
	return key
}

func (s *setRuleset) decode(key []byte) (game.SetState, bool) {
	st := make(game.SetState, (len(key)-1)/8)
	for i := range st {
		for b := 7; b >= 0; b-- {
			st[i] = st[i]<<8 | uint64(key[8*i+b])
		}
	}
	return st, key[len(key)-1] == 1
}

// key is the key of a position given from outside.
func (s *setRuleset) key(st game.SetState) []byte {
	return s.encode(st, s.forbid != "sums" || s.closed(s.forbidden(st)))
}

func (s *setRuleset) Grundy(ctx context.Context, st game.State) (*big.Int, error) {
	v, err := s.memo.Grundy(ctx, s.key(st.(game.SetState)))
	return big.NewInt(int64(v)), err
}

func (s *setRuleset) Moves(ctx context.Context, st game.State) ([]game.Move, error) {
	set := st.(game.SetState)
	closed := s.forbid != "sums" || s.closed(s.forbidden(set))
	var moves []game.Move
	for _, x := range set.Members(s.lo) {
		moves = append(moves, game.Move{
			Label: fmt.Sprintf("pick %d", x),
			To:    []game.Component{{Rules: s, State: s.after(set, x, closed)}},
		})
	}
	return moves, nil
}

// Options is the solve.Graph of the ruleset.
func (s *setRuleset) Options(w *solve.Work, key []byte, yield func([]byte)) error {
	st, closed := s.decode(key)
	for _, x := range st.Members(s.lo) {
		w.Tick()
		yield(s.encode(s.after(st, x, closed), true))
	}
	return nil
}

// forbidden is the complement of st in the universe.
func (s *setRuleset) forbidden(st game.SetState) game.SetState {
	f := make(game.SetState, len(st))
	for i, w := range st {
		f[i] = ^w
	}
	s.trim(f)
	return f
}

// trim clears the bits past the universe.
func (s *setRuleset) trim(f game.SetState) {
	if r := s.size() % 64; r != 0 {
		f[len(f)-1] &= 1<<r - 1
	}
}

// after returns the position once x is picked from st; closed says whether
// st's forbidden numbers are closed under addition.
func (s *setRuleset) after(st game.SetState, x int64, closed bool) game.SetState {
	out := append(game.SetState(nil), st...)
	remove := func(v int64) {
		i := v - s.lo
		out[i/64] &^= 1 << (i % 64)
	}
	switch s.forbid {
	case "":
		remove(x)
	case "multiples":
		for v := x; v <= s.hi; v += x {
			if v >= s.lo {
				remove(v)
			}
		}
	case "sums":
		f := s.forbidden(st)
		if !closed {
			s.closeSums(f)
		}
		i := x - s.lo
		f[i/64] |= 1 << (i % 64)
		for s.shiftOr(f, f, x) {
		}
		for i := range out {
			out[i] &^= f[i]
		}
	}
	return out
}

// shiftOr ORs src shifted up by k bits (k numbers) into dst, within the
// universe, and reports whether dst changed.
func (s *setRuleset) shiftOr(dst, src game.SetState, k int64) bool {
	words, sh := int(k/64), uint(k%64)
	changed := false
	for i := len(dst) - 1; i >= words; i-- {
		v := src[i-words] << sh
		if sh != 0 && i-words-1 >= 0 {
			v |= src[i-words-1] >> (64 - sh)
		}
		if i == len(dst)-1 {
			if r := s.size() % 64; r != 0 {
				v &= 1<<r - 1
			}
		}
		if v&^dst[i] != 0 {
			dst[i] |= v
			changed = true
		}
	}
	return changed
}

// closed reports whether f is closed under addition.
func (s *setRuleset) closed(f game.SetState) bool {
	probe := make(game.SetState, len(f))
	for _, v := range f.Members(s.lo) {
		copy(probe, f)
		if s.shiftOr(probe, f, v) {
			return false
		}
	}
	return true
}

// closeSums closes f under addition, in place.
func (s *setRuleset) closeSums(f game.SetState) {
	for changed := true; changed; {
		changed = false
		for _, v := range f.Members(s.lo) {
			if s.shiftOr(f, f, v) {
				changed = true
			}
		}
	}
}
