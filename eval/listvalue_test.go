package eval_test

// List values: [3, 3, 5] keeps order and repeats, indexes, len, the
// aggregates over lists, list comprehensions, positions summed over a
// generator, and lists given to games. Each answer is computed here in Go,
// or by brute force, not taken from the interpreter's earlier output.

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/gamelang/gamelang/internal/scripttest"
)

func TestListValues(t *testing.T) {
	t.Parallel() // each owns its session
	for _, c := range []struct{ src, want string }{
		{"[3, 3, 5]", "[3, 3, 5]"},
		{"{3, 3, 5}", "{3, 5}"},
		{"[]", "[]"},
		{"[1..4, 7]", "[1, 2, 3, 4, 7]"},
		{"[5, {2, 1}]", "[5, 1, 2]"},
		{"let xs = [4, 1, 4]\nxs[0] + 10 * xs[1] + 100 * xs[2]", "414"},
		{"let xs = [4, 1, 9]\nxs[-1]", "9"},
		{"let xs = [4, 1, 9]\nxs[-3]", "4"},
		{"len([3, 3, 5])", "3"},
		{"len({3, 3, 5})", "2"},
		{"len(2..9)", "8"},
		{"len(5..1)", "0"},
		{`len("héllo")`, "5"},
		{"len([])", "0"},
		{"sum([3, 3, 5])", "11"},
		{"sum({3, 3, 5})", "8"},
		{"xor([3, 3, 5])", "5"},
		{"min([7, 2, 9])", "2"},
		{"max([7, 2, 9], 11)", "11"},
		{"[h * h for h in [3, 1, 3] if h > 1]", "[9, 9]"},
		{"[a + b for a in [1, 2] for b in [10, 20]]", "[11, 21, 12, 22]"},
		{"{x for x in [3, 1, 3]}", "{1, 3}"},
		{"[2, 2] == [2, 2]", "true"},
		{"[2, 2] == {2}", "false"},
		{"[1, 2] != [2, 1]", "true"},
		{"sum(h for h in [])", "0"},
		{"let g = grundy(Kayles, 3..9)\ng[0] + 100 * len(g)", "703"}, // g(3) = 3
		{"sum(Nim(h) for h in [3, 3, 5])", "Nim(3) + Nim(3) + Nim(5)"},
		{"grundy(sum(Nim(h) for h in [3, 4, 5]))", "2"},
		{"outcome(sum(Nim(h) for h in []))", "P"}, // the sum of no positions is 0, the game with no move
		{"grundy(0)", "0"},
		{"outcome(sum(Wythoff(a, a + 1) for a in [0, 1]))", "N"},
		{"game S(T) { take T }\ngrundy(S([2, 2, 5])(7)) == grundy(S({2, 5})(7))", "true"},
		{"game Sum(T) state (a) { move (a - sum(t for t in T)) if a >= sum(t for t in T) }\noptions(Sum([1, 1])(5))", "Sum([1, 1])(5) -> Sum([1, 1])(3)  grundy 1"}, // 3 -> 1 (no move): g(3) = 1,
		{"Subtraction([2, 5, 2])", "Subtraction({2, 5})"},
		{"grundy(StaircaseNim([3, 1, 2]))", "1"},
		{"let xs = [1, 2]\nxs\n[7]", "[1, 2]\n[7]"}, // a [ that starts a line is a new statement
		{"let hs = [1, 2, 3]\nxor(h for h in hs)\nxor(hs)", "0\n0"},
	} {
		if got := scripttest.Out(t, c.src); got != c.want {
			t.Errorf("%s\n got %s\nwant %s", c.src, got, c.want)
		}
	}
}

