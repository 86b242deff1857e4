package entailing_test

// Entailing play, checked against a brute force written here that plays
// whole sums move by move, knowing nothing of values: who must answer
// where, who moves again, and the player without a move loses. The
// published truth: Winning Ways (vol. 2, ch. 12) shows the Top Entails
// stacks of 1 and 3 coins loony; West, "New values for Top Entails" (Games
// of No Chance, 1996), finds the next loony stacks at 2403 and 2505 (and
// 33,243, beyond this test).

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/gamelang/gamelang/internal/scripttest"
)

// emove is a move of a heap in the brute force: the heaps it leaves and
// what it obliges ("", "entailing" or "again").
type emove struct {
	parts []int
	then  string
}

// ebrute plays sums of heaps of one game whose moves from heap n are
// moves(n).
type ebrute struct {
	moves func(n int) []emove
	memo  map[string]bool
}

// obligations of a brute-force position besides its free heaps.
const (
	obNone    = -1
	obNothing = -2 // an entailing move left nothing: no answer
	obTurn    = -3 // an again move: the one obliged hands the turn back
)

// wins reports whether the player to move wins with the free heaps and
// the obligation ob (a heap to answer in, or one of the ob constants).
func (b *ebrute) wins(free []int, ob int) bool {
	free = slices.Sorted(slices.Values(free))
	k := fmt.Sprint(free, ob)
	if w, ok := b.memo[k]; ok {
		return w
	}
	w := false
	try := func(rest []int, m emove) {
		if w {
			return
		}
		switch m.then {
		case "entailing":
			next := obNothing
			if len(m.parts) == 1 {
				next = m.parts[0]
			}
			w = !b.wins(rest, next)
		case "again":
			w = !b.wins(append(slices.Clone(rest), m.parts...), obTurn)
		default:
			w = !b.wins(append(slices.Clone(rest), m.parts...), obNone)
		}
	}
	switch ob {
	case obNothing:
	case obTurn:
		w = !b.wins(free, obNone)
	case obNone:
		for i, h := range free {
			rest := slices.Delete(slices.Clone(free), i, i+1)
			for _, m := range b.moves(h) {
				try(rest, m)
			}
		}
	default:
		for _, m := range b.moves(ob) {
			try(free, m)
		}
	}
	b.memo[k] = w
	return w
}

// sums lists every multiset of 1 to k heaps of sizes 1..top.
func sums(k, top int) [][]int {
	var out [][]int
	var rec func(from int, cur []int)
	rec = func(from int, cur []int) {
		if len(cur) > 0 {
			out = append(out, slices.Clone(cur))
		}
		if len(cur) == k {
			return
		}
		for h := from; h <= top; h++ {
			rec(h, append(cur, h))
		}
	}
	rec(1, nil)
	return out
}

// checkSums compares the outcome of every sum of up to k heaps of sizes up
// to top under the entailing convention with the brute force.
func checkSums(t *testing.T, decl string, b *ebrute, k, top int) {
	t.Helper()
	var q, want []string
	for _, s := range sums(k, top) {
		var parts []string
		for _, h := range s {
			parts = append(parts, fmt.Sprintf("G(%d)", h))
		}
		q = append(q, fmt.Sprintf("outcome(%s)", strings.Join(parts, " + ")))
		o := "P"
		if b.wins(s, obNone) {
			o = "N"
		}
		want = append(want, o)
	}
	got := strings.Fields(scripttest.Out(t, decl+"\nprint("+strings.Join(q, ", ")+")"))
	for i := range want {
		if i >= len(got) || got[i] != want[i] {
			t.Fatalf("%s\n%s: got %v, brute force says %s", decl, q[i], got[i:min(i+1, len(got))], want[i])
		}
	}
}

func topEntailsMoves(n int) []emove {
	ms := []emove{{parts: []int{n - 1}, then: "entailing"}}
	if n == 1 {
		ms[0].parts = nil
	}
	for a := 1; a <= n/2; a++ {
		ms = append(ms, emove{parts: []int{a, n - a}})
	}
	return ms
}

const topEntailsRules = "game G { take 1 entailing; move (a, n - a) for a in 1..n/2 }"

func TestTopEntailsAgainstBruteForce(t *testing.T) {
	checkSums(t, topEntailsRules, &ebrute{moves: topEntailsMoves, memo: map[string]bool{}}, 3, 12)
}

// A game of tuples whose entailing move may leave a position without a
// move (D(0)): the player obliged to answer there loses.
func TestTupleEntailingAgainstBruteForce(t *testing.T) {
	moves := func(n int) []emove {
		var ms []emove
		if n > 0 {
			ms = append(ms, emove{parts: []int{n - 1}, then: "entailing"})
		}
		if n > 1 {
			ms = append(ms, emove{parts: []int{n - 2}})
		}
		return ms
	}
	checkSums(t, "game G state (n) { move (n - 1) if n > 0 entailing; move (n - 2) if n > 1 }", &ebrute{moves: moves, memo: map[string]bool{}}, 3, 12)
}

