package pass

import (
	"context"
	"encoding/binary"
	"fmt"
	"math/big"
	"slices"
	"strings"

	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/solve"
)

// State is a position of the inner ruleset and whether the pass is left.
type State struct {
	S    game.State
	Left bool
}

// Ruleset is a ruleset with a one-time pass.
type Ruleset struct {
	inner game.Ruleset
	kind  game.Kind
	self  game.Ruleset // the ruleset its moves' positions belong to: r, or its Graph
}

// Joiner is a ruleset whose positions fall apart into parts solved apart
// (a graph in its components): Joined is the same rules played on whole
// positions, which a pass needs, as it belongs to the whole.
type Joiner interface {
	Joined() game.Ruleset
}

// Wrap gives r a one-time pass; a ruleset whose positions fall apart is
// played whole. A ruleset of tuples of numbers (a game.GraphGame whose keys
// are numbers, solve.IntKeyed) keeps that form with its pass (Graph), so
// that the solvers' memo lays its positions out in a box as they do the
// ruleset's own.
func Wrap(r game.Ruleset) game.Ruleset {
	if j, ok := r.(Joiner); ok {
		r = j.Joined()
	}
	var k game.Kind = kind{r.Kind()}
	if vm, ok := r.Kind().(game.ValueMaker); ok {
		k = valueKind{kind{r.Kind()}, vm} // a graph's positions are made from a graph
	}
	w := &Ruleset{inner: r, kind: k}
	w.self = w
	gg, isGraph := r.(game.GraphGame)
	ik, isInts := r.(solve.IntKeyed)
	if isGraph && isInts && ik.KeyInts() > 0 {
		g := &Graph{Ruleset: w, g: gg}
		w.self = g
		return g
	}
	return w
}

// Graph is a ruleset of tuples of numbers with a one-time pass, itself a
// game.GraphGame of tuples: its key is the inner key with the first number
// x written 2x + 1 while the pass is left, 2x once it is used.
type Graph struct {
	*Ruleset
	g game.GraphGame
}

// KeyInts is the inner ruleset's: the pass rides on the first number.
func (g *Graph) KeyInts() int { return g.g.(solve.IntKeyed).KeyInts() }

// Key is the inner key with the pass on its first number.
func (g *Graph) Key(s game.State) ([]byte, error) {
	st := s.(State)
	key, err := g.g.Key(st.S)
	if err != nil {
		return nil, err
	}
	if !withPass(key, st.Left) {
		return nil, fmt.Errorf("%s%s is too large for the generic solver with a pass", g.Name(), g.kind.Format(s))
	}
	return key, nil
}

// withPass writes the pass on a key's first number x: 2x + 1 while it is
// left, 2x once used; false when x is too large for that.
func withPass(key []byte, left bool) bool {
	x := binary.LittleEndian.Uint64(key)
	if x >= 1<<62 {
		return false
	}
	x *= 2
	if left {
		x++
	}
	binary.LittleEndian.PutUint64(key, x)
	return true
}

// State is the position of a key.
func (g *Graph) State(key []byte) game.State {
	inner := slices.Clone(key)
	x := binary.LittleEndian.Uint64(inner)
	binary.LittleEndian.PutUint64(inner, x/2)
	return State{S: g.g.State(inner), Left: x%2 == 1}
}

// Options are the inner options with the pass as it is, and the pass
// itself (the same numbers, the pass used) when it is left and there is a
// move.
func (g *Graph) Options(w *solve.Work, key []byte, yield func([]byte)) error {
	x := binary.LittleEndian.Uint64(key)
	left := x%2 == 1
	inner := slices.Clone(key)
	binary.LittleEndian.PutUint64(inner, x/2)
	moved := false
	var big error
	buf := make([]byte, len(key))
	err := g.g.Options(w, inner, func(opt []byte) {
		moved = true
		copy(buf, opt)
		if !withPass(buf, left) {
			big = fmt.Errorf("%s: a move makes a number of %d, too large for the generic solver with a pass", g.Name(), binary.LittleEndian.Uint64(opt))
			return
		}
		yield(buf)
	})
	if err != nil {
		return err
	}
	if big != nil {
		return big
	}
	if left && moved {
		binary.LittleEndian.PutUint64(buf, x-1)
		copy(buf[8:], key[8:])
		yield(buf)
	}
	return nil
}

