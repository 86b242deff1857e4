package normal

// The octal engines as a fast path: a ruleset given by a take-and-break code
// is answered from the code's table (octal.Table) — its stored values, its
// proved period for heaps of any size, its P-bits past the state cap — and
// a huge heap's splits are listed as families, one per value.

import (
	"context"
	"fmt"
	"math/big"
	"slices"

	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/octal"
	"github.com/gamelang/gamelang/play"
	"github.com/gamelang/gamelang/solve"
)

// takeAndBreak answers for a heap game given by a code.
func takeAndBreak(r game.Ruleset, env play.Env) (Values, bool) {
	c, ok := r.(octal.Coded)
	h, isHeap := r.(game.HeapGame)
	if !ok || !isHeap {
		return nil, false
	}
	spec := c.Spec()
	cfg := octal.Config{Lost: spec.Lost, LostBlock: spec.LostBlock, Limits: env.Limits, What: r.Name(), ValuesDir: env.ValuesDir}
	return &codeValues{r: h, origin: spec.Origin, table: octal.NewTable(spec.Code, cfg), limits: env.Limits}, true
}

type codeValues struct {
	r      game.HeapGame
	origin string
	table  *octal.Table
	limits *solve.Limits
}

// Table is the Grundy sequence of the code.
func (v *codeValues) Table() *octal.Table { return v.table }

// Grundy is g(n), from the table or its proved period.
func (v *codeValues) Grundy(ctx context.Context, s game.State) (g *big.Int, err error) {
	defer solve.Catch(&err)
	return v.table.BigValue(ctx, s.(*big.Int))
}

// Outcome is P or N; for heaps past the state cap of a code that never
// splits, from a run of P-bits rather than of values.
func (v *codeValues) Outcome(ctx context.Context, s game.State) (o game.Outcome, err error) {
	defer solve.Catch(&err)
	isP, err := v.table.Outcome(ctx, s.(*big.Int))
	if isP {
		return game.P, err
	}
	return game.N, err
}

// Period looks for a period among the first limit values.
func (v *codeValues) Period(ctx context.Context, limit int) (p *octal.Period, err error) {
	defer solve.Catch(&err)
	return v.table.FindPeriod(ctx, limit)
}

// Saltus looks for an arithmetic period of an infinite code among the first
// limit values (0: a default bound).
func (v *codeValues) Saltus(ctx context.Context, limit int) (s *octal.Saltus, err error) {
	defer solve.Catch(&err)
	return v.table.FindSaltus(ctx, limit)
}

// Solver names the code, its engine and what is known of its period.
func (v *codeValues) Solver() string {
	t := v.table
	s := fmt.Sprintf("take-and-break code %s (%s): %s", t.Code(), v.origin, t.Engine())
	switch p := t.Period(); {
	case p != nil:
		return s + fmt.Sprintf("; period %d from n = %d, proved, so every heap is answered at once", p.Len, p.Pre)
	case t.Decides():
		return s + "; a 'loses if' rule may depend on n in any way, so no period is claimed"
	case t.Saltus() != nil:
		a := t.Saltus()
		return s + fmt.Sprintf("; arithmetic period %d, saltus %d, from n = %d, proved, so every heap is answered at once", a.Len, a.Jump, a.Pre)
	case !t.Code().Finite() && t.Code().Splits() <= 2:
		return s + "; the code is infinite: an arithmetic period (g(n+p) = g(n) + s) is looked for once a heap past the values is asked about"
	case !t.Code().Finite():
		return s + "; the code is infinite, so no periodicity theorem applies"
	}
	if t.Len() == 0 {
		return s + "; a period is looked for once heaps are asked about"
	}
	s += fmt.Sprintf("; no period proved among the %d values known", t.Len())
	if r, ok := t.Rare(); ok && t.Code().Splits() == 2 {
		s += fmt.Sprintf("; %s", rareText(r))
	}
	if f := t.ValuesFile(); f != "" {
		s += "; the values are kept in " + f
	}
	return s
}

// rareText says what the values known say of the rare values: the mask,
// how many heaps are rare and the last of them, and the largest value.
func rareText(r octal.Rare) string {
	return fmt.Sprintf("rare values (popcount(v & %d) even): %d of the heaps 0..%d, the last n = %d; the largest value %d, first at n = %d",
		r.Mask, r.Count, r.N-1, r.Last, r.Max, r.MaxAt)
}

