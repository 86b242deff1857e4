package graph

import (
	"context"

	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/rules"
	"github.com/gamelang/gamelang/solve"
)

// Ruleset is a graph ruleset: its compiled move rules, run over the
// position under way (cur, which the rules' vertices, neighbours, degree
// and adjacent read).
type Ruleset struct {
	name   string
	moves  []move
	regs   int
	ticker *rules.Ticker
	limits *solve.Limits
	cur    *State // shared with the compiled rules, and by Whole's copy
	// split: a move's result is given as its components (every rule changes
	// one component only); canonical: components are keyed by their
	// canonical form (the rules see edges and order only).
	split, canonical bool
	shapes           *shapeRule // Node Kayles' or Arc Kayles' rule (shape.go)
}

// Name is the ruleset's name.
func (r *Ruleset) Name() string { return r.name }

// Rename changes the name (see game.Renamer).
func (r *Ruleset) Rename(name string) { r.name = name }

// Kind is the positions: graphs.
func (r *Ruleset) Kind() game.Kind {
	return kind{canonical: r.canonical, mirrored: r.canonical && r.shapes != nil}
}

// Decided is false: a graph ruleset has no 'loses if'.
func (r *Ruleset) Decided(game.State) bool { return false }

// Splits reports whether positions fall apart into components that are
// solved apart, and whether equal components share one value.
func (r *Ruleset) Splits() (split, canonical bool) { return r.split, r.canonical }

// Whole returns the ruleset solving every position whole: no splitting
// into components and keys by vertices. The answers are the same, found
// the slow way (for tests and benchmarks).
func (r *Ruleset) Whole() *Ruleset {
	w := *r
	w.split, w.canonical, w.shapes = false, false, nil
	return &w
}

// Moves lists the moves of a position: for every binding of a rule's
// loop variables that passes its guard, the subgraph its result leaves —
// as its components when the ruleset splits.
func (r *Ruleset) Moves(ctx context.Context, s game.State) (moves []game.Move, err error) {
	defer solve.Catch(&err)
	st := s.(State)
	w, done := r.ticker.Listing(ctx, r.limits, r.name)
	defer done()
	saved := *r.cur
	*r.cur = st
	defer func() { *r.cur = saved }()
	regs := make([]int64, r.regs)
	out := newSet(st.G.N())
	for i := range r.moves {
		m := &r.moves[i]
		m.Each(w, regs, func() {
			m.result(regs, out)
			for j := range out {
				out[j] &= st.Present[j] // a move leaves vertices of the position only
			}
			to := r.leave(st.G, out) // a walk over the edges left: Ctrl-C looked at for each
			w.Check()
			w.Alloc(len(to) * (8*len(out) + 64))
			moves = append(moves, game.Move{To: to})
		})
	}
	return moves, nil
}

// leave is what a move leaves: nothing, the subgraph, or its components.
func (r *Ruleset) leave(g *Graph, left Set) []game.Component {
	if left.empty() {
		return nil
	}
	if !r.split {
		return []game.Component{{Rules: r, State: State{G: g, Present: append(Set(nil), left...)}}}
	}
	var to []game.Component
	for _, c := range components(g, left) {
		to = append(to, game.Component{Rules: r, State: State{G: g, Present: c}})
	}
	return to
}

// Parts are the components of a position, when the ruleset splits and it
// has more than one (game.Splitter).
func (r *Ruleset) Parts(s game.State) []game.State {
	st := s.(State)
	if _, _, whole := st.G.Line(st.Present); !r.split || whole {
		return nil
	}
	comps := components(st.G, st.Present)
	if len(comps) < 2 {
		return nil
	}
	out := make([]game.State, len(comps))
	for i, c := range comps {
		out[i] = State{G: st.G, Present: c}
	}
	return out
}

// Joined is the ruleset playing positions whole, equal ones still
// sharing a key where the rules allow: what a pass needs (pass.Joiner).
func (r *Ruleset) Joined() game.Ruleset {
	w := *r
	w.split = false
	return &w
}

// NormalSolver says how positions are taken apart (what solver(G) shows
// before the solver's own description).
func (r *Ruleset) NormalSolver() string {
	if r.shapes != nil && r.split {
		return "each position split into its components, equal components (renumbered in order) sharing one value; a symmetric position is 0 (the second player copies), a path or a cycle valued by octal " + r.shapes.code + "; any other position of a grid of at most 128 cells by the Kayles engine (the outcome search over nim heaps, regions keyed under the lattice's symmetries)"
	}
	switch {
	case r.split && r.canonical:
		return "each position split into its components, equal components (renumbered in order) sharing one value"
	case r.split:
		return "each position split into its components (keyed by their vertices: the rules read vertex numbers)"
	case r.canonical:
		return "positions solved whole (a move rule may change more than one component), equal ones (renumbered in order) sharing one value"
	}
	return "positions solved whole (a move rule may change more than one component), keyed by their vertices (the rules read vertex numbers)"
}
