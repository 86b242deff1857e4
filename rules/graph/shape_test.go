package graph

import (
	"strings"
	"testing"

	"github.com/gamelang/gamelang/lang"
)

// Only Node Kayles' rule, in any grouping of the same sets, is taken for
// Node Kayles: a guard, another rule, another vertex or a smaller removal
// is some other game.
func TestNodeKaylesRule(t *testing.T) {
	for _, c := range []struct {
		rules string
		want  bool
	}{
		{"move (vertices - {v} - neighbours(v)) for v in vertices", true},
		{"move (vertices - neighbours(v) - {v}) for v in vertices", true},
		{"move (vertices - ({v} + neighbours(v))) for v in vertices", true},
		{"move (vertices - neighbours(u) - {u}) for u in vertices", true},
		{"move (vertices - {v} - neighbours(v)) for v in vertices if degree(v) > 0", false},
		{"move (vertices - {v}) for v in vertices", false},
		{"move (vertices - neighbours(v)) for v in vertices", false},
		{"move (vertices - {v} - neighbours(v)) for v in vertices; move (vertices - {v}) for v in vertices", false},
		{"move (vertices - {u, v}) for u in vertices for v in neighbours(u) if u < v", false},
		{"move (vertices - {v} - neighbours(v) - neighbours(v)) for v in vertices", true},
		{"move (vertices - {v} - neighbours(ground)) for v in vertices", false},
	} {
		f, err := lang.Parse("t.game", "game G graph { "+c.rules+" }")
		if err != nil {
			t.Fatal(c.rules, err)
		}
		d := f.Stmts[0].(*lang.GameDecl)
		if got := nodeKaylesRule(d); got != c.want {
			t.Errorf("%s: Node Kayles %v, want %v", c.rules, got, c.want)
		}
	}
}

// Only Arc Kayles' rule (Cram's), with no guard or u < v, is taken for Arc
// Kayles.
func TestArcKaylesRule(t *testing.T) {
	for _, c := range []struct {
		rules string
		want  bool
	}{
		{"move (vertices - {u, v}) for u in vertices for v in neighbours(u) if u < v", true},
		{"move (vertices - {u, v}) for u in vertices for v in neighbours(u)", true},
		{"move (vertices - {v, u}) for u in vertices for v in neighbours(u) if u < v", true},
		{"move (vertices - {u} - {v}) for u in vertices for v in neighbours(u)", false},
		{"move (vertices - {u, v}) for u in vertices for v in neighbours(u) if v < u", false},
		{"move (vertices - {u, v}) for u in vertices for v in neighbours(u) if degree(u) > 1", false},
		{"move (vertices - {u, v}) for u in vertices for v in vertices if u < v", false},
		{"move (vertices - {u, u}) for u in vertices for v in neighbours(u)", false},
		{"move (vertices - {u, v}) for u in vertices for v in neighbours(ground)", false},
		{"move (vertices - {v} - neighbours(v)) for v in vertices", false},
	} {
		f, err := lang.Parse("t.game", "game G graph { "+c.rules+" }")
		if err != nil {
			t.Fatal(c.rules, err)
		}
		d := f.Stmts[0].(*lang.GameDecl)
		if got := arcKaylesRule(d); got != c.want {
			t.Errorf("%s: Arc Kayles %v, want %v", c.rules, got, c.want)
		}
	}
}

// Paths and cycles are told from every other shape, connected or not.
func TestPathOrCycle(t *testing.T) {
	for _, c := range []struct {
		graph string
		n     int
		cycle bool
		ok    bool
	}{
		{"a", 1, false, true},
		{"a-b", 2, false, true},
		{"a-b b-c c-d", 4, false, true},
		{"c-d a-b b-c", 4, false, true},
		{"a-b b-c c-a", 3, true, true},
		{"a-b b-c c-d d-a", 4, true, true},
		{"a-b b-c c-d d-a a-c", 0, false, false},
		{"a-b c", 0, false, false},
		{"a c", 0, false, false},
		{"a-b c-d", 0, false, false},
		{"a-b b-c c-a d-e", 0, false, false},
		{"a-b b-c c-a d-e e-f f-d", 0, false, false},
		{"a-b a-c a-d", 0, false, false},
		{"a-b b-c c-a d", 0, false, false},
		{"a-b b-a a-a b-c", 3, false, true},
	} {
		g, err := Parse(c.graph, strings.NewReader(c.graph))
		if err != nil {
			t.Fatal(err)
		}
		n, cycle, ok := pathOrCycle(Whole(g))
		if n != c.n || cycle != c.cycle || ok != c.ok {
			t.Errorf("%s: %d, cycle %v, %v; want %d, %v, %v", c.graph, n, cycle, ok, c.n, c.cycle, c.ok)
		}
	}
	for _, mk := range []func(int64) (*Graph, error){Path, Cycle} {
		for n := int64(3); n <= 70; n++ {
			g, err := mk(n)
			if err != nil {
				t.Fatal(err)
			}
			st := Whole(g)
			got, cycle, ok := pathOrCycle(st)
			if got != int(n) || !ok || cycle != (g.Edges() == int(n)) {
				t.Errorf("%s: %d, cycle %v, %v", g.Desc, got, cycle, ok)
			}
			st.Present = append(Set(nil), st.Present...) // a vertex gone from the middle: two paths, or one
			st.Present.del(int(n / 2))
			got, cycle, ok = pathOrCycle(st)
			if isCycle := g.Edges() == int(n); ok != isCycle || ok && (got != int(n)-1 || cycle) {
				t.Errorf("%s less a vertex: %d, cycle %v, %v", g.Desc, got, cycle, ok)
			}
		}
	}
}
