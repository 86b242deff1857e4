package rules_test

// Tuple moves along a line (rules/line.go), against a brute force.
//
// A tuple game is drawn at random: moves whose results add to the state's
// numbers multiples of one loop variable and constants, over ranges that
// may reach past the state (a negative number: an error) or past the
// memo's box (positions kept in its hash table), with guards before the
// loop, and now and then a guard on the loop variable or a product, which
// are not lines. Each move lowers one number and keeps those before it,
// so play ends. The session values every position of a small grid, in
// one memo whose box grows as the roots do, by Grundy value and by
// outcome; the brute force here values them by its own reading of the
// moves. A run of cells that left out, added or misplaced an option shows
// as a mismatch, and an error the closures would raise and the run would
// not, as a value where the brute force fails.

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/gamelang/gamelang/eval"
	"github.com/gamelang/gamelang/internal/scripttest"
	"github.com/gamelang/gamelang/solve"
)

// lmove is a move of the brute force: the numbers it leaves for k.
type lmove struct {
	text string
	pre  func(x []int64) bool
	rng  func(x []int64) (lo, hi int64) // nil: no loop, k = 0
	kOK  func(k int64) bool
	res  func(x []int64, k int64) []int64
}

type lgame struct {
	vars  []string
	moves []lmove
	memo  map[[3]int64]int
	count int
}

func (g *lgame) grundy(x []int64) (int, error) {
	var key [3]int64
	copy(key[:], x)
	if v, ok := g.memo[key]; ok {
		return v, nil
	}
	if g.count++; g.count > 300_000 {
		return 0, errors.New("too large")
	}
	seen := map[int]bool{}
	for _, m := range g.moves {
		if !m.pre(x) {
			continue
		}
		lo, hi := int64(0), int64(0)
		if m.rng != nil {
			lo, hi = m.rng(x)
		}
		for k := lo; k <= hi; k++ {
			if !m.kOK(k) {
				continue
			}
			y := m.res(x, k)
			for _, v := range y {
				if v < 0 {
					return 0, scripttest.ErrNegative
				}
			}
			v, err := g.grundy(y)
			if err != nil {
				return 0, err
			}
			seen[v] = true
		}
	}
	v := 0
	for seen[v] {
		v++
	}
	g.memo[key] = v
	return v, nil
}

// randomLineGame draws a game of n numbers.
func randomLineGame(rnd *rand.Rand, n int) *lgame {
	g := &lgame{vars: []string{"a", "b", "c"}[:n], memo: map[[3]int64]int{}}
	for range 1 + rnd.IntN(3) {
		g.moves = append(g.moves, randomLineMove(rnd, g.vars))
	}
	return g
}

func randomLineMove(rnd *rand.Rand, vars []string) lmove {
	n := len(vars)
	i0 := rnd.IntN(n) // the number the move lowers
	loop := rnd.IntN(5) > 0
	dk := int64(0)
	if loop {
		dk = int64(rnd.IntN(3))
	}
	lo := int64(rnd.IntN(3))
	c0 := int64(rnd.IntN(3))
	if c0 == 0 && (dk == 0 || lo == 0) {
		c0 = 1
	}
	// coef[j][m] of x_m, ck[j] of k, cc[j] the constant, for the numbers
	// after i0; the numbers before it stay.
	coef := make([][]int64, n)
	ck, cc := make([]int64, n), make([]int64, n)
	nonneg := rnd.IntN(2) == 0
	for j := i0 + 1; j < n; j++ {
		coef[j] = make([]int64, n)
		for m := range n {
			if m < j || rnd.IntN(3) == 0 {
				coef[j][m] = int64(rnd.IntN(2))
			}
			if !nonneg && rnd.IntN(4) == 0 {
				coef[j][m] = -1
			}
		}
		coef[j][j] = 1
		if loop {
			ck[j] = int64(rnd.IntN(3)) - 1
		}
		cc[j] = int64(rnd.IntN(5)) - 2
		if rnd.IntN(3) == 0 { // past the box, which starts 16 wide
			cc[j] += 14
		}
		if nonneg {
			ck[j], cc[j] = max(ck[j], 0), max(cc[j], 0)
		}
	}
	scale := loop && rnd.IntN(6) == 0 && i0+1 < n // a result written as 2 * (...) - (...)
	res := func(x []int64, k int64) []int64 {
		y := make([]int64, n)
		for j := range n {
			switch {
			case j < i0:
				y[j] = x[j]
			case j == i0:
				y[j] = x[j] - dk*k - c0
			default:
				y[j] = cc[j] + ck[j]*k
				for m := range n {
					y[j] += coef[j][m] * x[m]
				}
			}
		}
		return y
	}
	var parts []string
	for j := range n {
		switch {
		case j < i0:
			parts = append(parts, vars[j])
		case j == i0:
			parts = append(parts, vars[j]+scripttest.Addend(-dk, "k")+scripttest.Addend(-c0, "1"))
		default:
			s := fmt.Sprint(cc[j])
			for m := range n {
				s += scripttest.Addend(coef[j][m], vars[m])
			}
			s += scripttest.Addend(ck[j], "k")
			if scale {
				s = rebuildScaled(vars, j, coef[j], ck[j], cc[j])
			}
			parts = append(parts, s)
		}
	}
	m := lmove{pre: func([]int64) bool { return true }, kOK: func(int64) bool { return true }, res: res}
	text := "move (" + strings.Join(parts, ", ") + ")"
	if loop {
		x0 := vars[i0]
		his := []struct {
			text string
			f    func(x []int64) int64
		}{
			{x0, func(x []int64) int64 { return x[i0] }},
			{x0 + " - 1", func(x []int64) int64 { return x[i0] - 1 }},
			{x0 + " + 2", func(x []int64) int64 { return x[i0] + 2 }},
			{"3", func([]int64) int64 { return 3 }},
			{"min(" + strings.Join(vars, ", ") + ")", func(x []int64) int64 { return lineMin(x) }},
			{strings.Join(vars, " + "), func(x []int64) int64 { return lineSum(x) }},
		}
		hi := his[rnd.IntN(len(his))]
		m.rng = func(x []int64) (int64, int64) { return lo, hi.f(x) }
		text += fmt.Sprintf(" for k in %d..%s", lo, hi.text)
	}
	var guards []string
	if rnd.IntN(3) == 0 {
		v, at := rnd.IntN(n), int64(rnd.IntN(3))
		guards = append(guards, fmt.Sprintf("%s > %d", vars[v], at))
		m.pre = func(x []int64) bool { return x[v] > at }
	}
	if dk > 0 && rnd.IntN(7) == 0 { // not a line: the closures run
		guards = append(guards, "k != 2")
		m.kOK = func(k int64) bool { return k != 2 }
	}
	if len(guards) > 0 {
		text += " if " + strings.Join(guards, " and ")
	}
	m.text = text
	return m
}

