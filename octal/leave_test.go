package octal

import (
	"fmt"
	"slices"
	"testing"
)

// compositions lists, by brute force, every way to write r as j nonempty
// parts in ascending order (a multiset of heaps), as strings.
func compositions(r int64, j int, minPart int64) []string {
	if j == 0 {
		if r == 0 {
			return []string{""}
		}
		return nil
	}
	var out []string
	for a := minPart; a <= r; a++ {
		for _, rest := range compositions(r-a, j-1, a) {
			out = append(out, fmt.Sprintf("%d %s", a, rest))
		}
	}
	return out
}

// Leave lists exactly the ways to leave r tokens that a digit allows: j
// nonempty heaps for every bit j of the digit, each multiset once, and for
// unequal splits no two equal heaps.
func TestLeaveAgreesWithBruteForce(t *testing.T) {
	for d := Digit(0); d < 16; d++ {
		for _, unequal := range []bool{false, true} {
			for r := int64(0); r <= 24; r++ {
				var want []string
				for j := 0; j < 4; j++ {
					if d&(1<<j) == 0 {
						continue
					}
					for _, c := range compositions(r, j, 1) {
						var a, b int64
						if n, _ := fmt.Sscan(c, &a, &b); j == 2 && unequal && n == 2 && a == b {
							continue
						}
						want = append(want, c)
					}
				}
				var got []string
				d.Leave(r, unequal, func(parts []int64) {
					if !slices.IsSorted(parts) {
						t.Fatalf("digit %d, r = %d: parts %v not ascending", d, r, parts)
					}
					s := ""
					for _, p := range parts {
						s += fmt.Sprintf("%d ", p)
					}
					got = append(got, s)
				})
				slices.Sort(got)
				slices.Sort(want)
				if !slices.Equal(got, want) {
					t.Fatalf("digit %d, unequal %v, r = %d:\n got %q\nwant %q", d, unequal, r, got, want)
				}
			}
		}
	}
}

// Options leaves out the moves into decided heaps, and the move that takes
// everything when heap 0 is decided.
func TestOptionsSkipDecidedHeaps(t *testing.T) {
	c, _ := Parse("0.77", 8) // Kayles: take 1 or 2, leaving 0, 1 or 2 heaps
	cases := []struct {
		n    int64
		lost func(int64) bool
		want []string
	}{
		// take 1: 4, 1+3 (3 decided), 2+2; take 2: 3 (decided), 1+2
		{5, func(n int64) bool { return n == 3 }, []string{"[4]", "[2 2]", "[1 2]"}},
		{2, nil, []string{"[1]", "[]"}},
		{2, func(n int64) bool { return n == 0 }, []string{"[1]"}},
	}
	for _, tc := range cases {
		var got []string
		c.Options(tc.n, tc.lost, func(parts []int64) { got = append(got, fmt.Sprint(parts)) })
		if !slices.Equal(got, tc.want) {
			t.Errorf("options of %d: %v, want %v", tc.n, got, tc.want)
		}
	}
}