// valueKind is the kind of a ruleset with a pass whose positions are made
// from values (a graph).
type valueKind struct {
	kind
	vm game.ValueMaker
}

// MakeFrom is a position made from values, with its pass left.
func (k valueKind) MakeFrom(name string, vs []any) (game.State, error) {
	s, err := k.vm.MakeFrom(name, vs)
	if err != nil {
		return nil, err
	}
	return State{S: s, Left: true}, nil
}

func (r *Ruleset) Name() string              { return r.inner.Name() }
func (r *Ruleset) Kind() game.Kind           { return r.kind }
func (r *Ruleset) Inner() game.Ruleset       { return r.inner }
func (r *Ruleset) Decided(s game.State) bool { return r.inner.Decided(s.(State).S) }

// Moves are the inner ruleset's moves, the pass kept as it is, and the pass
// itself when it is left and there is a move to pass instead of.
func (r *Ruleset) Moves(ctx context.Context, s game.State) ([]game.Move, error) {
	st := s.(State)
	inner, err := r.inner.Moves(ctx, st.S)
	if err != nil {
		return nil, err
	}
	out := make([]game.Move, 0, len(inner)+1)
	for _, m := range inner {
		if len(m.To) > 1 {
			return nil, fmt.Errorf("%s has a one-time pass and a move that leaves several positions (%s): a pass belongs to one game, so its moves must leave one position or nothing", r.Name(), game.Position(m.To))
		}
		w := m
		w.To = nil
		for _, c := range m.To {
			w.To = append(w.To, game.Component{Rules: r.self, State: State{S: c.State, Left: st.Left}})
		}
		out = append(out, w)
	}
	if st.Left && len(inner) > 0 {
		out = append(out, game.Move{Label: "pass", To: []game.Component{{Rules: r.self, State: State{S: st.S}}}})
	}
	return out, nil
}

// kind writes a position with its pass as the inner kind does, and one
// whose pass is used with "; passed" after it: G(7; passed).
type kind struct{ inner game.Kind }

func (k kind) Name() string { return k.inner.Name() + " with a one-time pass" }

// Make is a position with its pass left.
func (k kind) Make(name string, nums []*big.Int) (game.State, error) {
	s, err := k.inner.Make(name, nums)
	if err != nil {
		return nil, err
	}
	return State{S: s, Left: true}, nil
}

func (k kind) Format(s game.State) string {
	st := s.(State)
	f := k.inner.Format(st.S)
	if st.Left || len(f) < 2 {
		return f
	}
	return f[:len(f)-1] + "; passed" + f[len(f)-1:]
}

func (k kind) Braces() bool               { return k.inner.Braces() }
func (k kind) Example(name string) string { return k.inner.Example(name) }
func (k kind) Coords() []string           { return k.inner.Coords() }

func (k kind) Compare(a, b game.State) int {
	x, y := a.(State), b.(State)
	if c := k.inner.Compare(x.S, y.S); c != 0 {
		return c
	}
	switch {
	case x.Left == y.Left:
		return 0
	case x.Left:
		return 1
	}
	return -1
}

func (k kind) Encode(s game.State) string {
	st := s.(State)
	if st.Left {
		return "P" + k.inner.Encode(st.S)
	}
	return "-" + k.inner.Encode(st.S)
}

// Sum is a whole sum as one position, so that a pass can belong to it:
// WrapSum(p) is p with one pass for the whole sum, either player's, once.
type Sum struct{}

// sumState is a sum of positions.
type sumState struct{ p game.Position }

// WrapSum is the sum p with a one-time pass for the whole of it: one
// component of a ruleset whose positions are sums, carrying the pass.
func WrapSum(p game.Position) (game.Component, error) {
	for _, c := range p {
		if game.IsEntailing(c.Rules) {
			return game.Component{}, fmt.Errorf("%s has moves that oblige the next move: a pass for a sum holding it is not played", c.Rules.Name())
		}
	}
	r := Wrap(sumRules)
	return game.Component{Rules: r, State: State{S: sumState{p}, Left: true}}, nil // a Ruleset: sums are no GraphGame
}

