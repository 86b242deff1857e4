package loopyplay_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/gamelang/gamelang/internal/scripttest"
)

// retrograde is the outcome of a token on each vertex of a digraph, by
// retrograde analysis written here: a vertex with no move is P (the
// mover loses), one with a move to P is N, one whose moves all reach N is
// P, and what is left is a draw.
func retrograde(n int, edges [][2]int) []string {
	out := make([]string, n)
	for changed := true; changed; {
		changed = false
		for v := range n {
			if out[v] != "" {
				continue
			}
			allN, toP := true, false
			for _, e := range edges {
				if e[0] == v {
					toP = toP || out[e[1]] == "P"
					allN = allN && out[e[1]] == "N"
				}
			}
			switch {
			case toP:
				out[v], changed = "N", true
			case allN:
				out[v], changed = "P", true
			}
		}
	}
	for v := range out {
		if out[v] == "" {
			out[v] = "D"
		}
	}
	return out
}

// A token on random digraphs (cycles, self-loops, dead ends): outcome(…,
// loopy) and explain(…, loopy) agree with retrograde analysis.
func TestTokenGamesAgreeWithRetrogradeAnalysis(t *testing.T) {
	t.Parallel() // each owns its session
	rnd := rand.New(rand.NewPCG(3, 70))
	for i := range 60 {
		n := 2 + rnd.IntN(6)
		var edges [][2]int
		var rules []string
		for u := range n {
			for v := range n {
				if rnd.IntN(4) == 0 {
					edges = append(edges, [2]int{u, v})
					rules = append(rules, fmt.Sprintf("move (%d) if v == %d", v, u))
				}
			}
		}
		if len(rules) == 0 {
			rules = []string{"move (0) if v == 1"}
			edges = [][2]int{{1, 0}}
		}
		want := retrograde(n, edges)
		src := fmt.Sprintf("game T state (v) {\n    %s\n}\n", strings.Join(rules, "\n    "))
		for v := range n {
			src += fmt.Sprintf("outcome(T(%d), loopy)\n", v)
		}
		got := strings.Split(scripttest.Out(t, src), "\n")
		if strings.Join(got, " ") != strings.Join(want, " ") {
			t.Fatalf("%d:\n%s got %v\nwant %v", i, src, got, want)
		}
		v := rnd.IntN(n)
		ex := scripttest.Out(t, src+fmt.Sprintf("explain(T(%d), loopy)", v))
		if !strings.Contains(ex, "outcome "+want[v]) {
			t.Errorf("%d: explain(T(%d)) does not say outcome %s:\n%s", i, v, want[v], ex)
		}
	}
}
