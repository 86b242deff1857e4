package normal_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/gamelang/gamelang"
	"github.com/gamelang/gamelang/play/normal"
)

// passBrute is three-heap Nim with a pass by the definition, written here
// apart from the table: a position is P when no move reaches a P-position;
// the moves take from one heap, or pass (once, and not from 0, 0, 0).
type passBrute map[[4]int]bool

func (m passBrute) p(a, b, c int, left bool) bool {
	k := [4]int{a, b, c, 0}
	if left {
		k[3] = 1
	}
	if v, ok := m[k]; ok {
		return v
	}
	p := true
	h := [3]int{a, b, c}
	for i := 0; i < 3 && p; i++ {
		for x := 0; x < h[i] && p; x++ {
			g := h
			g[i] = x
			p = !m.p(g[0], g[1], g[2], left)
		}
	}
	if p && left && a|b|c != 0 {
		p = !m.p(a, b, c, false)
	}
	m[k] = p
	return p
}

// The table against the brute force on every position with heaps to 40.
func TestPassNimAgainstBruteForce(t *testing.T) {
	const top = 40
	tab, err := normal.NewPassNimTable(context.Background(), top, nil)
	if err != nil {
		t.Fatal(err)
	}
	brute := passBrute{}
	count := 0
	for a := 0; a <= top; a++ {
		for b := 0; b <= top; b++ {
			for c := 0; c <= top; c++ {
				want := brute.p(a, b, c, true)
				if got := tab.P(a, b, c); got != want {
					t.Fatalf("(%d, %d, %d) with the pass: table says P=%t, the brute force %t", a, b, c, got, want)
				}
				if want && a <= b && b <= c {
					count++
				}
			}
		}
	}
	t.Logf("%d P-positions a <= b <= c <= %d", count, top)
}

// withpass(Nim(a) + Nim(b) + Nim(c)) answered by the table agrees with the
// generic search over the sum, outcome and winning moves.
func TestPassNimAgainstTheGenericSolver(t *testing.T) {
	var q strings.Builder
	for a := 0; a <= 5; a++ {
		for b := a; b <= 6; b++ {
			for c := b; c <= 7; c++ {
				fmt.Fprintf(&q, "outcome(withpass(Nim(%d) + Nim(%d) + Nim(%d)))\nwinning(withpass(Nim(%d) + Nim(%d) + Nim(%d)))\n", a, b, c, c, a, b)
			}
		}
	}
	fmt.Fprintf(&q, "outcome(withpass(Nim(3) + Nim(5)))\noutcome(withpass(Nim(4)))\n")
	run := func(generic bool) string {
		var out strings.Builder
		s := gamelang.NewSession(gamelang.Options{Out: &out, Generic: generic})
		if err := s.Exec(context.Background(), "t.game", q.String()); err != nil {
			t.Fatal(err)
		}
		return out.String()
	}
	if table, generic := run(false), run(true); table != generic {
		t.Errorf("the table and the generic solver differ:\n%s", firstDiff(table, generic))
	}
}

func firstDiff(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := range min(len(al), len(bl)) {
		if al[i] != bl[i] {
			return fmt.Sprintf("line %d: %q against %q", i+1, al[i], bl[i])
		}
	}
	return "in length"
}
