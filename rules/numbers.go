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
