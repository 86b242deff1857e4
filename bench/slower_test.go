// Package bench holds the tests of bench/run's helpers; the benchmarks
// themselves are bench/run and the packages' Go benchmarks.
package bench

import (
	"fmt"
	"math/rand/v2"
	"os/exec"
	"strconv"
	"strings"
	"testing"
)

// slower runs slower.awk on rows of (default, one core) times, and returns
// each row's p and verdict.
func slower(t *testing.T, rows [][2][]float64) ([]float64, []string) {
	t.Helper()
	awk, err := exec.LookPath("awk")
	if err != nil {
		t.Skip("no awk")
	}
	var in strings.Builder
	for _, r := range rows {
		for _, x := range r[0] {
			fmt.Fprintf(&in, "%g ", x)
		}
		in.WriteString(";")
		for _, x := range r[1] {
			fmt.Fprintf(&in, " %g", x)
		}
		in.WriteString("\n")
	}
	cmd := exec.Command(awk, "-f", "slower.awk")
	cmd.Stdin = strings.NewReader(in.String())
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("awk -f slower.awk: %v", err)
	}
	var ps []float64
	var vs []string
	for line := range strings.Lines(string(out)) {
		f := strings.Fields(line)
		if len(f) != 2 {
			t.Fatalf("slower.awk printed %q", line)
		}
		p, err := strconv.ParseFloat(f[0], 64)
		if err != nil {
			t.Fatalf("slower.awk printed %q", line)
		}
		ps, vs = append(ps, p), append(vs, f[1])
	}
	if len(ps) != len(rows) {
		t.Fatalf("slower.awk printed %d lines for %d rows", len(ps), len(rows))
	}
	return ps, vs
}

// permP is the one-sided p-value by brute force: over every way of
// splitting the pooled times into m for the default and n for one core,
// the share whose U (pairs with the default's larger, ties a half) is at
// least the observed one.
func permP(d, o []float64) float64 {
	pool := append(append([]float64{}, d...), o...)
	u := func(in []bool) float64 {
		var s float64
		for i, a := range pool {
			for j, b := range pool {
				if in[i] && !in[j] {
					switch {
					case a > b:
						s++
					case a == b:
						s += 0.5
					}
				}
			}
		}
		return s
	}
	obs := make([]bool, len(pool))
	for i := range d {
		obs[i] = true
	}
	u0 := u(obs)
	var all, tail int
	for mask := 0; mask < 1<<len(pool); mask++ {
		in := make([]bool, len(pool))
		k := 0
		for i := range pool {
			if mask>>i&1 == 1 {
				in[i] = true
				k++
			}
		}
		if k != len(d) {
			continue
		}
		all++
		if u(in) >= u0 {
			tail++
		}
	}
	return float64(tail) / float64(all)
}

func TestSlowerAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var rows [][2][]float64
	for range 40 {
		m, n := 2+r.IntN(5), 2+r.IntN(5)
		shift := float64(r.IntN(3)) // 0: the same; 1, 2: the default slower
		var d, o []float64
		for range m {
			d = append(d, float64(r.IntN(1000))+shift*300) // distinct with high probability
		}
		for range n {
			o = append(o, float64(r.IntN(1000)))
		}
		rows = append(rows, [2][]float64{d, o})
	}
	ps, _ := slower(t, rows)
	for i, row := range rows {
		want := permP(row[0], row[1])
		distinct := map[float64]bool{}
		for _, x := range append(append([]float64{}, row[0]...), row[1]...) {
			distinct[x] = true
		}
		if len(distinct) < len(row[0])+len(row[1]) {
			// ties: slower.awk rounds U down, so its p is never below
			if ps[i] < want-1e-4 {
				t.Errorf("row %d %v: p = %.4f below the permutation test's %.4f", i, row, ps[i], want)
			}
			continue
		}
		if d := ps[i] - want; d > 1e-4 || d < -1e-4 {
			t.Errorf("row %d %v: p = %.4f, by brute force %.4f", i, row, ps[i], want)
		}
	}
}

