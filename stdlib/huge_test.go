package stdlib_test

// Huge positions, checked against computations independent of the builtins:
// OEIS's tables and stated periods, golden-ratio arithmetic in big.Float at
// high precision, and the seed's own O(n) scan.

import (
	"context"
	"math/big"
	mrand "math/rand"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/internal/seedref"
	"github.com/gamelang/gamelang/rules/tuple"
	"github.com/gamelang/gamelang/solve"
	"github.com/gamelang/gamelang/stdlib"
)

func bigInt(s string) *big.Int {
	n, ok := new(big.Int).SetString(s, 10)
	if !ok {
		panic(s)
	}
	return n
}

// A002187, Dawson's Chess; "has period 34 with the only exceptions at n = 0,
// 14, 16, 17, 31, 34 and 51", and Dawson's Kayles has values a(n-1).
var a002187 = strings.Split("0,1,1,2,0,3,1,1,0,3,3,2,2,4,0,5,2,2,3,3,0,1,1,3,0,2,1,1,0,4,5,2,7,4,0,1,1,2,0,3,1,1,0,3,3,2,2,4,4,5,5,2,3,3,0,1,1,3,0,2,1,1,0,4,5,3,7,4,8,1,1,2,0,3,1,1,0,3,3,2,2,4,4,5,5,9,3,3,0,1,1,3,0,2,1,1,0,4,5,3,7,4,8,1,1,2,0,3,1,1,0,3,3,2,2,4,4,5,5,9,3,3,0,1,1,3,0,2,1,1,0,4", ",")

// A002186, Kayles; "from n = 71 on, the sequence is periodic with period 12".
var a002186 = strings.Split("0,1,2,3,1,4,3,2,1,4,2,6,4,1,2,7,1,4,3,2,1,4,6,7,4,1,2,8,5,4,7,2,1,8,6,7,4,1,2,3,1,4,7,2,1,8,2,7,4,1,2,8,1,4,7,2,1,4,2,7,4,1,2,8,1,4,7,2,1,8,6,7,4,1,2,8,1,4,7,2,1,8,2,7,4,1,2,8,1,4,7,2,1,8,2,7,4,1,2,8,1,4,7,2,1", ",")

// periodic reads a term of a table that is periodic with period p from pre on.
func periodic(table []string, pre, p int64, n *big.Int) string {
	if n.IsInt64() && n.Int64() < int64(len(table)) {
		return table[n.Int64()]
	}
	r := new(big.Int).Sub(n, big.NewInt(pre))
	r.Mod(r, big.NewInt(p))
	return table[pre+r.Int64()]
}

func TestHugeOctalHeapsFollowOEIS(t *testing.T) {
	huge := []*big.Int{bigInt("1000000000000000000"), bigInt("123456789012345678901234567890"), new(big.Int).Lsh(big.NewInt(1), 300), bigInt("99999999999999999999999")}
	for i := 0; i < 20; i++ {
		huge = append(huge, new(big.Int).Rand(mrand.New(mrand.NewSource(int64(i))), new(big.Int).Lsh(big.NewInt(1), 100)))
	}
	in := session(t, false)
	for _, n := range huge {
		// Dawson's Kayles g(n) = A002187(n-1)
		want := periodic(a002187, 52, 34, new(big.Int).Sub(n, big.NewInt(1)))
		if got := value(t, in, "grundy(DawsonKayles("+n.String()+"))"); got != want {
			t.Errorf("grundy(DawsonKayles(%s)) = %s, OEIS A002187 gives %s", n, got, want)
		}
		if got, want := value(t, in, "grundy(Kayles("+n.String()+"))"), periodic(a002186, 71, 12, n); got != want {
			t.Errorf("grundy(Kayles(%s)) = %s, OEIS A002186 gives %s", n, got, want)
		}
	}
}

// phi to 4000 bits, so that floor(k phi) is exact for k up to 2^1000.
var phi = func() *big.Float {
	five := new(big.Float).SetPrec(4000).SetInt64(5)
	s := new(big.Float).SetPrec(4000).Sqrt(five)
	s.Add(s, new(big.Float).SetPrec(4000).SetInt64(1))
	return s.Quo(s, new(big.Float).SetPrec(4000).SetInt64(2))
}()

func floorTimesPhi(k *big.Int) *big.Int {
	f := new(big.Float).SetPrec(4000).SetInt(k)
	f.Mul(f, phi)
	n, _ := f.Int(nil)
	return n
}

func TestWythoffAgreesWithGoldenRatio(t *testing.T) {
	rng := mrand.New(mrand.NewSource(3))
	for _, bitsN := range []uint{10, 62, 63, 64, 65, 100, 200, 1000} {
		for i := 0; i < 30; i++ {
			k := new(big.Int).Rand(rng, new(big.Int).Lsh(big.NewInt(1), bitsN))
			a := floorTimesPhi(k)
			b := new(big.Int).Add(a, k)
			if got := stdlib.Lower(k); got.Cmp(a) != 0 {
				t.Fatalf("Lower(%s) = %s; floor(k phi) = %s", k, got, a)
			}
			if !stdlib.IsP(a, b) || !stdlib.IsP(b, a) {
				t.Fatalf("(%s, %s) is a P-position", a, b)
			}
			if stdlib.IsP(new(big.Int).Add(a, big.NewInt(1)), b) || stdlib.IsP(a, new(big.Int).Sub(b, big.NewInt(1))) {
				t.Fatalf("a neighbour of (%s, %s) is not a P-position", a, b)
			}
			if p := stdlib.Partner(a); p.Cmp(b) != 0 {
				t.Fatalf("Partner(%s) = %s, want %s", a, p, b)
			}
			if p := stdlib.Partner(b); p.Cmp(a) != 0 {
				t.Fatalf("Partner(%s) = %s, want %s", b, p, a)
			}
		}
	}
}

