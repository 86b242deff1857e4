package loopy_test

// Loopy play checked against retrograde analysis written here: P, N and D
// of every vertex of random directed graphs, and of sums as product
// graphs; winning moves that make progress, in play against every reply;
// the tied positions of Ferguson's example; and acyclic games answering as
// in normal play.

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gamelang/gamelang/eval"
	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/internal/scripttest"
	"github.com/gamelang/gamelang/play"
	"github.com/gamelang/gamelang/play/loopy"
)

// digraph is a token game: the token moves along an edge.
type digraph [][]int

// script declares a digraph as a tuple ruleset, an edge a move.
func (d digraph) script(name string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "game %s state (v) {\n", name)
	for u, ws := range d {
		for _, w := range ws {
			fmt.Fprintf(&b, "    move (%d) if v == %d\n", w, u)
		}
	}
	b.WriteString("}\n")
	return b.String()
}

// retrograde classifies the vertices of a graph given by its followers: a
// vertex without moves is P; one with a move to P is N; one whose every
// move goes to N is P; what is left is D.
func retrograde(n int, follow func(u int) []int) []game.Outcome {
	pred := make([][]int, n)
	left := make([]int, n)
	for u := range n {
		for _, w := range follow(u) {
			pred[w] = append(pred[w], u)
			left[u]++
		}
	}
	out := make([]game.Outcome, n)
	known := make([]bool, n)
	var queue []int
	for u := range n {
		if left[u] == 0 {
			out[u], known[u] = game.P, true
			queue = append(queue, u)
		}
	}
	for len(queue) > 0 {
		w := queue[0]
		queue = queue[1:]
		for _, u := range pred[w] {
			if known[u] {
				continue
			}
			if out[w] == game.P {
				out[u], known[u] = game.N, true
				queue = append(queue, u)
			} else if left[u]--; left[u] == 0 {
				out[u], known[u] = game.P, true
				queue = append(queue, u)
			}
		}
	}
	for u := range n {
		if !known[u] {
			out[u] = game.D
		}
	}
	return out
}

// product is the graph of a sum: vertices (u, w), a move in either part.
func product(a, b digraph) (int, func(int) []int) {
	n := len(b)
	return len(a) * n, func(x int) []int {
		u, w := x/n, x%n
		var out []int
		for _, u2 := range a[u] {
			out = append(out, u2*n+w)
		}
		for _, w2 := range b[w] {
			out = append(out, u*n+w2)
		}
		return out
	}
}

func randomDigraph(rng *rand.Rand) digraph {
	d := make(digraph, 2+rng.IntN(7))
	for u := range d {
		for range rng.IntN(3) {
			d[u] = append(d[u], rng.IntN(len(d)))
		}
	}
	return d
}

func loopySession(t testing.TB, scripts ...string) *eval.Interp {
	t.Helper()
	in := eval.New(eval.Config{Out: new(strings.Builder)})
	for _, s := range scripts {
		if err := in.Exec(context.Background(), "graphs.game", s); err != nil {
			t.Fatal(in.Render(err))
		}
	}
	return in
}

func TestLoopyOutcomesAgreeWithRetrogradeAnalysis(t *testing.T) {
	t.Parallel() // each owns its session
	rng := rand.New(rand.NewPCG(7, 8))
	for trial := range 300 {
		a, b := randomDigraph(rng), randomDigraph(rng)
		in := loopySession(t, a.script("A"), b.script("B"))
		single := retrograde(len(a), func(u int) []int { return a[u] })
		for u := range a {
			if got := scripttest.MustEval(t, in, fmt.Sprintf("outcome(A(%d), loopy)", u)).String(); got != single[u].String() {
				t.Fatalf("graph %d %v: outcome(A(%d)) = %s, retrograde analysis says %s", trial, a, u, got, single[u])
			}
		}
		n, follow := product(a, b)
		sums := retrograde(n, follow)
		for x := range n {
			u, w := x/len(b), x%len(b)
			if got := scripttest.MustEval(t, in, fmt.Sprintf("outcome(A(%d) + B(%d), loopy)", u, w)).String(); got != sums[x].String() {
				t.Fatalf("graphs %v + %v: outcome(A(%d) + B(%d)) = %s, the product graph says %s", a, b, u, w, got, sums[x])
			}
		}
		// Three parts, A + A + B: the product of the product.
		aa, followAA := product(a, a)
		_ = aa
		n3, follow3 := productN(len(a)*len(a), followAA, b)
		triple := retrograde(n3, follow3)
		for range 10 {
			x := rng.IntN(n3)
			uu, w := x/len(b), x%len(b)
			u1, u2 := uu/len(a), uu%len(a)
			expr := fmt.Sprintf("outcome(A(%d) + A(%d) + B(%d), loopy)", u1, u2, w)
			if got := scripttest.MustEval(t, in, expr).String(); got != triple[x].String() {
				t.Fatalf("graphs %v, %v: %s = %s, the product graph says %s", a, b, expr, got, triple[x])
			}
		}
	}
}