// The published critical values of the Mann-Whitney U test (one-sided,
// 5%): U ≤ 0 for 3 and 3 runs, U ≤ 1 for 4 and 4, U ≤ 4 for 5 and 5, U ≤ 7
// for 6 and 6 (Mann and Whitney 1947; every statistics text's table). U here counts the pairs with the default's
// larger, so "U ≤ c" of the table is "mn - U ≤ c" here.
func TestSlowerCriticalValues(t *testing.T) {
	// m default times and n one-core times with exactly smallU pairs in
	// which one core's is the larger
	row := func(m, n, smallU int) [2][]float64 {
		var d, o []float64
		for j := range n {
			o = append(o, float64(10*j))
		}
		for i := range m {
			b := min(smallU, n) // one core's times above this one
			smallU -= b
			d = append(d, float64(10*(n-b))-5+float64(i)/100)
		}
		return [2][]float64{d, o}
	}
	cases := []struct {
		m, n, smallU int
		sig          bool
	}{
		{5, 5, 4, true}, {5, 5, 5, false}, {3, 3, 0, true}, {3, 3, 1, false},
		{4, 4, 1, true}, {4, 4, 2, false}, {6, 6, 7, true}, {6, 6, 8, false},
	}
	for _, c := range cases {
		r := row(c.m, c.n, c.smallU)
		p := permP(r[0], r[1])
		got, _ := slower(t, [][2][]float64{r})
		if d := got[0] - p; d > 1e-4 || d < -1e-4 {
			t.Errorf("%d, %d with U' = %d: p = %.4f, by brute force %.4f", c.m, c.n, c.smallU, got[0], p)
		}
		if (got[0] <= 0.05) != c.sig {
			t.Errorf("%d, %d with U' = %d: p = %.4f, the published table says significant: %v", c.m, c.n, c.smallU, got[0], c.sig)
		}
	}
}

func TestSlowerVerdicts(t *testing.T) {
	apart := [2][]float64{{1.30, 1.31, 1.32, 1.33, 1.34}, {1.20, 1.21, 1.22, 1.23, 1.24}}
	mixed := [2][]float64{{1.30, 1.22, 1.32, 1.21, 1.34}, {1.20, 1.31, 1.22, 1.33, 1.24}}
	faster := [2][]float64{apart[1], apart[0]}
	three := [2][]float64{{2, 3, 4}, {0, 1, 1.5}}
	cases := []struct {
		name string
		rows [][2][]float64
		want []string
	}{
		// 5 runs each, every default run slower: p = 1/252, below 5%/9
		{"apart among nine", [][2][]float64{apart, mixed, faster, mixed, faster, mixed, faster, mixed, faster}, []string{"slower", "no", "no", "no", "no", "no", "no", "no", "no"}},
		{"overlapping", [][2][]float64{mixed}, []string{"no"}},
		// 3 runs each: the least p is 1/20, never significant over two rows
		{"too few runs", [][2][]float64{three, three}, []string{"few", "few"}},
		{"three runs alone", [][2][]float64{three}, []string{"slower"}},
	}
	for _, c := range cases {
		_, got := slower(t, c.rows)
		if strings.Join(got, " ") != strings.Join(c.want, " ") {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
	// Holm: the second smallest p is held to 5%/(k-1)
	p2 := [2][]float64{{1.30, 1.31, 1.32, 1.33, 1.205}, {1.20, 1.21, 1.22, 1.23, 1.24}} // U = 21: p = 0.0476
	ps, got := slower(t, [][2][]float64{apart, p2})
	if got[0] != "slower" || got[1] != "slower" || ps[1] > 0.05 {
		t.Errorf("two rows, p %v: %v, want both slower (0.0476 <= 5%%/1)", ps, got)
	}
	ps, got = slower(t, [][2][]float64{apart, p2, mixed})
	if got[0] != "slower" || got[1] != "no" {
		t.Errorf("three rows, p %v: %v, want slower then no (0.0476 > 5%%/2)", ps, got)
	}
}
