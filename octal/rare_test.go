package octal

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/gamelang/gamelang/solve"
)

// Grundy's game's rare values as Flammenkamp's page lists them ("Known
// Sparse SGV of Grundy's Game", wwwhomes.uni-bielefeld.de/achim/grundy.html):
// the heaps up to 231 whose value has an even number of ones outside its
// lowest bit, with their values.
var grundyRare = map[int]uint32{
	0: 0, 1: 0, 2: 0, 3: 1, 4: 0, 6: 1, 7: 0, 9: 1, 10: 0, 12: 1, 15: 1, 20: 0, 23: 0, 26: 0, 28: 1,
	31: 1, 34: 1, 37: 1, 40: 1, 43: 1, 46: 1, 49: 1, 50: 0, 52: 1, 53: 0, 55: 1, 58: 1, 61: 1, 87: 7, 90: 7,
	93: 7, 146: 6, 149: 6, 152: 6, 158: 11, 161: 11, 164: 11, 167: 11, 176: 7, 179: 7, 181: 12, 182: 7,
	185: 7, 188: 7, 190: 12, 193: 12, 196: 10, 231: 10,
}

func TestRareValuesOfGrundysGame(t *testing.T) {
	tab := NewTable(NewCode([]Digit{LeaveTwo}, 0).UnequalSplits(), Config{Limits: &solve.Limits{}, What: "GrundysGame"})
	if err := tab.Grow(context.Background(), 20000); err != nil {
		t.Fatal(err)
	}
	r, ok := tab.Rare()
	if !ok {
		t.Fatal("no statistics")
	}
	if all := uint32(1)<<bitsOf(r.Max) - 1; r.Mask != all&^1 {
		t.Errorf("mask %b for values up to %d: want every bit but the lowest", r.Mask, r.Max)
	}
	got := map[int]uint32{}
	for _, h := range tab.RareHeaps(r.Mask) {
		if h <= 231 {
			got[h] = tab.seq.At(h)
		}
	}
	if fmt.Sprint(got) != fmt.Sprint(grundyRare) {
		t.Errorf("rare heaps up to 231:\n got %v\nwant %v (Flammenkamp)", got, grundyRare)
	}
	if r.Count < len(grundyRare) || r.Last < 231 || r.N != tab.Len() {
		t.Errorf("statistics %+v", r)
	}
	// the largest value and where it first occurs, counted here
	var mx uint32
	at := 0
	for i := range tab.Len() {
		if v := tab.seq.At(i); v > mx {
			mx, at = v, i
		}
	}
	if r.Max != mx || r.MaxAt != at {
		t.Errorf("largest value %d at %d, want %d at %d", r.Max, r.MaxAt, mx, at)
	}
}

func bitsOf(v uint32) int {
	n := 0
	for ; v != 0; v >>= 1 {
		n++
	}
	return n
}

// Grundy's game to 2^21 values as Czajka's table gives it
// (github.com/tczajka/octal-games, UnsolvedGames.md): mask fe, 1274 rare
// values, the last at 82860, the largest value 231, first at 763622.
func TestGrundysGameTo2To21(t *testing.T) {
	if testing.Short() {
		t.Skip("2^21 values")
	}
	tab := NewTable(NewCode([]Digit{LeaveTwo}, 0).UnequalSplits(), Config{Limits: &solve.Limits{}, What: "GrundysGame"})
	if err := tab.Grow(context.Background(), 1<<21-1); err != nil {
		t.Fatal(err)
	}
	r, _ := tab.Rare()
	if r.N != 1<<21 || r.Mask != 0xfe || r.Count != 1274 || r.Last != 82860 || r.Max != 231 || r.MaxAt != 763622 {
		t.Errorf("%+v; Czajka: mask fe, 1274 rare, the last at 82860, largest 231 at 763622", r)
	}
}

// The sparse engine numbers heaps in 32 bits: past 2^32 - 1 it says so
// before it reserves anything, rather than wrapping around.
func TestSparseStopsAt2To32(t *testing.T) {
	tab := NewTable(NewCode([]Digit{LeaveTwo}, 0).UnequalSplits(), Config{Limits: &solve.Limits{}, What: "GrundysGame"})
	err := tab.Grow(context.Background(), 1<<32)
	if err == nil || !strings.Contains(err.Error(), "up to 4294967295 (2^32 - 1), not 4294967296") || tab.Len() != 0 {
		t.Errorf("Grow(2^32): %v, %d values", err, tab.Len())
	}
}
