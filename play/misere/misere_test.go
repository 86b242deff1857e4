package misere_test

// Misère play checked against independent truth: Bouton's rule for misère
// Nim, brute force written here, CGSuite's published genus and misère
// values (its test data for heap games), Plambeck's list of the wild
// three-digit quaternary games, and the misère quotients Plambeck and
// Siegel publish.

import (
	"context"
	"fmt"
	"math/big"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/gamelang/gamelang/eval"
	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/internal/scripttest"
	"github.com/gamelang/gamelang/lib/misereplay"
)

// bruteMisere decides misère positions by their definition: the player to
// move wins when he cannot move, or can move to a position he then wins
// as the second player. It knows nothing of genus or quotients.
type bruteMisere struct {
	t    testing.TB
	memo map[string]bool
}

func newBrute(t testing.TB) *bruteMisere { return &bruteMisere{t: t, memo: map[string]bool{}} }

func sumKey(p game.Position) string {
	parts := make([]string, len(p))
	for i, c := range p {
		parts[i] = c.String()
	}
	slices.Sort(parts)
	return strings.Join(parts, "+")
}

// wins reports whether the player to move wins p.
func (b *bruteMisere) wins(p game.Position) bool {
	k := sumKey(p)
	if w, ok := b.memo[k]; ok {
		return w
	}
	win, moved := false, false
	for i, c := range p {
		moves, err := c.Rules.Moves(context.Background(), c.State)
		if err != nil {
			b.t.Fatal(err)
		}
		for _, m := range moves {
			moved = true
			if !b.wins(p.Replace(i, m.To)) {
				win = true
				break
			}
		}
		if win {
			break
		}
	}
	b.memo[k] = win || !moved
	return b.memo[k]
}

func outcomeWord(win bool) string {
	if win {
		return "N"
	}
	return "P"
}

// sumOf writes a sum of heaps of a game: "Nim(1) + Nim(3)".
func sumOf(name string, heaps []int) string {
	parts := make([]string, len(heaps))
	for i, h := range heaps {
		parts[i] = fmt.Sprintf("%s(%d)", name, h)
	}
	return strings.Join(parts, " + ")
}

// multisets calls f with every multiset of 1..k numbers from 0..max.
func multisets(k, most int, f func([]int)) {
	var rec func(cur []int, from int)
	rec = func(cur []int, from int) {
		if len(cur) > 0 {
			f(cur)
		}
		if len(cur) == k {
			return
		}
		for h := from; h <= most; h++ {
			rec(append(cur, h), h)
		}
	}
	rec(nil, 0)
}

// bouton is Bouton's rule for misère Nim: P exactly when the XOR is 0 and
// some heap is 2 or more, or the XOR is 1 and none is.
func bouton(heaps []int) string {
	x, big := 0, false
	for _, h := range heaps {
		x ^= h
		big = big || h >= 2
	}
	if big && x == 0 || !big && x == 1 {
		return "P"
	}
	return "N"
}

func TestMisereNimAgreesWithBoutonAndBruteForce(t *testing.T) {
	t.Parallel() // each owns its session
	for _, generic := range []bool{false, true} {
		in := eval.New(eval.Config{Out: new(strings.Builder), Generic: generic})
		if err := in.Exec(context.Background(), "mnim.game", "game MNim { take 1.. }"); err != nil {
			t.Fatal(in.Render(err))
		}
		brute := newBrute(t)
		nim := scripttest.Ruleset(t, in, "MNim")
		count := 0
		multisets(5, 7, func(heaps []int) {
			count++
			want := bouton(heaps)
			var p game.Position
			for _, h := range heaps {
				p = append(p, scripttest.At(t, nim, int64(h))...)
			}
			if b := outcomeWord(brute.wins(p)); b != want {
				t.Fatalf("brute force and Bouton disagree on %v: %s, %s", heaps, b, want)
			}
			for _, name := range []string{"Nim", "MNim"} {
				expr := "outcome(" + sumOf(name, heaps) + ", misere)"
				if got := scripttest.MustEval(t, in, expr).String(); got != want {
					t.Fatalf("generic=%v: %s = %s, Bouton says %s", generic, expr, got, want)
				}
			}
		})
		if count != 1286 { // the multisets of 1 to 5 heaps of 0..7: C(13, 5) - 1
			t.Fatalf("%d sums checked", count)
		}
	}
}

