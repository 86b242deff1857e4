package game

import (
	"context"
	"fmt"
	"math/big"
	"strings"
)

// State is a position of one ruleset, in the representation of its Kind:
// *big.Int for a heap, a tuple of numbers, a set of numbers...
type State any

// Ruleset is a game: the rules of compiled user games and builtins alike.
// Positions of it are (Ruleset, State) components.
type Ruleset interface {
	// Name is how the ruleset is written: "Kayles", "Bounded(3)".
	Name() string
	// Kind says what its positions are.
	Kind() Kind
	// Moves lists every move from s. Moves into Decided states (where the mover
	// loses at once) are left out: no player makes them while another move
	// exists, and having only such moves is the same as having none. A state
	// with too many moves to list is an error that says so.
	Moves(ctx context.Context, s State) ([]Move, error)
	// Decided reports whether s is a position whose creator has already lost
	// (a `loses if` rule).
	Decided(s State) bool
}

// Component is one part of a disjunctive sum.
type Component struct {
	Rules Ruleset
	State State
}

// String formats the component as a position: "Kayles(7)", "W(3, 5)", "G{2, 3}".
func (c Component) String() string {
	return c.Rules.Name() + c.Rules.Kind().Format(c.State)
}

// Move is one move inside a component: the component is replaced by To (empty
// when nothing is left, several components when a heap splits). A move may
// stand for a family of Count moves that all reach the same value (a huge heap
// splits in too many ways to list); To is then its first member and Family
// describes them all.
type Move struct {
	Label  string // how to say the move when To does not say it ("pick 4")
	To     []Component
	Family *Family // nil for a single move
	Then   Then    // what the move obliges: nothing but for entailing rulesets (entail.go)
}

// Family describes a move that stands for many, all reaching the same value:
// for every a from From to Last with a mod Mod in Residues, the heap becomes
// heaps of sizes Base[i] + Coef[i]*a of the same ruleset.
type Family struct {
	From, Last, Count *big.Int
	Mod               int64
	Residues          []int64 // ascending
	Base              []*big.Int
	Coef              []int64
}

// Heaps writes the heaps a member leaves, with a for the running number:
// "Kayles(a) + Kayles(98 - a)".
func (f *Family) Heaps(name string) string {
	parts := make([]string, len(f.Base))
	for i, b := range f.Base {
		switch c := f.Coef[i]; {
		case c == 0:
			parts[i] = fmt.Sprintf("%s(%s)", name, b)
		case b.Sign() == 0 && c == 1:
			parts[i] = name + "(a)"
		case c == 1:
			parts[i] = fmt.Sprintf("%s(%s + a)", name, b)
		case c == -1:
			parts[i] = fmt.Sprintf("%s(%s - a)", name, b)
		default:
			parts[i] = fmt.Sprintf("%s(%s %+d*a)", name, b, c)
		}
	}
	return strings.Join(parts, " + ")
}

// Range writes the values of a: "a = 5, 39, ..., 999 (every 34; 30 moves)",
// or "a from 53 to 999 with a mod 34 in {1, 2, 5} (88 moves)".
func (f *Family) Range() string {
	if len(f.Residues) == 1 {
		second := new(big.Int).Add(f.From, big.NewInt(f.Mod))
		return fmt.Sprintf("a = %s, %s, ..., %s (every %d; %s moves)", f.From, second, f.Last, f.Mod, f.Count)
	}
	rs := make([]string, len(f.Residues))
	for i, r := range f.Residues {
		rs[i] = fmt.Sprint(r)
	}
	return fmt.Sprintf("a from %s to %s with a mod %d in {%s} (%s moves)", f.From, f.Last, f.Mod, strings.Join(rs, ", "), f.Count)
}

// Position is a disjunctive sum of components; the empty sum is the zero game.
type Position []Component

// String formats the sum: "Kayles(3) + Nim(4)", or "0" for the empty sum.
func (p Position) String() string {
	if len(p) == 0 {
		return "0"
	}
	parts := make([]string, len(p))
	for i, c := range p {
		parts[i] = c.String()
	}
	return strings.Join(parts, " + ")
}

// Replace returns p with component i replaced by with: the position a move
// in component i reaches.
func (p Position) Replace(i int, with []Component) Position {
	out := make(Position, 0, len(p)-1+len(with))
	out = append(out, p[:i]...)
	out = append(out, with...)
	return append(out, p[i+1:]...)
}

// Firsts returns, for each component of p, the index of the first component
// equal to it (the same ruleset, the same position): equal components have
// the same moves, which reach equal positions, so listings of moves look at
// the first of them only. A sum of 10^5 small heaps has a few dozen.
func (p Position) Firsts() []int {
	type key struct {
		r Ruleset
		s string
	}
	first := make(map[key]int)
	out := make([]int, len(p))
	for i, c := range p {
		k := key{c.Rules, c.Rules.Kind().Encode(c.State)}
		j, ok := first[k]
		if !ok {
			first[k], j = i, i
		}
		out[i] = j
	}
	return out
}

// Decided returns a component of p whose creator has already lost, if any:
// the game is then over.
func (p Position) Decided() (Component, bool) {
	for _, c := range p {
		if c.Rules.Decided(c.State) {
			return c, true
		}
	}
	return Component{}, false
}

// DecidedError is returned when a value is asked of a decided position.
type DecidedError struct{ Component Component }

func (e *DecidedError) Error() string {
	return fmt.Sprintf("%s has no Grundy value: the player who left it has already lost (a 'loses if' rule)", e.Component)
}

// Outcome is the outcome class of a position: who wins with best play.
type Outcome int

// The outcome classes of an impartial game.
const (
	P Outcome = iota // the previous player (the one who just moved) wins
	N                // the next player (the one to move) wins
	D                // neither can force a win: play goes on for ever (loopy games)
)

// String is "P", "N" or "D".
func (o Outcome) String() string { return [...]string{"P", "N", "D"}[o] }