// productN is the product of a graph given by follow and a digraph.
func productN(n1 int, follow func(int) []int, b digraph) (int, func(int) []int) {
	n := len(b)
	return n1 * n, func(x int) []int {
		u, w := x/n, x%n
		var out []int
		for _, u2 := range follow(u) {
			out = append(out, u2*n+w)
		}
		for _, w2 := range b[w] {
			out = append(out, u*n+w2)
		}
		return out
	}
}

// From every N-position of a sum, the solver's replies win against every
// sequence of moves of the other player: play is explored as a tree, the
// solver's move fixed, the other's all tried, and it never lasts longer
// than the positions of the sum allow without repeating a winning path.
func TestLoopyReplyWinsWithoutCycling(t *testing.T) {
	t.Parallel() // each owns its session
	rng := rand.New(rand.NewPCG(9, 10))
	for range 100 {
		a, b := randomDigraph(rng), randomDigraph(rng)
		in := loopySession(t, a.script("A"), b.script("B"))
		s := in.Solver("loopy")
		for u := range a {
			for w := range b {
				p := scripttest.MustEval(t, in, fmt.Sprintf("A(%d) + B(%d)", u, w)).(eval.PositionVal).P
				if o, _ := s.Outcome(context.Background(), p); o == game.N {
					winFrom(t, s, p, nil, len(a)*len(b)*4)
				}
			}
		}
	}
}

// winFrom plays the solver's reply from p (the other player having made
// last) and then every move of the other player, depth moves at most.
func winFrom(t *testing.T, s play.Solver, p game.Position, last *play.Option, depth int) {
	t.Helper()
	if depth == 0 {
		t.Fatalf("the winner did not finish from %s: play went round", p)
	}
	r := s.(play.Replier)
	mine, ok, err := r.Reply(context.Background(), p, last)
	if err != nil || !ok {
		t.Fatalf("no winning reply from N-position %s: %v", p, err)
	}
	after := mine.Result(p)
	opts, err := s.Options(context.Background(), after)
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range opts {
		winFrom(t, s, o.Result(after), &o, depth-1)
	}
}

// Ferguson, "Game Theory", Part I, Section 3.4, Figure 3.4: a cyclic graph
// a -> b -> c -> a, c -> d -> e. "The node e is terminal and so has
// Sprague-Grundy value 0 ... d has value 1 ... positions a, b and c are all
// tied."
func TestFergusonsTiedPositions(t *testing.T) {
	t.Parallel() // each owns its session
	in := loopySession(t, digraph{{1}, {2}, {0, 3}, {4}, {}}.script("F"))
	want := map[string]string{
		"outcome(F(0), loopy)": "D", "outcome(F(1), loopy)": "D", "outcome(F(2), loopy)": "D",
		"outcome(F(3), loopy)": "N", "outcome(F(4), loopy)": "P",
		"grundy(F(4), loopy)": "0", "grundy(F(3), loopy)": "1",
		"grundy(F(2), loopy)": "∞{1}", "grundy(F(0), loopy)": "∞{}",
	}
	for expr, w := range want {
		if got := scripttest.MustEval(t, in, expr).String(); got != w {
			t.Errorf("%s = %s, Ferguson says %s", expr, got, w)
		}
	}
}

// Every ruleset the examples define, and the builtin games, answer alike
// under normal and loopy play: their moves never loop.
func TestAcyclicGamesAnswerAsInNormalPlay(t *testing.T) {
	t.Parallel() // each owns its session
	scripts, err := filepath.Glob("../../examples/*.game")
	if err != nil || len(scripts) == 0 {
		t.Fatal("no examples")
	}
	in := eval.New(eval.Config{Out: new(strings.Builder), Redefine: true})
	var names []string
	for _, script := range scripts {
		src, err := os.ReadFile(script)
		if err != nil {
			t.Fatal(err)
		}
		for _, decl := range declarations(string(src)) {
			if err := in.Exec(context.Background(), script, decl); err != nil {
				t.Fatal(in.Render(err))
			}
			if strings.HasPrefix(decl, "let ") {
				continue
			}
			name := strings.Fields(decl)[1]
			name, _, _ = strings.Cut(name, "(")
			r, ok := scripttest.MustEval(t, in, name).(eval.RulesetVal)
			if !ok || len(r.R.Kind().Coords()) == 0 || game.IsEntailing(r.R) { // entailing play only
				continue
			}
			if !loops(in, name, len(r.R.Kind().Coords())) {
				names = append(names, name)
			}
		}
	}
	names = append(names, "Kayles", "DawsonKayles", "DawsonsChess", "Bounded(3)", "Subtraction({2, 5})", "GrundysGame", "Nim", "Wythoff", "FibonacciNim")
	checked := 0
	for _, name := range names {
		r := scripttest.MustEval(t, in, name).(eval.RulesetVal).R
		for _, pos := range smallPositions(name, len(r.Kind().Coords())) {
			if strings.Contains(scripttest.MustEval(t, in, "outcome("+pos+")").String(), "N") && r.Decided(scripttest.MustEval(t, in, pos).(eval.PositionVal).P[0].State) {
				continue
			}
			for _, q := range []string{"grundy", "outcome", "winning"} {
				expr := q + "(" + pos + " + Nim(3)"
				normal := scripttest.MustEval(t, in, expr+")").String()
				loopy := scripttest.MustEval(t, in, expr+", loopy)").String()
				if normal != loopy {
					t.Fatalf("%s): normal %q, loopy %q", expr, normal, loopy)
				}
				checked++
			}
		}
	}
	if checked < 1000 {
		t.Fatalf("%d answers compared", checked)
	}
}

