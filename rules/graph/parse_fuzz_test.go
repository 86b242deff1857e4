package graph

import (
	"bytes"
	"slices"
	"testing"
)

// FuzzParse: whatever a graph file holds, Parse reads a graph or refuses
// with an error, never a panic; a graph read has symmetric, sorted
// neighbour lists without loops, within MaxVertices, and its text reads
// back to the same graph.
//
//	go test ./rules/graph -run XXX -fuzz FuzzParse -fuzztime 2m
func FuzzParse(f *testing.F) {
	for _, seed := range []string{"a-b b-c", "a-b-c-a d\n# comment\ne-e", "1-2,2-3;3-1", "a-b a-b", "", "x"} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := Parse("fuzz", bytes.NewReader(data))
		if err != nil {
			return
		}
		if g.N() > MaxVertices {
			t.Fatalf("%d vertices", g.N())
		}
		for u, adj := range g.Adj() {
			if !slices.IsSorted(adj) {
				t.Fatalf("neighbours of %d not sorted: %v", u, adj)
			}
			for _, v := range adj {
				if v == u || !slices.Contains(g.Adj()[v], u) {
					t.Fatalf("edge %d-%d: a loop, or not symmetric", u, v)
				}
			}
		}
		if g.Simple() != "" {
			return // the text of a subgraph is of simple graphs
		}
		all := make(Set, (g.N()+63)/64)
		for u := range g.N() {
			all.add(u)
		}
		back, err := Parse("back", bytes.NewReader([]byte(g.Text(all))))
		if err != nil || back.N() != g.N() || back.Edges() != g.Edges() {
			t.Fatalf("%q reads back as %v (%v)", g.Text(all), back, err)
		}
	})
}