func TestMisereBoundedNimAgreesWithBruteForce(t *testing.T) {
	t.Parallel() // each owns its session
	in := scripttest.NewInterp(t)
	brute := newBrute(t)
	for m := 1; m <= 4; m++ {
		r := scripttest.Ruleset(t, in, fmt.Sprintf("Bounded(%d)", m))
		name := fmt.Sprintf("Bounded(%d)", m)
		multisets(3, 11, func(heaps []int) {
			var p game.Position
			for _, h := range heaps {
				p = append(p, scripttest.At(t, r, int64(h))...)
			}
			want := outcomeWord(brute.wins(p))
			expr := "outcome(" + sumOf(name, heaps) + ", misere)"
			if got := scripttest.MustEval(t, in, expr).String(); got != want {
				t.Fatalf("%s = %s, brute force says %s", expr, got, want)
			}
		})
	}
	// Winning moves at any size leave P-positions.
	for _, expr := range []string{"Nim(10^30) + Nim(3) + Nim(1)", "Bounded(3)(10^20 + 2) + Nim(1) + Nim(1)", "Nim(1) + Nim(1) + Nim(1) + Nim(5)"} {
		moves := scripttest.MustEval(t, in, "winning("+expr+", misere)").(eval.Moves)
		if len(moves.Opts) == 0 {
			t.Fatalf("winning(%s, misere): none", expr)
		}
		for _, o := range moves.Opts {
			if got, _ := misereplay.SolverOf(in).Outcome(context.Background(), o.Result(moves.Pos)); got != game.P {
				t.Errorf("winning(%s, misere) leaves %s, an N-position", expr, o.Result(moves.Pos))
			}
		}
	}
}

// cgsuiteGenus expands CGSuite's genus notation to g and γ0..γ(n-1): "3" is
// a nim heap's genus, "4^146" lists γ0 γ1 γ2 and then alternates the last
// two, "6^(1,9,10,8)" the same with commas, and a single digit "2^2"
// stands for the tame 2^{20}.
func cgsuiteGenus(t testing.TB, s string, n int) (int, []int) {
	t.Helper()
	g, rest, found := strings.Cut(s, "^")
	gv, err := strconv.Atoi(g)
	if err != nil {
		t.Fatalf("bad genus %q", s)
	}
	var gamma []int
	switch {
	case !found && gv == 0:
		gamma = []int{1, 2, 0}
	case !found && gv == 1:
		gamma = []int{0, 3, 1}
	case !found:
		gamma = []int{gv, gv ^ 2}
	case strings.HasPrefix(rest, "("):
		for _, f := range strings.Split(strings.Trim(rest, "()"), ",") {
			v, _ := strconv.Atoi(f)
			gamma = append(gamma, v)
		}
	case len(rest) == 1:
		v := int(rest[0] - '0')
		gamma = []int{v, v ^ 2}
	default:
		for _, c := range rest {
			gamma = append(gamma, int(c-'0'))
		}
	}
	return gv, alternate(gamma, n)
}

// alternate extends written γ's to n, alternating the last two.
func alternate(gamma []int, n int) []int {
	out := slices.Clone(gamma)
	for len(out) < n {
		out = append(out, out[len(out)-2])
	}
	return out[:n]
}

// ourGenus reads gamelang's g^{γ0γ1...} back.
func ourGenus(t testing.TB, s string, n int) (int, []int) {
	t.Helper()
	g, rest, _ := strings.Cut(s, "^")
	gv, _ := strconv.Atoi(g)
	rest = strings.Trim(rest, "{}")
	var gamma []int
	if strings.Contains(rest, ",") {
		for _, f := range strings.Split(rest, ",") {
			v, _ := strconv.Atoi(f)
			gamma = append(gamma, v)
		}
	} else {
		for _, c := range rest {
			gamma = append(gamma, int(c-'0'))
		}
	}
	if len(gamma) < 2 {
		t.Fatalf("genus %q has fewer than two γ's", s)
	}
	return gv, alternate(gamma, n)
}