// familyMin is the smallest heap whose splits are listed as families once a
// period is proved: below it every move is listed.
func (v *codeValues) familyMin() (*octal.Period, *big.Int) {
	p := v.table.Period()
	if p == nil || v.table.Code().Splits() != 2 {
		return nil, nil
	}
	return p, big.NewInt(4*(p.Pre+p.Len) + int64(v.table.Code().MaxTake()) + 64)
}

// Moves lists every move of heap n: one by one, or for a huge heap of a code
// with a proved period, its splits as families (one per residue of the part
// a modulo the period).
func (v *codeValues) Moves(ctx context.Context, s game.State) ([]game.Move, error) {
	return v.moves(ctx, s.(*big.Int), nil)
}

// MovesTo lists the moves of heap n to value x.
func (v *codeValues) MovesTo(ctx context.Context, s game.State, x *big.Int) ([]game.Move, error) {
	return v.moves(ctx, s.(*big.Int), x)
}

// movesToP lists the moves of heap n to P-positions, each option's outcome
// found by the table's run of outcomes (octal.Table.Skips).
func (v *codeValues) movesToP(ctx context.Context, n *big.Int) (out []game.Move, err error) {
	var parts [][]int64
	w := solve.NewWork(ctx, v.limits, v.r.Name(), v.table.Len)
	err = w.Do(func() error {
		return v.r.Options(w, n.Int64(), func(ps []int64) { parts = append(parts, slices.Clone(ps)) })
	})
	if err != nil {
		return nil, err
	}
	for i := len(parts) - 1; i >= 0; i-- { // the largest heaps first: the run goes down from n
		ps := parts[i]
		heap := int64(0) // a code that never splits leaves one heap or none
		if len(ps) == 1 {
			heap = ps[0]
		}
		isP, err := v.table.Outcome(ctx, big.NewInt(heap))
		if err != nil {
			return nil, err
		}
		if isP { // heap 0's outcome counts its 'loses if' already
			out = append(out, game.Move{To: game.Heaps(v.r, ps...)})
		}
	}
	slices.Reverse(out)
	return out, nil
}

// moves lists the moves of heap n, or only those to value x when x != nil.
func (v *codeValues) moves(ctx context.Context, n *big.Int, x *big.Int) (out []game.Move, err error) {
	defer solve.Catch(&err)
	if x != nil && x.Sign() == 0 && v.table.Skips(n) { // the moves to P-positions, by outcomes
		return v.movesToP(ctx, n)
	}
	if _, err := v.table.Value(ctx, n); err != nil { // finds the period of a huge heap first
		return nil, err
	}
	if c := v.table.Code(); c.Finite() && c.Splits() == 1 && !n.IsInt64() {
		return v.singles(ctx, n, x)
	}
	if p, min := v.familyMin(); p != nil && n.Cmp(min) > 0 {
		return v.families(ctx, n, p, x), nil
	}
	if !n.IsInt64() || n.Int64() >= int64(v.table.Len())+(1<<40) {
		return nil, fmt.Errorf("%s(%s) has too many moves to list one by one, and no period is proved to group them", v.r.Name(), n)
	}
	w := solve.NewWork(ctx, v.limits, v.r.Name(), v.table.Len)
	err = w.Do(func() error {
		return v.r.Options(w, n.Int64(), func(parts []int64) {
			if x != nil && v.xor(ctx, parts).Cmp(x) != 0 {
				return
			}
			out = append(out, game.Move{To: game.Heaps(v.r, parts...)})
		})
	})
	return out, err
}

// xor is the value of a move leaving parts; a failure aborts.
func (v *codeValues) xor(ctx context.Context, parts []int64) *big.Int {
	g := uint32(0)
	for _, p := range parts {
		x, err := v.table.Value64(ctx, p)
		if err != nil {
			solve.Abort(err)
		}
		g ^= x
	}
	return big.NewInt(int64(g))
}

// val is g(x) for a heap whose value the table has (its period is proved).
func (v *codeValues) val(ctx context.Context, x *big.Int) uint32 {
	g, err := v.table.Value(ctx, x)
	if err != nil {
		solve.Abort(err)
	}
	return g
}

