package kayles

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/gamelang/gamelang/solve"
)

// brute is the value of every subset of a graph of at most 20 vertices by
// the mex over its options, the subsets in increasing order (an option is
// a subset of its position).
func brute(adj [][]int, rule Rule) []uint8 {
	n := len(adj)
	nbr := make([]uint32, n)
	for v, ns := range adj {
		for _, u := range ns {
			nbr[v] |= 1 << u
		}
	}
	g := make([]uint8, 1<<n)
	for s := uint32(1); s < 1<<n; s++ {
		var seen uint64
		for v := range n {
			if s>>v&1 == 0 {
				continue
			}
			if rule == Node {
				seen |= 1 << g[s&^(nbr[v]|1<<v)]
				continue
			}
			for u := v + 1; u < n; u++ {
				if s>>u&1 != 0 && nbr[v]>>u&1 != 0 {
					seen |= 1 << g[s&^(1<<v|1<<u)]
				}
			}
		}
		m := uint8(0)
		for seen>>m&1 != 0 {
			m++
		}
		g[s] = m
	}
	return g
}

func gridAdj(r, c int) [][]int {
	b, _ := NewGrid(r, c)
	adj := make([][]int, b.n)
	for v := range b.n {
		b.adj[v].each(func(u int) { adj[v] = append(adj[v], u) })
	}
	return adj
}

func toSet(s uint32) Set { return Set{uint64(s), 0} }

// TestGridsAgainstBruteForce values every position of small grids, under
// both rules, against the brute force: one engine for all the boards, so
// the lattice's keys are shared between them.
func TestGridsAgainstBruteForce(t *testing.T) {
	for _, rule := range []Rule{Node, Arc} {
		s := New(rule, &solve.Limits{}, "test")
		againstBruteForce(t, s, rule, [][2]int{{1, 7}, {7, 1}, {2, 5}, {5, 2}, {3, 3}, {3, 4}, {4, 4}, {3, 5}, {2, 8}}, nil)
	}
}

// againstBruteForce checks the value and the outcome s gives every
// position of each grid against the brute force, and after each, check.
func againstBruteForce(t *testing.T, s *Solver, rule Rule, grids [][2]int, check func()) {
	t.Helper()
	for _, d := range grids {
		b, _ := NewGrid(d[0], d[1])
		want := brute(gridAdj(d[0], d[1]), rule)
		for set := range uint32(len(want)) {
			got, err := s.Grundy(context.Background(), b, toSet(set))
			if err != nil {
				t.Fatal(err)
			}
			if got != int(want[set]) {
				t.Fatalf("rule %d, grid %v, position %b: %d, brute force %d", rule, d, set, got, want[set])
			}
			won, err := s.Win(context.Background(), b, toSet(set))
			if err != nil || won != (want[set] != 0) {
				t.Fatalf("rule %d, grid %v, position %b: win %v, brute force %d", rule, d, set, won, want[set])
			}
			if check != nil {
				check()
			}
		}
	}
}

// TestGraphsAgainstBruteForce values random graphs of up to 14 vertices,
// with a reversal as an automorphism when it is one.
func TestGraphsAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 60 {
		n := 4 + rng.IntN(11)
		adj := make([][]int, n)
		for v := range n {
			for u := v + 1; u < n; u++ {
				if rng.IntN(10) < 3 {
					adj[v] = append(adj[v], u)
					adj[u] = append(adj[u], v)
				}
			}
		}
		for _, rule := range []Rule{Node, Arc} {
			b, ok := NewBoard(adj)
			if !ok {
				t.Fatal("refused")
			}
			s := New(rule, &solve.Limits{}, "test")
			want := brute(adj, rule)
			for set := range uint32(len(want)) {
				got, err := s.Grundy(context.Background(), b, toSet(set))
				if err != nil {
					t.Fatal(err)
				}
				if got != int(want[set]) {
					t.Fatalf("trial %d rule %d, %v, position %b: %d, brute force %d", trial, rule, adj, set, got, want[set])
				}
			}
		}
	}
}

// TestKeepsWhole: when the ring test says a move leaves a region whole (a
// domino of Cram, a cell and its neighbours of Node Kayles), the walk over
// what is left finds one region; and on a board with no cell missing it
// says so for most moves.
func TestKeepsWhole(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, d := range [][2]int{{4, 9}, {5, 7}, {1, 12}, {12, 1}, {8, 16}, {3, 3}} {
		b, _ := NewGrid(d[0], d[1])
		var moves []Set     // what each move takes
		var rings [][]int16 // and its ring
		var tables [][]bool // and the ring's table
		for i, a := range b.arcs {
			moves = append(moves, Set{}.with(a[0]).with(a[1]))
			rings, tables = append(rings, b.rings[i]), append(tables, dominoRuns)
		}
		for v := range b.n {
			moves = append(moves, b.adj[v].with(v))
			rings, tables = append(rings, b.crosses[v]), append(tables, crossRuns)
		}
		whole := 0
		for trial := range 400 {
			set := b.All()
			if trial > 0 {
				for v := range b.n {
					if rng.IntN(4) == 0 {
						set = set.minus(Set{}.with(v))
					}
				}
			}
			if set.empty() {
				continue
			}
			c := b.component(set)
			for i, mv := range moves {
				if mv.and(c).empty() {
					continue
				}
				left := c.minus(mv)
				if left.empty() || !keepsWhole(c, rings[i], tables[i]) {
					continue
				}
				if trial == 0 {
					whole++
				}
				if b.component(left) != left {
					t.Fatalf("grid %v, region %x, move %x: said whole, is not", d, c, mv)
				}
			}
		}
		if d[0] > 3 && d[1] > 3 && whole < len(moves)/3 {
			t.Errorf("grid %v: %d of %d moves on the whole board leave it whole", d, whole, len(moves))
		}
	}
}

