package numeric

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/bits"
)

// Func is a numeric builtin.
type Func struct {
	Min, Max   int // arity; Max < 0: no upper bound
	Usage, Doc string
	// Need says what every argument must be, for messages at top level:
	// "isqrt needs a number >= 0, not -4". Empty: any number.
	Need string
	// Truth: the value is a truth value (1 or 0 inside rules).
	Truth bool
	// Logic: the arguments are truth values (all, any).
	Logic bool
	// Big is the exact value. An argument outside Need is an *ArgError
	// without a message; any other error an *ArgError that says it.
	Big func(xs []*big.Int) (*big.Int, error)
	// Int64 is the value inside a rule, or an error (overflow, an argument
	// out of range) that a rule reports at the call.
	Int64 func(xs []int64) (int64, error)
	// Pair, for a function that folds its arguments pairwise and cannot
	// fail (min, max, xor), is its value on two: a rule calls it without
	// gathering the arguments.
	Pair func(x, y int64) int64
	// Fold, for the same functions and sum, takes one more argument into
	// acc, in place: a generator folds its values without a copy each.
	Fold func(acc, x *big.Int)
}

var (
	minFold = func(acc, x *big.Int) { acc.Set(minBig(acc, x)) }
	maxFold = func(acc, x *big.Int) { acc.Set(maxBig(acc, x)) }
	sumFold = func(acc, x *big.Int) { acc.Add(acc, x) }
	xorFold = func(acc, x *big.Int) { acc.Xor(acc, x) }

	minPair = func(x, y int64) int64 { return min(x, y) }
	maxPair = func(x, y int64) int64 { return max(x, y) }
	xorPair = func(x, y int64) int64 { return x ^ y }
)

// ArgError is an error of one argument: the index of the argument, and
// what is wrong with it when it is not simply outside the function's Need.
type ArgError struct {
	Index int
	Msg   string
}

func (e *ArgError) Error() string {
	if e.Msg == "" {
		return fmt.Sprintf("argument %d is out of range", e.Index+1)
	}
	return e.Msg
}

// MaxFactorial bounds factorial() at top level: 100000! has 456 574 digits.
const MaxFactorial = 100_000

// MaxPrimeBits is the size of the largest number isprime tests: a prime
// of 4096 bits takes about a second.
const MaxPrimeBits = 4096

// MaxNimBits bounds the numbers nimmul() multiplies at top level.
const MaxNimBits = 1 << 16