func TestListValueErrors(t *testing.T) {
	t.Parallel() // each owns its session
	for _, c := range []struct{ src, want string }{
		{"let xs = [1, 2]\nxs[2]", "2:4: index 2 is out of range: the list has 2 numbers"},
		{"let xs = [1, 2]\nxs[-3]", "2:4: index -3 is out of range"},
		{"[]\n[][0]", "2:4: index 0 is out of range: the list has 0 numbers"},
		{"let xs = [1, 2]\n[xs]", "2:2: a list holds numbers, and lists do not nest"},
		{"[1..]", "1:2: an unbounded range (1..) has no end"},
		{"grundy(Nim, 5..1)", "1:13: the range 5..1 is empty: grundy(G, a..b) lists a..b counting up from a to b (write 1..5)"},
		{"table(Nim, 3..2)", "1:12: the range 3..2 is empty"},
		{"checksum(Nim, 1..0)", "1:15: the range 1..0 is empty"},
		{"Kayles[0]", "1:1: only a list or a sequence has elements by index, not a ruleset"},
		{"len(3)", "1:1: len needs a list, a set, a range or a string, not a number"},
		{"game G { take [1, 2] }", "1:15: a list cannot be used in a rule"},
		{"game G { move (n - [1][0]) }", "1:20: a list cannot be used in a rule"},
		{"sum(h for h in [Nim(1), 2])", "1:17: expected numbers, ranges, sets or lists, not a position"},
		{"sum(if h == 1 then Nim(1) else 2 for h in [1, 2])", "1:5: sum needs numbers, or positions to add, not a number"},
		{"min(Nim(h) for h in [1, 2])", "1:5: min needs numbers, not a position"},
		{"[h for h in [1, 2]][1.. 2]", "1:21: expected a number, not a range"},
	} {
		if got := scripttest.Failure(t, c.src); !strings.Contains(got, c.want) {
			t.Errorf("%s\n got %s\nwant %s", c.src, got, c.want)
		}
	}
}

// TestListAggregatesAgainstGo draws random lists and checks every aggregate
// and the outcome of the sum of Nim heaps (Bouton: N exactly when the XOR
// is not 0) against Go's own arithmetic.
func TestListAggregatesAgainstGo(t *testing.T) {
	t.Parallel() // each owns its session
	r := rand.New(rand.NewPCG(28, 6))
	var src, want strings.Builder
	for k := range 200 {
		n := 1 + r.IntN(8)
		xs := make([]int, n)
		parts := make([]string, n)
		for i := range xs {
			xs[i] = r.IntN(40)
			parts[i] = fmt.Sprint(xs[i])
		}
		sum, x := 0, 0
		for _, v := range xs {
			sum += v
			x ^= v
		}
		i := r.IntN(n)
		outcome := "P"
		if x != 0 {
			outcome = "N"
		}
		fmt.Fprintf(&src, "let xs%[1]d = [%[2]s]\nprint(len(xs%[1]d), sum(xs%[1]d), xor(xs%[1]d), min(xs%[1]d), max(xs%[1]d), xs%[1]d[%[3]d], xs%[1]d[%[4]d], outcome(sum(Nim(h) for h in xs%[1]d)), [h for h in xs%[1]d if h %% 2 == 1])\n",
			k, strings.Join(parts, ", "), i, i-n)
		var odd []string
		for _, v := range xs {
			if v%2 == 1 {
				odd = append(odd, fmt.Sprint(v))
			}
		}
		fmt.Fprintf(&want, "%d %d %d %d %d %d %d %s [%s]\n", n, sum, x, slices.Min(xs), slices.Max(xs), xs[i], xs[i], outcome, strings.Join(odd, ", "))
	}
	if got := scripttest.Out(t, src.String()); got != strings.TrimSpace(want.String()) {
		gl, wl := strings.Split(got, "\n"), strings.Split(strings.TrimSpace(want.String()), "\n")
		for i := range min(len(gl), len(wl)) {
			if gl[i] != wl[i] {
				t.Fatalf("line %d: got %s, want %s", i+1, gl[i], wl[i])
			}
		}
		t.Fatalf("got %d lines, want %d", len(gl), len(wl))
	}
}
