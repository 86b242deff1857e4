package graph

// Components whose value a theorem gives. Node Kayles — the one rule
// move (vertices - {v} - neighbours(v)) for v in vertices, in any grouping —
// on a path of n vertices is Dawson's Chess, octal 0.137, on a heap of n:
// taking an end vertex removes two from the end, the vertex next to an end
// three from the end, any other vertex three from the middle, leaving two
// paths; a path of one vertex goes at once. On a cycle of n >= 3 every move
// removes three vertices and leaves a path of n - 3, so its value is the mex
// of that path's alone. Such a component is answered by the octal engine,
// which knows 0.137's period: a path of any length at once, where the
// search over subsets would run out of memory long before.

import (
	"context"
	"math/big"
	"sync"

	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/lang"
	"github.com/gamelang/gamelang/octal"
)

// nodeKaylesRule reports whether a declaration's rules are Node Kayles'
// exactly: one move rule, one loop v in vertices, no guard, the result
// vertices less v and its neighbours.
func nodeKaylesRule(d *lang.GameDecl) bool {
	if len(d.Rules) != 1 {
		return false
	}
	m, ok := d.Rules[0].(*lang.MoveRule)
	if !ok || m.Then != "" || m.Guard != nil || len(m.Fors) != 1 || len(m.Result) != 1 || !isName(m.Fors[0].Range, nameVertices) {
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
	var less func(e lang.Expr) bool
	less = func(e lang.Expr) bool { // vertices - A - B ...
		switch x := unparen(e).(type) {
		case *lang.Ident:
			return x.Name == nameVertices
		case *lang.Binary:
			return x.Op == "-" && less(x.Left) && removed(x.Right)
		}
		return false
	}
	return less(m.Result[0]) && self && around
}

// dawson is the table of octal 0.137, made when first needed.
type dawson struct {
	once  sync.Once
	table *octal.Table
}

// ShapeGrundy is the value of a component the theory values (see above):
// a path or a cycle under Node Kayles; false for any other.
func (r *Ruleset) ShapeGrundy(ctx context.Context, s game.State) (*big.Int, bool, error) {
	if r.kayles == nil {
		return nil, false, nil
	}
	st, ok := s.(State)
	if !ok {
		return nil, false, nil
	}
	n, cycle, ok := pathOrCycle(st)
	if !ok {
		return nil, false, nil
	}
	k := r.kayles
	k.once.Do(func() {
		code, err := octal.Parse("0.137", 8)
		if err != nil {
			panic(err)
		}
		k.table = octal.NewTable(code, octal.Config{Limits: r.limits, What: "Node Kayles on a path (Dawson's Chess, octal 0.137)"})
	})
	if !cycle {
		g, err := k.table.Value(ctx, big.NewInt(int64(n)))
		return big.NewInt(int64(g)), err == nil, err
	}
	g, err := k.table.Value(ctx, big.NewInt(int64(n-3)))
	if g == 0 {
		return big.NewInt(1), err == nil, err
	}
	return big.NewInt(0), err == nil, err
}

// pathOrCycle reports whether the position is one path (n vertices, n >= 1)
// or one cycle (n >= 3) of the simple graph under it.
func pathOrCycle(st State) (n int, cycle, ok bool) {
	adj := st.G.Adj
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