// singles lists the moves of a huge heap n of a code that never splits: at
// most one per take.
func (v *codeValues) singles(ctx context.Context, n *big.Int, x *big.Int) ([]game.Move, error) {
	var out []game.Move
	c := v.table.Code()
	for k := int64(1); k <= int64(c.MaxTake()); k++ {
		if c.Digit(k)&octal.LeaveOne == 0 {
			continue
		}
		rest := new(big.Int).Sub(n, big.NewInt(k))
		if x != nil && x.Cmp(big.NewInt(int64(v.val(ctx, rest)))) != 0 {
			continue
		}
		out = append(out, game.Move{To: []game.Component{{Rules: v.r, State: rest}}})
	}
	return out, nil
}

// families lists the moves of a huge heap n of a code with period p: single
// moves that leave one heap, the splits with a small part one by one, and the
// splits a + b with both parts past the preperiod as one family per value
// (all of them reach the same value). With x != nil, only the moves to x.
func (v *codeValues) families(ctx context.Context, n *big.Int, p *octal.Period, x *big.Int) []game.Move {
	c := v.table.Code()
	want := func(g uint32) bool { return x == nil || x.Cmp(big.NewInt(int64(g))) == 0 }
	var out []game.Move
	for k := int64(0); k <= int64(c.MaxTake()); k++ {
		d := c.Digit(k)
		rest := new(big.Int).Sub(n, big.NewInt(k))
		if d&octal.LeaveOne != 0 && want(v.val(ctx, rest)) {
			out = append(out, game.Move{To: []game.Component{{Rules: v.r, State: rest}}})
		}
		if d&octal.LeaveTwo == 0 {
			continue
		}
		hi := new(big.Int).Rsh(rest, 1) // a <= rest/2 (a < rest/2 for unequal splits)
		if c.Unequal() && rest.Bit(0) == 0 {
			hi.Sub(hi, big.NewInt(1))
		}
		for a := int64(1); a < p.Pre && big.NewInt(a).Cmp(hi) <= 0; a++ {
			b := new(big.Int).Sub(rest, big.NewInt(a))
			if want(v.val(ctx, big.NewInt(a)) ^ v.val(ctx, b)) {
				out = append(out, game.Move{To: []game.Component{{Rules: v.r, State: big.NewInt(a)}, {Rules: v.r, State: b}}})
			}
		}
		out = append(out, v.periodic(ctx, rest, hi, p, want)...)
	}
	return out
}

// periodic groups the splits rest = a + (rest - a) with max(Pre, 1) <= a <=
// hi, both parts periodic, by the value they reach: one family per value, of the
// residues of a modulo the period that give it.
func (v *codeValues) periodic(ctx context.Context, rest, hi *big.Int, p *octal.Period, want func(uint32) bool) []game.Move {
	step := big.NewInt(p.Len)
	type group struct {
		first, last, count *big.Int // the smallest a, the largest, how many
		residues           []int64
	}
	groups := map[uint32]*group{}
	var order []uint32
	from := max(p.Pre, 1) // a split leaves two nonempty heaps
	for j := int64(0); j < p.Len; j++ {
		a0 := big.NewInt(from + j)
		if a0.Cmp(hi) > 0 {
			break
		}
		g := v.val(ctx, a0) ^ v.val(ctx, new(big.Int).Sub(rest, a0))
		if !want(g) {
			continue
		}
		n := new(big.Int).Sub(hi, a0)
		n.Quo(n, step)
		last := new(big.Int).Add(new(big.Int).Mul(n, step), a0)
		n.Add(n, big.NewInt(1))
		gr, ok := groups[g]
		if !ok {
			gr = &group{first: a0, last: last, count: new(big.Int)}
			groups[g] = gr
			order = append(order, g)
		}
		if last.Cmp(gr.last) > 0 {
			gr.last = last
		}
		gr.count.Add(gr.count, n)
		gr.residues = append(gr.residues, new(big.Int).Mod(a0, step).Int64())
	}
	var out []game.Move
	for _, g := range order {
		gr := groups[g]
		slices.Sort(gr.residues)
		out = append(out, game.Move{
			To:     []game.Component{{Rules: v.r, State: gr.first}, {Rules: v.r, State: new(big.Int).Sub(rest, gr.first)}},
			Family: &game.Family{From: gr.first, Last: gr.last, Count: gr.count, Mod: p.Len, Residues: gr.residues, Base: []*big.Int{new(big.Int), rest}, Coef: []int64{1, -1}},
		})
	}
	return out
}