// CGSuite's test data for heap games (lib/core/src/test/scala/org/cgsuite/
// lang/GameHeapTest.scala): misère nim values and genus of heaps 0..20.
var cgsuiteHeaps = []struct{ game, misere, genus string }{
	{"Nim", "1,0,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20",
		"0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20"},
	{"GrundysGame", "1,1,1,0,1,2,0,1,2,0,1,2,0,1,2,0,1,2,0,1,2",
		"0,0,0,1,0,2,1,0,2,1,0,2,1,3^1431,2,1,3^1431,2,4^0564,3^1431,0^20"},
	{"Kayles", "1,0,2,3,0,1,3,2,1,0,2,4,0,1,2,5,1,6,3,2,0",
		"0,1,2,3,1,4^146,3,2^2,1^1,4^046,2^2,6^46,4^046,1^1,2^2,7^57,1^13,4^64,3^31,2^20,1^031"},
	{"DawsonKaylesCode", "1,1,0,0,2,1,3,0,0,1,1,3,0,2,1,1,0,0,2,1,3",
		"0,0,1,1,2,0,3,1,1,0,3^1431,3,2^0520,2,4^146,0,5^057,2^0520,2,3^1431,3"},
	{"SNim({2, 3, 7})", "1,1,0,0,2,1,1,0,0,2,1,1,0,0,2,1,1,0,0,2,1",
		"0,0,1,1,2,0,0,1,1,2,0,0,1,1,2,0,0,1,1,2,0"},
	{`hex("0.3F")`, "1,0,2,1,0,2,1,0,4,1,0,4,1,0,6,1,0,6,1,0,6",
		"0,1,2,0,1,2,3^1431,4^0564,5^46,3^1431,4^0564,5^4875,6^(1,9,10,8),7^075,8^6875,6^(1,9,10,8),7^075,8^(6,10,8),9^(1,9,12,11,9),10^(0,11,13,9,11),11^(6,10,8)"},
}

func TestMisereValuesAndGenusAgreeWithCGSuite(t *testing.T) {
	t.Parallel() // each owns its session
	in := scripttest.NewInterp(t)
	for _, c := range cgsuiteHeaps {
		if got := scripttest.MustEval(t, in, "grundy("+c.game+", 0..20, misere)").String(); got != strings.ReplaceAll(c.misere, ",", " ") {
			t.Errorf("misère values of %s:\n got %s\nwant %s", c.game, got, c.misere)
		}
		got := strings.Fields(scripttest.MustEval(t, in, "genus("+c.game+", 0..20)").String())
		want := splitTop(c.genus)
		for n := range want {
			wg, wgamma := cgsuiteGenus(t, want[n], 12)
			gg, ggamma := ourGenus(t, got[n], 12)
			if wg != gg || !slices.Equal(wgamma, ggamma) {
				t.Errorf("genus of %s(%d) = %s, CGSuite says %s", c.game, n, got[n], want[n])
			}
		}
	}
}

// splitTop splits at the commas outside parentheses.
func splitTop(s string) []string {
	var out []string
	depth, start := 0, 0
	for i, c := range s {
		switch c {
		case '(':
			depth++
		case ')':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, s[start:i])
				start = i + 1
			}
		}
	}
	return append(out, s[start:])
}

// Plambeck's page on .312 (plambeck.org, misère octal games, quaternary
// games) gives its genus sequence: heap 4 is the one that is not tame.
// Kayles is tame up to heap 4; heap 5 has genus 4^{146} (CGSuite above).
func TestTameness(t *testing.T) {
	t.Parallel() // each owns its session
	in := scripttest.NewInterp(t)
	got := scripttest.MustEval(t, in, `genus(octal("0.312"), 1..6)`).String()
	if want := "1^{031} 2^{20} 0^{02} 2^{1420} 0^{02} 1^{13}"; got != want {
		t.Errorf("genus of .312, heaps 1..6: %s, Plambeck says %s", got, want)
	}
	for expr, want := range map[string]string{
		`tame(octal("0.312")(3))`:         "true",
		`tame(octal("0.312")(4))`:         "false",
		`tame(octal("0.312")(5))`:         "false", // it moves to heap 4
		"tame(Kayles(4))":                 "true",
		"tame(Kayles(5))":                 "false",
		"tame(Kayles(4) + Nim(9))":        "true",
		"tame(Nim(10^40) + Nim(3))":       "true",
		"genus(Nim(2) + Nim(2))":          "0^{02}",
		"genus(Nim(2) + Nim(2) + Nim(1))": "1^{13}",
		"genus(Nim(1) + Nim(1))":          "0^{120}",
	} {
		if got := scripttest.MustEval(t, in, expr).String(); got != want {
			t.Errorf("%s = %s, want %s", expr, got, want)
		}
	}
}

