package stdlib

// Wythoff's game (POJ 1067, seed 002): two heaps; take any number from one
// heap, or the same number from both.
//
// The P-positions are the pairs (a_k, a_k + k) and their mirror images, with
// a_k = floor(k phi) the lower Wythoff sequence. Because sqrt(5) k is
// irrational for k > 0, a_k = (k + isqrt(5 k^2)) / 2 exactly, in integers: no
// floating point, any size. Below 2^62 the test runs in 64-bit arithmetic with a
// 128-bit square root; beyond, in math/big.
//
// Grundy values of N-positions have no closed form; a table (row by row, with
// bitsets of the values in each column, row and diagonal) gives them for
// positions up to the state cap. Outcomes and winning moves need only the
// P-positions and are exact at every size.

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"math/bits"

	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/rules/tuple"
	"github.com/gamelang/gamelang/solve"
)

// Wythoff is the builtin Wythoff's game.
type Wythoff struct {
	limits *solve.Limits
	table  wythoffTable
}

// NewWythoff returns Wythoff's game.
func NewWythoff(limits *solve.Limits) *Wythoff { return &Wythoff{limits: limits} }

// Name is "Wythoff".
func (w *Wythoff) Name() string { return "Wythoff" }

// Kind is a pair of heaps (a, b).
func (w *Wythoff) Kind() game.Kind { return wythoffKind }

var wythoffKind = tuple.Of("a", "b")

// Decided is always false.
func (w *Wythoff) Decided(game.State) bool { return false }

// NormalSolver says how positions are answered.
func (w *Wythoff) NormalSolver() string {
	return "closed form: P-positions (a_k, a_k + k) with a_k = (k + isqrt(5k^2)) / 2, exact at any size; Grundy values of N-positions from a table"
}

// Lower is a_k = floor(k phi), the lower Wythoff sequence, for k >= 0.
func Lower(k *big.Int) *big.Int {
	s := new(big.Int).Mul(k, k)
	s.Mul(s, big.NewInt(5))
	s.Sqrt(s)
	s.Add(s, k)
	return s.Rsh(s, 1)
}

// lower64 is a_k for 0 <= k < 2^62.
func lower64(k uint64) uint64 {
	hi, lo := bits.Mul64(k, k)
	// 5 k^2 = 4 k^2 + k^2, in 128 bits
	hi5, lo5 := hi<<2|lo>>62, lo<<2
	var carry uint64
	lo5, carry = bits.Add64(lo5, lo, 0)
	hi5 += hi + carry
	return (k + isqrt128(hi5, lo5)) / 2
}

// isqrt128 is floor(sqrt(hi*2^64 + lo)) for hi < 2^62.
func isqrt128(hi, lo uint64) uint64 {
	f := math.Sqrt(float64(hi)*0x1p64 + float64(lo))
	r := uint64(f)
	if f >= 0x1p64 {
		r = math.MaxUint64
	}
	// one Newton step from the float estimate, then exact correction
	if r > 0 && hi < r {
		q, _ := bits.Div64(hi, lo, r)
		r = r/2 + q/2 + (r & q & 1)
	}
	for gt128(r, hi, lo) {
		r--
	}
	for r < math.MaxUint64 && !gt128(r+1, hi, lo) {
		r++
	}
	return r
}

// gt128 reports whether r^2 > hi*2^64 + lo.
func gt128(r, hi, lo uint64) bool {
	h, l := bits.Mul64(r, r)
	return h > hi || h == hi && l > lo
}

// IsP reports whether (x, y) is a P-position.
func IsP(x, y *big.Int) bool {
	if x.Cmp(y) > 0 {
		x, y = y, x
	}
	if y.IsUint64() && y.Uint64() < 1<<62 {
		return IsP64(x.Uint64(), y.Uint64())
	}
	return Lower(new(big.Int).Sub(y, x)).Cmp(x) == 0
}

// IsP64 reports whether (x, y) is a P-position, for x, y < 2^62.
func IsP64(x, y uint64) bool {
	if x > y {
		x, y = y, x
	}
	return lower64(y-x) == x
}

func pair(s game.State) (x, y *big.Int) {
	t := s.(tuple.State)
	return t[0], t[1]
}

// NormalOutcome is exact at every size.
func (w *Wythoff) NormalOutcome(_ context.Context, s game.State) (game.Outcome, error) {
	if IsP(pair(s)) {
		return game.P, nil
	}
	return game.N, nil
}

// NormalGrundy is 0 for P-positions at every size, and from the table
// otherwise.
func (w *Wythoff) NormalGrundy(ctx context.Context, s game.State) (*big.Int, error) {
	x, y := pair(s)
	if IsP(x, y) {
		return new(big.Int), nil
	}
	v, err := w.table.value(ctx, w.limits, x, y)
	if err != nil {
		return nil, err
	}
	return big.NewInt(int64(v)), nil
}

func (w *Wythoff) at(x, y *big.Int) game.Component {
	return game.Component{Rules: w, State: tuple.State{x, y}}
}

