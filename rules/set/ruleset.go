package set

import (
	"context"
	"fmt"

	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/solve"
)

// MaxUniverse is the largest universe a set ruleset may have.
const MaxUniverse = 4096

// Forbid rules: what a pick forbids besides the number picked.
const (
	ForbidNothing   = ""
	ForbidMultiples = "multiples"
	ForbidSums      = "sums"
)

// Ruleset is a set ruleset: pick a number of the position; it, and what the
// forbid rule says, become forbidden. Its keys are the position's words and
// a byte saying whether the forbidden numbers are known to be closed under
// addition (a function of the set, so keys stay canonical): a
// game.GraphGame.
type Ruleset struct {
	name   string
	u      Universe
	forbid string
}

// New returns the set ruleset on lo..hi with a forbid rule.
func New(name string, lo, hi int64, forbid string) *Ruleset {
	return &Ruleset{name: name, u: Universe{Lo: lo, Hi: hi}, forbid: forbid}
}

// Name is the ruleset's name.
func (s *Ruleset) Name() string { return s.name }

// Rename changes the name (see game.Renamer).
func (s *Ruleset) Rename(name string) { s.name = name }

// Kind is the subsets of the universe.
func (s *Ruleset) Kind() game.Kind { return Over(s.u.Lo, s.u.Hi) }

// Universe is the numbers of the game.
func (s *Ruleset) Universe() Universe { return s.u }

// Decided is false: a set game has no 'loses if'.
func (s *Ruleset) Decided(game.State) bool { return false }

// Key is the words of the state and whether its forbidden numbers are closed.
func (s *Ruleset) Key(st game.State) ([]byte, error) {
	set := st.(State)
	return s.encode(set, s.isClosed(set)), nil
}

func (s *Ruleset) encode(st State, closed bool) []byte {
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

// State is the position of a key.
func (s *Ruleset) State(key []byte) game.State {
	st, _ := s.decode(key)
	return st
}

func (s *Ruleset) decode(key []byte) (State, bool) {
	st := make(State, (len(key)-1)/8)
	for i := range st {
		for b := 7; b >= 0; b-- {
			st[i] = st[i]<<8 | uint64(key[8*i+b])
		}
	}
	return st, key[len(key)-1] == 1
}

// isClosed reports whether the forbidden numbers of a position need no
// closing before a move.
func (s *Ruleset) isClosed(st State) bool {
	if s.forbid != ForbidSums {
		return true
	}
	f, probe := make(State, len(st)), make(State, len(st))
	s.u.Forbidden(f, st)
	return s.u.Closed(f, probe)
}

// Moves are the picks.
func (s *Ruleset) Moves(_ context.Context, st game.State) ([]game.Move, error) {
	set := st.(State)
	closed := s.isClosed(set)
	var moves []game.Move
	for _, x := range set.Members(s.u.Lo) {
		moves = append(moves, game.Move{
			Label: fmt.Sprintf("pick %d", x),
			To:    []game.Component{{Rules: s, State: s.After(set, x, closed)}},
		})
	}
	return moves, nil
}

// Options calls yield with the key of the position after each pick.
func (s *Ruleset) Options(w *solve.Work, key []byte, yield func([]byte)) error {
	st, closed := s.decode(key)
	for _, x := range st.Members(s.u.Lo) {
		w.Tick()
		yield(s.encode(s.After(st, x, closed), true))
	}
	return nil
}

// After returns the position once x is picked from st; closed says whether
// st's forbidden numbers are closed under addition.
func (s *Ruleset) After(st State, x int64, closed bool) State {
	out := append(State(nil), st...)
	remove := func(v int64) {
		i := v - s.u.Lo
		out[i/64] &^= 1 << (i % 64)
	}
	switch s.forbid {
	case ForbidNothing:
		remove(x)
	case ForbidMultiples:
		for v := x; v <= s.u.Hi; v += x {
			if v >= s.u.Lo {
				remove(v)
			}
		}
	case ForbidSums:
		f := make(State, len(st))
		s.u.Forbidden(f, st)
		if !closed {
			s.u.CloseSums(f)
		}
		s.u.ForbidSums(f, x)
		for i := range out {
			out[i] &^= f[i]
		}
	}
	return out
}
