package normal_test

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"slices"
	"testing"

	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/octal"
	"github.com/gamelang/gamelang/play"
	"github.com/gamelang/gamelang/play/normal"
	"github.com/gamelang/gamelang/rules/heap"
	"github.com/gamelang/gamelang/solve"
)

var ctx = context.Background()

// movesOnly shows a ruleset through Moves alone, so that the solver can use
// nothing but the most generic of its solvers.
type movesOnly struct{ inner game.Ruleset }

func (m *movesOnly) Name() string              { return m.inner.Name() }
func (m *movesOnly) Kind() game.Kind           { return m.inner.Kind() }
func (m *movesOnly) Decided(s game.State) bool { return m.inner.Decided(s) }
func (m *movesOnly) Moves(c context.Context, s game.State) ([]game.Move, error) {
	moves, err := m.inner.Moves(c, s)
	return game.Own(moves, m.inner, m), err
}

func heapAt(r game.Ruleset, n int64) game.Position {
	return game.Position{{Rules: r, State: big.NewInt(n)}}
}

// kaylesBrute is g(n) of Kayles by the definition: remove one or two
// adjacent pins from a row, which leaves two rows a and n-k-a.
func kaylesBrute(n int) []int {
	g := make([]int, n+1)
	for m := 1; m <= n; m++ {
		seen := map[int]bool{}
		for k := 1; k <= 2 && k <= m; k++ {
			for a := 0; a <= m-k; a++ {
				seen[g[a]^g[m-k-a]] = true
			}
		}
		for seen[g[m]] {
			g[m]++
		}
	}
	return g
}

// The octal engines (the fast path), the heap sequence and the memo over
// Moves give Kayles the values of its definition.
func TestSolversAgreeOnKayles(t *testing.T) {
	const n = 60
	want := kaylesBrute(n)
	code, _ := octal.Parse("0.77", 8)
	k := heap.NewCode("Kayles", octal.Spec{Code: code}, &solve.Limits{})
	solvers := map[string]struct {
		s *normal.Solver
		r game.Ruleset
	}{
		"octal engine":  {normal.New(play.Env{Limits: &solve.Limits{}}), k},
		"heap sequence": {normal.New(play.Env{Limits: &solve.Limits{}, Generic: true}), k},
		"moves memo":    {normal.New(play.Env{Limits: &solve.Limits{}, Generic: true}), &movesOnly{k}},
	}
	for name, c := range solvers {
		for m := 0; m <= n; m++ {
			g, err := c.s.Grundy(ctx, heapAt(c.r, int64(m)))
			if err != nil || g.Int64() != int64(want[m]) {
				t.Fatalf("%s: g(%d) = %v, %v; the definition says %d", name, m, g, err, want[m])
			}
		}
		if d := c.s.Describe(c.r); d == "" {
			t.Errorf("%s: no description", name)
		}
	}
}

// wins decides a sum of Kayles rows by searching the sum's own positions:
// the player to move wins when some move leaves a position that loses.
func wins(rows []int, memo map[string]bool) bool {
	key := ""
	sorted := append([]int(nil), rows...)
	for i := range sorted {
		for j := i + 1; j < len(sorted); j++ {
			if sorted[j] < sorted[i] {
				sorted[i], sorted[j] = sorted[j], sorted[i]
			}
		}
		key += string(rune('a' + sorted[i]))
	}
	if w, ok := memo[key]; ok {
		return w
	}
	w := false
	for i, m := range rows {
		for k := 1; k <= 2 && k <= m && !w; k++ {
			for a := 0; a <= m-k && !w; a++ {
				next := append(append([]int(nil), rows[:i]...), rows[i+1:]...)
				next = append(next, a, m-k-a)
				w = !wins(next, memo)
			}
		}
	}
	memo[key] = w
	return w
}

// Sums: the outcome by the XOR of the parts' values is the outcome of a
// search over the sum itself, and every winning move leaves a losing sum.
func TestSumsAgreeWithSearch(t *testing.T) {
	code, _ := octal.Parse("0.77", 8)
	k := heap.NewCode("Kayles", octal.Spec{Code: code}, &solve.Limits{})
	s := normal.New(play.Env{Limits: &solve.Limits{}})
	memo := map[string]bool{}
	for a := 0; a <= 6; a++ {
		for b := a; b <= 6; b++ {
			for c := b; c <= 6; c++ {
				p := game.Position{heapAt(k, int64(a))[0], heapAt(k, int64(b))[0], heapAt(k, int64(c))[0]}
				o, err := s.Outcome(ctx, p)
				if err != nil || (o == game.N) != wins([]int{a, b, c}, memo) {
					t.Fatalf("%s: %v, %v; the search says the player to move wins: %v", p, o, err, wins([]int{a, b, c}, memo))
				}
				win, err := s.Winning(ctx, p)
				if err != nil || (len(win) > 0) != (o == game.N) {
					t.Fatalf("%s: %d winning moves, %v", p, len(win), err)
				}
				for _, w := range win {
					if after, _ := s.Outcome(ctx, w.Result(p)); after != game.P {
						t.Fatalf("%s: the winning move to %s leaves %v", p, w.Result(p), after)
					}
				}
			}
		}
	}
}

