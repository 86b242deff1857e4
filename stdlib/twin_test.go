package stdlib_test

// Differential tests: every builtin against its .game twin, the twin solved
// by the generic solvers (recognition of codes and closed forms turned off),
// on every position up to a bound: values, outcomes and winning moves.

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/gamelang/gamelang/eval"
)

// twins are the .game definitions the builtins answer like, as in examples/.
const twins = `
game TNim { take 1.. }
game TBounded(m) { take 1..m }
game TSubtraction(S) { take S }
game TKayles { take 1..2 split }
game TDawsonKayles { take 2 split }
game TDawsonsChess { take 1 leaving 0; take 2 leaving 0..1; take 3 leaving 0..2 }
game TGrundysGame { move (a, n - a) for a in 1..(n - 1) / 2 }
game TWythoff state (a, b) {
    move (a - k, b)     for k in 1..a
    move (a, b - k)     for k in 1..b
    move (a - k, b - k) for k in 1..min(a, b)
}
game TFibonacciNim state (n, cap) { move (n - k, 2 * k) for k in 1..min(n, cap) }
game TNumberGame(hi) set { pick x in 2..hi  forbid sums }
game TThueMorse(m) { take 1..m  loses if odd(popcount(n)) }
`

func session(t testing.TB, generic bool) *eval.Interp {
	t.Helper()
	in := eval.New(eval.Config{Out: new(strings.Builder), Generic: generic})
	if err := in.Exec(context.Background(), "twins.game", twins); err != nil {
		t.Fatal(in.Render(err))
	}
	return in
}

func value(t testing.TB, in *eval.Interp, expr string) string {
	t.Helper()
	v, err := in.Eval(context.Background(), expr)
	if err != nil {
		return "error: " + in.Render(err)
	}
	return v.String()
}

// sameMoves compares two lists of moves as sets, ignoring the names of the
// rulesets (the builtin's and the twin's).
func sameMoves(a, b string, builtin, twin string) bool {
	norm := func(s string) string {
		s = normalize(s, builtin, twin)
		parts := strings.FieldsFunc(s, func(r rune) bool { return r == '\n' })
		if len(parts) == 1 {
			parts = strings.Split(parts[0], ", G")
			for i := 1; i < len(parts); i++ {
				parts[i] = "G" + parts[i]
			}
		}
		sort.Strings(parts)
		return strings.Join(parts, "|")
	}
	return norm(a) == norm(b)
}

// normalize writes both rulesets' names as G and every run of blanks as one.
func normalize(s, builtin, twin string) string {
	s = strings.ReplaceAll(s, twin, "G")
	s = strings.ReplaceAll(s, builtin, "G")
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.Join(strings.Fields(l), " ")
	}
	return strings.Join(lines, "\n")
}

// agree checks that for every position expression the builtin and its twin
// print the same values, outcomes and winning moves.
func agree(t *testing.T, builtin, twin string, positions []string, queries ...string) {
	t.Helper()
	fast, slow := session(t, false), session(t, true)
	if s := value(t, slow, "solver("+strings.Split(twin, "(")[0]+")"); strings.Contains(s, "recognized") || strings.Contains(s, "closed form") {
		t.Fatalf("the twin %s is not on the generic path: %s", twin, s)
	}
	for _, pos := range positions {
		for _, q := range queries {
			a := value(t, fast, fmt.Sprintf("%s(%s%s)", q, builtin, pos))
			b := value(t, slow, fmt.Sprintf("%s(%s%s)", q, twin, pos))
			if q == "winning" || q == "options" {
				if !sameMoves(a, b, builtin, twin) {
					t.Fatalf("%s(%s%s):\n%s\nthe twin %s says:\n%s", q, builtin, pos, a, twin, b)
				}
				continue
			}
			if normalize(a, builtin, twin) != normalize(b, builtin, twin) {
				t.Fatalf("%s(%s%s) = %s; the twin %s says %s", q, builtin, pos, a, twin, b)
			}
		}
	}
}

func heaps(lo, hi int) []string {
	var out []string
	for n := lo; n <= hi; n++ {
		out = append(out, fmt.Sprintf("(%d)", n))
	}
	return out
}

func pairs(hiA, hiB int) []string {
	var out []string
	for a := 0; a <= hiA; a++ {
		for b := 0; b <= hiB; b++ {
			out = append(out, fmt.Sprintf("(%d, %d)", a, b))
		}
	}
	return out
}

func TestNimTwin(t *testing.T) {
	agree(t, "Nim", "TNim", heaps(0, 120), "grundy", "outcome", "winning", "options")
}

func TestBoundedTwin(t *testing.T) {
	for m := 1; m <= 6; m++ {
		agree(t, fmt.Sprintf("Bounded(%d)", m), fmt.Sprintf("TBounded(%d)", m), heaps(0, 150), "grundy", "winning", "options")
	}
}

