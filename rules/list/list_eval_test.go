package list_test

// List rulesets: Staircase Nim and Moore's Nim_k on any number of heaps,
// checked against their theorems, and Chomp against a brute force written
// here and the theorems of its two-row, square and L-shaped positions.

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/gamelang/gamelang/internal/scripttest"
)

const listGames = `
game Staircase list {
    move (at(0) - k, after(0)) for k in 1..at(0)
    move (before(i - 1), at(i - 1) + k, at(i) - k, after(i)) for i in 1..len - 1 for k in 1..at(i)
}
game Moore2 list {
    move (before(i), at(i) - a, after(i)) for i in 0..len - 1 for a in 1..at(i)
    move (before(i), at(i) - a, between(i, j), at(j) - b, after(j))
        for i in 0..len - 1 for j in i + 1..len - 1 for a in 0..at(i) for b in 0..at(j) if a + b > 0
}
game Chomp list {
    move (if r < i then at(r) else min(at(r), j) for r in 0..len - 1 if r < i or j > 0)
        for i in 0..len - 1 for j in 0..at(i) - 1 if i + j > 0
}
`

// vars are the names of n heaps, and the loops that run them over 0..top.
func vars(n, top int) (names []string, loops string) {
	for i := range n {
		names = append(names, fmt.Sprintf("h%d", i))
		loops += fmt.Sprintf(" for h%d in 0..%d", i, top)
	}
	return names, loops
}

// Staircase Nim: coins move down one step (off the first step to the
// ground). It is Nim on the odd steps (the first, third, ...): the moves
// on the even steps are undone by moving the same coins on.
func TestStaircaseAnyLength(t *testing.T) {
	t.Parallel() // each owns its session
	for n := 1; n <= 5; n++ {
		names, loops := vars(n, 3)
		var odd []string
		for i := 0; i < n; i += 2 {
			odd = append(odd, names[i])
		}
		q := fmt.Sprintf("all((outcome(Staircase(%s)) == P) == ((%s) == 0)%s)", strings.Join(names, ", "), strings.Join(odd, " xor "), loops)
		if got := scripttest.Out(t, listGames+q); got != "true" {
			t.Errorf("%d steps: %s", n, got)
		}
	}
}

// Moore's Nim_2: take from one heap or two. A P-position exactly when, for
// every bit, the number of heaps with that bit set is a multiple of 3.
func TestMooreAnyLength(t *testing.T) {
	t.Parallel() // each owns its session
	for n := 1; n <= 4; n++ {
		names, loops := vars(n, 3)
		var conds []string
		for bit := range 2 {
			var terms []string
			for _, h := range names {
				terms = append(terms, fmt.Sprintf("(%s >> %d) %% 2", h, bit))
			}
			conds = append(conds, fmt.Sprintf("(%s) %% 3 == 0", strings.Join(terms, " + ")))
		}
		q := fmt.Sprintf("all((outcome(Moore2(%s)) == P) == (%s)%s)", strings.Join(names, ", "), strings.Join(conds, " and "), loops)
		if got := scripttest.Out(t, listGames+q); got != "true" {
			t.Errorf("%d heaps: %s", n, got)
		}
	}
}

// chomp values a Chomp bar (rows of non-increasing length, the poisoned
// square at row 0, column 0) by brute force; a bar is a string, a byte a
// row.
func chomp(rows []int) int {
	key := func(rows []int) string {
		b := make([]byte, len(rows))
		for i, r := range rows {
			b[i] = byte(r)
		}
		return string(b)
	}
	return scripttest.BruteValue(key(rows), func(bar string) []string {
		var out []string
		for i := range len(bar) {
			for j := range int(bar[i]) {
				if i == 0 && j == 0 {
					continue
				}
				var next []int
				for r := range len(bar) {
					if c := int(bar[r]); r < i {
						next = append(next, c)
					} else if c = min(c, j); c > 0 {
						next = append(next, c)
					}
				}
				out = append(out, key(next))
			}
		}
		return out
	})
}