// Funcs are the numeric builtins by name.
var Funcs = map[string]Func{
	"min": {Min: 1, Max: -1, Usage: "min(a, b, ...) or min(e for x in S)", Doc: "the smallest number",
		Big: foldBig(minFold), Fold: minFold,
		Int64: foldPair(minPair), Pair: minPair},
	"max": {Min: 1, Max: -1, Usage: "max(a, b, ...) or max(e for x in S)", Doc: "the largest number",
		Big: foldBig(maxFold), Fold: maxFold,
		Int64: foldPair(maxPair), Pair: maxPair},
	"sum": {Min: 1, Max: -1, Usage: "sum(a, b, ...) or sum(e for x in S)", Doc: "the sum of the numbers",
		Big: foldBig(sumFold), Fold: sumFold,
		Int64: sum64},
	"xor": {Min: 1, Max: -1, Usage: "xor(a, b, ...) or xor(e for x in S)", Doc: "the nim sum (bitwise exclusive or)",
		Big: foldBig(xorFold), Fold: xorFold,
		Int64: foldPair(xorPair), Pair: xorPair},
	"all": {Min: 1, Max: -1, Usage: "all(c for x in S) or all(a, b, ...)", Doc: "whether every condition holds (a generator stops at the first that fails)", Truth: true, Logic: true,
		Big:   foldBig(func(acc, x *big.Int) { acc.SetInt64(b2i(acc.Sign() != 0 && x.Sign() != 0)) }),
		Int64: fold64(func(x, y int64) (int64, error) { return b2i(x != 0 && y != 0), nil })},
	"any": {Min: 1, Max: -1, Usage: "any(c for x in S) or any(a, b, ...)", Doc: "whether some condition holds (a generator stops at the first that holds)", Truth: true, Logic: true,
		Big:   foldBig(func(acc, x *big.Int) { acc.SetInt64(b2i(acc.Sign() != 0 || x.Sign() != 0)) }),
		Int64: fold64(func(x, y int64) (int64, error) { return b2i(x != 0 || y != 0), nil })},
	"abs": {Min: 1, Max: 1, Usage: "abs(x)", Doc: "the absolute value",
		Big: func(xs []*big.Int) (*big.Int, error) { return new(big.Int).Abs(xs[0]), nil },
		Int64: func(xs []int64) (int64, error) {
			if xs[0] == math.MinInt64 {
				return 0, errOverflow
			}
			return abs64(xs[0]), nil
		}},
	"popcount": {Min: 1, Max: 1, Usage: "popcount(x)", Doc: "the number of 1 bits of x >= 0", Need: "a number >= 0",
		Big: func(xs []*big.Int) (*big.Int, error) {
			if xs[0].Sign() < 0 {
				return nil, &ArgError{}
			}
			n := 0
			for _, w := range xs[0].Bits() {
				n += bits.OnesCount64(uint64(w))
			}
			return big.NewInt(int64(n)), nil
		},
		Int64: func(xs []int64) (int64, error) {
			if xs[0] < 0 {
				return 0, fmt.Errorf("popcount of a negative number (%d)", xs[0])
			}
			return int64(bits.OnesCount64(uint64(xs[0]))), nil
		}},
	"odd": {Min: 1, Max: 1, Usage: "odd(x)", Doc: "whether x is odd", Truth: true,
		Big:   func(xs []*big.Int) (*big.Int, error) { return big.NewInt(int64(xs[0].Bit(0))), nil },
		Int64: func(xs []int64) (int64, error) { return xs[0] & 1, nil }},
	"even": {Min: 1, Max: 1, Usage: "even(x)", Doc: "whether x is even", Truth: true,
		Big:   func(xs []*big.Int) (*big.Int, error) { return big.NewInt(int64(1 - xs[0].Bit(0))), nil },
		Int64: func(xs []int64) (int64, error) { return 1 - xs[0]&1, nil }},
	"nimmul": {Min: 2, Max: -1, Usage: "nimmul(a, b, ...)", Doc: "the nim product: the multiplication of the field of nimbers, with xor its addition (the values of product games and coin-turning games on a grid, by the Tartan theorem)", Need: "numbers >= 0",
		Big: func(xs []*big.Int) (*big.Int, error) {
			acc := new(big.Int).Set(xs[0])
			for i, x := range xs {
				if x.Sign() < 0 {
					return nil, &ArgError{Index: i}
				}
				if x.BitLen() > MaxNimBits {
					return nil, &ArgError{Index: i, Msg: fmt.Sprintf("nimmul of a number of more than %d bits", MaxNimBits)}
				}
				if i > 0 {
					acc = NimMul(acc, x)
				}
			}
			return acc, nil
		},
		Int64: func(xs []int64) (int64, error) {
			acc := uint64(1)
			for _, x := range xs {
				if x < 0 {
					return 0, fmt.Errorf("nimmul of a negative number (%d)", x)
				}
				acc = NimMul64(acc, uint64(x)) // in the field of 2^64 elements: it may pass 63 bits
			}
			if acc > math.MaxInt64 {
				return 0, fmt.Errorf("integer overflow in nimmul: %d", acc)
			}
			return int64(acc), nil
		}},
	"gcd": {Min: 1, Max: -1, Usage: "gcd(a, b, ...)", Doc: "the greatest common divisor (of the absolute values; gcd(0, 0) = 0)",
		Big: func(xs []*big.Int) (*big.Int, error) {
			g := new(big.Int)
			for _, x := range xs {
				g.GCD(nil, nil, g, new(big.Int).Abs(x))
			}
			return g, nil
		},
		Int64: gcd64},
	"isqrt": {Min: 1, Max: 1, Usage: "isqrt(x)", Doc: "the integer square root of x >= 0: the largest r with r^2 <= x", Need: "a number >= 0",
		Big: func(xs []*big.Int) (*big.Int, error) {
			if xs[0].Sign() < 0 {
				return nil, &ArgError{}
			}
			return new(big.Int).Sqrt(xs[0]), nil
		},
		Int64: isqrt64},
	"isprime": {Min: 1, Max: 1, Usage: "isprime(x)", Doc: "whether x is a prime (exact below 2^64; beyond, Baillie-PSW and 20 Miller-Rabin rounds, with no counterexample known)", Truth: true,
		Big: func(xs []*big.Int) (*big.Int, error) {
			if xs[0].BitLen() > MaxPrimeBits { // a test of 10^4 bits takes seconds that Ctrl-C cannot cut
				return nil, &ArgError{Index: 0, Msg: fmt.Sprintf("isprime tests numbers of at most %d bits, not one of %d", MaxPrimeBits, xs[0].BitLen())}
			}
			return big.NewInt(b2i(xs[0].Sign() > 0 && xs[0].ProbablyPrime(20))), nil
		},
		Int64: func(xs []int64) (int64, error) { return b2i(IsPrime64(xs[0])), nil }},
	"factorial": {Min: 1, Max: 1, Usage: "factorial(x)", Doc: fmt.Sprintf("x! for 0 <= x <= %d", MaxFactorial), Need: fmt.Sprintf("a number from 0 to %d", MaxFactorial),
		Big: func(xs []*big.Int) (*big.Int, error) {
			x := xs[0]
			if x.Sign() < 0 || x.Cmp(big.NewInt(MaxFactorial)) > 0 {
				return nil, &ArgError{}
			}
			if x.Int64() < 2 {
				return big.NewInt(1), nil
			}
			return new(big.Int).MulRange(2, x.Int64()), nil
		},
		Int64: factorial64},
}

