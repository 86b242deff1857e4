package eval

import (
	"context"
	"math/big"
	"math/bits"

	"github.com/gamelang/gamelang/lang"
	"github.com/gamelang/gamelang/rules"
)

// nimMul is the nim product of a, b >= 0 of any size: the Fermat-power
// recursion of rules.NimMul64, on big integers above 64 bits.
func nimMul(a, b *big.Int) *big.Int {
	if a.BitLen() <= 64 && b.BitLen() <= 64 {
		return new(big.Int).SetUint64(rules.NimMul64(a.Uint64(), b.Uint64()))
	}
	n := uint(1) << bits.Len(uint(max(a.BitLen(), b.BitLen())-1)) // a power of two >= both lengths
	h := n / 2
	mask := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), h), big.NewInt(1))
	split := func(x *big.Int) (*big.Int, *big.Int) {
		return new(big.Int).Rsh(x, h), new(big.Int).And(x, mask)
	}
	a1, a0 := split(a)
	b1, b0 := split(b)
	hi := nimMul(a1, b1)
	low := nimMul(a0, b0)
	mid := nimMul(new(big.Int).Xor(a1, a0), new(big.Int).Xor(b1, b0))
	mid.Xor(mid, low)
	out := mid.Lsh(mid, h)
	out.Xor(out, low)
	return out.Xor(out, nimMul(hi, new(big.Int).Lsh(big.NewInt(1), h-1)))
}

func fnNimMul(in *Interp, ctx context.Context, call *lang.Call, args []Value) (Value, error) {
	xs, err := ints(call, args)
	if err != nil {
		return nil, err
	}
	acc := new(big.Int).Set(xs[0])
	for i, x := range xs {
		if x.Sign() < 0 {
			return nil, errorf(lang.ExprPos(call.Args[i]), "nimmul needs numbers >= 0, not %s", x)
		}
		if x.BitLen() > 1<<16 {
			return nil, errorf(lang.ExprPos(call.Args[i]), "nimmul of a number of more than %d bits", 1<<16)
		}
		if i > 0 {
			acc = nimMul(acc, x)
		}
	}
	return Int{acc}, nil
}
