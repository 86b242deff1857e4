package graph

// Components whose value a theorem gives, for the rules of Node Kayles and
// Arc Kayles (Cram on a grid), recognised from their text:
//   - Node Kayles on a path of n vertices is Dawson's Chess, octal 0.137,
//     on a heap of n: taking an end vertex removes two from the end, the
//     vertex next to an end three from the end, any other three from the
//     middle, leaving two paths; a path of one vertex goes at once. On a
//     cycle of n >= 3 every move leaves a path of n - 3, so its value is 1
//     exactly when that path's is 0.
//   - Arc Kayles on a path of n vertices is Dawson's Kayles, octal 0.07 (a
//     move takes two adjacent vertices); on a cycle every move leaves a
//     path of n - 2.
//   - Tweedledum and Tweedledee: a position that a mirror of its graph (an
//     automorphism that is an involution without a fixed vertex: a grid
//     turned half round or reflected, a path reversed, an even cycle turned
//     half round) maps onto itself, with no vertex joined to its image, is
//     a P-position under both rules: whatever the first player removes, the
//     second removes its image, which is still there (no vertex is its own
//     image or a neighbour of it), and the position is symmetric again. So
//     every even × even Cram board is 0 at once, and so is every symmetric
//     position met in a search.
// Paths and cycles are answered by the octal engine, which knows the two
// codes' periods: a path of any length at once, where the search over
// subsets of vertices runs out of memory long before. Any other position
// of a grid of at most 128 cells goes to the Kayles engine (package
// kayles: bitsets, the outcome search over nim heaps, regions keyed under
// the lattice's symmetries).

import (
	"context"
	"math/big"
	"slices"
	"sync"

	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/kayles"
	"github.com/gamelang/gamelang/lang"
	"github.com/gamelang/gamelang/octal"
)

// shapeRule is a rule whose positions of some shapes the theory values,
// with the table of its game on paths, made when first needed.
type shapeRule struct {
	code       string // the octal code of the rule on a path
	rule       kayles.Rule
	cycleTakes int // what a move takes from a cycle: 3 or 2
	once       sync.Once
	table      *octal.Table
	engine     *kayles.Solver // made when first needed
}

// shapeOf is the rule of a declaration, when it is Node Kayles' or Arc
// Kayles'; nil otherwise.
func shapeOf(d *lang.GameDecl) *shapeRule {
	switch {
	case nodeKaylesRule(d):
		return &shapeRule{code: "0.137", cycleTakes: 3, rule: kayles.Node}
	case arcKaylesRule(d):
		return &shapeRule{code: "0.07", cycleTakes: 2, rule: kayles.Arc}
	}
	return nil
}

// oneMove is the declaration's only rule, when it is a move rule with no
// obligation.
func oneMove(d *lang.GameDecl) (*lang.MoveRule, bool) {
	if len(d.Rules) != 1 {
		return nil, false
	}
	m, ok := d.Rules[0].(*lang.MoveRule)
	return m, ok && m.Then == "" && len(m.Result) == 1
}

// nodeKaylesRule reports whether a declaration's rules are Node Kayles'
// exactly: one move rule, one loop v in vertices, no guard, the result
// vertices less v and its neighbours.
func nodeKaylesRule(d *lang.GameDecl) bool {
	m, ok := oneMove(d)
	if !ok || m.Guard != nil || len(m.Fors) != 1 || !isName(m.Fors[0].Range, nameVertices) {
		return false
	}
	v := m.Fors[0].Var.Name
	var self, around bool // {v} and neighbours(v) removed
	var removed func(e lang.Expr) bool
	removed = func(e lang.Expr) bool { // a union of {v} and neighbours(v)
		switch x := unparen(e).(type) {
		case *lang.SetLit:
			for _, el := range x.Elems {
				if !isName(el, v) {
					return false
				}
			}
			self = self || len(x.Elems) > 0
			return len(x.Elems) > 0
		case *lang.Call:
			if !isCallOf(x, nameNeighbours, 1) || !isName(x.Args[0], v) {
				return false
			}
			around = true
			return true
		case *lang.Binary:
			return x.Op == "+" && removed(x.Left) && removed(x.Right)
		}
		return false
	}
	return less(m.Result[0], removed) && self && around
}

