package loopy

import (
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// Keys keep the vertex each was given, through the table's growth, against
// a map; an empty key is one like any other, and the empty position's
// vertex, in no slot, is not found by it. Keys of numbers, coded word by
// word, are the same keys: words near 0 and 2^64, and bytes past the last
// word.
func TestKeysAgainstAMap(t *testing.T) {
	word := func(rng *rand.Rand) []byte {
		key := make([]byte, 8*rng.IntN(4)+rng.IntN(2)*rng.IntN(8))
		for i := range key {
			key[i] = byte(rng.IntN(3))
			if rng.IntN(8) == 0 {
				key[i] = 0xff
			}
		}
		return key
	}
	for _, ints := range []bool{false, true} {
		rng := rand.New(rand.NewPCG(1, 2))
		k := newKeys(ints)
		want := map[string]int32{}
		empty := int32(-1)
		for i := range 20000 {
			if i == 777 {
				empty = k.addUnindexed()
				continue
			}
			key := []byte(fmt.Sprint(rng.IntN(15000)))
			if ints {
				key = word(rng)
			}
			if i%5000 == 0 {
				key = nil
			}
			id, slot, ok := k.find(key)
			w, had := want[string(key)]
			if ok != had || ok && id != w {
				t.Fatalf("ints %v, key %q: found %d %v, want %d %v", ints, key, id, ok, w, had)
			}
			if !ok {
				if id, ok = k.add(key, slot); !ok {
					t.Fatal("refused")
				}
				want[string(key)] = id
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
}

// A tuple (2000, 2000) is kept in 5 bytes: its record's length, and a
// uvarint each number; three numbers of 2^64 - 1 (30 bytes coded, past
// the one-byte prefix) are kept and found again.
func TestKeysOfNumbersAreShort(t *testing.T) {
	k := newKeys(true)
	for _, c := range []struct {
		words []uint64
		size  int
	}{{[]uint64{2000, 2000}, 5}, {[]uint64{1<<64 - 1, 1<<64 - 1, 1<<64 - 1}, 32}} {
		var key []byte
		for _, w := range c.words {
			key = binary.LittleEndian.AppendUint64(key, w)
		}
		_, slot, _ := k.find(key)
		id, _ := k.add(key, slot)
		if rec := k.record(id); len(rec) != c.size {
			t.Fatalf("%v: record %x: %d bytes, want %d", c.words, rec, len(rec), c.size)
		}
		if got, _, ok := k.find(key); !ok || got != id || string(k.key(id)) != string(key) {
			t.Fatalf("%v: found %d %v, key %x", c.words, got, ok, k.key(id))
		}
	}
}

// collect is the vertices a seq reads.
func collect(it seq) []int32 {
	var out []int32
	for it.next() {
		out = append(out, it.v)
	}
	return out
}

// Lists hold what they were given, and predecessors invert them edge for
// edge (repeated edges too), each ascending: on small random graphs, and
// on one of 2^20 vertices whose edges go far both ways and whose one long
// list does not fit a chunk.
func TestListsAndPredecessors(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var graphs [][][]int32
	for range 200 {
		graphs = append(graphs, randomGraph(rng, 1+rng.IntN(12)))
	}
	big := make([][]int32, 1<<20)
	for u := range big {
		if u%4099 == 0 {
			big[u] = []int32{int32(len(big) - 1 - u), 0, int32(u), int32(rng.IntN(len(big)))}
		}
	}
	for w := range 30000 { // about 70,000 bytes of steps
		big[7] = append(big[7], int32(rng.IntN(len(big))), int32(w))
	}
	big[len(big)-1] = []int32{int32(len(big) - 1), 0}
	graphs = append(graphs, big)
	var fresh lists
	fresh.addVertex()
	if fresh.listed(0) || len(collect(fresh.of(0))) != 0 {
		t.Fatal("a vertex not listed yet has followers")
	}
	for _, succ := range graphs {
		l := listsOf(succ)
		need := make([]int32, len(succ))
		pred, err := predecessors(l, make([]int32, len(succ)), need)
		if err != nil {
			t.Fatal(err)
		}
		if len(need) != len(succ) || slices.ContainsFunc(need, func(x int32) bool { return x != 0 }) {
			t.Fatalf("needs not %d zeros", len(succ))
		}
		count := map[[2]int32]int{}
		for u, ws := range succ {
			if got := collect(l.of(int32(u))); !slices.Equal(got, ws) && len(ws)+len(got) > 0 {
				t.Fatalf("list %d is %v, want %v", u, got, ws)
			}
			if !l.listed(int32(u)) {
				t.Fatalf("%d not listed", u)
			}
			for _, w := range ws {
				count[[2]int32{int32(u), w}]++
			}
		}
		for w := range int32(len(succ)) {
			us := collect(pred.of(w))
			if !slices.IsSorted(us) {
				t.Fatalf("the predecessors of %d are not ascending: %v", w, us)
			}
			for _, u := range us {
				count[[2]int32{u, w}]--
			}
		}
		for e, c := range count {
			if c != 0 {
				t.Fatalf("edge %v counted %d more in succ than in pred", e, c)
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
