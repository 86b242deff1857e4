package octal

import (
	"context"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/gamelang/gamelang/solve"
)

// bruteInfinite is g(0) .. g(n-1) of an infinite code by the definition,
// written here without the engines: every take k <= m, every way to leave
// the rest as none, one or two heaps.
func bruteInfinite(c Code, n int) []uint64 {
	g := make([]uint64, n)
	var seen []int // seen[v] == m: v is an option of m
	for m := 1; m < n; m++ {
		mark := func(v uint64) {
			for v >= uint64(len(seen)) {
				seen = append(seen, make([]int, len(seen)+64)...)
			}
			seen[v] = m
		}
		for k := 0; k <= m; k++ {
			d, r := c.Digit(int64(k)), m-k
			if d&LeaveNone != 0 && r == 0 {
				mark(0)
			}
			if d&LeaveOne != 0 && r > 0 && k > 0 {
				mark(g[r])
			}
			if d&LeaveTwo != 0 {
				for a := 1; 2*a <= r; a++ {
					mark(g[a] ^ g[r-a])
				}
			}
		}
		for g[m] < uint64(len(seen)) && seen[g[m]] == m {
			g[m]++
		}
	}
	return g
}

// Lasker's Nim (Winning Ways, ch. 4): g(4k+1) = 4k+1, g(4k+2) = 4k+2,
// g(4k+3) = 4k+4, g(4k+4) = 4k+3.
func lasker(n *big.Int) *big.Int {
	if n.Sign() == 0 {
		return new(big.Int)
	}
	r := new(big.Int).Mod(n, big.NewInt(4)).Int64()
	switch r {
	case 3:
		return new(big.Int).Add(n, big.NewInt(1))
	case 0:
		return new(big.Int).Sub(n, big.NewInt(1))
	}
	return new(big.Int).Set(n)
}

func TestSaltusLasker(t *testing.T) {
	tab := table(t, "4.(3)", Config{})
	s, err := tab.FindSaltus(context.Background(), 0)
	if err != nil || s == nil {
		t.Fatalf("no arithmetic period proved: %v", err)
	}
	if s.Pre != 1 || s.Len != 4 || s.Jump != 4 {
		t.Errorf("got %s, want period 4, saltus 4 from n = 1", s)
	}
	big10 := new(big.Int).Exp(big.NewInt(10), big.NewInt(18), nil)
	ns := []*big.Int{big.NewInt(2147483647), big10, new(big.Int).Exp(big.NewInt(7), big.NewInt(90), nil)}
	for i := int64(0); i < 200; i++ {
		ns = append(ns, big.NewInt(i), new(big.Int).Add(big10, big.NewInt(i)))
	}
	for _, n := range ns {
		if got, want := s.Value(n), lasker(n); got.Cmp(want) != 0 {
			t.Errorf("g(%s) = %s, want %s", n, got, want)
		}
	}
	// A heap past the values is answered from the pattern, not computed
	// one by one (O(n) each); so is a fresh table's.
	for _, tb := range []*Table{tab, table(t, "4.(3)", Config{})} {
		v, err := tb.Value64(context.Background(), 1_000_003)
		if err != nil || v != 1_000_004 || tb.Len() > 1<<15 {
			t.Errorf("g(1000003) = %d (%v), with %d values stored", v, err, tb.Len())
		}
	}
}

// Every arithmetic period proved for a random infinite code, from at most
// 256 values (in 512), holds on the values by the definition far beyond them.
func TestSaltusRandomCodes(t *testing.T) {
	const far = 1000
	rng := rand.New(rand.NewPCG(15, 4))
	proved, tried := 0, 0
	seen := map[string]bool{}
	codes := 200
	if testing.Short() {
		codes = 50
	}
	for tried < codes {
		digits := []Digit{Digit(rng.IntN(2)) * 4}
		for k := rng.IntN(4); k > 0; k-- {
			digits = append(digits, Digit(rng.IntN(8)))
		}
		c := NewCode(digits, Digit(1+rng.IntN(7)))
		if seen[c.String()] {
			continue
		}
		seen[c.String()] = true
		tried++
		tab := NewTable(c, Config{Limits: &solve.Limits{}})
		s, err := tab.FindSaltus(context.Background(), 256)
		if err != nil {
			t.Fatal(err)
		}
		if s == nil {
			continue
		}
		proved++
		g := bruteInfinite(c, far)
		for n := range g {
			if got := s.Value(big.NewInt(int64(n))); got.Cmp(new(big.Int).SetUint64(g[n])) != 0 {
				t.Fatalf("%s: %s\ng(%d) = %d by the definition, the pattern says %s", c, s, n, g[n], got)
			}
		}
	}
	t.Logf("%d of %d codes proved arithmetic-periodic", proved, tried)
	if proved < codes*2/5 {
		t.Errorf("only %d codes proved", proved)
	}
}