// TestManyComponents: 127 and 128 vertices with no edge, each a component
// (Node Kayles: 1 each; Arc Kayles: 0).
func TestManyComponents(t *testing.T) {
	for _, n := range []int{127, 128} {
		b, ok := NewBoard(make([][]int, n))
		if !ok {
			t.Fatal("refused")
		}
		for _, c := range []struct {
			rule Rule
			want int
		}{{Node, n % 2}, {Arc, 0}} {
			got, err := New(c.rule, &solve.Limits{}, "test").Grundy(context.Background(), b, b.All())
			if err != nil || got != c.want {
				t.Errorf("%d isolated vertices, rule %d: %d, %v; want %d", n, c.rule, got, err, c.want)
			}
		}
	}
	if _, ok := NewBoard(make([][]int, 129)); ok {
		t.Error("129 vertices taken")
	}
}

// TestStops: a cancelled context, the state cap and the memory budget
// stop the search with their errors, and what was learnt stays true: the
// next query answers.
func TestStops(t *testing.T) {
	b, _ := NewGrid(4, 7)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	s := New(Arc, &solve.Limits{}, "Cram")
	if _, err := s.Grundy(ctx, b, b.All()); !solve.Interrupted(err) {
		t.Fatalf("cancelled: %v", err)
	}
	lim := &solve.Limits{MaxStates: 1000}
	s = New(Arc, lim, "Cram")
	_, err := s.Grundy(context.Background(), b, b.All())
	var le *solve.LimitError
	if !errors.As(err, &le) || s.Positions() > 1000 {
		t.Fatalf("capped at 1000: %v, %d stored", err, s.Positions())
	}
	lim.MaxStates = 0
	if _, err := New(Arc, &solve.Limits{MaxMemory: 1 << 20}, "Cram").Grundy(context.Background(), b, b.All()); !errors.As(err, &le) || !le.Memory {
		t.Fatalf("a budget of 1 MiB: %v", err)
	}
	if g, err := s.Grundy(context.Background(), b, b.All()); err != nil || g != 3 {
		t.Fatalf("after the cap: %d, %v; Cram 4 × 7 is 3", g, err)
	}
}

// BenchmarkCram values Cram on a 4 × 7 board (3) from an empty memo.
func BenchmarkCram(b *testing.B) {
	board, _ := NewGrid(4, 7)
	for b.Loop() {
		if g, err := New(Arc, &solve.Limits{}, "Cram").Grundy(context.Background(), board, board.All()); err != nil || g != 3 {
			b.Fatal(g, err)
		}
	}
}

