package solve

import (
	"context"
	"encoding/binary"
	"testing"
)

func TestRank(t *testing.T) {
	for _, c := range []struct {
		deltas [][]int64
		want   int
	}{
		{[][]int64{{-1, 0}, {0, -1}, {-1, -1}}, 2},
		{[][]int64{{-1, -1}}, 1},
		{[][]int64{{-1, -1}, {-2, -2}}, 1},
		{[][]int64{{-1, -2, 0}, {0, 0, -1}, {-2, -4, -3}}, 2},
		{[][]int64{{-3, 0, -1}, {0, -2, 0}, {-1, -1, -1}}, 3},
		{[][]int64{{-1 << 30, -1}, {-1<<30 + 1, -1}}, 2}, // big entries, exactly
	} {
		var shifts []Shift
		changed := make([]bool, len(c.deltas[0]))
		for _, d := range c.deltas {
			shifts = append(shifts, Shift{Delta: d})
			for i, x := range d {
				changed[i] = changed[i] || x != 0
			}
		}
		if got := rank(shifts, changed); got != c.want {
			t.Errorf("rank of %v = %d, want %d", c.deltas, got, c.want)
		}
	}
}

// kikiGraph is Kiki's game (HDU 2147) on states (x, y): one square left,
// down, or both, while the numbers stay at least 1. It lists its moves as
// keys (for the search) and as shifts (for the sweep).
type kikiGraph struct{}

func (kikiGraph) KeyInts() int { return 2 }

func (g kikiGraph) Options(w *Work, s []byte, yield func([]byte)) error {
	return g.BoxOptions(w, s, nil, nil, nil, yield)
}

func (kikiGraph) BoxOptions(w *Work, s []byte, _, _ []int64, _ func(first, step int64, count int), yield func([]byte)) error {
	x, y := int64(binary.LittleEndian.Uint64(s)), int64(binary.LittleEndian.Uint64(s[8:]))
	for _, d := range [][2]int64{{-1, 0}, {0, -1}, {-1, -1}} {
		if (d[0] == 0 || x > 1) && (d[1] == 0 || y > 1) {
			yield(pairKey(x+d[0], y+d[1]))
		}
	}
	return nil
}

func (kikiGraph) Shifts() ([]Shift, bool) {
	const inf = 1 << 62
	return []Shift{
		{Delta: []int64{-1, 0}, Lo: []int64{2, -inf}, Hi: []int64{inf, inf}},
		{Delta: []int64{0, -1}, Lo: []int64{-inf, 2}, Hi: []int64{inf, inf}},
		{Delta: []int64{-1, -1}, Lo: []int64{2, 2}, Hi: []int64{inf, inf}},
	}, true
}

// TestSweepsDoNotRepeat asks for every position of a 200 × 300 grid, row by
// row, as a loop of queries does: the sweeps walk each cell of the box a
// few times at most (sweeps up to each root in turn would walk the cells
// below it again and again: millions of cells here), and every value is
// the search's.
func TestSweepsDoNotRepeat(t *testing.T) {
	ctx := context.Background()
	m := NewMemo(kikiGraph{}, nil, "Kiki", func(k string) string { return k })
	ref := NewMemo(kikiGraph{}, nil, "Kiki", func(k string) string { return k })
	ref.NoSweep()
	for x := int64(1); x <= 200; x++ {
		for y := int64(1); y <= 300; y++ {
			got, err := m.Grundy(ctx, pairKey(x, y))
			if err != nil {
				t.Fatal(err)
			}
			want, err := ref.Grundy(ctx, pairKey(x, y))
			if err != nil {
				t.Fatal(err)
			}
			if got != want {
				t.Fatalf("Kiki(%d, %d): swept %d, searched %d", x, y, got, want)
			}
		}
	}
	if m.swept > 4*m.box.size {
		t.Errorf("the sweeps walked %d cells of a box of %d", m.swept, m.box.size)
	}
	if ref.swept != 0 {
		t.Errorf("a memo with no sweep swept %d cells", ref.swept)
	}
}
