package eval_test

// Cross-checks against brute force written here, independently of the solver:
// game trees searched directly for win or loss (no Sprague-Grundy theory), the
// seeds' own algorithms, and plain dynamic programming.

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/gamelang/gamelang/internal/scripttest"
	"github.com/gamelang/gamelang/lib/normalplay"

	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/internal/seedref"
)

// rowGame is a take-and-break game on rows: a move removes a block of k
// adjacent tokens (k in takes) from one row; with split the tokens on either
// side stay as two rows, without it the block must touch an end of the row.
type rowGame struct {
	takes []int
	split bool
	memo  map[string]bool
}

// wins reports by exhaustive search whether the player to move wins.
func (g *rowGame) wins(rows []int) bool {
	key := fmt.Sprint(normal(rows))
	if v, ok := g.memo[key]; ok {
		return v
	}
	win := false
	for i, r := range rows {
		for _, k := range g.takes {
			for left := 0; left+k <= r && !win; left++ {
				right := r - k - left
				if !g.split && left != 0 && right != 0 {
					continue
				}
				next := append(append([]int{}, rows[:i]...), rows[i+1:]...)
				next = append(next, left, right)
				win = !g.wins(next)
			}
		}
	}
	g.memo[key] = win
	return win
}

func normal(rows []int) []int {
	var out []int
	for _, r := range rows {
		if r > 0 {
			out = append(out, r)
		}
	}
	sort.Ints(out)
	return out
}

func TestRowGamesAgreeWithBruteForce(t *testing.T) {
	t.Parallel() // each owns its session
	in := scripttest.NewInterp(t)
	cases := []struct {
		name  string
		game  string
		takes []int
		split bool
	}{
		{"Kayles", "Kayles", []int{1, 2}, true},
		{"Dawson's Kayles", "DawsonKayles", []int{2}, true},
		{"Stripes(1, 5, 1)", "Stripes(1, 5, 1)", []int{1, 5}, true},
		{"Stripes(2, 3, 7)", "Stripes(2, 3, 7)", []int{2, 3, 7}, true},
		{"S-Nim {2, 5}", "SNim({2, 5})", []int{2, 5}, false},
		{"Bounded(3)", "Bounded(3)", []int{1, 2, 3}, false},
	}
	if err := in.Exec(context.Background(), "stripes.game", "game Stripes(a, b, c) { take {a, b, c} split }"); err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		g := &rowGame{takes: c.takes, split: c.split, memo: map[string]bool{}}
		for a := 0; a <= 14; a++ {
			for b := 0; b <= a; b++ {
				for d := 0; d <= b && d <= 6; d++ {
					expr := fmt.Sprintf("outcome(%[1]s(%[2]d) + %[1]s(%[3]d) + %[1]s(%[4]d))", c.game, a, b, d)
					want := "P"
					if g.wins([]int{a, b, d}) {
						want = "N"
					}
					if got := scripttest.MustEval(t, in, expr).String(); got != want {
						t.Fatalf("%s: %s = %s, brute force says %s", c.name, expr, got, want)
					}
				}
			}
		}
	}
}

// wythoffDP is Wythoff's Grundy values g[a][b] for a, b < n, each the mex
// of the values of its moves.
func wythoffDP(n int) [][]int {
	g := make([][]int, n)
	for a := range n {
		g[a] = make([]int, n)
		for b := range n {
			seen := map[int]bool{}
			for k := 1; k <= a; k++ {
				seen[g[a-k][b]] = true
			}
			for k := 1; k <= b; k++ {
				seen[g[a][b-k]] = true
			}
			for k := 1; k <= min(a, b); k++ {
				seen[g[a-k][b-k]] = true
			}
			for seen[g[a][b]] {
				g[a][b]++
			}
		}
	}
	return g
}

