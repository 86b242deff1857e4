package eval_test

// A one-time pass (`pass once`), checked against a brute force written
// here: a pass usable once in the game, by either player, not from a
// position without moves (the rule of Miyadera et al., "A Subtraction Nim
// with a Pass", arXiv 2605.14321).

import (
	"fmt"
	"strings"
	"testing"
)

// passValues is the brute force: g[x][0] the values without the pass,
// g[x][1] with it (a move keeps the pass as it is; the pass, from a
// position with a move, leaves the same heap without it).
func passValues(s []int, top int) [][2]int {
	g := make([][2]int, top+1)
	mex := func(vals []int) int {
		seen := map[int]bool{}
		for _, v := range vals {
			seen[v] = true
		}
		m := 0
		for seen[m] {
			m++
		}
		return m
	}
	for x := 0; x <= top; x++ {
		for p := range 2 {
			var opts []int
			for _, k := range s {
				if k <= x {
					opts = append(opts, g[x-k][p])
				}
			}
			if p == 1 && len(opts) > 0 {
				opts = append(opts, g[x][0])
			}
			g[x][p] = mex(opts)
		}
	}
	return g
}

func TestPassAgainstBruteForce(t *testing.T) {
	for _, s := range [][]int{{1, 2}, {2, 12, 14}, {1, 3, 4}, {2, 5}, {3, 16, 18}} {
		const top = 300
		want := passValues(s, top)
		var ws []string
		for x := range top + 1 {
			ws = append(ws, fmt.Sprint(want[x][1]))
		}
		set := strings.Trim(strings.Join(strings.Fields(fmt.Sprint(s)), ", "), "[]")
		src := fmt.Sprintf("game SP { take {%s}; pass once }\ngrundy(SP, 0..%d)", set, top)
		if got := out(t, src); got != strings.Join(ws, " ") {
			t.Errorf("S = {%s} with a pass:\n got %s\nwant %s", set, got, strings.Join(ws, " "))
		}
	}
}

func TestPassErrors(t *testing.T) {
	wantError(t, "game K { take 1..2 split; pass once }\ngrundy(K(5))", "a pass belongs to one game, so its moves must leave one position or nothing")
	wantError(t, "game G { take 1; pass once; pass once }", "G has more than one 'pass once' rule")
}