// TestKeysAreShapes: two regions, on the same board or on two, share a key
// exactly when one is a turned, reflected or moved copy of the other (the
// reference: the least of the eight images' cells, moved to the corner and
// sorted); and the mirror flag is the copying strategy's condition, checked
// cell by cell.
func TestKeysAreShapes(t *testing.T) {
	type cell struct{ r, c int }
	shape := func(cells []cell) string {
		best := ""
		for v := range 8 {
			img := make([]cell, len(cells))
			r0, c0 := 1<<30, 1<<30
			for i, p := range cells {
				r, c := p.r, p.c
				if v&1 != 0 {
					c = -c
				}
				if v&2 != 0 {
					r = -r
				}
				if v&4 != 0 {
					r, c = c, r
				}
				img[i] = cell{r, c}
				r0, c0 = min(r0, r), min(c0, c)
			}
			for i := range img {
				img[i].r -= r0
				img[i].c -= c0
			}
			slices.SortFunc(img, func(a, b cell) int { return cmp.Or(a.r-b.r, a.c-b.c) })
			if s := fmt.Sprint(img); best == "" || s < best {
				best = s
			}
		}
		return best
	}
	rng := rand.New(rand.NewPCG(7, 8))
	boards := [][2]int{{4, 9}, {9, 4}, {5, 7}, {8, 16}, {3, 12}, {11, 11}}
	type region struct {
		b     *Board
		set   Set
		shape string
	}
	var regions []region
	for range 3000 {
		d := boards[rng.IntN(len(boards))]
		b, _ := NewGrid(d[0], d[1])
		h, w := 1+rng.IntN(min(3, d[0])), 1+rng.IntN(min(3, d[1]))
		r0, c0 := rng.IntN(d[0]-h+1), rng.IntN(d[1]-w+1)
		var set Set
		var cells []cell
		for i := range h {
			for j := range w {
				if rng.IntN(3) > 0 {
					set.add((r0+i)*d[1] + c0 + j)
					cells = append(cells, cell{r0 + i, c0 + j})
				}
			}
		}
		if set.empty() {
			continue
		}
		set = b.component(set) // a region: connected
		cells = cells[:0]
		set.each(func(v int) { cells = append(cells, cell{v / d[1], v % d[1]}) })
		regions = append(regions, region{b, set, shape(cells)})
	}
	for i := range 20000 {
		x, y := regions[rng.IntN(len(regions))], regions[(i*7919)%len(regions)]
		kx, _ := x.b.keyOf(x.set)
		ky, _ := y.b.keyOf(y.set)
		if (kx == ky) != (x.shape == y.shape) {
			t.Fatalf("%s and %s: keys %x and %x", x.shape, y.shape, kx, ky)
		}
	}
	for _, x := range regions {
		_, mirrored := x.b.keyOf(x.set)
		cols := x.b.cols
		want := false
		var r0, r1, c0, c1 = 1 << 30, -1, 1 << 30, -1
		x.set.each(func(v int) {
			r0, r1, c0, c1 = min(r0, v/cols), max(r1, v/cols), min(c0, v%cols), max(c1, v%cols)
		})
		for _, f := range []func(r, c int) (int, int){ // the half turn and the diagonals of a square box
			func(r, c int) (int, int) { return r0 + r1 - r, c0 + c1 - c },
			func(r, c int) (int, int) { return r0 + c - c0, c0 + r - r0 },
			func(r, c int) (int, int) { return r0 + c1 - c, c0 + r1 - r },
		} {
			ok := true
			x.set.each(func(v int) {
				r, c := f(v/cols, v%cols)
				if r < r0 || r > r1 || c < c0 || c > c1 || !x.set.has(r*cols+c) || max(r-v/cols, v/cols-r)+max(c-v%cols, v%cols-c) <= 1 {
					ok = false
				}
			})
			want = want || ok
		}
		if mirrored != want {
			t.Fatalf("%s: mirrored %v, want %v", x.shape, mirrored, want)
		}
	}
}

// TestGenerations: a memo of two small generations drops most of what it
// learnt and keeps what the search still reads, and every answer stays
// true: every position of 4 × 4 and 3 × 5 grids against the brute force,
// and Cram 4 × 5 (2, Beling's table) and Node Kayles 3 × 16 (3, OEIS
// A316632) from a memo of 200 entries a generation.
func TestGenerations(t *testing.T) {
	for _, rule := range []Rule{Node, Arc} {
		s := New(rule, &solve.Limits{}, "test")
		s.fixed = 50
		againstBruteForce(t, s, rule, [][2]int{{4, 4}, {3, 5}}, func() {
			if s.Positions() > 2*s.fixed {
				t.Fatalf("%d entries in two generations of %d", s.Positions(), s.fixed)
			}
		})
		if s.Drops() == 0 {
			t.Fatalf("rule %d: no generation dropped", rule)
		}
	}
	for _, c := range []struct {
		rule       Rule
		r, c, want int
	}{{Arc, 4, 5, 2}, {Node, 3, 16, 3}} {
		b, _ := NewGrid(c.r, c.c)
		s := New(c.rule, &solve.Limits{}, "test")
		s.fixed = 200
		if g, err := s.Grundy(context.Background(), b, b.All()); err != nil || g != c.want || s.Drops() == 0 {
			t.Fatalf("rule %d, %d × %d in generations of 200: %d, %v, %d dropped; want %d", c.rule, c.r, c.c, g, err, s.Drops(), c.want)
		}
	}
}

// TestShrink: when the budget is read as passed, the old generation goes
// (or the new one, when there is no old one yet), the generations of the
// rest of the query are half as long, and the answers stay true; a memo
// too small to halve says so, and the search stops with the limit.
func TestShrink(t *testing.T) {
	b, _ := NewGrid(4, 7)
	s := New(Arc, &solve.Limits{}, "Cram")
	if g, err := s.Grundy(context.Background(), b, b.All()); err != nil || g != 3 {
		t.Fatalf("Cram 4 × 7: %d, %v", g, err)
	}
	n := s.Positions()
	if n < 4096 || !s.shrink() || s.Positions() != 0 || s.room != n/2 || s.Drops() != 1 {
		t.Fatalf("%d entries, shrunk: %d left, room %d, %d dropped", n, s.Positions(), s.room, s.Drops())
	}
	againstBruteForce(t, s, Arc, [][2]int{{4, 4}, {3, 5}}, nil)
	small := New(Arc, &solve.Limits{}, "Cram")
	small.memo[key{1}] = entry{val: 0}
	if small.shrink() || small.Positions() != 1 {
		t.Fatal("a memo of one entry shrunk")
	}
}