// rebuildScaled writes x_j's result, x_j + rest, as 2 * (x_j + rest) -
// (rest + x_j) - 0 * k: the same value through a product by a constant and
// differences of sums.
func rebuildScaled(vars []string, j int, coef []int64, ck, cc int64) string {
	rest := fmt.Sprint(cc)
	for m := range vars {
		if m != j {
			rest += scripttest.Addend(coef[m], vars[m])
		}
	}
	rest += scripttest.Addend(ck, "k")
	return fmt.Sprintf("2 * (%s + %s) - (%s + %s) - 0 * k", vars[j], rest, rest, vars[j])
}

func lineMin(x []int64) int64 {
	m := x[0]
	for _, v := range x {
		m = min(m, v)
	}
	return m
}

func lineSum(x []int64) int64 {
	s := int64(0)
	for _, v := range x {
		s += v
	}
	return s
}

func TestLineMovesAgainstBruteForce(t *testing.T) {
	t.Parallel() // each owns its session
	games := 300
	if testing.Short() {
		games = 60
	}
	ctx := context.Background()
	for seed := range games {
		rnd := rand.New(rand.NewPCG(uint64(seed), 7))
		n := 2 + seed%2
		g := randomLineGame(rnd, n)
		var src strings.Builder
		fmt.Fprintf(&src, "game G state (%s) {\n", strings.Join(g.vars, ", "))
		for _, m := range g.moves {
			fmt.Fprintf(&src, "    %s\n", m.text)
		}
		src.WriteString("}\n")
		// Grundy values in one session, outcomes in another: an outcome
		// search stores P-positions as value 0 without looking past a
		// winning move, where a move may fail (see the outcome search in
		// solve/graph.go), so that a later Grundy search would not fail.
		in := eval.New(eval.Config{Out: new(strings.Builder)})
		out := eval.New(eval.Config{Out: new(strings.Builder)})
		for _, s := range []*eval.Interp{in, out} {
			if err := s.Exec(ctx, "g.game", src.String()); err != nil {
				t.Fatalf("seed %d:\n%s%s", seed, src.String(), s.Render(err))
			}
		}
		sameOptionsInBoxes(t, rnd, scripttest.Ruleset(t, in, "G").(solve.BoxGraph), n, src.String())
		side := int64(7 - 2*(n-2))
		roots := [][]int64{}
		for a := range side {
			for b := range side {
				if n == 2 {
					roots = append(roots, []int64{a, b})
				} else {
					roots = append(roots, []int64{a, b, (a + 2*b) % side})
				}
			}
		}
		for i, x := range roots {

			want, werr := g.grundy(x)
			if werr != nil && werr != scripttest.ErrNegative {
				t.Logf("seed %d: brute force gave up (%v)", seed, werr)
				break
			}
			pos := fmt.Sprintf("G(%s)", strings.Trim(strings.Join(strings.Fields(fmt.Sprint(x)), ", "), "[]"))
			query, session := "grundy("+pos+")", in
			if i%3 == 1 {
				query, session = "outcome("+pos+")", out
			}
			got, err := session.Eval(ctx, query)
			switch {
			case werr != nil && err == nil && strings.HasPrefix(query, "outcome"):
				continue // the outcome search stops at a winning move, perhaps before the error
			case werr != nil && err == nil:
				t.Fatalf("seed %d: %s = %s, but a move makes a number negative\n%s", seed, query, got, src.String())
			case werr != nil:
				if !strings.Contains(err.Error(), "negative") {
					t.Fatalf("seed %d: %s: %s, want a negative number\n%s", seed, query, in.Render(err), src.String())
				}
				continue
			case err != nil:
				t.Fatalf("seed %d: %s: %s, want %d\n%s", seed, query, in.Render(err), want, src.String())
			}
			w := fmt.Sprint(want)
			if strings.HasPrefix(query, "outcome") {
				w = map[bool]string{true: "P", false: "N"}[want == 0]
			}
			if got.String() != w {
				t.Fatalf("seed %d: %s = %s, want %s\n%s", seed, query, got, w, src.String())
			}
		}
	}
}