func TestChomp(t *testing.T) {
	t.Parallel() // each owns its session
	var stmts, want []string
	var walk func(rows []int, top int)
	walk = func(rows []int, top int) { // every bar of at most 4 rows and 5 columns
		if len(rows) > 0 {
			parts := make([]string, len(rows))
			for i, r := range rows {
				parts[i] = fmt.Sprint(r)
			}
			stmts = append(stmts, fmt.Sprintf("grundy(Chomp(%s))", strings.Join(parts, ", ")))
			want = append(want, fmt.Sprint(chomp(rows)))
		}
		if len(rows) == 4 {
			return
		}
		for r := 1; r <= top; r++ {
			walk(append(slices.Clone(rows), r), r)
		}
	}
	walk(nil, 5)
	got := strings.Split(scripttest.Out(t, listGames+strings.Join(stmts, "\n")), "\n")
	for i := range stmts {
		if got[i] != want[i] {
			t.Errorf("%s = %s, brute force %s", stmts[i], got[i], want[i])
		}
	}
	// two rows: P exactly when the first is one longer; a square's winning
	// move leaves the L of equal arms; an L is P exactly when its arms are
	// equal
	q := `all((outcome(Chomp(a, b)) == P) == (a == b + 1) for a in 1..9 for b in 1..a)
winning(Chomp(4, 4, 4, 4))
all((outcome(Chomp(a, 1, 1, 1)) == P) == (a == 4) for a in 1..8)`
	if got := scripttest.Out(t, listGames+q); got != "true\nChomp(4, 4, 4, 4) -> Chomp(4, 1, 1, 1)\ntrue" {
		t.Errorf("got %q", got)
	}
}

func TestListErrors(t *testing.T) {
	t.Parallel() // each owns its session
	for _, c := range []struct{ src, want string }{
		{"game G list { move (at(0) - 5) }\ngrundy(G(3))", "leaves (-2), with a negative number, from (3)"},
		{"game G list { move (at(3)) }\ngrundy(G(3))", "<test>:1:21: index 3 is outside the list (3)"},
		{"game G list { move (at(0)) }\ngrundy(G{3})", "G is a list ruleset: write its positions as G(3, 1, 4)"},
		{"game G list { take 1 }", "list ruleset G needs a rule 'move"},
		{"game G list { move (before(0) + 1) }", "is a collection, not a number"},
		{"game G list { move (at(0) - 1) if at(0) > 0 }\ngrundy(G(-1))", "are 0 to 2^63-1, not -1"},
	} {
		scripttest.WantError(t, c.src, c.want)
	}
}

// Words: Turning Turtles on coins T and H. Turn a head to a tail, and
// perhaps one coin to its left either way: the value is the nim sum of the
// places (from 1) of the heads (Winning Ways, ch. 14). Every word of up to
// 9 coins.
func TestTurningTurtlesOnWords(t *testing.T) {
	t.Parallel() // each owns its session
	var stmts, want []string
	for n := 1; n <= 9; n++ {
		for w := range 1 << n {
			word, x := make([]byte, n), 0
			for i := range n {
				word[i] = 'T'
				if w>>i&1 == 1 {
					word[i] = 'H'
					x ^= i + 1
				}
			}
			stmts = append(stmts, fmt.Sprintf("grundy(TurningTurtles(%q))", word))
			want = append(want, fmt.Sprint(x))
		}
	}
	src := `game TurningTurtles list (T, H) {
    move (before(i), T, after(i)) for i in 0..len - 1 if at(i) == H
    move (before(j), H + T - at(j), between(j, i), T, after(i)) for i in 0..len - 1 for j in 0..i - 1 if at(i) == H
}
` + strings.Join(stmts, "\n")
	got := strings.Split(scripttest.Out(t, src), "\n")
	for i := range stmts {
		if got[i] != want[i] {
			t.Errorf("%s = %s, want %s", stmts[i], got[i], want[i])
		}
	}
	if got := scripttest.Out(t, src[:strings.Index(src, "grundy")]+`winning(TurningTurtles("HTHHT"))`); got != `TurningTurtles("HTHHT") -> TurningTurtles("HHHTT")` {
		t.Errorf("winning: %q", got)
	}
}