// loop is a heap game whose moves go round: n -> n+1 mod 3.
type loop struct{}

func (loop) Name() string            { return "Loop" }
func (loop) Kind() game.Kind         { return heap.Kind }
func (loop) Decided(game.State) bool { return false }
func (l loop) Moves(_ context.Context, s game.State) ([]game.Move, error) {
	n := s.(*big.Int).Int64()
	return []game.Move{{To: heapAt(l, (n+1)%3)}}, nil
}

// The memo over Moves finds a loop and names it.
func TestMovesMemoReportsCycle(t *testing.T) {
	s := normal.New(play.Env{Limits: &solve.Limits{}})
	_, err := s.Grundy(ctx, heapAt(loop{}, 0))
	var ce *solve.CycleError
	if !errors.As(err, &ce) || len(ce.Cycle) != 4 || ce.Cycle[0] != ce.Cycle[3] {
		t.Fatalf("got %v, want the cycle Loop(0) -> Loop(1) -> Loop(2) -> Loop(0)", err)
	}
}

// A decided component has no value; the sum is won by the player to move.
func TestDecidedComponent(t *testing.T) {
	code, _ := octal.Parse("0.33", 8)
	r := heap.NewCode("T", octal.Spec{Code: code, Lost: func(n int64) bool { return n == 2 }}, &solve.Limits{})
	s := normal.New(play.Env{Limits: &solve.Limits{}})
	p := append(heapAt(r, 2), heapAt(r, 5)...)
	if _, err := s.Grundy(ctx, p); err == nil {
		t.Error("a decided position has a value")
	}
	if o, err := s.Outcome(ctx, p); err != nil || o != game.N {
		t.Errorf("outcome %v, %v; want N", o, err)
	}
}

// expand lists the members of a move that stands for a family, each as its
// sorted parts.
func expand(m game.Move) [][]int64 {
	parts := func(to []game.Component) []int64 {
		var out []int64
		for _, c := range to {
			out = append(out, c.State.(*big.Int).Int64())
		}
		slices.Sort(out)
		return out
	}
	f := m.Family
	if f == nil {
		return [][]int64{parts(m.To)}
	}
	var out [][]int64
	for a := f.From.Int64(); a <= f.Last.Int64(); a++ {
		if !slices.Contains(f.Residues, a%f.Mod) {
			continue
		}
		var ps []int64
		for i, b := range f.Base {
			ps = append(ps, b.Int64()+f.Coef[i]*a)
		}
		slices.Sort(ps)
		out = append(out, ps)
	}
	return out
}

// The moves of heaps far past the period, listed as families, are exactly
// the moves a take-and-break code allows, for every code of up to three
// digits at several sizes (issue 19: a = 0 was listed as a split when the
// preperiod is 0).
func TestFamiliesAreTheCodesMoves(t *testing.T) {
	families := 0
	for code := range 512 {
		if testing.Short() && code%5 != 0 {
			continue // -short: every fifth code
		}
		digits := fmt.Sprintf("0.%d%d%d", code/64, code/8%8, code%8)
		c, err := octal.Parse(digits, 8)
		if err != nil || c.Splits() < 2 {
			continue
		}
		r := heap.NewCode(digits, octal.Spec{Code: c}, &solve.Limits{})
		s := normal.New(play.Env{Limits: &solve.Limits{}})
		for _, n := range []int64{3001, 3002, 3003, 3004} {
			moves, err := s.Moves(ctx, game.Component{Rules: r, State: big.NewInt(n)})
			if err != nil {
				t.Fatal(digits, n, err)
			}
			var got []string
			for _, m := range moves {
				if m.Family != nil {
					families++
				}
				for _, ps := range expand(m) {
					got = append(got, fmt.Sprint(ps))
				}
			}
			var want []string
			err = r.Options(solve.NewWork(ctx, &solve.Limits{}, digits, func() int { return 0 }), n, func(parts []int64) {
				ps := slices.Clone(parts)
				slices.Sort(ps)
				want = append(want, fmt.Sprint(ps))
			})
			if err != nil {
				t.Fatal(err)
			}
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Fatalf("%s(%d): %d moves listed, the code allows %d", digits, n, len(got), len(want))
			}
		}
	}
	if families == 0 {
		t.Fatal("no family listed: the test checks nothing")
	}
}