// sameOptionsInBoxes checks that the options of random states, listed with
// runs of cells in random boxes, are exactly those listed without a box,
// and that the same error stops both listings.
func sameOptionsInBoxes(t *testing.T, rnd *rand.Rand, g solve.BoxGraph, n int, src string) {
	t.Helper()
	work := func() *solve.Work {
		return solve.NewWork(context.Background(), &solve.Limits{}, "G", func() int { return 0 })
	}
	for range 200 {
		key := make([]byte, 8*n)
		dims, strides := make([]int64, n), make([]int64, n)
		x := make([]int64, n)
		for i := range n {
			x[i] = int64(rnd.IntN(24))
			dims[i] = 1 + int64(rnd.IntN(30))
			binary.LittleEndian.PutUint64(key[8*i:], uint64(x[i]))
		}
		for i, st := n-1, int64(1); i >= 0; i-- {
			strides[i], st = st, st*dims[i]
		}
		var want, got []string
		werr := g.Options(work(), key, func(opt []byte) { want = append(want, fmt.Sprint(opt)) })
		gerr := g.BoxOptions(work(), key, dims, strides, func(first, step int64, count int) {
			for c := first; count > 0; count, c = count-1, c+step {
				opt := make([]byte, 8*n)
				for i := range n {
					binary.LittleEndian.PutUint64(opt[8*i:], uint64(c/strides[i]%dims[i]))
				}
				got = append(got, fmt.Sprint(opt))
			}
		}, func(opt []byte) { got = append(got, fmt.Sprint(opt)) })
		if fmt.Sprint(werr) != fmt.Sprint(gerr) {
			t.Fatalf("state %v, box %v: error %v, want %v\n%s", x, dims, gerr, werr, src)
		}
		slices.Sort(want)
		slices.Sort(got)
		if werr == nil && !slices.Equal(want, got) {
			t.Fatalf("state %v, box %v: %d options, want %d\n%s", x, dims, len(got), len(want), src)
		}
	}
}

// A result that overflows on the way is no line: it fails as written, and
// one whose parts all fit is one. A run counts against the move cap as the
// closures it stands for would.
func TestLineMovesFailAsWritten(t *testing.T) {
	t.Parallel() // each owns its session
	for _, c := range []struct{ src, query, want string }{
		{"game O state (a, b) { move (a - 1, b + 4611686018427387904 + 4611686018427387904 - k) for k in 0..b }", "grundy(O(3, 3))", "integer overflow"},
		{"game O state (a, b) { move (a - 1, b * 3037000500 * 3037000500 - k) for k in 0..b }", "grundy(O(3, 3))", "integer overflow"},
		{"game O state (a, b) { move (a - 1, 1073741823 * (b - k) - 1073741822 * (b - k)) for k in 0..b if a > 0 }", "grundy(O(3, 3))", "1"},
		// a run counts its candidates as the closures did: past the move cap, it stops
		{"game O state (a, b) { move (a - 1, b) for k in 1..10^12 }", "grundy(O(3, 3))", "move limit reached"},
	} {
		in := eval.New(eval.Config{Out: new(strings.Builder)})
		if err := in.Exec(context.Background(), "o.game", c.src); err != nil {
			t.Fatal(in.Render(err))
		}
		v, err := in.Eval(context.Background(), c.query)
		got := fmt.Sprint(v)
		if err != nil {
			got = err.Error()
		}
		if err == nil && got != c.want || !strings.Contains(got, c.want) {
			t.Errorf("%s: %s = %s, want %s", c.src, c.query, got, c.want)
		}
	}
}