var errOverflow = errors.New("integer overflow")

func foldBig(f func(acc, x *big.Int)) func([]*big.Int) (*big.Int, error) {
	return func(xs []*big.Int) (*big.Int, error) {
		acc := new(big.Int).Set(xs[0])
		for _, x := range xs[1:] {
			f(acc, x)
		}
		return acc, nil
	}
}

// foldPair is fold64 of an operation that cannot fail.
func foldPair(f func(x, y int64) int64) func([]int64) (int64, error) {
	return fold64(func(x, y int64) (int64, error) { return f(x, y), nil })
}

func fold64(f func(x, y int64) (int64, error)) func([]int64) (int64, error) {
	return func(xs []int64) (int64, error) {
		acc := xs[0]
		for _, x := range xs[1:] {
			var err error
			if acc, err = f(acc, x); err != nil {
				return 0, err
			}
		}
		return acc, nil
	}
}

func minBig(a, b *big.Int) *big.Int {
	if b.Cmp(a) < 0 {
		return b
	}
	return a
}

func maxBig(a, b *big.Int) *big.Int {
	if b.Cmp(a) > 0 {
		return b
	}
	return a
}

// sum64 adds in int64 while the partial sums fit, and exactly when one
// does not: only a total past int64 is an error.
func sum64(xs []int64) (int64, error) {
	acc := xs[0]
	for i, x := range xs[1:] {
		c := acc + x
		if (c > acc) != (x > 0) {
			exact := big.NewInt(acc)
			for _, y := range xs[i+1:] {
				exact.Add(exact, big.NewInt(y))
			}
			if !exact.IsInt64() {
				return 0, fmt.Errorf("integer overflow in sum: %s", exact)
			}
			return exact.Int64(), nil
		}
		acc = c
	}
	return acc, nil
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

func abs64(a int64) int64 {
	if a < 0 {
		return -a
	}
	return a
}
