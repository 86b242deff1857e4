package loopy

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// Keys keep the vertex each was given, through the table's growth, against
// a map; an empty key is one like any other, and the empty position's
// vertex, in no slot, is not found by it.
func TestKeysAgainstAMap(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	k := newKeys()
	want := map[string]int32{}
	empty := int32(-1)
	for i := range 20000 {
		if i == 777 {
			empty = k.addUnindexed()
			continue
		}
		key := fmt.Sprint(rng.IntN(15000))
		if i%5000 == 0 {
			key = ""
		}
		id, slot, ok := k.find([]byte(key))
		w, had := want[key]
		if ok != had || ok && id != w {
			t.Fatalf("key %q: found %d %v, want %d %v", key, id, ok, w, had)
		}
		if !ok {
			if id, ok = k.add([]byte(key), slot); !ok {
				t.Fatal("refused")
			}
			want[key] = id
		}
	}
	if k.len() != len(want)+1 {
		t.Fatalf("%d keys, want %d", k.len(), len(want)+1)
	}
	for key, id := range want {
		if string(k.key(id)) != key || id == empty {
			t.Fatalf("vertex %d: key %q, want %q", id, k.key(id), key)
		}
	}
	if len(k.key(empty)) != 0 {
		t.Fatalf("the empty position's key: %q", k.key(empty))
	}
}

// Lists hold what they were given, and predecessors invert them edge for
// edge (repeated edges too).
func TestListsAndPredecessors(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 200 {
		succ := randomGraph(rng, 1+rng.IntN(12))
		l := listsOf(succ)
		pred := predecessors(l)
		count := map[[2]int32]int{}
		for u, ws := range succ {
			if !slices.Equal(l.of(int32(u)), ws) && len(ws)+len(l.of(int32(u))) > 0 {
				t.Fatalf("%v: list %d is %v", succ, u, l.of(int32(u)))
			}
			for _, w := range ws {
				count[[2]int32{int32(u), w}]++
			}
		}
		for w := range int32(len(succ)) {
			for _, u := range pred.of(w) {
				count[[2]int32{u, w}]--
			}
		}
		for e, c := range count {
			if c != 0 {
				t.Fatalf("%v: edge %v counted %d more in succ than in pred", succ, e, c)
			}
		}
	}
}

// listsOf is the lists of succ, every vertex listed.
func listsOf(succ [][]int32) *lists {
	l := &lists{}
	for u, ws := range succ {
		l.addVertex()
		l.set(int32(u), ws)
	}
	return l
}
