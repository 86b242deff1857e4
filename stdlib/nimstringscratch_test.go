package stdlib

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/gamelang/gamelang/solve"
)

// The stack of chunks against a model: random takes (some past a chunk),
// marks and releases in the order of a search; every slice held keeps what
// was written into it while later ones are taken, and every take is
// zeroed, though its room was used before. The same run again, once all is
// given back, takes no new chunk.
func TestScratchChunks(t *testing.T) {
	var c chunks[int]
	type held struct {
		s  []int
		id int
	}
	run := func() {
		rng := rand.New(rand.NewPCG(1, 2))
		var live []held       // what is taken and not given back, in order
		var marks []chunkMark // the marks open, innermost last
		var liveAt []int      // len(live) at each mark
		id := 0
		for step := range 20000 {
			switch r := rng.IntN(10); {
			case r < 5:
				n := rng.IntN(64)
				if rng.IntN(50) == 0 {
					n = c.chunkLen() + rng.IntN(c.chunkLen()) // past a chunk
				}
				s := c.take(n)
				if len(s) != n || cap(s) != n {
					t.Fatalf("step %d: take(%d) has length %d, capacity %d", step, n, len(s), cap(s))
				}
				if slices.ContainsFunc(s, func(x int) bool { return x != 0 }) {
					t.Fatalf("step %d: take(%d) is not zeroed", step, n)
				}
				id++
				for i := range s {
					s[i] = id
				}
				live = append(live, held{s, id})
			case r < 7:
				marks = append(marks, c.mark())
				liveAt = append(liveAt, len(live))
			case len(marks) > 0:
				c.release(marks[len(marks)-1])
				live = live[:liveAt[len(liveAt)-1]]
				marks, liveAt = marks[:len(marks)-1], liveAt[:len(liveAt)-1]
			}
			if step%64 != 0 {
				continue
			}
			for _, h := range live {
				for _, x := range h.s {
					if x != h.id {
						t.Fatalf("step %d: a held slice was overwritten: %d in the slice of %d", step, x, h.id)
					}
				}
			}
		}
	}
	m := c.mark()
	run()
	c.release(m)
	first := len(c.bufs)
	run()
	if len(c.bufs) != first {
		t.Errorf("the run again took %d chunks, after %d the first time", len(c.bufs), first)
	}
}

// A search takes its shapes from its scratch: the 2 × 5 start, valued
// afresh by one searcher, allocates little beside its memo (before the
// scratch: 1.49 million allocations).
func TestNimstringSearchAllocations(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("values the 2 × 5 start; under the race detector pools drop their rooms")
	}
	p := boardPicture(t, 2, 5)
	allocs := testing.AllocsPerRun(1, func() {
		sv := newShapeValues(&solve.Limits{})
		sv.cores = 1
		shapeValueOf(t, sv, p, 1<<len(p.edges)-1)
	})
	if allocs > 5000 {
		t.Errorf("the 2 × 5 start made %.0f allocations, want at most 5000", allocs)
	}
}
