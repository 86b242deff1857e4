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