func TestTopEntailsLoonyStacks(t *testing.T) {
	top := 2600
	if testing.Short() {
		top = 200
	}
	var loony []int
	for n, v := range strings.Fields(scripttest.Out(t, fmt.Sprintf("%s\ngrundy(G, 0..%d)", topEntailsRules, top))) {
		if v == "∞" {
			loony = append(loony, n)
		}
	}
	got, want := fmt.Sprint(loony), "[1 3]"
	if top >= 2505 {
		want = "[1 3 2403 2505]" // West (1996)
	}
	if got != want {
		t.Errorf("loony stacks of Top Entails up to %d: got %s, want %s", top, got, want)
	}
}

// TestRandomEntailingGames draws heap games whose take rules are free,
// entailing or again, with splits, and checks every small sum.
func TestRandomEntailingGames(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 33))
	games := 40
	if testing.Short() {
		games = 10
	}
	for range games {
		type rule struct {
			ks    []int
			split bool
			then  string
		}
		var rs []rule
		for range 1 + rng.IntN(3) {
			r := rule{then: []string{"", "entailing", "again"}[rng.IntN(3)]}
			for range 1 + rng.IntN(2) {
				r.ks = append(r.ks, 1+rng.IntN(4))
			}
			r.split = r.then != "entailing" && rng.IntN(3) == 0
			rs = append(rs, r)
		}
		var text []string
		for _, r := range rs {
			s := "take " + strings.Trim(strings.Join(strings.Fields(fmt.Sprint(r.ks)), ", "), "[]")
			if len(r.ks) > 1 {
				s = "take {" + s[len("take "):] + "}"
			}
			if r.split {
				s += " split"
			}
			if r.then != "" {
				s += " " + r.then
			}
			text = append(text, s)
		}
		moves := func(n int) []emove {
			var out []emove
			for _, r := range rs {
				for _, k := range slices.Compact(slices.Sorted(slices.Values(r.ks))) {
					if k > n {
						continue
					}
					left := n - k
					switch {
					case left == 0:
						out = append(out, emove{then: r.then})
					default:
						out = append(out, emove{parts: []int{left}, then: r.then})
						if r.split {
							for a := 1; a <= left/2; a++ {
								out = append(out, emove{parts: []int{a, left - a}, then: r.then})
							}
						}
					}
				}
			}
			return out
		}
		decl := "game G { " + strings.Join(text, "; ") + " }"
		checkSums(t, decl, &ebrute{moves: moves, memo: map[string]bool{}}, 3, 9)
	}
}

func TestEntailingErrors(t *testing.T) {
	scripttest.WantError(t, "game G { take 1 entailing; take 2 }\ngrundy(G(5), normal)", "only the entailing convention plays it")
	scripttest.WantError(t, "game G { take 1..3 split entailing }\noutcome(G(5))", "an entailing move that leaves several positions")
}

// TestEntailingMovesThatAddCoins checks a game whose moves may leave more
// than they take (no loop): the solver values the smaller heaps first, and
// must give that up where a heap's moves lead back up.
func TestEntailingMovesThatAddCoins(t *testing.T) {
	moves := func(n int) []emove {
		var out []emove
		if n < 5 {
			out = append(out, emove{parts: []int{n + 5}, then: "entailing"})
		}
		if n > 5 {
			out = append(out, emove{parts: []int{n - 1}})
			out = append(out, emove{parts: []int{n - 6}, then: "again"})
		}
		return out
	}
	checkSums(t, "game G state (n) { move (n + 5) if n < 5 entailing; move (n - 1) if n > 5; move (n - 6) if n > 5 again }", &ebrute{moves: moves, memo: map[string]bool{}}, 3, 11)
}

// TestEntailingLoops: moves that can go on for ever are refused at once,
// with the loop they make.
func TestEntailingLoops(t *testing.T) {
	for _, c := range []struct{ script, loop string }{
		{"game A state (a) { move (a) again }\noutcome(A(1))", "A(1) -again-> A(1)"},
		{"game B state (a) { move (1 - a) again }\noutcome(B(1))", "B(1) -again-> B(0) -again-> B(1)"},
		// E(0)'s value needs who wins obliged in E(1), which needs E(0)'s
		{"game E state (a) { move (1 - a) entailing }\noutcome(E(0))", "E(1) -entailing-> E(0) -entailing-> E(1)"},
		{"game F state (n) { move (n - 1) if n > 0 entailing; move (n + 1) if n < 3 }\ngrundy(F(2))", "F(3) -entailing-> F(2) -> F(3)"},
		{"game H state (a, b) { move (b, a) again }\noutcome(H(1, 2) + Nim(3))", "H(1, 2) -again-> H(2, 1) -again-> H(1, 2)"},
	} {
		scripttest.WantError(t, c.script, "the moves loop: "+c.loop+": entailing play values only games that end")
	}
}
