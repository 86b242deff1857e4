package stdlib

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/gamelang/gamelang/rules/graph"
	"github.com/gamelang/gamelang/solve"
)

// shapeValueOf is a position's value by its shape; 0xff when loony.
func shapeValueOf(t testing.TB, sv *shapeValues, p *picture, mask uint64) uint8 {
	sh, ok := shapeOf(hstate{pic: p, left: []uint64{mask}})
	if !ok {
		t.Fatalf("%s: no shape", p.g.Desc)
	}
	v, loony, err := sv.value(sh)
	if err != nil {
		t.Fatal(err)
	}
	if loony {
		return tableLoony
	}
	return uint8(v)
}

// The values by shape agree with the table on every position of every
// board up to 2 × 3 boxes and on random positions of 3 × 3 and 2 × 4.
func TestNimstringShapesAgainstTable(t *testing.T) {
	sv := newShapeValues(&solve.Limits{})
	rng := rand.New(rand.NewPCG(74, 3))
	for _, c := range []struct {
		m, n   int64
		random int
	}{{1, 1, 0}, {1, 2, 0}, {1, 3, 0}, {2, 2, 0}, {1, 4, 0}, {2, 3, 0}, {1, 6, 3000}, {2, 4, 3000}, {3, 3, 3000}} {
		p := boardPicture(t, c.m, c.n)
		table, err := nimstringTable(context.Background(), p, &solve.Limits{})
		if err != nil {
			t.Fatal(err)
		}
		check := func(mask uint64) {
			if got, want := shapeValueOf(t, sv, p, mask), table[mask]; got != want {
				t.Fatalf("%s, strings %b: %d by shape, %d by the table", p.g.Desc, mask, got, want)
			}
		}
		if c.random == 0 {
			for mask := range uint64(len(table)) {
				check(mask)
			}
			continue
		}
		for range c.random {
			check(rng.Uint64() & uint64(len(table)-1))
		}
		check(uint64(len(table) - 1)) // the start
	}
}

// Helpers beside the main search (on every component of 8 strings or
// more, three searchers) change no value: random positions of 3 × 3 and
// 2 × 4 and their starts, against the table, with one searcher and three.
func TestNimstringShapesWithHelpers(t *testing.T) {
	rng := rand.New(rand.NewPCG(74, 7))
	for _, mn := range [][2]int64{{3, 3}, {2, 4}} {
		p := boardPicture(t, mn[0], mn[1])
		table, err := nimstringTable(context.Background(), p, &solve.Limits{})
		if err != nil {
			t.Fatal(err)
		}
		for _, cores := range []int{1, 3} {
			sv := newShapeValues(&solve.Limits{})
			sv.cores, sv.helped = cores, 8
			for i := range 300 {
				mask := uint64(len(table) - 1) // the start first
				if i > 0 {
					mask &= rng.Uint64() | rng.Uint64() // most strings left
				}
				if got, want := shapeValueOf(t, sv, p, mask), table[mask]; got != want {
					t.Fatalf("%s, %d searchers, strings %b: %d by shape, %d by the table", p.g.Desc, cores, mask, got, want)
				}
			}
		}
	}
}

// BenchmarkNimstringShapes3x3 values the 3 × 3 start by its shapes, the
// memo afresh.
func BenchmarkNimstringShapes3x3(b *testing.B) {
	p := boardPicture(b, 3, 3)
	for b.Loop() {
		sv := newShapeValues(&solve.Limits{})
		shapeValueOf(b, sv, p, 1<<len(p.edges)-1)
	}
}

// The same on random pictures of strings and coins, strings between two
// coins twice, strings from the ground to the ground, coins on no string
// to the ground: the rules hold for any picture without a string from a
// coin to itself.
func TestNimstringShapesOnRandomPictures(t *testing.T) {
	sv := newShapeValues(&solve.Limits{})
	rng := rand.New(rand.NewPCG(74, 4))
	pictures := 300
	if testing.Short() {
		pictures = 60
	}
	for range pictures {
		coins := 2 + rng.IntN(7)
		var words []string
		for range 4 + rng.IntN(14) {
			a, b := rng.IntN(coins+1), rng.IntN(coins+1)
			if a == b && a != 0 {
				continue // a string from a coin to itself
			}
			words = append(words, vertexName(a)+"-"+vertexName(b))
		}
		p := stringsPicture(t, "g "+strings.Join(words, " "))
		table, err := nimstringTable(context.Background(), p, &solve.Limits{})
		if err != nil {
			t.Fatal(err)
		}
		for range 100 {
			mask := rng.Uint64() & uint64(len(table)-1)
			if got, want := shapeValueOf(t, sv, p, mask), table[mask]; got != want {
				t.Fatalf("%v, strings %b: %d by shape, %d by the table", words, mask, got, want)
			}
		}
	}
}