var sumRules = &Sum{}

// PassSum is the sum a position of WrapSum's ruleset holds, and whether
// its pass is left; false for a ruleset that is not one of sums.
func (r *Ruleset) PassSum(s game.State) (game.Position, bool, bool) {
	st, ok := s.(State)
	if !ok || r.inner != sumRules {
		return nil, false, false
	}
	return st.S.(sumState).p, st.Left, true
}

func (*Sum) Name() string            { return "" }
func (*Sum) Kind() game.Kind         { return sumKind{} }
func (*Sum) Decided(game.State) bool { return false }

// Moves are the moves of every part (of equal parts, the first's), each
// leaving the whole sum.
func (r *Sum) Moves(ctx context.Context, s game.State) ([]game.Move, error) {
	p := s.(sumState).p
	var out []game.Move
	firsts := p.Firsts()
	for i, c := range p {
		if firsts[i] != i {
			continue
		}
		moves, err := c.Rules.Moves(ctx, c.State)
		if err != nil {
			return nil, err
		}
		for _, m := range moves {
			label := m.Label
			if label == "" {
				label = c.String() + " to " + game.Position(m.To).String()
				if len(m.To) == 0 {
					label = c.String() + " to nothing"
				}
			}
			out = append(out, game.Move{Label: label, To: []game.Component{{Rules: r, State: sumState{p.Replace(i, m.To)}}}})
		}
	}
	return out, nil
}

// sumKind writes a sum in brackets: (Nim(1) + Nim(2)).
type sumKind struct{}

func (sumKind) Name() string { return "sum" }
func (sumKind) Make(string, []*big.Int) (game.State, error) {
	return nil, fmt.Errorf("a sum with a pass is made by withpass(P)")
}
func (sumKind) Format(s game.State) string {
	p := s.(sumState).p
	if len(p) == 0 {
		return "(0)"
	}
	return "(" + p.String() + ")"
}
func (sumKind) Braces() bool          { return false }
func (sumKind) Example(string) string { return "withpass(Nim(1) + Nim(2) + Nim(3))" }
func (sumKind) Coords() []string      { return nil }

// Compare orders sums by their writing.
func (k sumKind) Compare(a, b game.State) int {
	x, y := k.Format(a), k.Format(b)
	switch {
	case len(x) != len(y):
		return len(x) - len(y)
	case x < y:
		return -1
	case x > y:
		return 1
	}
	return 0
}

// Encode is the parts, sorted, each its ruleset's name and encoding.
func (sumKind) Encode(s game.State) string {
	p := s.(sumState).p
	parts := make([]string, len(p))
	for i, c := range p {
		parts[i] = c.Rules.Name() + "\x00" + c.Rules.Kind().Encode(c.State)
	}
	slices.Sort(parts)
	return strings.Join(parts, "\x01")
}

// NimHeaper is a ruleset that can say its positions are sums of Nim heaps,
// one for each number (a tuple ruleset of Nim's moves).
type NimHeaper interface {
	NimMoves() bool
	NimHeaps(s game.State) ([]int64, bool)
}

// PassNimRules reports whether the inner rules are a sum of Nim heaps
// (NimHeaper), one for each number of a position, and how many.
func (r *Ruleset) PassNimRules() (int, bool) {
	nh, ok := r.inner.(NimHeaper)
	if !ok || !nh.NimMoves() {
		return 0, false
	}
	return len(r.kind.Coords()), true
}

// PassNim is the heaps of a position whose rules are a sum of Nim heaps
// (NimHeaper), and whether its pass is left; false for any other.
func (r *Ruleset) PassNim(s game.State) ([]int64, bool, bool) {
	nh, ok := r.inner.(NimHeaper)
	st, isState := s.(State)
	if !ok || !isState {
		return nil, false, false
	}
	hs, ok := nh.NimHeaps(st.S)
	return hs, st.Left, ok
}