// loops reports whether the moves of a ruleset loop from a small position.
func loops(in *eval.Interp, name string, coords int) bool {
	for _, pos := range smallPositions(name, coords) {
		if _, err := in.Eval(context.Background(), "outcome("+pos+")"); err != nil && strings.Contains(err.Error(), "the moves loop") {
			return true
		}
	}
	return false
}

// declarations are the game declarations of a script, each whole.
func declarations(src string) []string {
	var out []string
	var cur strings.Builder
	for _, line := range strings.Split(src, "\n") {
		code, _, _ := strings.Cut(line, "#")
		if f := strings.Fields(code); cur.Len() == 0 && len(f) > 1 && f[0] == "let" && strings.Contains(f[1], "(") {
			out = append(out, code) // the functions games use
			continue
		}
		if cur.Len() == 0 && !strings.HasPrefix(code, "game ") {
			continue
		}
		cur.WriteString(code + "\n")
		if strings.Count(cur.String(), "{") == strings.Count(cur.String(), "}") {
			if name := strings.Fields(cur.String())[1]; !strings.Contains(name, "(") {
				out = append(out, cur.String()) // games with parameters are left out
			}
			cur.Reset()
		}
	}
	return out
}

// smallPositions lists positions of a ruleset of one or two numbers.
func smallPositions(name string, coords int) []string {
	var out []string
	switch coords {
	case 1:
		for n := range 21 {
			out = append(out, fmt.Sprintf("%s(%d)", name, n))
		}
	case 2:
		for a := range 6 {
			for b := range 6 {
				out = append(out, fmt.Sprintf("%s(%d, %d)", name, a, b))
			}
		}
	}
	return out
}

// grundy(G, 0..N, loopy) explores the range first and labels its graph
// once (it labelled once a heap: quadratic in N); its values are those of
// the heaps asked one by one, in a session of their own.
func TestLoopyRangeLabelsOnce(t *testing.T) {
	t.Parallel() // each owns its session
	const game = "game L state (n) { move (n - 1) if n > 0; move (n + 1) if n % 3 == 0 }\n"
	in := loopySession(t, game)
	const n = 3000
	whole := strings.Fields(scripttest.MustEval(t, in, fmt.Sprintf("grundy(L, 0..%d, loopy)", n)).String())
	if len(whole) != n+1 {
		t.Fatalf("%d values", len(whole))
	}
	if got := in.Solver("loopy").(*loopy.Solver).Labellings(); got > 2 {
		t.Errorf("the range was labelled %d times", got)
	}
	one := loopySession(t, game)
	for _, k := range []int{0, 1, 2, 3, 4, 5, 6, 100, 1501, 2999, n} {
		if got := scripttest.MustEval(t, one, fmt.Sprintf("grundy(L(%d), loopy)", k)).String(); got != whole[k] {
			t.Errorf("heap %d: %s alone, %s in the range", k, got, whole[k])
		}
	}
}

// The move limit is a position's: a graph of 14,641 positions with four
// moves each explores under a cap of 20,000 (it stopped, saying one
// position had more than 20,000 candidate moves, when the count went on
// from position to position).
func TestMoveLimitIsAPositions(t *testing.T) {
	in := eval.New(eval.Config{Out: new(strings.Builder), MaxStates: 20000})
	if err := in.Exec(context.Background(), "l.game", "game L state (a, b) { move (a - 1, b + 1) if a > 0; move (a + 1, b - 1) if b > 0; move (a, b - 2) if b > 1; move (a - 2, b) if a > 1 }"); err != nil {
		t.Fatal(err)
	}
	if got := scripttest.MustEval(t, in, "grundy(L(120, 120), loopy)").String(); got != "0" {
		t.Errorf("L(120, 120) = %s", got)
	}
}
