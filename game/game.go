// Package game defines what every ruleset is — compiled user games and stdlib
// builtins alike — and the Sprague-Grundy queries on positions, which are
// disjunctive sums of components.
package game

import (
	"context"
	"fmt"
	"math/big"
	"strings"
)

// State is a ruleset's position: *big.Int for a heap, Tuple for a tuple
// ruleset, Set for a set ruleset (see Shape).
type State any

// Tuple is the state of a tuple ruleset.
type Tuple []*big.Int

// Ruleset is a compiled game. Positions of it are (Ruleset, State) components.
type Ruleset interface {
	// Name is how the ruleset is written: "Kayles", "Bounded(3)".
	Name() string
	// Shape says what its positions are.
	Shape() Shape
	// Grundy returns the nim value of a state that is not Decided.
	Grundy(ctx context.Context, s State) (*big.Int, error)
	// Moves lists every move from s. Moves into Decided states (where the mover
	// loses at once) are left out: no player makes them while another move
	// exists, and having only such moves is the same as having none.
	Moves(ctx context.Context, s State) ([]Move, error)
	// Decided reports whether s is a position whose creator has already lost
	// (a `loses if` rule); such a position has no Grundy value.
	Decided(s State) bool
	// Solver names the algorithm that answers for this ruleset.
	Solver() string
}

// Targeter is a ruleset that lists the moves to a given value without
// listing every move: a huge heap answers from its period or a closed form.
type Targeter interface {
	MovesTo(ctx context.Context, s State, v *big.Int) ([]Move, error)
}

// Outcomer is a ruleset that knows the outcome of a state more cheaply than
// its Grundy value.
type Outcomer interface {
	Outcome(ctx context.Context, s State) (Outcome, error)
}

// Component is one part of a disjunctive sum.
type Component struct {
	Rules Ruleset
	State State
}

// String formats the component as a position: "Kayles(7)", "W(3, 5)", "G{2, 3}".
func (c Component) String() string {
	return c.Rules.Name() + FormatState(c.Rules.Shape(), c.State)
}

// Move is one move inside a component: the component is replaced by To (empty
// when nothing is left, several components when a heap splits). A move may
// stand for a family of Count moves that all reach the same value (a huge heap
// splits in too many ways to list); To is then its first member and Label
// describes them all.
type Move struct {
	Label  string // how to say the move when To does not say it ("pick 4")
	To     []Component
	Family *Family // nil for a single move
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

// DecidedError is returned when a Grundy value is asked of a decided position.
type DecidedError struct{ Component Component }

func (e *DecidedError) Error() string {
	return fmt.Sprintf("%s has no Grundy value: the player who left it has already lost (a 'loses if' rule)", e.Component)
}

// Grundy returns the nim value of a sum: the XOR of its components' values.
func Grundy(ctx context.Context, p Position) (*big.Int, error) {
	g := new(big.Int)
	for _, c := range p {
		if c.Rules.Decided(c.State) {
			return nil, &DecidedError{c}
		}
		v, err := c.Rules.Grundy(ctx, c.State)
		if err != nil {
			return nil, err
		}
		g.Xor(g, v)
	}
	return g, nil
}

// Outcome is the outcome class of a position under normal play.
type Outcome int

// The two outcome classes of an impartial game.
const (
	P Outcome = iota // the previous player (the one who just moved) wins
	N                // the next player (the one to move) wins
)

// String is "P" or "N".
func (o Outcome) String() string { return [...]string{"P", "N"}[o] }

// OutcomeOf returns P or N. A sum with a decided component is N: the last
// mover created a losing position and has lost.
func OutcomeOf(ctx context.Context, p Position) (Outcome, error) {
	for _, c := range p {
		if c.Rules.Decided(c.State) {
			return N, nil
		}
	}
	if len(p) == 1 {
		if o, ok := p[0].Rules.(Outcomer); ok {
			return o.Outcome(ctx, p[0].State)
		}
	}
	g, err := Grundy(ctx, p)
	if err != nil {
		return P, err
	}
	if g.Sign() == 0 {
		return P, nil
	}
	return N, nil
}

// Option is a move of a sum together with the position it reaches.
type Option struct {
	Index  int      // which component moves
	Move   Move     // the move in that component
	Result Position // the whole position after the move
	Grundy *big.Int // the value of Result
}

// Options lists every move of the sum with the resulting position and value.
// A decided position has no options: the game is over.
func Options(ctx context.Context, p Position) ([]Option, error) {
	total, err := Grundy(ctx, p)
	if err != nil {
		return nil, err
	}
	var out []Option
	for i, c := range p {
		own, err := c.Rules.Grundy(ctx, c.State)
		if err != nil {
			return nil, err
		}
		moves, err := c.Rules.Moves(ctx, c.State)
		if err != nil {
			return nil, err
		}
		for _, m := range moves {
			g, err := Grundy(ctx, m.To)
			if err != nil {
				return nil, err
			}
			g.Xor(g, own).Xor(g, total)
			out = append(out, Option{Index: i, Move: m, Result: replace(p, i, m.To), Grundy: g})
		}
	}
	return out, nil
}

// Winning lists the moves to value 0: the moves that win. In each component
// they are the moves to the value that the rest of the sum cancels; a single
// component needs no value at all, only its moves to 0 (which closed forms
// give for huge positions whose Grundy value is unknown).
func Winning(ctx context.Context, p Position) ([]Option, error) {
	if len(p) == 1 {
		if p[0].Rules.Decided(p[0].State) {
			return nil, &DecidedError{p[0]}
		}
		moves, err := MovesTo(ctx, p[0], new(big.Int))
		var out []Option
		for _, m := range moves {
			out = append(out, Option{Move: m, Result: replace(p, 0, m.To), Grundy: new(big.Int)})
		}
		return out, err
	}
	total, err := Grundy(ctx, p)
	if err != nil {
		return nil, err
	}
	var out []Option
	for i, c := range p {
		own, err := c.Rules.Grundy(ctx, c.State)
		if err != nil {
			return nil, err
		}
		target := new(big.Int).Xor(own, total)
		moves, err := MovesTo(ctx, c, target)
		if err != nil {
			return nil, err
		}
		for _, m := range moves {
			out = append(out, Option{Index: i, Move: m, Result: replace(p, i, m.To), Grundy: new(big.Int)})
		}
	}
	return out, nil
}

// MovesTo lists the moves of a component to positions of value v.
func MovesTo(ctx context.Context, c Component, v *big.Int) ([]Move, error) {
	if t, ok := c.Rules.(Targeter); ok {
		return t.MovesTo(ctx, c.State, v)
	}
	moves, err := c.Rules.Moves(ctx, c.State)
	if err != nil {
		return nil, err
	}
	var out []Move
	for _, m := range moves {
		g, err := Grundy(ctx, m.To)
		if err != nil {
			return nil, err
		}
		if g.Cmp(v) == 0 {
			out = append(out, m)
		}
	}
	return out, nil
}

func replace(p Position, i int, with []Component) Position {
	out := make(Position, 0, len(p)-1+len(with))
	out = append(out, p[:i]...)
	out = append(out, with...)
	return append(out, p[i+1:]...)
}