// Misère quotients as Plambeck and Siegel publish them ("Misère quotients
// for impartial games", 2008, and Plambeck's pages on .312 and the
// quaternary games): order, P-portion and, where written out there, the
// presentation; the orders of Kayles and 0.15 as Siegel's MisereSolver,
// which computed the published tables, reports them.
func TestQuotientsPublished(t *testing.T) {
	t.Parallel() // each owns its session
	in := scripttest.NewInterp(t)
	cases := []struct {
		code         string
		order        int
		p            string // the P-portion, when published
		presentation string
	}{
		{"0.75", 8, "a, b^2", "<a, b, c | a^2 = 1, b^3 = b, bc = ab, c^2 = b^2>"},
		{"0.312", 12, "a, b^2, ac", "<a, b, c | a^2 = 1, b^4 = b^2, b^2c = b^3, c^2 = 1>"},
		{"0.123", 20, "a, b^2, ac, bd, d^2", ""},
		{"0.121", 6, "a, b^2", "<a, b | a^2 = 1, b^3 = b>"},
		{"0.131", 6, "a, b^2", "<a, b | a^2 = 1, b^3 = b>"},
		{"0.201", 6, "a, b^2", "<a, b | a^2 = 1, b^3 = b>"},
		{"0.211", 6, "a, b^2", "<a, b | a^2 = 1, b^3 = b>"},
		{"0.331", 6, "a, b^2", "<a, b | a^2 = 1, b^3 = b>"},
		{"0.77", 40, "", ""},
		{"0.15", 42, "", ""},
	}
	pcount := map[string]int{"0.77": 9, "0.15": 12}
	for _, c := range cases {
		q := scripttest.MustEval(t, in, `quotient(octal("`+c.code+`"))`).(misereplay.QuotientVal).Q
		if q.Order != c.order || q.Order%2 != 0 {
			t.Errorf("%s: order %d, published %d", c.code, q.Order, c.order)
		}
		if got := strings.Join(q.P, ", "); c.p != "" && got != c.p {
			t.Errorf("%s: P = {%s}, published {%s}", c.code, got, c.p)
		}
		if n, ok := pcount[c.code]; ok && len(q.P) != n {
			t.Errorf("%s: %d elements in P, published %d", c.code, len(q.P), n)
		}
		if c.presentation != "" && q.Presentation != c.presentation {
			t.Errorf("%s: %s, published %s", c.code, q.Presentation, c.presentation)
		}
		if q.Period == nil {
			t.Errorf("%s: no period proved", c.code)
		}
	}
}

// A wild game whose quotient outgrows the bound says so and claims
// nothing past the heaps it found it for.
func TestQuotientNotFound(t *testing.T) {
	t.Parallel() // each owns its session
	in := scripttest.NewInterp(t)
	q := scripttest.MustEval(t, in, `quotient(DawsonsChess)`).(misereplay.QuotientVal).Q
	if q.Period != nil || q.Stopped == "" || !strings.Contains(q.String(), "nothing is claimed") {
		t.Fatalf("quotient(DawsonsChess):\n%s", q)
	}
}

// Sums answered through the quotient, heap by heap and through its proved
// period, against brute force.
func TestQuotientOutcomesAgreeWithBruteForce(t *testing.T) {
	t.Parallel() // each owns its session
	for _, c := range []struct {
		code string
		most int
	}{{"0.75", 12}, {"0.312", 12}, {"0.123", 11}, {"0.77", 10}} {
		in := scripttest.NewInterp(t)
		if err := in.Exec(context.Background(), "q.game", `game Q = octal("`+c.code+`")`); err != nil {
			t.Fatal(in.Render(err))
		}
		r := scripttest.Ruleset(t, in, "Q")
		brute := newBrute(t)
		multisets(3, c.most, func(heaps []int) {
			var p game.Position
			for _, h := range heaps {
				p = append(p, scripttest.At(t, r, int64(h))...)
			}
			want := outcomeWord(brute.wins(p))
			expr := "outcome(" + sumOf("Q", heaps) + ", misere)"
			if got := scripttest.MustEval(t, in, expr).String(); got != want {
				t.Fatalf("%s: %s = %s, brute force says %s", c.code, expr, got, want)
			}
		})
	}
	// 0.75 has period 2 from heap 8: a huge heap is heap 8 or 9 in any sum.
	in := scripttest.NewInterp(t)
	if err := in.Exec(context.Background(), "q.game", `game Q = octal("0.75")`); err != nil {
		t.Fatal(in.Render(err))
	}
	r := scripttest.Ruleset(t, in, "Q")
	brute := newBrute(t)
	for _, small := range [][]int{{1}, {2, 3}, {5}, {4, 4}, {1, 6}} {
		for _, huge := range []string{"10^30", "10^30 + 1", "2^64 + 7"} {
			var p game.Position
			n, _ := new(big.Int).SetString(scripttest.MustEval(t, in, huge).String(), 10)
			p = append(p, scripttest.At(t, r, 8+new(big.Int).Mod(new(big.Int).Sub(n, big.NewInt(8)), big.NewInt(2)).Int64())...)
			for _, h := range small {
				p = append(p, scripttest.At(t, r, int64(h))...)
			}
			want := outcomeWord(brute.wins(p))
			expr := fmt.Sprintf("outcome(Q(%s) + %s, misere)", huge, sumOf("Q", small))
			if got := scripttest.MustEval(t, in, expr).String(); got != want {
				t.Errorf("%s = %s, brute force on the heap of the same place in the period says %s", expr, got, want)
			}
		}
	}
}

