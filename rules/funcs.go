package rules

import (
	"math"
	"math/bits"

	"github.com/gamelang/gamelang/lang"
)

// funcs are the functions a rule may call, all on int64.
var funcs = map[string]struct {
	min, max int
	fn       func(p lang.Pos, args []int64) int64
}{
	"min":      {1, -1, func(_ lang.Pos, a []int64) int64 { return fold(a, func(x, y int64) int64 { return min(x, y) }) }},
	"max":      {1, -1, func(_ lang.Pos, a []int64) int64 { return fold(a, func(x, y int64) int64 { return max(x, y) }) }},
	"xor":      {1, -1, func(_ lang.Pos, a []int64) int64 { return fold(a, func(x, y int64) int64 { return x ^ y }) }},
	"abs":      {1, 1, func(p lang.Pos, a []int64) int64 { return absChecked(p, a[0]) }},
	"popcount": {1, 1, func(p lang.Pos, a []int64) int64 { return popcount(p, a[0]) }},
	"odd":      {1, 1, func(_ lang.Pos, a []int64) int64 { return a[0] & 1 }},
	"even":     {1, 1, func(_ lang.Pos, a []int64) int64 { return 1 - a[0]&1 }},
	"sum":      {1, -1, func(p lang.Pos, a []int64) int64 { return fold(a, intOp("+", p)) }},
	"all": {1, -1, func(_ lang.Pos, a []int64) int64 {
		return fold(a, func(x, y int64) int64 { return b2i(x != 0 && y != 0) })
	}},
	"any": {1, -1, func(_ lang.Pos, a []int64) int64 {
		return fold(a, func(x, y int64) int64 { return b2i(x != 0 || y != 0) })
	}},
	"nimmul":    {2, -1, func(p lang.Pos, a []int64) int64 { return fold(a, func(x, y int64) int64 { return nimmul64(p, x, y) }) }},
	"gcd":       {1, -1, gcd64},
	"isqrt":     {1, 1, func(p lang.Pos, a []int64) int64 { return isqrt64(p, a[0]) }},
	"isprime":   {1, 1, func(_ lang.Pos, a []int64) int64 { return b2i(isPrime64(a[0])) }},
	"factorial": {1, 1, func(p lang.Pos, a []int64) int64 { return factorial64(p, a[0]) }},
}

// IsFunc reports whether a rule may call the function name.
func IsFunc(name string) bool {
	_, ok := funcs[name]
	return ok
}

func fold(a []int64, f func(x, y int64) int64) int64 {
	acc := a[0]
	for _, x := range a[1:] {
		acc = f(acc, x)
	}
	return acc
}

func absChecked(p lang.Pos, v int64) int64 {
	if v == math.MinInt64 {
		Fail(p, "integer overflow")
	}
	return abs64(v)
}

func popcount(p lang.Pos, v int64) int64 {
	if v < 0 {
		Fail(p, "popcount of a negative number (%d)", v)
	}
	return int64(bits.OnesCount64(uint64(v)))
}