// arcKaylesRule reports whether a declaration's rules are Arc Kayles'
// exactly: one move rule, u in vertices and v in neighbours(u), no guard
// or only u < v, the result vertices less {u, v}.
func arcKaylesRule(d *lang.GameDecl) bool {
	m, ok := oneMove(d)
	if !ok || len(m.Fors) != 2 || !isName(m.Fors[0].Range, nameVertices) {
		return false
	}
	u, v := m.Fors[0].Var.Name, m.Fors[1].Var.Name
	if c, ok := unparen(m.Fors[1].Range).(*lang.Call); !ok || !isCallOf(c, nameNeighbours, 1) || !isName(c.Args[0], u) {
		return false
	}
	if m.Guard != nil {
		b, ok := unparen(m.Guard).(*lang.Binary)
		if !ok || b.Op != "<" || !isName(b.Left, u) || !isName(b.Right, v) {
			return false
		}
	}
	var seen [2]bool
	removed := func(e lang.Expr) bool { // {u, v}
		x, ok := unparen(e).(*lang.SetLit)
		if !ok || len(x.Elems) != 2 {
			return false
		}
		for _, el := range x.Elems {
			switch {
			case isName(el, u):
				seen[0] = true
			case isName(el, v):
				seen[1] = true
			default:
				return false
			}
		}
		return true
	}
	return less(m.Result[0], removed) && seen[0] && seen[1]
}

// less reports whether e is vertices less sets, each as removed says.
func less(e lang.Expr, removed func(lang.Expr) bool) bool {
	switch x := unparen(e).(type) {
	case *lang.Ident:
		return x.Name == nameVertices
	case *lang.Binary:
		return x.Op == "-" && less(x.Left, removed) && removed(x.Right)
	}
	return false
}

// ShapeGrundy is the value of a component the theory values (see above):
// a symmetric position, a path or a cycle, else any position of a grid
// the Kayles engine takes; false for any other.
func (r *Ruleset) ShapeGrundy(ctx context.Context, s game.State) (*big.Int, bool, error) {
	st, ok := s.(State)
	if r.shapes == nil || !ok {
		return nil, false, nil
	}
	if g, ok, err := r.theory(ctx, st); ok || err != nil {
		return g, ok, err
	}
	if b := st.G.board(); b != nil {
		g, err := r.kaylesEngine().Grundy(ctx, b, kaylesSet(st.Present))
		return big.NewInt(int64(g)), err == nil, err
	}
	return nil, false, nil
}

// ShapeOutcome is the outcome of a position the theory values, else of a
// position of a grid of at most 128 cells by the Kayles engine's P-test
// alone (no value needed); false for any other.
func (r *Ruleset) ShapeOutcome(ctx context.Context, s game.State) (game.Outcome, bool, error) {
	st, ok := s.(State)
	if r.shapes == nil || !ok {
		return game.P, false, nil
	}
	if g, ok, err := r.theory(ctx, st); ok || err != nil {
		if ok && g.Sign() != 0 {
			return game.N, true, nil
		}
		return game.P, ok, err
	}
	b := st.G.board()
	if b == nil {
		return game.P, false, nil
	}
	won, err := r.kaylesEngine().Win(ctx, b, kaylesSet(st.Present))
	if won {
		return game.N, err == nil, err
	}
	return game.P, err == nil, err
}

