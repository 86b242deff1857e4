package numeric

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"
)

// isPrime64 against trial division below 10^5, and against math/big (exact
// below 2^64) on the hard cases: Carmichael numbers, strong pseudoprimes to
// several bases, Mersenne primes, products of two large primes, and random
// numbers of every size.
func TestIsPrime64(t *testing.T) {
	for n := int64(-5); n < 100_000; n++ {
		want := n >= 2
		for d := int64(2); d*d <= n && want; d++ {
			want = n%d != 0
		}
		if got := IsPrime64(n); got != want {
			t.Fatalf("isprime(%d) = %v, want %v", n, got, want)
		}
	}
	hard := []int64{561, 1105, 1729, 2047, 1373653, 25326001, 3215031751, 2152302898747, 3474749660383,
		341550071728321, 3825123056546413051, 1<<31 - 1, 1<<61 - 1, 4611686014132420609, // (2^31-1)^2
		math.MaxInt64, 9223372036854775783, 3037000493 * 3037000453}
	rng := rand.New(rand.NewPCG(7, 7))
	for range 20000 {
		hard = append(hard, rng.Int64N(math.MaxInt64)>>rng.IntN(63))
	}
	for _, n := range hard {
		if got, want := IsPrime64(n), big.NewInt(n).ProbablyPrime(0); got != want {
			t.Errorf("isprime(%d) = %v, math/big says %v", n, got, want)
		}
	}
}

func TestIsqrtGcdFactorial(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	cases := []int64{0, 1, 2, 3, 4, 15, 16, 17, 1<<62 - 1, 1 << 62, math.MaxInt64, 3037000499 * 3037000499, 3037000499*3037000499 - 1}
	for range 20000 {
		cases = append(cases, rng.Int64N(math.MaxInt64)>>rng.IntN(63))
	}
	for _, n := range cases {
		want := new(big.Int).Sqrt(big.NewInt(n)).Int64()
		if got, _ := isqrt64([]int64{n}); got != want {
			t.Errorf("isqrt(%d) = %d, want %d", n, got, want)
		}
		m := rng.Int64N(1<<40) - 1<<39
		wantG := new(big.Int).GCD(nil, nil, big.NewInt(abs64(n)), big.NewInt(abs64(m))).Int64()
		if got, _ := gcd64([]int64{n, m}); got != wantG {
			t.Errorf("gcd(%d, %d) = %d, want %d", n, m, got, wantG)
		}
	}
	f := big.NewInt(1)
	for n := int64(0); n <= 20; n++ {
		if n > 1 {
			f.Mul(f, big.NewInt(n))
		}
		if got, _ := factorial64([]int64{n}); got != f.Int64() {
			t.Errorf("factorial(%d) = %d, want %s", n, got, f)
		}
	}
	for _, bad := range []func() (int64, error){
		func() (int64, error) { return factorial64([]int64{21}) },
		func() (int64, error) { return factorial64([]int64{-1}) },
		func() (int64, error) { return isqrt64([]int64{-1}) },
		func() (int64, error) { return gcd64([]int64{math.MinInt64}) }, // 2^63
	} {
		if _, err := bad(); err == nil {
			t.Error("no error where int64 cannot answer")
		}
	}
}

// nimMul against the definition a⊗b = mex{a'⊗b ⊕ a⊗b' ⊕ a'⊗b' : a' < a, b' < b}
// below 64, and the field laws (commutative, associative, distributive
// over xor, 2^(2^k) squared is 3/2 of itself) on random 64-bit numbers.
func TestNimMul(t *testing.T) {
	const n = 64
	var def [n][n]uint64
	for a := range uint64(n) {
		for b := range uint64(n) {
			seen := map[uint64]bool{}
			for a2 := range a {
				for b2 := range b {
					seen[def[a2][b]^def[a][b2]^def[a2][b2]] = true
				}
			}
			m := uint64(0)
			for seen[m] {
				m++
			}
			def[a][b] = m
			if got := NimMul64(a, b); got != m {
				t.Fatalf("%d ⊗ %d = %d, the definition gives %d", a, b, got, m)
			}
		}
	}
	rng := rand.New(rand.NewPCG(9, 9))
	for range 20000 {
		a, b, c := rng.Uint64(), rng.Uint64(), rng.Uint64()
		if NimMul64(a, b) != NimMul64(b, a) || NimMul64(NimMul64(a, b), c) != NimMul64(a, NimMul64(b, c)) ||
			NimMul64(a, b^c) != NimMul64(a, b)^NimMul64(a, c) {
			t.Fatalf("field laws fail at %d, %d, %d", a, b, c)
		}
	}
	for k := uint(0); k < 6; k++ {
		f := uint64(1) << (1 << k)
		if k < 6 && f != 0 && NimMul64(f, f) != f|f>>1 {
			t.Errorf("%d ⊗ %d = %d, want %d", f, f, NimMul64(f, f), f|f>>1)
		}
	}
}
