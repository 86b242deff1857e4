package cli_test

import (
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/gamelang/gamelang/internal/cli"
)

// pairs is n lines of two numbers below 10^6.
func pairs(n int) string {
	rng := rand.New(rand.NewPCG(16, 2))
	var b strings.Builder
	for range n {
		fmt.Fprintf(&b, "%d %d\n", rng.IntN(1_000_000), rng.IntN(1_000_000))
	}
	return b.String()
}

// --each answers one line per line, as the same queries one by one would.
func TestEachAgreesWithQueries(t *testing.T) {
	input := pairs(300)
	var out, errs strings.Builder
	if st := cli.Main([]string{"--each", "a b: outcome(Wythoff(a, b))"}, strings.NewReader(input), &out, &errs); st != 0 {
		t.Fatalf("status %d: %s", st, errs.String())
	}
	got := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	lines := strings.Split(strings.TrimSuffix(input, "\n"), "\n")
	if len(got) != len(lines) {
		t.Fatalf("%d answers for %d lines", len(got), len(lines))
	}
	for i, l := range lines[:50] {
		var a, b int
		fmt.Sscan(l, &a, &b)
		var one strings.Builder
		cli.Main([]string{"-e", fmt.Sprintf("outcome(Wythoff(%d, %d))", a, b)}, strings.NewReader(""), &one, io.Discard)
		if strings.TrimSpace(one.String()) != got[i] {
			t.Fatalf("line %d (%s): --each says %s, -e says %s", i+1, l, got[i], one.String())
		}
	}
}

// BenchmarkEach: contest input through --each, 100 000 lines a run;
// queries/s is what to compare.
func BenchmarkEach(b *testing.B) {
	const n = 100_000
	input := pairs(n)
	for _, c := range []struct{ name, spec string }{
		{"Wythoff", "a b: outcome(Wythoff(a, b))"},
		{"NimSum", "a b: grundy(Nim(a) + Nim(b))"},
		{"KaylesSum", "a b: grundy(Kayles(a) + DawsonKayles(b))"},
	} {
		spec := c.spec
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				if st := cli.Main([]string{"--each", spec}, strings.NewReader(input), io.Discard, io.Discard); st != 0 {
					b.Fatalf("status %d", st)
				}
			}
			b.ReportMetric(float64(n*b.N)/b.Elapsed().Seconds(), "queries/s")
		})
	}
}

// snim is the brute force of S-Nim: the Grundy values of heaps 0..top when a
// move takes a number of S.
func snim(s []int, top int) []int {
	g := make([]int, top+1)
	for n := range g {
		seen := map[int]bool{}
		for _, k := range s {
			if k <= n {
				seen[g[n-k]] = true
			}
		}
		for seen[g[n]] {
			g[n]++
		}
	}
	return g
}

// HDU 1536's format, drawn at random (test cases of "k s1..sk", m, then m
// lines "l h1..hl", ended by 0), answered by --each as the judge would
// want: W or L per position, a line per test case, against S-Nim computed
// here by mex.
func TestEachHDU1536AgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(1536, 28))
	var in, want strings.Builder
	for range 20 {
		k := 1 + r.IntN(6)
		s := make([]int, k)
		fmt.Fprint(&in, k)
		for i := range s {
			s[i] = 1 + r.IntN(12)
			fmt.Fprint(&in, " ", s[i])
		}
		g := snim(s, 200)
		m := 1 + r.IntN(8)
		fmt.Fprintf(&in, "\n%d\n", m)
		for range m {
			l := r.IntN(5) // an empty position is lost by the player to move
			fmt.Fprint(&in, l)
			x := 0
			for range l {
				h := r.IntN(201)
				fmt.Fprint(&in, " ", h)
				x ^= g[h]
			}
			in.WriteString("\n")
			if x != 0 {
				want.WriteString("W")
			} else {
				want.WriteString("L")
			}
		}
		want.WriteString("\n")
	}
	in.WriteString("0\n")
	var out, errs strings.Builder
	args := []string{"--join", "", "--end", "0", "--each", `k s...; m; l h... * m: if outcome(sum(Subtraction(s)(x) for x in h)) == N then "W" else "L"`}
	if st := cli.Main(args, strings.NewReader(in.String()), &out, &errs); st != 0 {
		t.Fatalf("status %d: %s", st, errs.String())
	}
	if out.String() != want.String() {
		t.Fatalf("input:\n%s\ngot:\n%s\nwant:\n%s", in.String(), out.String(), want.String())
	}
}