func TestWordErrors(t *testing.T) {
	t.Parallel() // each owns its session
	tt := "game TT list (T, H) { move (before(i), T, after(i)) for i in 0..len - 1 if at(i) == H }\n"
	for _, c := range []struct{ src, want string }{
		{tt + `grundy(TT("THX"))`, `"X" is not a letter of TT, whose letters are T, H`},
		{"game G list (TH) { move (at(0)) }", "the letters of a word are single characters: TH is not one"},
		{"game G list { move (at(0)) }\ngrundy(G(\"ab\"))", "a position of G is a list of numbers: G(3, 1, 4)"},
	} {
		scripttest.WantError(t, c.src, c.want)
	}
}

// Turning Corners, a coin-turning game on a board (a word read row by row,
// w coins a row): turn the four corners of a rectangle whose lower right
// corner is a head. It is the product of two games of Ruler-free Turning
// Turtles, so by the Tartan theorem (Winning Ways, ch. 14) a head at row x,
// column y (from 0) is worth the nim product x ⊗ y, and a board the nim sum
// over its heads. Every board of 4×4 with up to two heads, and boards of
// 3×5 with three.
func TestTurningCornersTartan(t *testing.T) {
	t.Parallel() // each owns its session
	const game = `game TurningCorners(w) list (T, H) {
    move (if r == s or r == a * w + b or r == a * w + s % w or r == s / w * w + b then H + T - at(r) else at(r) for r in 0..len - 1)
        for s in 0..len - 1 for a in 0..s / w - 1 for b in 0..s % w - 1 if at(s) == H
}
`
	var stmts, want []string
	board := func(rows, cols int, heads ...int) {
		w := []byte(strings.Repeat("T", rows*cols))
		var terms []string
		for _, h := range heads {
			if w[h] == 'H' {
				return
			}
			w[h] = 'H'
			terms = append(terms, fmt.Sprintf("nimmul(%d, %d)", h/cols, h%cols))
		}
		stmts = append(stmts, fmt.Sprintf("grundy(TurningCorners(%d)(%q)) == %s", cols, w, strings.Join(terms, " xor ")))
		want = append(want, "true")
	}
	for i := range 16 {
		board(4, 4, i)
		for j := i + 1; j < 16; j++ {
			board(4, 4, i, j)
		}
	}
	for i := 0; i < 15; i += 2 {
		board(3, 5, i, (i+4)%15, (i+7)%15)
	}
	got := strings.Split(scripttest.Out(t, game+strings.Join(stmts, "\n")), "\n")
	for i := range stmts {
		if got[i] != want[i] {
			t.Errorf("%s: %s", stmts[i], got[i])
		}
	}
	// the nim multiplication table of 0..7, row 3, as Winning Ways prints it
	if got := scripttest.Out(t, "print(nimmul(3, 0), nimmul(3, 1), nimmul(3, 2), nimmul(3, 3), nimmul(3, 4), nimmul(3, 5), nimmul(3, 6), nimmul(3, 7))"); got != "0 3 1 2 12 15 13 14" {
		t.Errorf("row 3 of the nim multiplication table: %s", got)
	}
}

// The classics that are builtins written in gamelang answer as the
// definitions tested above, and refuse positions of the wrong shape.
func TestClassicBuiltins(t *testing.T) {
	t.Parallel() // each owns its session
	got := scripttest.Out(t, `grundy(NodeKayles(path(60)))
outcome(Cram(grid(4, 6)))
grundy(ArcKayles(path(9))) == grundy(DawsonKayles(9))
grundy(Hackenbush(graph("g-a a-b a-c b-d  g-e e-f")))
winning(Chomp(4, 4, 4, 4))
outcome(StaircaseNim(3, 1, 4, 1, 7))
grundy(TurningTurtles("THHTH"))`)
	want := "1\nP\ntrue\n6\nChomp(4, 4, 4, 4) -> Chomp(4, 1, 1, 1)\nP\n4"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	scripttest.WantError(t, "grundy(NodeKayles(5))", "a position of NodeKayles is a graph")
	scripttest.WantError(t, "grundy(Chomp{3})", "Chomp is a list ruleset: write its positions as Chomp(3, 1, 4)")
	scripttest.WantError(t, `grundy(TurningTurtles("TXH"))`, `"X" is not a letter of TurningTurtles`)
}