// Sums of parts of several games, some not tame, answered by genus
// arithmetic or a search over the sum, against brute force; every winning
// move leaves a P-position.
func TestMixedMisereSumsAgreeWithBruteForce(t *testing.T) {
	t.Parallel() // each owns its session
	in := scripttest.NewInterp(t)
	brute := newBrute(t)
	parts := []string{"Kayles(%d)", `octal("0.312")(%d)`, "DawsonKayles(%d)", "Nim(%d)", "SNim({1, 3})(%d)"}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 300 {
		var terms []string
		var p game.Position
		for range 1 + rng.IntN(3) {
			term := fmt.Sprintf(parts[rng.IntN(len(parts))], rng.IntN(8))
			terms = append(terms, term)
			p = append(p, scripttest.MustEval(t, in, term).(eval.PositionVal).P...)
		}
		sum := strings.Join(terms, " + ")
		want := outcomeWord(brute.wins(p))
		if got := scripttest.MustEval(t, in, "outcome("+sum+", misere)").String(); got != want {
			t.Fatalf("outcome(%s, misere) = %s, brute force says %s", sum, got, want)
		}
		moves := scripttest.MustEval(t, in, "winning("+sum+", misere)").(eval.Moves)
		opts := scripttest.MustEval(t, in, "options("+sum+", misere)").(eval.OptionList)
		if (len(moves.Opts) > 0) != (want == "N" && len(opts.Opts) > 0) {
			t.Fatalf("winning(%s, misere): %d moves in an %s-position", sum, len(moves.Opts), want)
		}
		for _, o := range moves.Opts {
			if brute.wins(o.Result(moves.Pos)) {
				t.Fatalf("winning(%s, misere) leaves %s, an N-position", sum, o.Result(moves.Pos))
			}
		}
	}
}

// quotient(Nim) has no finite quotient: misère Nim's quotient of the heaps
// below 2^k is the tame T_k of order 2^k + 2 (Bouton; Plambeck and Siegel),
// so the learner reaches heap 127 with order 130 and stops at heap 128,
// whose quotient (order 258) is past the bound of 256 classes.
func TestQuotientOfNimEnds(t *testing.T) {
	t.Parallel() // each owns its session
	got := scripttest.Out(t, "quotient(Nim)")
	if !strings.Contains(got, "heaps up to 127: order 130, 2 in the P-portion") ||
		!strings.Contains(got, "no finite quotient found past heap 127 (the quotient of the heaps up to 128 has more than 256 elements)") {
		t.Errorf("quotient(Nim):\n%s", got)
	}
}

// Tame quotients: bounded Nim's (Bouton: misère Nim is tame) are T_k, of
// order 2, 6, 10, 18; the order-6 quotients Plambeck and Siegel publish
// are T_2; .75's order-8 quotient is the smallest wild one they describe,
// and Kayles' and Dawson's Kayles' are wild (Winning Ways, ch. 13).
func TestTameQuotients(t *testing.T) {
	t.Parallel() // each owns its session
	in := scripttest.NewInterp(t)
	for code, tame := range map[string]bool{
		"0.3": true, "0.33": true, "0.3333333": true, "0.333333333333333": true,
		"0.121": true, "0.131": true, "0.201": true, "0.331": true,
		"0.75": false, "0.77": false, "0.07": false, "0.312": false,
	} {
		q := scripttest.MustEval(t, in, `quotient(octal("`+code+`"), 60)`).(misereplay.QuotientVal).Q
		if q.Tame() != tame {
			t.Errorf("%s: order %d, tame %v, want %v\n%s", code, q.Order, q.Tame(), tame, q)
		}
	}
}
