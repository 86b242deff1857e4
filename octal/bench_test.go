package octal

import (
	"context"

	"math/big"
	"testing"

	"github.com/gamelang/gamelang/solve"
)

// benchTable grows a fresh table of code to n, claiming no period, so that
// the engine itself is measured.
func benchTable(b *testing.B, code string, n int, cfg Config) {
	for b.Loop() {
		tab := table(b, code, cfg)
		tab.provableOff = true
		if err := tab.Grow(context.Background(), n); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "values/s")
}

func rangeCodeOf(lo, hi int) string {
	d := []Digit{0}
	for k := 1; k <= hi; k++ {
		d = append(d, Digit(3*b2u8(k >= lo)))
	}
	return NewCode(d, 0).String()
}

// The stream engine: a window for take 1..50, reach bitsets for
// S = {1, 8, ..., 694} (the subtraction row of bench/run).
func BenchmarkStreamRange(b *testing.B) { benchTable(b, rangeCodeOf(1, 50), 10_000_000, Config{}) }

func BenchmarkStreamReach(b *testing.B) {
	d := make([]Digit, 695)
	for i := 0; i < 100; i++ {
		d[1+7*i] = 3
	}
	benchTable(b, NewCode(d, 0).String(), 2_000_000, Config{})
}

// The sparse-space engine on Kayles, .1777 and 4.007 (bench/run's row).

func BenchmarkSparse1777(b *testing.B)    { benchTable(b, "0.1777", 10_000_000, Config{}) }
func BenchmarkSparse4007(b *testing.B)    { benchTable(b, "4.007", 300_000, Config{}) }
func BenchmarkPlainHex(b *testing.B)      { benchTable(b, "0.8", 300, Config{}) }
func BenchmarkPlainInfinite(b *testing.B) { benchTable(b, "0.(7)", 5_000, Config{}) }

// BenchmarkPeriodDawsonKayles proves the period of 0.07 from a fresh table.
func BenchmarkPeriodDawsonKayles(b *testing.B) {
	for b.Loop() {
		tab := table(b, "0.07", Config{})
		if p, err := tab.FindPeriod(context.Background(), 1000); p == nil || err != nil {
			b.Fatal(p, err)
		}
	}
}

// BenchmarkOutcomeRunThueMorse runs the P-bits of take 1..50 with the
// ThueMorseGame rule, a block of decided heaps at a time, to 10^8.
func BenchmarkOutcomeRunThueMorse(b *testing.B) {
	lost := func(n int64) bool { return popcount(n)%2 == 1 }
	for b.Loop() {
		tab := table(b, rangeCodeOf(1, 50), Config{Lost: lost, LostBlock: func(from int64, l []bool) int {
			for i := range l {
				l[i] = lost(from + int64(i))
			}
			return len(l)
		}, Limits: &solve.Limits{MaxStates: 1000}})
		if _, err := tab.Outcome(context.Background(), big.NewInt(100_000_003)); err != nil {
			b.Fatal(err)
		}
	}
}