func TestWythoffGrundyTableAgreesWithDP(t *testing.T) {
	t.Parallel() // each owns its session
	in := scripttest.NewInterp(t)
	w := scripttest.Ruleset(t, in, "Wythoff")
	const n = 40
	g := wythoffDP(n + 1)
	for a := 0; a <= n; a++ {
		for b := 0; b <= n; b++ {
			if got := grundyOf(t, in, w, int64(a), int64(b)); got != int64(g[a][b]) {
				t.Fatalf("Wythoff(%d, %d) = %d, DP says %d", a, b, got, g[a][b])
			}
		}
	}
}

// numberGameSeed is the seed 000 solution of POJ 1143: bit i of a mask is the
// number i+1 (bit 0 stands for 1, which is never forbidden); judge returns the
// mask of winning moves.
type numberGameSeed struct{ memo map[uint32]uint32 }

func (s *numberGameSeed) judge(num uint32) uint32 {
	if v, ok := s.memo[num]; ok {
		return v
	}
	res := uint32(0)
	for i := 2; i <= 20; i++ {
		if num&(1<<(i-1)) == 0 {
			continue
		}
		if s.judge(seedPick(num, i)) == 0 {
			res |= 1 << (i - 1)
		}
	}
	s.memo[num] = res
	return res
}

// seedPick is the seed's transition: the position after picking i from num.
func seedPick(num uint32, i int) uint32 {
	temp := num
	for j := i; j <= 20; j += i {
		temp &= ((num | 1) << j) | (1<<(j-1) - 1)
	}
	return temp
}

func TestNumberGameAgreesWithSeedSolution(t *testing.T) {
	t.Parallel() // each owns its session
	in := scripttest.NewInterp(t)
	seed := &numberGameSeed{memo: map[uint32]uint32{}}
	full := uint32(0)
	for i := 2; i <= 20; i++ {
		full |= 1 << (i - 1)
	}
	// Every position reachable from the full one, as the seed computes moves.
	reach := map[uint32]bool{full: true}
	queue := []uint32{full}
	for len(queue) > 0 {
		num := queue[0]
		queue = queue[1:]
		for i := 2; i <= 20; i++ {
			if num&(1<<(i-1)) == 0 {
				continue
			}
			if temp := seedPick(num, i); !reach[temp] {
				reach[temp] = true
				queue = append(queue, temp)
			}
		}
	}
	if len(reach) < 100 {
		t.Fatalf("only %d reachable positions", len(reach))
	}
	for num := range reach {
		var state []string
		for i := 2; i <= 20; i++ {
			if num&(1<<(i-1)) != 0 {
				state = append(state, fmt.Sprint(i))
			}
		}
		want := "none"
		if w := seed.judge(num); w != 0 {
			var picks []string
			for i := 2; i <= 20; i++ {
				if w&(1<<(i-1)) != 0 {
					picks = append(picks, fmt.Sprintf("pick %d", i))
				}
			}
			want = strings.Join(picks, ", ")
		}
		got := scripttest.MustEval(t, in, "winning(NumberGame{"+strings.Join(state, ", ")+"})").String()
		if strings.ReplaceAll(got, "\n", ", ") != want {
			t.Fatalf("NumberGame{%s}: winning moves %q, the seed's solution says %q", strings.Join(state, ", "), got, want)
		}
	}
}

func TestThueMorseAgreesWithSeedSolution(t *testing.T) {
	t.Parallel() // each owns its session
	in := scripttest.NewInterp(t)
	for m := 1; m <= 12; m++ {
		r := scripttest.Ruleset(t, in, fmt.Sprintf("ThueMorse(%d)", m))
		for n := int64(0); n <= 3000; n++ {
			got, err := normalplay.SolverOf(in).Outcome(context.Background(), scripttest.At(t, r, n))
			if err != nil {
				t.Fatal(err)
			}
			if (got == game.N) != seedref.ThueMorse(n, m) {
				t.Fatalf("ThueMorse(%d)(%d) is %s; the seed's solution says Alice wins: %v", m, n, got, seedref.ThueMorse(n, m))
			}
		}
	}
}
