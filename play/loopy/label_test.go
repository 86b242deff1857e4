package loopy

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// randomGraph is a digraph of n vertices with cycles likely.
func randomGraph(rng *rand.Rand, n int) [][]int32 {
	succ := make([][]int32, n)
	for u := range succ {
		for range rng.IntN(3) {
			succ[u] = append(succ[u], int32(rng.IntN(n)))
		}
	}
	return succ
}

// The labels satisfy the definition: (a), (b) and (c) for every finite
// value, and for every infinite one no m satisfies them.
func TestLabelsSatisfyTheDefinition(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for range 500 {
		succ := randomGraph(rng, 1+rng.IntN(9))
		l, err := label(listsOf(succ))
		if err != nil {
			t.Fatal(err)
		}
		for u := range succ {
			if l.val[u] >= 0 && !satisfies(succ, l, u, l.val[u]) {
				t.Fatalf("%v: vertex %d labelled %d breaks the definition", succ, u, l.val[u])
			}
			if l.val[u] == infinite {
				for m := int32(0); m <= int32(len(succ[u])); m++ {
					if satisfies(succ, l, u, m) {
						t.Fatalf("%v: vertex %d labelled ∞ satisfies the definition for %d", succ, u, m)
					}
				}
			}
			for _, w := range succ[u] {
				if l.val[u] > 0 && l.val[w] == 0 && l.cnt[w] > l.cnt[u] {
					t.Fatalf("%v: a 0-follower of %d was labelled after it", succ, u)
				}
			}
		}
	}
}

// satisfies checks (a), (b) and (c) of the definition for γ(u) = m.
func satisfies(succ [][]int32, l labels, u int, m int32) bool {
	var vals []int32
	for _, w := range succ[u] {
		v := l.val[w]
		if v == m {
			return false // (a)
		}
		if v >= 0 {
			vals = append(vals, v)
		}
		if v > m || v == infinite {
			reversible := false
			for _, x := range succ[w] {
				reversible = reversible || l.val[x] == m
			}
			if !reversible {
				return false // (b)
			}
		}
	}
	for j := int32(0); j < m; j++ {
		if !slices.Contains(vals, j) {
			return false // (c)
		}
	}
	return true
}
