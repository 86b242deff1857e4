package tuple_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/gamelang/gamelang/internal/scripttest"
)

// lineMove is the move (a - p·k, b - q·k) for k in 1..r (r = 0: every k the
// position allows), or, with swap, (b - k, a) for k in 1..r when b ≥ k.
type lineMove struct {
	p, q, r int
	swap    bool
}

func (m lineMove) text() string {
	if m.swap {
		return fmt.Sprintf("move (b - k, a) for k in 1..%d if b >= k", m.r)
	}
	hi := "a + b"
	if m.r > 0 {
		hi = fmt.Sprint(m.r)
	}
	return fmt.Sprintf("move (a - %d * k, b - %d * k) for k in 1..%s if a >= %d * k and b >= %d * k", m.p, m.q, hi, m.p, m.q)
}

// options are the positions m leads to from (a, b), by the definition.
func (m lineMove) options(a, b int) [][2]int {
	var out [][2]int
	if m.swap {
		for k := 1; k <= m.r && b >= k; k++ {
			out = append(out, [2]int{b - k, a})
		}
		return out
	}
	hi := a + b
	if m.r > 0 {
		hi = m.r
	}
	for k := 1; k <= hi; k++ {
		if a >= m.p*k && b >= m.q*k {
			out = append(out, [2]int{a - m.p*k, b - m.q*k})
		}
	}
	return out
}

// bruteGrundy is the Grundy value of (a, b) by a memoized mex over the
// moves' options, written from their definition.
func bruteGrundy(moves []lineMove, a, b int, memo map[[2]int]int) int {
	if v, ok := memo[[2]int{a, b}]; ok {
		return v
	}
	seen := map[int]bool{}
	for _, m := range moves {
		for _, o := range m.options(a, b) {
			seen[bruteGrundy(moves, o[0], o[1], memo)] = true
		}
	}
	v := 0
	for seen[v] {
		v++
	}
	memo[[2]int{a, b}] = v
	return v
}

// The tuple kind's moves, drawn at random (lines in both numbers with
// bounded and unbounded ranges, guards, moves that swap the numbers),
// against their definition, by the fast paths (lines given as runs of
// cells, sweeps) and by the generic solver.
func TestRandomTupleMovesAgreeWithTheDefinition(t *testing.T) {
	t.Parallel() // each owns its session
	rnd := rand.New(rand.NewPCG(2, 72))
	const top = 14
	for range 120 {
		var moves []lineMove
		for range 1 + rnd.IntN(3) {
			m := lineMove{p: rnd.IntN(3), q: rnd.IntN(3), r: rnd.IntN(4)}
			if m.p == 0 && m.q == 0 {
				m.p = 1
			}
			if rnd.IntN(5) == 0 {
				m = lineMove{swap: true, r: 1 + rnd.IntN(3)}
			}
			moves = append(moves, m)
		}
		var texts []string
		for _, m := range moves {
			texts = append(texts, m.text())
		}
		src := fmt.Sprintf("game G state (a, b) {\n    %s\n}\n", strings.Join(texts, "\n    "))
		var want []string
		memo := map[[2]int]int{}
		for a := 0; a <= top; a++ {
			var row []string
			for b := 0; b <= top; b++ {
				row = append(row, fmt.Sprint(bruteGrundy(moves, a, b, memo)))
			}
			want = append(want, "["+strings.Join(row, ", ")+"]")
			src += fmt.Sprintf("[grundy(G(%d, b)) for b in 0..%d]\n", a, top)
		}
		scripttest.BothWays(t, src, strings.Join(want, "\n"))
	}
}