func TestSubtractionTwin(t *testing.T) {
	for _, s := range []string{"{2, 5}", "{1, 3, 4}", "{3, 7, 8, 20}", "{1, 8, 15, 22, 29}", "{5}"} {
		agree(t, "Subtraction("+s+")", "TSubtraction("+s+")", heaps(0, 600), "grundy", "winning")
	}
}

func TestOctalBuiltinsTwin(t *testing.T) {
	for _, g := range []string{"Kayles", "DawsonKayles", "DawsonsChess"} {
		agree(t, g, "T"+g, heaps(0, 500), "grundy")
		agree(t, g, "T"+g, heaps(0, 60), "winning", "options")
	}
}

func TestGrundysGameTwin(t *testing.T) {
	agree(t, "GrundysGame", "TGrundysGame", heaps(0, 1500), "grundy")
	agree(t, "GrundysGame", "TGrundysGame", heaps(0, 60), "winning", "options")
}

func TestWythoffTwin(t *testing.T) {
	agree(t, "Wythoff", "TWythoff", pairs(45, 45), "grundy", "outcome", "winning")
}

func TestFibonacciNimTwin(t *testing.T) {
	agree(t, "FibonacciNim", "TFibonacciNim", pairs(60, 64), "grundy", "outcome", "winning")
}

func TestThueMorseTwin(t *testing.T) {
	for m := 1; m <= 7; m++ {
		agree(t, fmt.Sprintf("ThueMorse(%d)", m), fmt.Sprintf("TThueMorse(%d)", m), heaps(0, 1200), "outcome", "winning")
	}
	agree(t, "ThueMorse(5)", "TThueMorse(5)", heaps(0, 300), "grundy", "options")
}

// The twin on its fast path — a take code with a 'loses if' rule, whose
// outcomes and winning moves past its stored values come from a run of
// P-positions (octal's skipRun) — against the builtin's closed form, at
// large heaps and in an order that goes down too.
func TestThueMorseTwinByOutcomes(t *testing.T) {
	in := session(t, false)
	for _, m := range []int{3, 50} {
		if s := value(t, in, fmt.Sprintf("solver(TThueMorse(%d))", m)); !strings.Contains(s, "recognized") {
			t.Fatalf("TThueMorse(%d) is not a code: %s", m, s)
		}
		for _, n := range append(heaps(3_000_000, 3_000_120), heaps(2_999_990, 2_999_999)...) {
			for _, q := range []string{"outcome", "winning"} {
				a := value(t, in, fmt.Sprintf("%s(ThueMorse(%d)%s)", q, m, n))
				b := value(t, in, fmt.Sprintf("%s(TThueMorse(%d)%s)", q, m, n))
				if normalize(a, fmt.Sprintf("ThueMorse(%d)", m), fmt.Sprintf("TThueMorse(%d)", m)) != normalize(b, fmt.Sprintf("ThueMorse(%d)", m), fmt.Sprintf("TThueMorse(%d)", m)) {
					t.Fatalf("%s(ThueMorse(%d)%s) = %s; the twin says %s", q, m, n, a, b)
				}
			}
		}
	}
}

func TestNumberGameTwin(t *testing.T) {
	for _, hi := range []int{9, 12, 20} {
		var positions []string
		for _, set := range reachable(hi) {
			positions = append(positions, "{"+set+"}")
		}
		if hi == 20 {
			positions = positions[:3000]
		}
		agree(t, fmt.Sprintf("NumberGame(%d)", hi), fmt.Sprintf("TNumberGame(%d)", hi), positions, "grundy", "winning")
	}
	// A position whose forbidden numbers are not closed under addition.
	agree(t, "NumberGame(12)", "TNumberGame(12)", []string{"{6}", "{6, 7, 11}", "{2, 9, 10}"}, "grundy", "winning")
}

// reachable lists the positions of the Number Game on 2..hi that play reaches
// from the full one, by the seed's transition (POJ 1143): after picking i,
// a number j is forbidden when it is a multiple of i or j - i is forbidden.
func reachable(hi int) []string {
	full := uint64(0)
	for i := 2; i <= hi; i++ {
		full |= 1 << i
	}
	pick := func(num uint64, i int) uint64 {
		next := num &^ (1 << i)
		for j := i + 2; j <= hi; j++ {
			if next&(1<<j) != 0 && next&(1<<(j-i)) == 0 {
				next &^= 1 << j
			}
		}
		return next
	}
	seen := map[uint64]bool{full: true}
	queue := []uint64{full}
	for len(queue) > 0 {
		num := queue[0]
		queue = queue[1:]
		for i := 2; i <= hi; i++ {
			if num&(1<<i) != 0 {
				if next := pick(num, i); !seen[next] {
					seen[next] = true
					queue = append(queue, next)
				}
			}
		}
	}
	var out []string
	for num := range seen {
		var xs []string
		for i := 2; i <= hi; i++ {
			if num&(1<<i) != 0 {
				xs = append(xs, fmt.Sprint(i))
			}
		}
		out = append(out, strings.Join(xs, ", "))
	}
	sort.Strings(out)
	return out
}
