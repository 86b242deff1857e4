package graph

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/big"
	"math/bits"
	"strings"

	"github.com/gamelang/gamelang/game"
)

// Set is a set of vertices: bit v stands for vertex v.
type Set []uint64

func newSet(n int) Set { return make(Set, (n+63)/64) }

func (s Set) has(v int) bool { return s[v/64]&(1<<(v%64)) != 0 }
func (s Set) add(v int)      { s[v/64] |= 1 << (v % 64) }
func (s Set) del(v int)      { s[v/64] &^= 1 << (v % 64) }

func (s Set) each(f func(v int)) {
	for w, word := range s {
		for word != 0 {
			f(64*w + bits.TrailingZeros64(word))
			word &= word - 1
		}
	}
}

func (s Set) count() int {
	n := 0
	for _, w := range s {
		n += bits.OnesCount64(w)
	}
	return n
}

func (s Set) empty() bool {
	for _, w := range s {
		if w != 0 {
			return false
		}
	}
	return true
}

// State is a position: the subgraph of a graph that its present vertices
// induce.
type State struct {
	G       *Graph
	Present Set
}

// Whole is the position of the whole graph.
func Whole(g *Graph) State {
	s := newSet(g.N())
	for i := range s {
		s[i] = ^uint64(0)
	}
	if r := g.N() % 64; r != 0 {
		s[len(s)-1] = 1<<r - 1
	}
	return State{G: g, Present: s}
}

// kind is the positions of a graph ruleset: canonical when the rules see
// only edges and order (equal renumbered subgraphs share a key), mirrored
// when they see only edges (Node Kayles', Arc Kayles': a position and its
// images under the graph's automorphisms — a grid turned or reflected —
// share one, the least).
type kind struct{ canonical, mirrored bool }

func (k kind) Name() string { return "graph" }

func (k kind) Make(name string, nums []*big.Int) (game.State, error) {
	return nil, fmt.Errorf("a position of %s is a graph, not numbers: %s", name, k.Example(name))
}

// MakeFrom makes the position of a whole graph (see game.ValueMaker).
func (k kind) MakeFrom(name string, vs []any) (game.State, error) {
	if len(vs) != 1 {
		return nil, fmt.Errorf("a position of %s is one graph: %s", name, k.Example(name))
	}
	g, ok := vs[0].(*Graph)
	if !ok {
		return nil, fmt.Errorf("a position of %s is a graph: %s", name, k.Example(name))
	}
	if why := g.Simple(); why != "" {
		return nil, fmt.Errorf("%s plays on a simple graph, and %s has %s (Hackenbush plays on such pictures)", name, g.Desc, why)
	}
	return Whole(g), nil
}

// Format writes the graph as it was made when it is whole, else the
// subgraph's edges as graph() reads them.
func (k kind) Format(s game.State) string {
	st := s.(State)
	if st.Present.count() == st.G.N() {
		return "(" + st.G.Desc + ")"
	}
	return fmt.Sprintf("(graph(%q))", st.G.Text(st.Present))
}

func (k kind) Braces() bool { return false }

func (k kind) Example(name string) string {
	return name + "(path(5)), " + name + "(grid(3, 4)) or " + name + `(graph("a-b b-c c-a"))`
}

func (k kind) Coords() []string { return nil }

// Compare puts smaller graphs first.
func (k kind) Compare(a, b game.State) int {
	s, t := a.(State), b.(State)
	if c := s.Present.count() - t.Present.count(); c != 0 {
		return c
	}
	return strings.Compare(k.Format(a), k.Format(b))
}

// Encode is the canonical form of the subgraph: its vertices renumbered
// 0..k-1 in their order, and for each the later ones it is joined to.
// Subgraphs with equal forms are isomorphic, so they have equal values
// under rules that see only the edges and the order of the vertices (the
// kind checks that the rules do). Without that, the key is the graph's
// identity and its present vertices.
func (k kind) Encode(s game.State) string {
	st := s.(State)
	if !k.canonical {
		b := binary.AppendUvarint(nil, st.G.id)
		for _, w := range st.Present {
			b = binary.LittleEndian.AppendUint64(b, w)
		}
		return string(b)
	}
	k2 := st.Present.count()
	rank := make([]int32, st.G.N()) // rank+1 of each present vertex, 0 for absent
	order := make([]int, 0, k2)
	key := encode(st.G, st.Present, rank, order, make([]byte, 0, 2*k2+8))
	st.G.ready()
	if k.mirrored && len(st.G.autos) > 0 {
		image := make(Set, len(st.Present))
		buf := make([]byte, 0, cap(key))
		for _, m := range st.G.autos {
			clear(image)
			clear(rank)
			st.Present.each(func(v int) { image.add(int(m[v])) })
			if buf = encode(st.G, image, rank, order, buf[:0]); bytes.Compare(buf, key) < 0 {
				key, buf = buf, key
			}
		}
	}
	return string(key)
}

// encode appends to b the canonical form of the subgraph set induces (see
// Encode); rank (all zero, a slot per vertex of the graph) and order are
// scratch.
func encode(g *Graph, set Set, rank []int32, order []int, b []byte) []byte {
	order = order[:0]
	set.each(func(v int) { order = append(order, v); rank[v] = int32(len(order)) })
	b = binary.AppendUvarint(b, uint64(len(order)))
	for i, v := range order {
		for _, u := range g.Adj()[v] {
			if j := int(rank[u]) - 1; j > i {
				b = binary.AppendUvarint(b, uint64(j-i))
			}
		}
		b = append(b, 0)
	}
	return b
}

// components splits the subgraph that set induces into its connected
// components, in the order of their first vertices.
func components(g *Graph, set Set) []Set {
	left := append(Set(nil), set...)
	var out []Set
	var stack []int
	for w := range left {
		for left[w] != 0 {
			start := 64*w + bits.TrailingZeros64(left[w])
			comp := newSet(g.N())
			comp.add(start)
			left.del(start)
			stack = append(stack[:0], start)
			for len(stack) > 0 {
				v := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				for _, u := range g.Adj()[v] {
					if left.has(u) {
						left.del(u)
						comp.add(u)
						stack = append(stack, u)
					}
				}
			}
			out = append(out, comp)
		}
	}
	return out
}
