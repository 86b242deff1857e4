package octal

import (
	"context"
	"runtime"
	"strings"
	"testing"

	"github.com/gamelang/gamelang/solve"
)

// Tables past bigTable cells live in mapped memory (bigTable lowered to
// 128 cells here): grown a step at a time (each step a remap), widened from
// bytes to 16-bit cells in the mapping and from the heap into one, their
// values are the definition's; dropped, their mappings are given back.
func TestMappedCells(t *testing.T) {
	if !solve.CanMap {
		t.Skip("no mapped memory on this system")
	}
	defer func(b int) { bigTable = b }(bigTable)
	bigTable = 1 << 7
	before := solve.Mapped()
	cases := []struct {
		code  string
		width int // the cells' bytes at the end
	}{
		{"4.007", 2},                         // widens
		{"0." + strings.Repeat("3", 300), 2}, // take 1..300: g(n) = n mod 301 widens at 256, in its mapping
		{"0.6", 1},                           // Officers: bytes this far
		{"0.137", 1},                         // Dawson's Chess
		{"0.77", 1},                          // Kayles
	}
	const n = 1 << 13
	for _, tc := range cases {
		tab := table(t, tc.code, Config{})
		for m := 50; m < n; m += m/2 + 1 { // a growth at a time, as a period search grows
			if err := tab.Grow(context.Background(), m); err != nil {
				t.Fatal(err)
			}
		}
		got := values(t, tab, n)
		sameValues(t, tc.code, got, definition(tab.Code(), nil, n))
		if tab.cellBytes() != tc.width {
			t.Errorf("%s: %d-byte cells, want %d", tc.code, tab.cellBytes(), tc.width)
		}
		var mapped bool
		switch c := tab.seq.(type) {
		case *cells[uint8]:
			mapped = c.mem != nil && c.mem.b != nil
		case *cells[uint16]:
			mapped = c.mem != nil && c.mem.b != nil
		}
		if !mapped {
			t.Errorf("%s: %d values are not in mapped memory", tc.code, n+1)
		}
		if solve.Mapped() <= before {
			t.Errorf("%s: solve.Mapped() is %d with a table mapped, %d before", tc.code, solve.Mapped(), before)
		}
	}
	// the tables are dropped: their cleanups give the mappings back
	for i := 0; i < 100 && solve.Mapped() > before; i++ {
		runtime.GC()
		runtime.Gosched()
	}
	if solve.Mapped() != before {
		t.Errorf("%d bytes still mapped after the tables were dropped, %d before", solve.Mapped(), before)
	}
}

// A push past the mapped room (which Grow never makes: it reserves first)
// moves the cells to the heap, the mapping kept for an engine that may read
// it until the next reserve.
func TestMappedCellsOutgrown(t *testing.T) {
	if !solve.CanMap {
		t.Skip("no mapped memory on this system")
	}
	defer func(b int) { bigTable = b }(bigTable)
	bigTable = 1 << 10
	tab := table(t, "0.137", Config{})
	want := values(t, tab, 1<<12)
	c := tab.seq.(*cells[uint8])
	old := c.g
	for len(c.g) < cap(c.g) {
		c.push(uint32(want[len(c.g)%len(want)]), false)
	}
	full := len(c.g)
	c.push(7, false)
	if len(c.mem.stale) != 1 || c.mem.b != nil {
		t.Fatalf("after a push past the mapping: %d stale mappings, mapping %v, want 1 and none", len(c.mem.stale), c.mem.b != nil)
	}
	for i := range old[:full] {
		if old[i] != c.g[i] {
			t.Fatalf("cell %d moved to the heap as %d, was %d", i, c.g[i], old[i])
		}
	}
	if c.g[full] != 7 {
		t.Fatalf("the pushed cell is %d, want 7", c.g[full])
	}
	if err := c.reserve(2 * full); err != nil {
		t.Fatal(err)
	}
	if len(c.mem.stale) != 0 || c.mem.b == nil {
		t.Fatalf("after reserve: %d stale mappings, mapped %v, want none and mapped", len(c.mem.stale), c.mem.b != nil)
	}
}
