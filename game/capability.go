package game

import (
	"math/big"

	"github.com/gamelang/gamelang/solve"
)

// What some rulesets say of their moves beyond Moves, so that solvers can
// walk them without building positions. Both describe the game only; every
// play convention may use them.

// HeapGame is a ruleset whose positions are heaps — one natural number, as
// *big.Int — and whose moves from heap n leave sums of smaller heaps of the
// same ruleset: take-and-break games. Solvers grow their answers heap by
// heap from it.
type HeapGame interface {
	Ruleset
	// Options calls f with the heaps left by every move from heap n: nonempty
	// heaps, each smaller than n, in any order (f must not keep the slice).
	// Moves into decided heaps are left out. It ticks w for every candidate
	// move it considers.
	Options(w *solve.Work, n int64, f func(parts []int64)) error
	// Lost reports whether heap n is decided: its creator has lost.
	Lost(n int64) bool
}

// GraphGame is a ruleset whose moves each lead to one position of the same
// ruleset, and whose positions have keys of one fixed length: the state
// graph that solvers walk (solve.Graph).
type GraphGame interface {
	Ruleset
	solve.Graph
	// Key is the key of a position, or an error when the position does not
	// fit the keys (a number too large).
	Key(s State) ([]byte, error)
	// State is the position of a key.
	State(key []byte) State
}

// Heaps returns heaps of a HeapGame r as components: the parts a move leaves.
func Heaps(r Ruleset, parts ...int64) []Component {
	out := make([]Component, len(parts))
	for i, p := range parts {
		out[i] = Component{Rules: r, State: big.NewInt(p)}
	}
	return out
}

// Deciding is a ruleset that may have decided positions ('loses if'
// rules); a ruleset that does not implement it has none.
type Deciding interface {
	Decides() bool
}

// Decides reports whether r may have decided positions.
func Decides(r Ruleset) bool {
	d, ok := Base(r).(Deciding)
	return ok && d.Decides()
}

// Splitter is a ruleset whose positions may fall apart into parts played
// independently (a graph in its components, under rules that change one
// component at a time): its moves leave the parts, but a position written
// whole (the root of a query) is one component until it is split.
type Splitter interface {
	// Parts are the parts of a position that falls apart, nil when it is
	// one part.
	Parts(s State) []State
}

// Parts is c as its parts, or c alone when it does not fall apart.
func Parts(c Component) []Component {
	sp, ok := As[Splitter](c.Rules)
	if !ok {
		return []Component{c}
	}
	states := sp.Parts(c.State)
	if len(states) < 2 {
		return []Component{c}
	}
	out := make([]Component, len(states))
	for i, s := range states {
		out[i] = Component{Rules: c.Rules, State: s}
	}
	return out
}

// Split is p with every component that falls apart given as its parts.
func Split(p Position) Position {
	var out Position
	for i, c := range p {
		parts := Parts(c)
		if len(parts) > 1 && out == nil {
			out = append(Position{}, p[:i]...)
		}
		if out != nil {
			out = append(out, parts...)
		}
	}
	if out == nil {
		return p
	}
	return out
}