// POJ 1067's format: a line "a b" per game, 1 when the first player wins,
// against Wythoff's game solved here by dynamic programming.
func TestEachPOJ1067AgainstBruteForce(t *testing.T) {
	const top = 60
	var lose [top + 1][top + 1]bool // lose[a][b]: the player to move loses
	for a := 0; a <= top; a++ {
		for b := 0; b <= top; b++ {
			win := false
			for k := 1; k <= a && !win; k++ {
				win = lose[a-k][b]
			}
			for k := 1; k <= b && !win; k++ {
				win = lose[a][b-k]
			}
			for k := 1; k <= min(a, b) && !win; k++ {
				win = lose[a-k][b-k]
			}
			lose[a][b] = !win
		}
	}
	var in, want strings.Builder
	for a := 0; a <= top; a += 3 {
		for b := 0; b <= top; b++ {
			fmt.Fprintf(&in, "%d %d\n", a, b)
			if lose[a][b] {
				want.WriteString("0\n")
			} else {
				want.WriteString("1\n")
			}
		}
	}
	var out, errs strings.Builder
	if st := cli.Main([]string{"--each", "a b: if outcome(Wythoff(a, b)) == N then 1 else 0"}, strings.NewReader(in.String()), &out, &errs); st != 0 {
		t.Fatalf("status %d: %s", st, errs.String())
	}
	if out.String() != want.String() {
		t.Fatalf("got and want differ:\n%s", out.String())
	}
}

// FuzzEach: whatever the pattern and the input, --each answers, or stops
// with a usage error (2) or an error at a line of the input (1): never a
// panic, never an allocation the input's numbers size (a count of 10^18
// records is read as far as the input goes).
//
//	go test ./internal/cli -run XXX -fuzz FuzzEach -fuzztime 2m
func FuzzEach(f *testing.F) {
	f.Add("a b: a + b", "1 2\n3 4\n")
	f.Add("k s...; m; l h... * m: sum(h) + len(s)", "2 2 5\n3\n2 5 12\n3 2 4 7\n4 2 3 7 12\n0\n")
	f.Add("t; (n; a...) * t: xor(a)", "2\n3\n1 2 3\n2\n5 5\n")
	f.Add("m; a * m: a", "1000000000000000000\n1\n")
	f.Add("a...: [x * 2 for x in a]", "1 2 3\n\n-4\n")
	f.Fuzz(func(t *testing.T, spec, input string) {
		if len(input) > 1<<12 || len(spec) > 200 {
			return
		}
		var out, errs strings.Builder
		st := cli.Main([]string{"--max-states", "10000", "--end", "0", "--each", spec}, strings.NewReader(input), &out, &errs)
		if st != 0 && st != 1 && st != 2 {
			t.Fatalf("--each %q on %q: status %d\n%s", spec, input, st, errs.String())
		}
		if st == 1 && !strings.Contains(errs.String(), ":") {
			t.Fatalf("--each %q on %q: an error that names no place: %s", spec, input, errs.String())
		}
	})
}

// A line past --each's 64 MiB is an error at its line, after the answers
// before it; a line past bufio.Scanner's 64 KiB is read.
func TestEachLongLines(t *testing.T) {
	var out, errs strings.Builder
	wide := strings.Repeat("1 ", 40<<10) // 80 KiB: 40960 numbers
	if st := cli.Main([]string{"--each", "n xs...: n + len(xs)"}, strings.NewReader("3\n"+wide+"\n"), &out, &errs); st != 0 || out.String() != "3\n40960\n" {
		t.Errorf("status %d, out %q, errors %q", st, out.String(), errs.String())
	}
	out.Reset()
	errs.Reset()
	long := strings.Repeat("1 ", 33<<20)
	if st := cli.Main([]string{"--each", "a: a"}, strings.NewReader("3\n"+long+"\n4\n"), &out, &errs); st == 0 || out.String() != "3\n" || !strings.Contains(errs.String(), "<stdin>:2: a line longer than 64 MiB") {
		t.Errorf("status %d, out %q, errors %q", st, out.String(), errs.String())
	}
}