// The induction step, checked against the definition: patterns made from
// true ones by small changes (a value of the first period, of the
// preperiod, a high part) are mostly false; whenever the step is accepted
// for one, the mex over the options of n, valued by the pattern itself,
// must give the pattern's value for every n from the bound T1 on (over 6
// periods here).
func TestSaltusStepAgainstDefinition(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 5))
	const periods = 6
	accepted, changedAccepted := 0, 0
	for tried := 0; tried < 300; tried++ {
		digits := []Digit{Digit(rng.IntN(2)) * 4}
		for k := rng.IntN(4); k > 0; k-- {
			digits = append(digits, Digit(rng.IntN(8)))
		}
		c := NewCode(digits, Digit(1+rng.IntN(7)))
		tab := NewTable(c, Config{Limits: &solve.Limits{}})
		if err := tab.Grow(context.Background(), 511); err != nil {
			t.Fatal(err)
		}
		n0, p, jump, ok := tab.saltusCandidate(512)
		if !ok {
			continue
		}
		for change := 0; change < 4; change++ {
			pr := newSaltusProof(tab, n0, p, jump)
			switch i := rng.Int64N(p); change {
			case 1: // a value of the first period
				pr.base[i] ^= 1 + uint64(rng.IntN(3))
			case 2: // a value of the preperiod
				if n0 > 1 {
					pr.small[1+rng.Int64N(n0-1)] ^= 1
				}
			case 3: // a high part
				pr.base[i] += jump
			}
			for i := range pr.base {
				pr.c[i], pr.r[i] = int64(pr.base[i]>>pr.shift), pr.base[i]&(jump-1)
			}
			f := func(m int64) uint64 {
				if m < n0 {
					return pr.small[m]
				}
				return uint64((m-n0)/p)*jump + pr.base[(m-n0)%p]
			}
			for b := n0; b < int64(len(pr.small)); b++ {
				pr.small[b] = f(b)
			}
			T1, ok := pr.step()
			if !ok || n0+(T1+periods)*p > 1200 { // beyond 1200 the test would be slow
				continue
			}
			accepted++
			if change != 0 {
				changedAccepted++
			}
			for n := n0 + T1*p; n < n0+(T1+periods)*p; n++ {
				if g := mexOf(c, n, f); g != f(n) {
					t.Fatalf("%s, pattern from n0 = %d, p = %d, s = %d, changed (%d): base %v, small %v\nthe step was accepted from T1 = %d, but heap %d has mex %d, not %d",
						c, n0, p, jump, change, pr.base, pr.small, T1, n, g, f(n))
				}
			}
		}
	}
	t.Logf("%d patterns accepted, %d of them changed from the values", accepted, changedAccepted)
	if accepted < 60 {
		t.Errorf("only %d patterns accepted", accepted)
	}
}

// mexOf is the mex over the options of heap n of code c, valued by f.
func mexOf(c Code, n int64, f func(int64) uint64) uint64 {
	var seen []bool
	mark := func(v uint64) {
		for v >= uint64(len(seen)) {
			seen = append(seen, make([]bool, len(seen)+64)...)
		}
		seen[v] = true
	}
	for k := int64(0); k <= n; k++ {
		d, r := c.Digit(k), n-k
		if d&LeaveNone != 0 && r == 0 {
			mark(0)
		}
		if d&LeaveOne != 0 && r > 0 && k > 0 {
			mark(f(r))
		}
		if d&LeaveTwo != 0 {
			for a := int64(1); 2*a <= r; a++ {
				mark(f(a) ^ f(r-a))
			}
		}
	}
	g := uint64(0)
	for g < uint64(len(seen)) && seen[g] {
		g++
	}
	return g
}

// FuzzSaltus: an infinite code from the bytes (the digit before the point
// 0 or 4, up to five digits, a tail); an arithmetic period proved from at
// most 256 values (in 512) must hold on the values by the definition to 700.
func FuzzSaltus(f *testing.F) {
	f.Add([]byte{4, 3})       // Lasker's Nim, 4.(3)
	f.Add([]byte{0, 7})       // 0.(7)
	f.Add([]byte{4, 7, 2, 3}) // 4.72(3)
	f.Fuzz(func(t *testing.T, b []byte) {
		if len(b) < 2 || len(b) > 7 {
			return
		}
		digits := []Digit{Digit(b[0]&1) * 4}
		for _, x := range b[1 : len(b)-1] {
			digits = append(digits, Digit(x&7))
		}
		tail := Digit(b[len(b)-1] & 7)
		if tail == 0 {
			return
		}
		c := NewCode(digits, tail)
		s, err := NewTable(c, Config{Limits: &solve.Limits{}}).FindSaltus(context.Background(), 256)
		if err != nil || s == nil {
			return
		}
		g := bruteInfinite(c, 700)
		for n := range g {
			if got := s.Value(big.NewInt(int64(n))); got.Cmp(new(big.Int).SetUint64(g[n])) != 0 {
				t.Fatalf("%s: %s\ng(%d) = %d by the definition, the pattern says %s", c, s, n, g[n], got)
			}
		}
	})
}

// A search for a period is bounded by the memory budget (two bytes a
// value while they fit in a byte), or by the state cap when one is set.
func TestPeriodLimit(t *testing.T) {
	c, _ := Parse("0.1777", 8)
	if got := NewTable(c, Config{Limits: &solve.Limits{MaxMemory: 1 << 30}}).PeriodLimit(); got != 1<<29-1 {
		t.Errorf("within 1 GiB: %d values, want %d", got, 1<<29-1)
	}
	if got := NewTable(c, Config{Limits: &solve.Limits{MaxMemory: 1 << 30, MaxStates: 5000}}).PeriodLimit(); got != 4999 {
		t.Errorf("with a state cap of 5000: %d values", got)
	}
	// 0.1777's period needs 4.4·10^8 values: within the smallest default
	// budget (1 GiB), not within the old state cap (2·10^7).
	if NewTable(c, Config{Limits: &solve.Limits{MaxMemory: 1 << 30}}).PeriodLimit() < 443139469 {
		t.Error("0.1777 would not fit the default budget")
	}
}