// Moves lists every move of a position within the table's reach.
func (w *Wythoff) Moves(ctx context.Context, s game.State) ([]game.Move, error) {
	x, y := pair(s)
	if !y.IsInt64() || !x.IsInt64() || x.Int64()+y.Int64() > int64(w.limits.States()) {
		return nil, fmt.Errorf("%s%s has too many moves to list; winning() finds the winning ones at any size", w.Name(), w.Kind().Format(s))
	}
	var out []game.Move
	a, b := x.Int64(), y.Int64()
	for k := int64(1); k <= a; k++ {
		out = append(out, game.Move{To: []game.Component{w.at(big.NewInt(a-k), y)}})
	}
	for k := int64(1); k <= b; k++ {
		out = append(out, game.Move{To: []game.Component{w.at(x, big.NewInt(b-k))}})
	}
	for k := int64(1); k <= min(a, b); k++ {
		out = append(out, game.Move{To: []game.Component{w.at(big.NewInt(a-k), big.NewInt(b-k))}})
	}
	return out, nil
}

// NormalWinning lists the moves to P-positions, from the closed form at any
// size.
func (w *Wythoff) NormalWinning(_ context.Context, s game.State) ([]game.Move, error) {
	x, y := pair(s)
	var out []game.Move
	add := func(a, b *big.Int) {
		out = append(out, game.Move{To: []game.Component{w.at(a, b)}})
	}
	if p := Partner(x); p.Cmp(y) < 0 { // lower y
		add(x, p)
	}
	if p := Partner(y); p.Cmp(x) < 0 { // lower x
		add(p, y)
	}
	lo, hi := x, y
	if lo.Cmp(hi) > 0 {
		lo, hi = hi, lo
	}
	k := new(big.Int).Sub(hi, lo)
	if a := Lower(k); a.Cmp(lo) < 0 { // lower both, keeping the difference
		d := new(big.Int).Sub(lo, a)
		add(new(big.Int).Sub(x, d), new(big.Int).Sub(y, d))
	}
	return out, nil
}

// Partner is the heap h' such that (h, h') is a P-position: a_j + j for
// h = a_j, a_j for h = a_j + j.
func Partner(h *big.Int) *big.Int {
	if h.Sign() == 0 {
		return new(big.Int)
	}
	// j near h / phi: floor((isqrt(5 h^2) - h) / 2), and h / phi^2 below it
	s := new(big.Int).Mul(h, h)
	s.Mul(s, big.NewInt(5)).Sqrt(s)
	j := new(big.Int).Sub(s, h)
	j.Rsh(j, 1)
	for d := int64(-2); d <= 2; d++ { // h = a_j for j next to h / phi
		jj := new(big.Int).Add(j, big.NewInt(d))
		if jj.Sign() > 0 && Lower(jj).Cmp(h) == 0 {
			return jj.Add(jj, h)
		}
	}
	j2 := new(big.Int).Sub(new(big.Int).Mul(h, big.NewInt(3)), s)
	j2.Rsh(j2, 1)
	for d := int64(-2); d <= 2; d++ { // h = a_j + j for j next to h / phi^2
		jj := new(big.Int).Add(j2, big.NewInt(d))
		if jj.Sign() > 0 {
			if a := Lower(jj); new(big.Int).Add(a, jj).Cmp(h) == 0 {
				return a
			}
		}
	}
	panic(fmt.Sprintf("stdlib: %s is in neither Wythoff sequence", h))
}

// wythoffTable holds g(a, b) for 0 <= a, b < size, filled row by row: the
// options of (a, b) are earlier cells of its column, its row and its
// diagonal, whose values are kept as bitsets.
type wythoffTable struct {
	size int
	g    []uint16 // g[a*size+b]
}

func (t *wythoffTable) value(ctx context.Context, lim *solve.Limits, x, y *big.Int) (uint32, error) {
	if x.IsInt64() && y.IsInt64() && x.Int64() < int64(t.size) && y.Int64() < int64(t.size) {
		return uint32(t.g[x.Int64()*int64(t.size)+y.Int64()]), nil
	}
	need := max(x.BitLen(), y.BitLen())
	if need > 30 || max(x.Int64(), y.Int64())+1 > int64(math.Sqrt(float64(lim.States()))) {
		return 0, fmt.Errorf("Wythoff(%s, %s) is an N-position (the player to move wins); Grundy values of N-positions have no closed form, and the table would need more than %d states (--max-states)", x, y, lim.States())
	}
	size := max(64, 2*t.size)
	for int64(size) <= max(x.Int64(), y.Int64()) {
		size *= 2
	}
	size = min(size, int(math.Sqrt(float64(lim.States()))))
	if err := t.fill(ctx, lim, size); err != nil {
		return 0, err
	}
	return uint32(t.g[x.Int64()*int64(t.size)+y.Int64()]), nil
}

func (t *wythoffTable) fill(ctx context.Context, lim *solve.Limits, size int) error {
	words := (3*size)/64 + 2 // values are below 3*size
	g := make([]uint16, size*size)
	col := make([]uint64, size*words)
	diag := make([]uint64, 2*size*words)
	row := make([]uint64, words)
	for a := 0; a < size; a++ {
		lim.ReportOf("Wythoff", "positions", int64(a*size), int64(size*size))
		if err := ctx.Err(); err != nil {
			return &solve.InterruptedError{What: "Wythoff", States: a * size, Err: err}
		}
		clear(row)
		for b := 0; b < size; b++ {
			c := col[b*words : (b+1)*words]
			d := diag[(b-a+size)*words : (b-a+size+1)*words]
			v := 0
			for i := 0; ; i++ {
				if free := ^(row[i] | c[i] | d[i]); free != 0 {
					v = 64*i + bits.TrailingZeros64(free)
					break
				}
			}
			g[a*size+b] = uint16(v)
			bit := uint64(1) << (v % 64)
			row[v/64] |= bit
			c[v/64] |= bit
			d[v/64] |= bit
		}
	}
	t.size, t.g = size, g
	return nil
}
