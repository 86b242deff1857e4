package eval_test

// Tuple games that move by shifts (solve/sweep.go), against a brute force.
//
// A game is drawn at random: moves that add constants to the numbers, most
// of them lowering some and raising none, now and then one that raises a
// number after lowering an earlier one (a knight's move, on a board or
// not), one that moves nowhere (a loop), and guards
// that compare a number with a constant (a box of states), or do it in a
// way that is not a span (1 < a, a != 2, a > b). A move with no guard on a
// number it lowers makes it negative somewhere: an error where the root
// reaches it, and none where it does not. Roots are asked in a random
// order in one session, so that the box grows and sweeps start from cells
// valued before; each value or error is checked against the brute force
// written here, and against a session that values by the search alone
// (Generic), error messages included.

import (
	"context"
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

type shiftMove struct {
	delta []int64
	conds []shiftCond
	// a loop: for k in loop (written as text), lowering number lowered by
	// k more, its guard kconds
	loop    []int64
	text    string
	lowered int
	kconds  []kCond
}

type kCond struct {
	text string
	f    func(x []int64, k int64) bool
}

type shiftCond struct {
	text string
	f    func(x []int64) bool
}

type shiftGame struct {
	vars  []string
	moves []shiftMove
	memo  map[[3]int64]int
	busy  map[[3]int64]bool
}

var errShiftLoop = errors.New("loop")

func (g *shiftGame) grundy(x []int64) (int, error) {
	var key [3]int64
	copy(key[:], x)
	if v, ok := g.memo[key]; ok {
		return v, nil
	}
	if g.busy[key] {
		return 0, errShiftLoop
	}
	g.busy[key] = true
	defer delete(g.busy, key)
	seen := map[int]bool{}
	for _, m := range g.moves {
		ks := m.loop
		if ks == nil {
			ks = []int64{0}
		}
		for _, k := range ks {
			ok := true
			for _, c := range m.conds {
				ok = ok && c.f(x)
			}
			for _, c := range m.kconds {
				ok = ok && c.f(x, k)
			}
			if !ok {
				continue
			}
			y := make([]int64, len(x))
			for i := range x {
				if y[i] = x[i] + m.delta[i]; i == m.lowered {
					y[i] -= k
				}
				if y[i] < 0 {
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

func randomShiftGame(rnd *rand.Rand, n int) *shiftGame {
	g := &shiftGame{vars: []string{"a", "b", "c"}[:n], memo: map[[3]int64]int{}, busy: map[[3]int64]bool{}}
	for range 1 + rnd.IntN(4) {
		m := shiftMove{delta: make([]int64, n)}
		i0 := rnd.IntN(n)
		m.delta[i0] = -1 - int64(rnd.IntN(3))
		for j := range n {
			if j != i0 && rnd.IntN(3) == 0 {
				m.delta[j] = -int64(rnd.IntN(3))
			}
		}
		switch r := rnd.IntN(20); {
		case r <= 2 && i0+1 < n: // raises a later number (a knight's move): play still ends
			up := i0 + 1 + rnd.IntN(n-i0-1)
			m.delta[up] = 1 + int64(rnd.IntN(2))
			if rnd.IntN(3) > 0 { // kept inside a board
				at, v := int64(3+rnd.IntN(12)), up
				m.conds = append(m.conds, shiftCond{fmt.Sprintf("%s < %d", g.vars[up], at), func(x []int64) bool { return x[v] < at }})
			}
		case r == 3: // nowhere
			clear(m.delta)
		}
		for range rnd.IntN(3) {
			m.conds = append(m.conds, randomShiftCond(rnd, g.vars))
		}
		for i, d := range m.delta {
			if d < 0 && rnd.IntN(5) > 0 { // most moves keep the numbers they lower from going negative
				at, v := -d-1+int64(rnd.IntN(2)), i
				m.conds = append(m.conds, shiftCond{fmt.Sprintf("%s > %d", g.vars[i], at), func(x []int64) bool { return x[v] > at }})
			}
		}
		rnd.Shuffle(len(m.conds), func(i, j int) { m.conds[i], m.conds[j] = m.conds[j], m.conds[i] })
		m.lowered = i0
		if rnd.IntN(4) == 0 { // a loop over a few constants: unrolled into shifts
			switch rnd.IntN(3) {
			case 0:
				m.loop, m.text = []int64{1, 2, 3}, "1..3"
			case 1:
				m.loop, m.text = []int64{2, 5}, "{2, 5}"
			default:
				m.loop, m.text = []int64{0, 1}, "0..1" // k = 0: the move's constants alone
			}
			if rnd.IntN(5) > 0 {
				v := g.vars[i0]
				m.kconds = append(m.kconds, kCond{fmt.Sprintf("%s >= k + %d", v, -m.delta[i0]), func(x []int64, k int64) bool { return x[i0] >= k-m.delta[i0] }})
			}
			if rnd.IntN(3) == 0 {
				m.kconds = append(m.kconds, kCond{"k != 2", func(_ []int64, k int64) bool { return k != 2 }})
			}
			if rnd.IntN(6) == 0 { // not a span once unrolled
				v := g.vars[rnd.IntN(n)]
				m.kconds = append(m.kconds, kCond{fmt.Sprintf("%s > k * %s", v, v), func(x []int64, k int64) bool { return x[slices.Index(g.vars, v)] > k*x[slices.Index(g.vars, v)] }})
			}
		}
		g.moves = append(g.moves, m)
	}
	return g
}

func randomShiftCond(rnd *rand.Rand, vars []string) shiftCond {
	i := rnd.IntN(len(vars))
	v, at := vars[i], int64(rnd.IntN(5))
	switch rnd.IntN(10) {
	case 0:
		return shiftCond{fmt.Sprintf("%d < %s", at, v), func(x []int64) bool { return at < x[i] }}
	case 1:
		return shiftCond{fmt.Sprintf("%s != %d", v, at), func(x []int64) bool { return x[i] != at }}
	case 2:
		j := rnd.IntN(len(vars))
		return shiftCond{fmt.Sprintf("%s > %s", v, vars[j]), func(x []int64) bool { return x[i] > x[j] }}
	case 3:
		return shiftCond{fmt.Sprintf("%s >= %d", v, at), func(x []int64) bool { return x[i] >= at }}
	case 4:
		return shiftCond{fmt.Sprintf("%s < %d", v, at+3), func(x []int64) bool { return x[i] < at+3 }}
	case 5:
		return shiftCond{fmt.Sprintf("%s <= %d", v, at+5), func(x []int64) bool { return x[i] <= at+5 }}
	case 6:
		return shiftCond{fmt.Sprintf("%s == %d", v, at+2), func(x []int64) bool { return x[i] == at+2 }}
	}
	return shiftCond{fmt.Sprintf("%s > %d", v, at), func(x []int64) bool { return x[i] > at }}
}

func (g *shiftGame) source() string {
	var src strings.Builder
	fmt.Fprintf(&src, "game G state (%s) {\n", strings.Join(g.vars, ", "))
	for _, m := range g.moves {
		parts := make([]string, len(g.vars))
		for i, v := range g.vars {
			parts[i] = v + scripttest.Addend(m.delta[i], "1")
		}
		if m.loop != nil {
			parts[m.lowered] += " - k"
		}
		fmt.Fprintf(&src, "    move (%s)", strings.Join(parts, ", "))
		if m.loop != nil {
			fmt.Fprintf(&src, " for k in %s", m.text)
		}
		var conds []string
		for _, c := range m.conds {
			conds = append(conds, c.text)
		}
		for _, c := range m.kconds {
			conds = append(conds, c.text)
		}
		if len(conds) > 0 {
			src.WriteString(" if " + strings.Join(conds, " and "))
		}
		src.WriteString("\n")
	}
	src.WriteString("}\n")
	return src.String()
}

func TestShiftGamesAgainstBruteForce(t *testing.T) {
	t.Parallel() // each owns its session
	games := 400
	if testing.Short() {
		games = 80
	}
	ctx := context.Background()
	for seed := range games {
		rnd := rand.New(rand.NewPCG(uint64(seed), 11))
		n := 1 + seed%3
		g := randomShiftGame(rnd, n)
		src := g.source()
		in := eval.New(eval.Config{Out: new(strings.Builder)})
		ref := eval.New(eval.Config{Out: new(strings.Builder), Generic: true})
		out := eval.New(eval.Config{Out: new(strings.Builder)}) // outcomes only
		for _, s := range []*eval.Interp{in, ref, out} {
			if err := s.Exec(ctx, "g.game", src); err != nil {
				t.Fatalf("seed %d:\n%s%s", seed, src, s.Render(err))
			}
		}
		side := []int64{60, 14, 6}[n-1]
		var roots [][]int64
		for range 12 {
			x := make([]int64, n)
			for i := range x {
				x[i] = rnd.Int64N(side)
			}
			roots = append(roots, x)
		}
		big := make([]int64, n) // past the first box, which is 16 wide
		for i := range big {
			big[i] = side + 20
		}
		roots = append(roots, big)
		rnd.Shuffle(len(roots), func(i, j int) { roots[i], roots[j] = roots[j], roots[i] })
		for _, x := range roots {
			strs := make([]string, n)
			for i, v := range x {
				strs[i] = fmt.Sprint(v)
			}
			q := "grundy(G(" + strings.Join(strs, ", ") + "))"
			want, werr := g.grundy(x)
			got, err := in.Eval(ctx, q)
			rv, rerr := ref.Eval(ctx, q)
			switch {
			case (werr == nil) != (err == nil):
				t.Fatalf("seed %d: %s: brute force %d, %v; session %v, %v\n%s", seed, q, want, werr, got, err, src)
			case (rerr == nil) != (err == nil):
				t.Fatalf("seed %d: %s: search alone %v, %v; session %v, %v\n%s", seed, q, rv, rerr, got, err, src)
			case err != nil && in.Render(err) != ref.Render(rerr):
				t.Fatalf("seed %d: %s: the session says\n%s\nthe search alone says\n%s\n%s", seed, q, in.Render(err), ref.Render(rerr), src)
			case err == nil && (got.String() != fmt.Sprint(want) || rv.String() != fmt.Sprint(want)):
				t.Fatalf("seed %d: %s = %s (search alone %s), brute force %d\n%s", seed, q, got, rv, want, src)
			}
			// The outcome search may answer where a move fails out of its way;
			// where the brute force has a value, it must agree with it.
			o, oerr := out.Eval(ctx, "outcome(G("+strings.Join(strs, ", ")+"))")
			if werr == nil && (oerr != nil || o.String() != map[bool]string{true: "P", false: "N"}[want == 0]) {
				t.Fatalf("seed %d: outcome of %v is %v, %v; the brute force's value is %d\n%s", seed, x, o, oerr, want, src)
			}
		}
	}
}

// TestShiftGameLargeValues sweeps a game whose values pass 64 (the mex of a
// cell's options then leaves the one-word set): two subtraction games of
// {1..70} side by side, whose value is (a mod 71) xor (b mod 71) by the
// Sprague-Grundy theorem.
func TestShiftGameLargeValues(t *testing.T) {
	t.Parallel() // each owns its session
	var src strings.Builder
	src.WriteString("game S state (a, b) {\n")
	for k := 1; k <= 70; k++ {
		fmt.Fprintf(&src, "    move (a - %d, b) if a >= %d\n    move (a, b - %d) if b >= %d\n", k, k, k, k)
	}
	src.WriteString("}\n")
	in := eval.New(eval.Config{Out: new(strings.Builder)})
	if err := in.Exec(context.Background(), "s.game", src.String()); err != nil {
		t.Fatal(in.Render(err))
	}
	if got := scripttest.MustEval(t, in, "grundy(S(300, 250))").String(); got != fmt.Sprint(300%71^250%71) {
		t.Fatalf("grundy(S(300, 250)) = %s, want %d", got, 300%71^250%71)
	}
	want := 0
	for a := range 301 {
		for b := range 251 {
			want += a%71 ^ b%71
		}
	}
	if got := scripttest.MustEval(t, in, "sum(grundy(S(a, b)) for a in 0..300 for b in 0..250)").String(); got != fmt.Sprint(want) {
		t.Fatalf("the sum is %s, want %d", got, want)
	}
}

// TestSweepStops interrupts a sweep of 9·10^6 cells; the cells valued
// before it stay, and the query asked again gives Kiki's value, computed
// here by its recurrence.
func TestSweepStops(t *testing.T) {
	t.Parallel() // each owns its session
	in := eval.New(eval.Config{Out: new(strings.Builder)})
	if err := in.Exec(context.Background(), "kiki.game", kiki); err != nil {
		t.Fatal(in.Render(err))
	}
	const side = 3000
	_, err := in.Eval(&stopAfter{Context: context.Background(), looks: 3}, "grundy(Kiki(3000, 3000))")
	if !errors.As(err, new(*solve.InterruptedError)) {
		t.Fatalf("%v, not an interruption", err)
	}
	g := make([][]uint8, side+1)
	for x := 1; x <= side; x++ {
		g[x] = make([]uint8, side+1)
		for y := 1; y <= side; y++ {
			var seen [4]bool
			if x > 1 {
				seen[g[x-1][y]] = true
			}
			if y > 1 {
				seen[g[x][y-1]] = true
			}
			if x > 1 && y > 1 {
				seen[g[x-1][y-1]] = true
			}
			for seen[g[x][y]] {
				g[x][y]++
			}
		}
	}
	if got := scripttest.MustEval(t, in, "grundy(Kiki(3000, 3000))").String(); got != fmt.Sprint(g[side][side]) {
		t.Fatalf("grundy(Kiki(3000, 3000)) = %s, want %d", got, g[side][side])
	}
	if got, want := scripttest.MustEval(t, in, "grundy(Kiki(2999, 1234))").String(), fmt.Sprint(g[2999][1234]); got != want {
		t.Fatalf("grundy(Kiki(2999, 1234)) = %s, want %s", got, want)
	}
}

// TestSweepSolver: solver() says when a game is swept, and not when its
// moves reach a line of the array only, or the session is generic.
func TestSweepSolver(t *testing.T) {
	t.Parallel() // each owns its session
	for _, c := range []struct {
		src     string
		generic bool
		want    string
	}{
		{kiki, false, "valued in order"},
		{kiki, true, "memoized mex"},
		{"game Kiki state (x, y) { move (x - 1, y - 1) if x > 0 and y > 0 }", false, "memoized mex"},
		{"game Kiki state (x, y) { move (x - k, y) for k in 1..x }", false, "memoized mex"},
	} {
		in := eval.New(eval.Config{Out: new(strings.Builder), Generic: c.generic})
		if err := in.Exec(context.Background(), "k.game", c.src); err != nil {
			t.Fatal(in.Render(err))
		}
		if got := scripttest.MustEval(t, in, "solver(Kiki)").String(); !strings.Contains(got, c.want) {
			t.Errorf("%s (generic %v): solver says %q, not %q", c.src, c.generic, got, c.want)
		}
	}
}

// TestRaisedPastTheBox: moves that raise a number with no bound, from
// positions near the box's end (16 wide at first) in a middle number and
// in the last: the sweep must stop where a move leaves the box rather than
// read the cell the index lands on, and the search then goes on. Every
// value against the search alone.
func TestRaisedPastTheBox(t *testing.T) {
	t.Parallel() // each owns its session
	src := `game R state (a, b, c) { move (a - 1, b + 1, c) if a > 0; move (a, b - 1, c) if b > 0; move (a, b, c - 1) if c > 0; move (a, b - 3, c - 1) if b > 2 and c > 0 }
game S state (a, b) { move (a - 1, b + 2) if a > 0; move (a, b - 1) if b > 0 }`
	in := eval.New(eval.Config{Out: new(strings.Builder)})
	ref := eval.New(eval.Config{Out: new(strings.Builder), Generic: true})
	for _, s := range []*eval.Interp{in, ref} {
		if err := s.Exec(context.Background(), "r.game", src); err != nil {
			t.Fatal(s.Render(err))
		}
	}
	for _, q := range []string{"grundy(R(5, 14, 3))", "grundy(R(2, 15, 15))", "grundy(R(6, 9, 12))",
		"sum(grundy(R(a, b, c)) * (a + 2*b + 3*c + 1) for a in 0..3 for b in 10..15 for c in 0..15)",
		"grundy(S(5, 9))", "sum(grundy(S(a, b)) for a in 0..4 for b in 10..15)"} {
		if a, b := said(in, q), said(ref, q); a != b {
			t.Errorf("%s: swept %s, searched %s", q, a, b)
		}
	}
}
