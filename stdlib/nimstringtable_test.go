package stdlib

import (
	"context"
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/gamelang/gamelang/rules/graph"
	"github.com/gamelang/gamelang/solve"
)

// nimstringBrute plays a position of strings and coins with a Nim heap of
// k beside it, by the rules alone: who cuts a string that leaves a coin
// with no string moves again; a player with no move loses. win is whether
// the player to move wins.
type nimstringBrute struct {
	p    *picture
	memo map[[2]uint64]bool
}

func (b *nimstringBrute) captures(left uint64, e int) bool {
	for _, v := range b.p.edges[e] {
		if b.p.onGnd[v] {
			continue
		}
		free := true
		for _, f := range b.p.inc[v] {
			free = free && left&(1<<f) == 0
		}
		if free {
			return true
		}
	}
	return false
}

func (b *nimstringBrute) win(mask uint64, k int) bool {
	key := [2]uint64{mask, uint64(k)}
	if w, ok := b.memo[key]; ok {
		return w
	}
	w := false
	for j := 0; j < k && !w; j++ {
		w = !b.win(mask, j)
	}
	for m := mask; m != 0 && !w; m &= m - 1 {
		e := bits.TrailingZeros64(m)
		left := mask &^ (1 << e)
		if b.captures(left, e) {
			w = b.win(left, k) // the mover moves again
		} else {
			w = !b.win(left, k)
		}
	}
	b.memo[key] = w
	return w
}

// check compares the table's value of mask with the brute force beside
// heaps of 0..7: a nimber g loses beside a heap of g only; ∞ wins beside
// every heap.
func (b *nimstringBrute) check(t *testing.T, table []uint8, mask uint64) {
	t.Helper()
	v := table[mask]
	if v != tableLoony && v > 7 {
		t.Fatalf("%s, strings %b: worth %d, past what the check tells apart", b.p.g.Desc, mask, v)
	}
	for k := 0; k <= 7; k++ {
		want := v == tableLoony || int(v) != k
		if got := b.win(mask, k); got != want {
			t.Fatalf("%s, strings %b, beside a heap of %d: the table says worth %d (the mover wins: %t), the brute force %t", b.p.g.Desc, mask, k, v, want, got)
		}
	}
}

func boardPicture(t testing.TB, m, n int64) *picture {
	g, err := graph.Boxes(m, n)
	if err != nil {
		t.Fatal(err)
	}
	p, err := newPicture(g, "", false)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// Every position of every board up to 2 × 3 boxes, and 200 random
// positions of 3 × 3, against the brute force.
func TestNimstringTableAgainstBruteForce(t *testing.T) {
	limits := &solve.Limits{}
	for _, mn := range [][2]int64{{1, 1}, {1, 2}, {1, 3}, {2, 2}, {1, 4}, {2, 3}} {
		p := boardPicture(t, mn[0], mn[1])
		table, err := nimstringTable(context.Background(), p, limits)
		if err != nil {
			t.Fatal(err)
		}
		b := &nimstringBrute{p: p, memo: map[[2]uint64]bool{}}
		for mask := range uint64(len(table)) {
			b.check(t, table, mask)
		}
	}
	if testing.Short() {
		return
	}
	p := boardPicture(t, 3, 3)
	table, err := nimstringTable(context.Background(), p, limits)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(74, 2))
	b := &nimstringBrute{p: p, memo: map[[2]uint64]bool{}}
	for range 200 {
		b.check(t, table, rng.Uint64()&(1<<len(p.edges)-1))
	}
}

// BenchmarkNimstringTable3x3 values every position of the 3 × 3-box board
// (2^24 sets of strings).
func BenchmarkNimstringTable3x3(b *testing.B) {
	g, err := graph.Boxes(3, 3)
	if err != nil {
		b.Fatal(err)
	}
	p, err := newPicture(g, "", false)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := nimstringTable(context.Background(), p, &solve.Limits{}); err != nil {
			b.Fatal(err)
		}
	}
}