// The 64-bit test agrees with big.Int arithmetic everywhere below 2^62,
// including near the top where 5k^2 needs 127 bits.
func TestWythoff64AgreesWithBig(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for i := 0; i < 100000; i++ {
		k := rng.Uint64N(1 << 62)
		if i%3 == 0 {
			k = 1<<62 - 1 - uint64(i)
		}
		a := stdlib.Lower(new(big.Int).SetUint64(k)).Uint64()
		for _, x := range []uint64{a - 1, a, a + 1} {
			y := x + k
			if y >= 1<<62 {
				continue
			}
			if got, want := stdlib.IsP64(x, y), stdlib.Lower(new(big.Int).SetUint64(k)).Uint64() == x; got != want {
				t.Fatalf("IsP64(%d, %d) = %v, big says %v", x, y, got, want)
			}
		}
	}
}

// Every winning move of a huge Wythoff position leads to a P-position (by
// the golden-ratio test) and every P-position one move away is listed.
func TestWythoffHugeWinningMoves(t *testing.T) {
	w := stdlib.NewWythoff(&solve.Limits{})
	rng := mrand.New(mrand.NewSource(7))
	isP := func(x, y *big.Int) bool {
		if x.Cmp(y) > 0 {
			x, y = y, x
		}
		return floorTimesPhi(new(big.Int).Sub(y, x)).Cmp(x) == 0
	}
	for i := 0; i < 200; i++ {
		x := new(big.Int).Rand(rng, new(big.Int).Lsh(big.NewInt(1), 90))
		y := new(big.Int).Rand(rng, new(big.Int).Lsh(big.NewInt(1), 90))
		moves, err := w.NormalWinning(context.Background(), tuple.State{x, y})
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range moves {
			to := m.To[0].State.(tuple.State)
			if !isP(to[0], to[1]) {
				t.Fatalf("Wythoff(%s, %s) -> (%s, %s) is not a P-position", x, y, to[0], to[1])
			}
		}
		if isP(x, y) != (len(moves) == 0) {
			t.Fatalf("Wythoff(%s, %s): P = %v, but %d winning moves", x, y, isP(x, y), len(moves))
		}
	}
}

// Fibonacci Nim at 10^30: every winning move leaves a position whose
// smallest Zeckendorf term (computed here by the greedy rule on the list of
// Fibonacci numbers) exceeds the new cap; the first takes the smallest term.
func TestFibonacciNimHuge(t *testing.T) {
	f := stdlib.NewFibonacciNim(&solve.Limits{})
	fib := []*big.Int{big.NewInt(1), big.NewInt(2)}
	for len(fib) < 400 {
		fib = append(fib, new(big.Int).Add(fib[len(fib)-1], fib[len(fib)-2]))
	}
	smallest := func(n *big.Int) *big.Int { // greedy Zeckendorf, smallest term
		rest := new(big.Int).Set(n)
		var last *big.Int
		for i := len(fib) - 1; i >= 0; i-- {
			if fib[i].Cmp(rest) <= 0 {
				rest.Sub(rest, fib[i])
				last = fib[i]
			}
		}
		return last
	}
	n := bigInt("1000000000000000000000000000000")
	cap := new(big.Int).Sub(n, big.NewInt(1))
	moves, err := f.NormalWinning(context.Background(), tuple.State{n, cap})
	if err != nil || len(moves) == 0 {
		t.Fatalf("no winning move: %v", err)
	}
	for i, m := range moves {
		to := m.To[0].State.(tuple.State)
		k := new(big.Int).Sub(n, to[0])
		if k.Sign() <= 0 || k.Cmp(cap) > 0 || new(big.Int).Lsh(k, 1).Cmp(to[1]) != 0 {
			t.Fatalf("move %d takes %s, not a legal take", i, k)
		}
		if to[0].Sign() != 0 && smallest(to[0]).Cmp(to[1]) <= 0 {
			t.Fatalf("taking %s leaves an N-position", k)
		}
		if i == 0 && k.Cmp(smallest(n)) != 0 {
			t.Fatalf("the first winning take is %s, not the smallest Zeckendorf term %s", k, smallest(n))
		}
	}
}

func TestThueMorseBlockDoublingAgreesWithTheSeed(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for _, m := range []int{1, 2, 3, 7, 13, 50} {
		tm, err := stdlib.NewThueMorse(int64(m), &solve.Limits{})
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 15; i++ {
			n := rng.Int64N(3_000_000)
			o, _ := tm.NormalOutcome(context.Background(), big.NewInt(n))
			if (o == game.N) != seedref.ThueMorse(n, m) {
				t.Fatalf("ThueMorse(%d)(%d) is %s; the seed's scan says Alice wins: %v", m, n, o, seedref.ThueMorse(n, m))
			}
		}
	}
}