// theory is the value of a symmetric position, a path or a cycle (see
// above); false for any other.
func (r *Ruleset) theory(ctx context.Context, st State) (*big.Int, bool, error) {
	sh := r.shapes
	n, cycle, ok := st.G.Line(st.Present) // a whole path or cycle, with no list read
	if !ok && mirrored(st) {
		return big.NewInt(0), true, nil
	}
	if !ok {
		if n, cycle, ok = pathOrCycle(st); !ok {
			return nil, false, nil
		}
	}
	sh.once.Do(func() {
		code, err := octal.Parse(sh.code, 8)
		if err != nil {
			panic(err)
		}
		sh.table = octal.NewTable(code, octal.Config{Limits: r.limits, What: r.name + " on a path (octal " + sh.code + ")"})
	})
	if !cycle {
		g, err := sh.table.Value(ctx, big.NewInt(int64(n)))
		return big.NewInt(int64(g)), err == nil, err
	}
	g, err := sh.table.Value(ctx, big.NewInt(int64(n-sh.cycleTakes)))
	if g == 0 {
		return big.NewInt(1), err == nil, err
	}
	return big.NewInt(0), err == nil, err
}

// kaylesEngine is the ruleset's Kayles engine, made on first use.
func (r *Ruleset) kaylesEngine() *kayles.Solver {
	if r.shapes.engine == nil {
		r.shapes.engine = kayles.New(r.shapes.rule, r.limits, r.name)
	}
	return r.shapes.engine
}

// kaylesSet is a position's cells as the Kayles engine's set: the grid
// has at most 128.
func kaylesSet(s Set) kayles.Set {
	var k kayles.Set
	copy(k[:], s)
	return k
}

// board is a grid as the Kayles engine's board, made once; nil for any
// other graph, or a grid of more than kayles.MaxVertices cells (the
// engine keys other graphs' components by their vertices, where the
// generic search shares equal pieces anywhere).
func (g *Graph) board() *kayles.Board {
	if g.rows == 0 || g.N() > kayles.MaxVertices {
		return nil
	}
	g.boardOnce.Do(func() { g.kb, _ = kayles.NewGrid(g.rows, g.cols) })
	return g.kb
}

// mirrored reports whether a mirror of the graph maps the position onto
// itself with no vertex of it joined to its image (see above).
func mirrored(st State) bool {
	g := st.G
	g.ready()
next:
	for _, m := range g.mirrors {
		ok := true
		st.Present.each(func(v int) {
			if !ok {
				return
			}
			w := int(m[v])
			if !st.Present.has(w) {
				ok = false
				return
			}
			if _, adjacent := slices.BinarySearch(g.Adj()[v], w); adjacent {
				ok = false
			}
		})
		if !ok {
			continue next
		}
		return true
	}
	return false
}

// pathOrCycle reports whether the position is one path (n vertices, n >= 1)
// or one cycle (n >= 3) of the simple graph under it.
func pathOrCycle(st State) (n int, cycle, ok bool) {
	adj := st.G.Adj()
	var buf [3]int
	nbrs := func(v int) []int { // v's neighbours present, up to three
		out := buf[:0]
		for _, u := range adj[v] {
			if st.Present.has(u) {
				if out = append(out, u); len(out) == 3 {
					break
				}
			}
		}
		return out
	}
	start, ends, wide := -1, 0, false // start: an end, or any vertex of a cycle
	st.Present.each(func(v int) {
		n++
		switch d := len(nbrs(v)); {
		case d > 2:
			wide = true
		case d < 2:
			if ends++; ends == 1 {
				start = v
			}
		}
		if start < 0 {
			start = v
		}
	})
	if n == 0 || wide || (ends != 0 && ends != 2 && n > 1) {
		return 0, false, false
	}
	cycle = ends == 0
	// walk from start: connected when it meets every vertex
	prev, cur, seen := -1, start, 1
	for {
		next := -1
		for _, u := range nbrs(cur) {
			if u != prev {
				next = u
				break
			}
		}
		if next < 0 || next == start {
			break
		}
		prev, cur = cur, next
		if seen++; seen > n {
			return 0, false, false
		}
	}
	if seen != n || cycle && n < 3 {
		return 0, false, false
	}
	return n, cycle, true
}