func vertexName(v int) string {
	if v == 0 {
		return "g"
	}
	return string(rune('a' + v - 1))
}

// BenchmarkNimstringShapes2x5 values the 2 × 5 start (27 strings) by its
// shapes, the memo afresh.
func BenchmarkNimstringShapes2x5(b *testing.B) {
	p := boardPicture(b, 2, 5)
	for b.Loop() {
		sv := newShapeValues(&solve.Limits{})
		shapeValueOf(b, sv, p, 1<<len(p.edges)-1)
	}
}

// explain's account of a position names its chains, loops and cycles, and
// the rule that makes a position loony.
func TestNimstringStructure(t *testing.T) {
	for _, c := range []struct{ graph, want string }{
		{"g-a a-b b-c c-d d-e e-g e-f f-h h-e a-x x-y y-z z-a", "a chain of 3 (b, c, d) from a to e: long"},
		{"g-a a-b b-c c-d d-e e-g e-f f-h h-e a-x x-y y-z z-a", "a loop of 2 (f, h) through e: short"},
		{"g-a a-b b-c c-d d-e e-g e-f f-h h-e a-x x-y y-z z-a", "a loop of 3 (x, y, z) through a: long"},
		{"g-e e-g a-b b-c c-d d-a", "a cycle of 4 (a, b, c, d): long"},
		{"g-a a-b b-c c-d d-a", "a loop of 3 (b, c, d) through a: long"},
		{"g-a a-b b-c c-g g-d d-e", "coin e can be taken beside d, which has one other string: loony, by the all-but-two trick"},
		{"g-a a-b b-g g-c", "coin c can be taken, its last string to the ground"},
		{"g-a a-b", "coin b can be taken beside a, which has one other string: loony"},
		{"a-b g-c c-d d-g", "coins a and b are a pair taken by one cut"},
	} {
		p := stringsPicture(t, c.graph)
		n := NewNimstring(&solve.Limits{})
		text, ok := n.Structure(hstate{pic: p, left: []uint64{1<<len(p.edges) - 1}})
		if !ok || !strings.Contains(text, c.want) {
			t.Errorf("%s: the structure does not say %q:\n%s", c.graph, c.want, text)
		}
	}
}

// Positions of the 3 × 4 and 4 × 4 boards with 16 to 22 strings left,
// each valued by shape on its board and by the table of a picture of just
// its strings.
func TestNimstringShapesOnBigBoards(t *testing.T) {
	rng := rand.New(rand.NewPCG(74, 5))
	count := 60
	if testing.Short() {
		count = 10
	}
	for _, mn := range [][2]int64{{3, 4}, {4, 4}} {
		p := boardPicture(t, mn[0], mn[1])
		sv := newShapeValues(&solve.Limits{})
		for range count {
			left := make([]uint64, 1)
			var words []string
			want := 16 + rng.IntN(7)
			for _, e := range rng.Perm(len(p.edges))[:want] {
				left[e/64] |= 1 << (e % 64)
			}
			for e, uv := range p.edges {
				if left[e/64]&(1<<(e%64)) != 0 {
					words = append(words, p.g.Label(uv[0])+"-"+p.g.Label(uv[1]))
				}
			}
			sh, _ := shapeOf(hstate{pic: p, left: left})
			v, loony, err := sv.value(sh)
			if err != nil {
				t.Fatal(err)
			}
			got := uint8(v)
			if loony {
				got = tableLoony
			}
			q := stringsPicture(t, "g "+strings.Join(words, " "))
			table, err := nimstringTable(context.Background(), q, &solve.Limits{})
			if err != nil {
				t.Fatal(err)
			}
			if wantV := table[len(table)-1]; got != wantV {
				t.Fatalf("%v: %d by shape, %d by the table", words, got, wantV)
			}
		}
	}
}

// BenchmarkNimstringShapes3x4 values the 3 × 4 start (31 strings).
func BenchmarkNimstringShapes3x4(b *testing.B) {
	p := boardPicture(b, 3, 4)
	for b.Loop() {
		sv := newShapeValues(&solve.Limits{})
		shapeValueOf(b, sv, p, 1<<len(p.edges)-1)
	}
}

// stringsPicture is the picture of a graph's text, its vertex g the ground.
func stringsPicture(t testing.TB, text string) *picture {
	g, err := graph.Parse("strings", strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	p, err := newPicture(g, "g", true)
	if err != nil {
		t.Fatal(err)
	}
	return p
}
