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

// The plain engine's inner loop marks what Leave walks, for every digit,
// with and without unequal splits, and lists each new value once.
func TestLeaveValuesAgreesWithLeave(t *testing.T) {
	g := make([]uint8, 64)
	for i := range g {
		g[i] = uint8((i*37 + i*i*11) % 23) // any values will do
	}
	for d := Digit(0); d < 2*LeaveThree; d++ {
		for _, unequal := range []bool{false, true} {
			for r := 0; r < len(g); r++ {
				want := make([]uint32, 32)
				d.Leave(int64(r), unequal, func(parts []int64) {
					v := uint32(0)
					for _, p := range parts {
						v ^= uint32(g[p])
					}
					want[v] = 1
				})
				got := make([]uint32, 32)
				var vals []uint32
				leaveValues(g, d, r, unequal, got, 1, &vals)
				if !slices.Equal(got, want) {
					t.Fatalf("digit %d, r %d, unequal %v: marks %v, Leave gives %v", d, r, unequal, got, want)
				}
				slices.Sort(vals)
				var wantVals []uint32
				for v, in := range want {
					if in == 1 {
						wantVals = append(wantVals, uint32(v))
					}
				}
				if !slices.Equal(vals, wantVals) {
					t.Fatalf("digit %d, r %d: new values %v, want %v", d, r, vals, wantVals)
				}
			}
		}
	}
}
