package stdlib_test

// Nimstring against a brute force written here: strings and coins played
// out on the whole drawing (a sum is two drawings side by side), the
// player who captures a coin moving again, the player without a move
// losing.

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/gamelang/gamelang/internal/scripttest"
)

// nsBrute plays strings and coins: edges between vertices, vertex 0 and
// any vertex below grounds on the ground.
type nsBrute struct {
	edges   [][2]int
	grounds int // vertices 0..grounds-1 are the ground
	memo    map[uint32]bool
}

// wins reports whether the player to move wins with the strings of left.
func (b *nsBrute) wins(left uint32) bool {
	if w, ok := b.memo[left]; ok {
		return w
	}
	w := false
	for e := range b.edges {
		if w || left&(1<<e) == 0 {
			continue
		}
		next := left &^ (1 << e)
		captured := false
		for _, v := range b.edges[e] {
			if v < b.grounds {
				continue
			}
			free := true
			for f, uv := range b.edges {
				if next&(1<<f) != 0 && (uv[0] == v || uv[1] == v) {
					free = false
				}
			}
			captured = captured || free
		}
		if captured {
			w = b.wins(next) // the same player moves again
		} else {
			w = !b.wins(next)
		}
	}
	b.memo[left] = w
	return w
}

// drawing is a random connected-ish drawing: coins c1..cn and the ground g.
func drawing(rng *rand.Rand, prefix string, coins, strs int) ([][2]string, string) {
	var es [][2]string
	var words []string
	for range strs {
		u := rng.IntN(coins + 1)
		v := 1 + rng.IntN(coins)
		a, b := "g", fmt.Sprintf("%s%d", prefix, v)
		if u > 0 {
			a = fmt.Sprintf("%s%d", prefix, u)
		}
		es = append(es, [2]string{a, b})
		words = append(words, a+"-"+b)
	}
	return es, fmt.Sprintf("Nimstring(graph(%q))", "g "+strings.Join(words, " "))
}

func TestNimstringAgainstBruteForce(t *testing.T) {
	t.Parallel() // each owns its session
	rng := rand.New(rand.NewPCG(5, 16))
	n := 150
	if testing.Short() {
		n = 40
	}
	var q, want []string
	for range n {
		var all [][2]string
		var parts []string
		for i := range 1 + rng.IntN(2) {
			es, pos := drawing(rng, string(rune('a'+i)), 1+rng.IntN(4), 1+rng.IntN(5))
			all = append(all, es...)
			parts = append(parts, pos)
		}
		index := map[string]int{"g": 0}
		b := &nsBrute{grounds: 1, memo: map[uint32]bool{}}
		for _, e := range all {
			var uv [2]int
			for j, v := range e {
				if _, ok := index[v]; !ok {
					index[v] = len(index)
				}
				uv[j] = index[v]
			}
			b.edges = append(b.edges, uv)
		}
		o := "P"
		if b.wins(1<<len(b.edges) - 1) {
			o = "N"
		}
		q = append(q, "outcome("+strings.Join(parts, " + ")+")")
		want = append(want, o)
	}
	got := strings.Fields(scripttest.Out(t, "print("+strings.Join(q, ", ")+")"))
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("%s: got %s, brute force says %s", q[i], got[i], want[i])
		}
	}
}

// TestNimstringLongChainsAndLoops: Winning Ways (ch. 16) and Berlekamp's
// The Dots-and-Boxes Game: every move into a long chain (three coins or
// more, both ends on the ground) or a long loop (four coins or more) is
// loony, so nobody moves there and such a chain or loop is worth 0.
func TestNimstringLongChainsAndLoops(t *testing.T) {
	t.Parallel() // each owns its session
	for n := 3; n <= 8; n++ {
		chain := []string{"g-c1"}
		loop := []string{}
		for i := 1; i < n; i++ {
			chain = append(chain, fmt.Sprintf("c%d-c%d", i, i+1))
			loop = append(loop, fmt.Sprintf("c%d-c%d", i, i+1))
		}
		chain = append(chain, fmt.Sprintf("c%d-g", n))
		loop = append(loop, fmt.Sprintf("c%d-c1", n))
		for _, d := range []struct {
			what  string
			edges []string
		}{{"chain", chain}, {"loop", loop}} {
			if d.what == "loop" && n < 4 {
				continue
			}
			pos := fmt.Sprintf("Nimstring(graph(%q))", "g "+strings.Join(d.edges, " "))
			if got := scripttest.Out(t, "grundy("+pos+")"); got != "0" {
				t.Errorf("a long %s of %d coins is worth %s, want 0", d.what, n, got)
			}
			for _, line := range strings.Split(scripttest.Out(t, "options("+pos+")"), "\n") {
				if !strings.HasSuffix(line, "∞") {
					t.Errorf("a move into a long %s of %d coins is not loony: %s", d.what, n, line)
				}
			}
		}
	}
}
