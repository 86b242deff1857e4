package solve

import (
	"context"
	"encoding/binary"
	"errors"
	"math/rand/v2"
	"testing"
)

// pairs is a game on pairs (x, y): take 1..3 from one side, or move to
// (x - 1, y + 1) while y < limit (so states leave any box laid over a
// root), as tuples of int64 keys. boxed says whether it declares its keys
// (IntKeyed); the same moves without the declaration go by the hash table.
type pairs struct{ limit int64 }

type boxedPairs struct{ pairs }

func (boxedPairs) KeyInts() int { return 2 }

func pairKey(x, y int64) []byte {
	k := make([]byte, 16)
	binary.LittleEndian.PutUint64(k, uint64(x))
	binary.LittleEndian.PutUint64(k[8:], uint64(y))
	return k
}

func (p pairs) Options(w *Work, s []byte, yield func([]byte)) error {
	x, y := int64(binary.LittleEndian.Uint64(s)), int64(binary.LittleEndian.Uint64(s[8:]))
	for k := int64(1); k <= 3; k++ {
		if x >= k {
			yield(pairKey(x-k, y))
		}
		if y >= k {
			yield(pairKey(x, y-k))
		}
	}
	if x >= 1 && y < p.limit {
		yield(pairKey(x-1, y+1))
	}
	return nil
}

// The box gives the same values as the hash table, for roots asked in any
// order (the box grows between queries, moving what it learnt), with states
// outside the box, and under a state cap too small for a box.
func TestBoxAgreesWithHashTable(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(1, 2))
	for _, limits := range []*Limits{{}, {MaxStates: 5000}} {
		boxed := NewMemo(boxedPairs{pairs{limit: 90}}, limits, "pairs", func(k string) string { return k })
		plain := NewMemo(pairs{limit: 90}, &Limits{}, "pairs", func(k string) string { return k })
		for q := 0; q < 300; q++ {
			x, y := rng.Int64N(60), rng.Int64N(60)
			if q%50 == 0 {
				x, y = rng.Int64N(200), rng.Int64N(5)
			}
			want, err := plain.Grundy(ctx, pairKey(x, y))
			if err != nil {
				t.Fatal(err)
			}
			got, err := boxed.Grundy(ctx, pairKey(x, y))
			if err != nil {
				if limits.MaxStates > 0 {
					continue // the cap reached: what it says is tested elsewhere
				}
				t.Fatal(err)
			}
			if got != want {
				t.Fatalf("(%d, %d): %d in the box, %d by the hash table", x, y, got, want)
			}
		}
		if limits.MaxStates == 0 && (boxed.box == nil || boxed.table.n == 0) {
			t.Errorf("the test should use both the box and the table: box %v, %d in the table", boxed.box, boxed.table.n)
		}
		if limits.MaxStates == 0 && boxed.Len() != plain.Len() {
			t.Errorf("%d states stored in the box's memo, %d in the other", boxed.Len(), plain.Len())
		}
	}
}

// The state cap holds to the state with the box too, which reads the limits
// once every 256 cells: the memo stores exactly the cap, then says so, with
// states inside and outside the box mixed.
func TestBoxKeepsTheStateCap(t *testing.T) {
	ctx := context.Background()
	for _, limit := range []int{1, 7, 255, 256, 257, 1000, 4999} {
		rng := rand.New(rand.NewPCG(3, uint64(limit)))
		m := NewMemo(boxedPairs{pairs{limit: 40}}, &Limits{MaxStates: limit}, "pairs", func(k string) string { return k })
		var lerr *LimitError
		boxed := false
		for q := 0; q < 1000 && lerr == nil; q++ {
			x, y := rng.Int64N(16), rng.Int64N(16)
			if q%7 == 6 {
				x, y = rng.Int64N(300), rng.Int64N(3)
			}
			if _, err := m.Grundy(ctx, pairKey(x, y)); err != nil && !errors.As(err, &lerr) {
				t.Fatal(err)
			}
			if m.Len() > limit {
				t.Fatalf("cap %d: %d states stored", limit, m.Len())
			}
			boxed = boxed || m.box != nil
		}
		if limit >= 256 && !boxed {
			t.Errorf("cap %d: the memo never used a box", limit)
		}
		if lerr == nil || lerr.States != limit || m.Len() != limit {
			t.Errorf("cap %d: %v, %d states stored", limit, lerr, m.Len())
		}
	}
}

// addCells, the hot loop of grids, against a model written here: random
// runs over random cells, some not valued yet, with and without the outcome
// search's stop at a P option. Every valued option's value is in the set;
// the runs kept whole and the arena hold the run's cells in order; the
// options not valued are counted as pending; a P option met stops the
// listing in the outcome search.
func TestAddCellsAgreesWithModel(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for trial := range 2000 {
		vals := make([]int32, 64)
		for i := range vals {
			switch r := rng.IntN(20); {
			case r == 0:
				vals[i] = unvisited
			case r < 3:
				vals[i] = int32(rng.IntN(5000)) // past the set's slots
			default:
				vals[i] = int32(rng.IntN(8))
			}
		}
		m := &Memo{vals: vals}
		m.work = NewWork(context.Background(), nil, "", func() int { return 0 })
		m.winList = trial%2 == 1
		m.set.Clear()
		var cells []int64
		for range 1 + rng.IntN(3) { // a state's runs, one after another
			count := 1 + rng.IntN(12)
			step := int64(1 + rng.IntN(4))
			if rng.IntN(2) == 0 {
				step = -step
			}
			first := int64(rng.IntN(64))
			if last := first + step*int64(count-1); last < 0 || last >= 64 {
				continue
			}
			m.addCells(first, step, count)
			for k := range count {
				cells = append(cells, first+step*int64(k))
			}
		}
		m.flush()
		pending, zero := 0, false
		for i, c := range cells {
			v := vals[c]
			if v < 0 {
				pending++
				continue
			}
			zero = zero || v == 0
			if !m.set.Has(uint32(v)) {
				t.Fatalf("trial %d: option %d (cell %d, value %d) not in the set", trial, i, c, v)
			}
		}
		if len(m.arena) > 0 && len(m.arena) != len(cells) {
			t.Fatalf("trial %d: %d options in the arena, want %d", trial, len(m.arena), len(cells))
		}
		for i, id := range m.arena {
			if int64(id) != cells[i] {
				t.Fatalf("trial %d: arena[%d] = %d, want cell %d", trial, i, id, cells[i])
			}
		}
		if m.pending != pending || pending > 0 && len(m.arena) == 0 {
			t.Fatalf("trial %d: %d pending (arena %d), want %d", trial, m.pending, len(m.arena), pending)
		}
		if m.work.Stopped() != (m.winList && zero) {
			t.Fatalf("trial %d: stopped %v, outcome search %v, a P option %v", trial, m.work.Stopped(), m.winList, zero)
		}
	}
}
