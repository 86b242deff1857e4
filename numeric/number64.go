package numeric

import (
	"fmt"
	"math"
	"math/big"
	"math/bits"
)

// Number theory on int64 for rules, each the twin of its exact form in
// Funcs: gcd, isqrt, isprime, factorial, the nim product.

func gcd64(a []int64) (int64, error) {
	var g uint64
	for _, x := range a {
		u := uint64(abs64(x)) // 2^63 for -2^63, as it should be
		for u != 0 {
			g, u = u, g%u
		}
	}
	if g > math.MaxInt64 { // gcd(-2^63, 0) is 2^63
		return 0, errOverflow
	}
	return int64(g), nil
}

func isqrt64(xs []int64) (int64, error) {
	n := xs[0]
	if n < 0 {
		return 0, fmt.Errorf("isqrt of a negative number (%d)", n)
	}
	r := int64(math.Sqrt(float64(n)))
	for r > 0 && r > n/r { // r*r > n, without overflow
		r--
	}
	for (r + 1) <= n/(r+1) { // (r+1)^2 <= n
		r++
	}
	return r, nil
}

func factorial64(xs []int64) (int64, error) {
	n := xs[0]
	switch {
	case n < 0:
		return 0, fmt.Errorf("factorial of a negative number (%d)", n)
	case n > 20:
		return 0, fmt.Errorf("factorial(%d) is too large for a rule (more than 63 bits)", n)
	}
	f := int64(1)
	for k := int64(2); k <= n; k++ {
		f *= k
	}
	return f, nil
}

// IsPrime64 is Miller-Rabin with the first twelve primes as bases, exact
// for every n < 3.3·10^24, so for every int64.
func IsPrime64(n int64) bool {
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

// NimMul is the nim product of a, b >= 0 of any size: the Fermat-power
// recursion of NimMul64, on big integers above 64 bits.
func NimMul(a, b *big.Int) *big.Int {
	if a.BitLen() <= 64 && b.BitLen() <= 64 {
		return new(big.Int).SetUint64(NimMul64(a.Uint64(), b.Uint64()))
	}
	n := uint(1) << bits.Len(uint(max(a.BitLen(), b.BitLen())-1)) // a power of two >= both lengths
	h := n / 2
	mask := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), h), big.NewInt(1))
	split := func(x *big.Int) (*big.Int, *big.Int) {
		return new(big.Int).Rsh(x, h), new(big.Int).And(x, mask)
	}
	a1, a0 := split(a)
	b1, b0 := split(b)
	hi := NimMul(a1, b1)
	low := NimMul(a0, b0)
	mid := NimMul(new(big.Int).Xor(a1, a0), new(big.Int).Xor(b1, b0))
	mid.Xor(mid, low)
	out := mid.Lsh(mid, h)
	out.Xor(out, low)
	return out.Xor(out, NimMul(hi, new(big.Int).Lsh(big.NewInt(1), h-1)))
}
