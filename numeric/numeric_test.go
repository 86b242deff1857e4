package numeric

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"
)

// Both forms of every builtin agree: on random int64 arguments of every
// size and sign, the int64 form gives the exact form's value, or an error
// exactly where the exact value does not fit an int64 or an argument is
// outside the function's domain (where the exact form refuses it too, or,
// for factorial, where the value passes 63 bits).
func TestBothFormsAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(26, 4))
	draw := func() int64 {
		switch rng.IntN(6) {
		case 0:
			return rng.Int64N(41) - 20
		case 1:
			return []int64{0, 1, -1, math.MaxInt64, math.MinInt64, 1 << 62, -(1 << 62), 21}[rng.IntN(8)]
		}
		x := rng.Int64() >> rng.IntN(63)
		if rng.IntN(2) == 0 {
			x = -x
		}
		return x
	}
	for name, f := range Funcs {
		tried, answered := 0, 0
		for range 5000 {
			n := f.Min
			if f.Max < 0 || f.Max > f.Min {
				n += rng.IntN(3)
			}
			xs := make([]int64, n)
			bs := make([]*big.Int, n)
			for i := range xs {
				xs[i] = draw()
				if f.Logic {
					xs[i] = int64(rng.IntN(2))
				}
				bs[i] = big.NewInt(xs[i])
			}
			tried++
			got, err := f.Int64(xs)
			want, bigErr := f.Big(bs)
			fits := bigErr == nil && want.IsInt64()
			switch {
			case err == nil && !fits:
				t.Fatalf("%s%v: int64 form %d, exact form %v (%v)", name, xs, got, want, bigErr)
			case err == nil && got != want.Int64():
				t.Fatalf("%s%v: int64 form %d, exact form %s", name, xs, got, want)
			case err != nil && fits && !(name == "factorial" && xs[0] > 20):
				t.Fatalf("%s%v: int64 form fails (%v) where the exact value %s fits", name, xs, err, want)
			case err == nil:
				answered++
			}
		}
		if answered < tried/10 {
			t.Errorf("%s: only %d of %d draws answered by the int64 form", name, answered, tried)
		}
	}
}
