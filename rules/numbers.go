package rules

import (
	"math"
	"math/bits"

	"github.com/gamelang/gamelang/lang"
)

// Number theory on int64 for rules: gcd, isqrt, isprime, factorial. Each
// agrees with its big-integer twin in eval (a test checks them side by
// side) and fails, rather than wraps, where int64 cannot hold the answer.

func gcd64(p lang.Pos, a []int64) int64 {
	var g uint64
	for _, x := range a {
		if x == math.MinInt64 {
			Fail(p, "integer overflow")
		}
		u := uint64(abs64(x))
		for u != 0 {
			g, u = u, g%u
		}
	}
	return int64(g)
}

func isqrt64(p lang.Pos, n int64) int64 {
	if n < 0 {
		Fail(p, "isqrt of a negative number (%d)", n)
	}
	r := int64(math.Sqrt(float64(n)))
	for r > 0 && r > n/r { // r*r > n, without overflow
		r--
	}
	for (r + 1) <= n/(r+1) { // (r+1)^2 <= n
		r++
	}
	return r
}

func factorial64(p lang.Pos, n int64) int64 {
	switch {
	case n < 0:
		Fail(p, "factorial of a negative number (%d)", n)
	case n > 20:
		Fail(p, "factorial(%d) is too large for a rule (more than 63 bits)", n)
	}
	f := int64(1)
	for k := int64(2); k <= n; k++ {
		f *= k
	}
	return f
}

// isPrime64 is Miller-Rabin with the first twelve primes as bases, exact
// for every n < 3.3·10^24, so for every int64.
func isPrime64(n int64) bool {
	if n < 2 {
		return false
	}
	small := [...]uint64{2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37}
	u := uint64(n)
	for _, q := range small {
		if u%q == 0 {
			return u == q
		}
	}
	d, s := u-1, 0
	for d%2 == 0 {
		d, s = d/2, s+1
	}
	for _, a := range small {
		x := powMod(a, d, u)
		if x == 1 || x == u-1 {
			continue
		}
		composite := true
		for range s - 1 {
			x = mulMod(x, x, u)
			if x == u-1 {
				composite = false
				break
			}
		}
		if composite {
			return false
		}
	}
	return true
}

func mulMod(a, b, m uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	_, r := bits.Div64(hi%m, lo, m)
	return r
}

func powMod(a, e, m uint64) uint64 {
	r := uint64(1)
	a %= m
	for ; e > 0; e >>= 1 {
		if e&1 == 1 {
			r = mulMod(r, a, m)
		}
		a = mulMod(a, a, m)
	}
	return r
}

func nimmul64(p lang.Pos, a, b int64) int64 {
	if a < 0 || b < 0 {
		Fail(p, "nimmul of a negative number (%d, %d)", a, b)
	}
	return int64(NimMul64(uint64(a), uint64(b))) // < 2^63: the product stays below the field of the operands
}

// NimMul64 is the nim product of a and b (both >= 0): the field
// multiplication of the nimbers, by the Fermat-power recursion. For
// half = 2^(2^k), the largest Fermat 2-power with a, b < half^2, write
// a = a1*half ⊕ a0 and b = b1*half ⊕ b0; then
// a ⊗ b = ((a1⊗b1) ⊕ (a1⊗b0) ⊕ (a0⊗b1))*half ⊕ (a0⊗b0) ⊕ (a1⊗b1 ⊗ half/2),
// since half ⊗ half = half * 3/2 = half ⊕ half/2.
func NimMul64(a, b uint64) uint64 { return nimMul(a, b, 64) }

// nimMul multiplies a, b < 2^bits, bits a power of two.
func nimMul(a, b uint64, bits uint) uint64 {
	if a < 2 || b < 2 {
		return a * b
	}
	for bits > 1 && a>>(bits/2) == 0 && b>>(bits/2) == 0 {
		bits /= 2
	}
	h := bits / 2
	mask := uint64(1)<<h - 1
	a1, a0, b1, b0 := a>>h, a&mask, b>>h, b&mask
	hi := nimMul(a1, b1, h)
	mid := nimMul(a1^a0, b1^b0, h) ^ nimMul(a0, b0, h) // (a1⊕a0)(b1⊕b0) ⊕ a0b0 = a1b1 ⊕ a1b0 ⊕ a0b1
	return mid<<h ^ nimMul(a0, b0, h) ^ nimMul(hi, uint64(1)<<(h-1), h)
}
