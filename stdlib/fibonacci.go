package stdlib

// Fibonacci Nim (seed 004): a heap of n; a move takes k tokens, 1 <= k <= cap,
// and the next player's cap is 2k. A game starts at (n, n - 1).
//
// Write n in Zeckendorf form, a sum of non-consecutive Fibonacci numbers.
// (n, cap) is a P-position exactly when n = 0 or the smallest term exceeds
// cap. The winning moves take the sum of the s smallest terms for some s:
// taking k leaves m = n - k with smallest term above 2k, so k lies below the
// smallest term of m, and n = m + k is m's representation followed by k's; so k
// is a "suffix" of n's representation, and it wins when it is at most the cap
// and below half the smallest term left (or takes everything). At most as many
// candidates as terms: O(log n) at any size.
//
// Grundy values of N-positions have no closed form; a table gives them for
// heaps up to the state cap: g(n, c) is the mex of g(n-k, 2k) for k <= c, a
// growing set as c grows, so each row costs O(n).

import (
	"context"
	"fmt"
	"math"
	"math/big"

	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/rules/tuple"
	"github.com/gamelang/gamelang/solve"
)

// FibonacciNim is the builtin Fibonacci Nim.
type FibonacciNim struct {
	limits *solve.Limits
	rows   [][]uint16 // rows[n][c] = g(n, c) for c <= n
}

// NewFibonacciNim returns Fibonacci Nim.
func NewFibonacciNim(limits *solve.Limits) *FibonacciNim { return &FibonacciNim{limits: limits} }

// Name is "FibonacciNim".
func (f *FibonacciNim) Name() string { return "FibonacciNim" }

// Kind is (n, cap).
func (f *FibonacciNim) Kind() game.Kind { return fibonacciKind }

var fibonacciKind = tuple.Of("n", "cap")

// Decided is always false.
func (f *FibonacciNim) Decided(game.State) bool { return false }

// NormalSolver says how positions are answered.
func (f *FibonacciNim) NormalSolver() string {
	return "closed form: (n, cap) is P when the smallest Zeckendorf term of n exceeds cap; winning takes are sums of the smallest terms; Grundy values of N-positions from a table"
}

// Zeckendorf returns the terms of n's Zeckendorf representation, largest first.
func Zeckendorf(n *big.Int) []*big.Int {
	fib := []*big.Int{big.NewInt(1), big.NewInt(2)}
	for fib[len(fib)-1].Cmp(n) <= 0 {
		fib = append(fib, new(big.Int).Add(fib[len(fib)-1], fib[len(fib)-2]))
	}
	var out []*big.Int
	rest := new(big.Int).Set(n)
	for i := len(fib) - 1; i >= 0 && rest.Sign() > 0; i-- {
		if fib[i].Cmp(rest) <= 0 {
			out = append(out, fib[i])
			rest.Sub(rest, fib[i])
		}
	}
	return out
}

func fibState(s game.State) (n, cap *big.Int) {
	t := s.(tuple.State)
	return t[0], t[1]
}

// NormalOutcome is exact at every size.
func (f *FibonacciNim) NormalOutcome(_ context.Context, s game.State) (game.Outcome, error) {
	n, cap := fibState(s)
	if n.Sign() == 0 {
		return game.P, nil
	}
	z := Zeckendorf(n)
	if z[len(z)-1].Cmp(cap) > 0 {
		return game.P, nil
	}
	return game.N, nil
}

// NormalGrundy is 0 for P-positions at every size, and from the table
// otherwise.
func (f *FibonacciNim) NormalGrundy(ctx context.Context, s game.State) (*big.Int, error) {
	if o, _ := f.NormalOutcome(ctx, s); o == game.P {
		return new(big.Int), nil
	}
	n, cap := fibState(s)
	maxN := int64(math.Sqrt(2 * float64(f.limits.States())))
	if !n.IsInt64() || n.Int64() > maxN {
		return nil, fmt.Errorf("FibonacciNim(%s, %s) is an N-position (the player to move wins); Grundy values of N-positions have no closed form, and the table would need more than %d states (--max-states)", n, cap, f.limits.States())
	}
	if err := f.fill(ctx, int(n.Int64())); err != nil {
		return nil, err
	}
	c := int64(len(f.rows[n.Int64()]) - 1)
	if cap.IsInt64() && cap.Int64() < c {
		c = cap.Int64()
	}
	return big.NewInt(int64(f.rows[n.Int64()][c])), nil
}

// fill computes the rows up to n.
func (f *FibonacciNim) fill(ctx context.Context, n int) error {
	var seen []bool
	for m := len(f.rows); m <= n; m++ {
		f.limits.Report("FibonacciNim", "heaps", int64(m))
		if err := ctx.Err(); err != nil {
			return &solve.InterruptedError{What: "FibonacciNim", States: m, Err: err}
		}
		row := make([]uint16, m+1)
		seen = append(seen[:0], make([]bool, m+2)...)
		mex := 0
		for c := 1; c <= m; c++ { // option k = c: (m - c, min(2c, m - c))
			left := m - c
			seen[f.rows[left][min(2*c, left)]] = true
			for seen[mex] {
				mex++
			}
			row[c] = uint16(mex)
		}
		f.rows = append(f.rows, row)
	}
	return nil
}

func (f *FibonacciNim) at(n, cap *big.Int) game.Component {
	return game.Component{Rules: f, State: tuple.State{n, cap}}
}

// Moves lists every move of a position within reach.
func (f *FibonacciNim) Moves(_ context.Context, s game.State) ([]game.Move, error) {
	n, cap := fibState(s)
	most := n
	if cap.Cmp(n) < 0 {
		most = cap
	}
	if !most.IsInt64() || most.Int64() > int64(f.limits.States()) {
		return nil, fmt.Errorf("FibonacciNim(%s, %s) has too many moves to list; winning() finds the winning ones at any size", n, cap)
	}
	var out []game.Move
	for k := int64(1); k <= most.Int64(); k++ {
		kk := big.NewInt(k)
		out = append(out, game.Move{To: []game.Component{f.at(new(big.Int).Sub(n, kk), new(big.Int).Lsh(kk, 1))}})
	}
	return out, nil
}

// NormalWinning lists the winning takes, from the Zeckendorf representation
// at any size.
func (f *FibonacciNim) NormalWinning(_ context.Context, s game.State) ([]game.Move, error) {
	n, cap := fibState(s)
	z := Zeckendorf(n)
	var out []game.Move
	k := new(big.Int)
	for i := len(z) - 1; i >= 0; i-- { // k = the len(z)-i smallest terms
		k = new(big.Int).Add(k, z[i])
		if k.Cmp(cap) > 0 {
			break
		}
		if i == 0 || new(big.Int).Lsh(k, 1).Cmp(z[i-1]) < 0 {
			out = append(out, game.Move{To: []game.Component{f.at(new(big.Int).Sub(n, k), new(big.Int).Lsh(k, 1))}})
		}
	}
	return out, nil
}
