package solve

import "testing"

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
