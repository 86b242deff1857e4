// Package stdlib holds the builtin games: hand-optimised rulesets with closed
// forms or specialised solvers. Each is the twin of a .game definition in
// examples/ and agrees with it on every position the tests try; it answers
// faster, and for positions of any size where the theory allows.
package stdlib

import (
	"context"
	"fmt"
	"math/big"
	"slices"

	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/octal"
	"github.com/gamelang/gamelang/solve"
)

// Code is the ruleset of a take-and-break code: octal("0.07"), Kayles,
// Dawson's Kayles, and every user heap ruleset made of constant take rules.
type Code struct {
	name   string
	table  *octal.Table
	origin string       // how the ruleset came to be a code, for Solver
	self   game.Ruleset // the ruleset a Code is embedded in, if any: moves lead to its positions
}

// SetSelf makes the positions that moves lead to positions of r, a ruleset
// that embeds this one.
func (r *Code) SetSelf(self game.Ruleset) { r.self = self }

// rules is the ruleset of the positions moves lead to.
func (r *Code) rules() game.Ruleset {
	if r.self != nil {
		return r.self
	}
	return r
}

// NewCode returns the ruleset of code c. origin says where the code came from
// ("octal code", "recognized from its take rules").
func NewCode(name string, c octal.Code, cfg octal.Config, origin string) *Code {
	cfg.What = name
	return &Code{name: name, table: octal.NewTable(c, cfg), origin: origin}
}

// Name is the ruleset's name.
func (r *Code) Name() string { return r.name }

// Shape is that of heap games.
func (r *Code) Shape() game.Shape { return game.HeapShape }

// Table is the Grundy sequence of the code.
func (r *Code) Table() *octal.Table { return r.table }

// Decided reports whether the heap is decided by a 'loses if' rule.
func (r *Code) Decided(s game.State) bool {
	n := s.(*big.Int)
	return n.IsInt64() && r.table.Lost(n.Int64())
}

// Grundy is g(n), from the table or its proved period.
func (r *Code) Grundy(ctx context.Context, s game.State) (*big.Int, error) {
	v, err := r.table.Value(ctx, s.(*big.Int))
	return big.NewInt(int64(v)), err
}

// Outcome is P or N, for heaps past the state cap of a code that never
// splits from a run of P-bits rather than of values.
func (r *Code) Outcome(ctx context.Context, s game.State) (game.Outcome, error) {
	isP, err := r.table.Outcome(ctx, s.(*big.Int))
	if isP {
		return game.P, err
	}
	return game.N, err
}

// Period looks for a period among the first limit values.
func (r *Code) Period(ctx context.Context, limit int) (*octal.Period, error) {
	return r.table.FindPeriod(ctx, limit)
}

// Solver names the code, its engine and what is known of its period.
func (r *Code) Solver() string {
	t := r.table
	s := fmt.Sprintf("take-and-break code %s (%s): %s", t.Code(), r.origin, t.Engine())
	switch p := t.Period(); {
	case p != nil:
		return s + fmt.Sprintf("; period %d from n = %d, proved, so every heap is answered at once", p.Len, p.Pre)
	case t.Decides():
		return s + "; a 'loses if' rule may depend on n in any way, so no period is claimed"
	case !t.Code().Finite():
		return s + "; the code is infinite, so no periodicity theorem applies"
	}
	if t.Len() == 0 {
		return s + "; a period is looked for once heaps are asked about"
	}
	return s + fmt.Sprintf("; no period proved among the %d values known", t.Len())
}

// origins of a code ruleset
const (
	OriginCode    = "octal code"
	OriginRules   = "recognized from its take rules"
	OriginBuiltin = "builtin"
	originLoses   = "recognized from its take rules and 'loses if' rule"
)

// OriginLoses is the origin of a recognized ruleset with a 'loses if' rule.
const OriginLoses = originLoses

// familyMin is the smallest heap whose splits are listed as families once a
// period is proved: below it every move is listed.
func (r *Code) familyMin() (*octal.Period, *big.Int) {
	p := r.table.Period()
	if p == nil || r.table.Code().Splits() != 2 {
		return nil, nil
	}
	return p, big.NewInt(4*(p.Pre+p.Len) + int64(r.table.Code().MaxTake()) + 64)
}

// Moves lists every move of heap n: one by one, or for a huge heap of a code
// with a proved period, its splits as families (one per residue of the part
// a modulo the period).
func (r *Code) Moves(ctx context.Context, s game.State) ([]game.Move, error) {
	return r.moves(ctx, s.(*big.Int), nil)
}

// MovesTo lists the moves of heap n to value v.
func (r *Code) MovesTo(ctx context.Context, s game.State, v *big.Int) ([]game.Move, error) {
	return r.moves(ctx, s.(*big.Int), v)
}

// moves lists the moves of heap n, or only those to value v when v != nil.
func (r *Code) moves(ctx context.Context, n *big.Int, v *big.Int) ([]game.Move, error) {
	if _, err := r.table.Value(ctx, n); err != nil { // finds the period of a huge heap first
		return nil, err
	}
	if c := r.table.Code(); c.Finite() && c.Splits() == 1 && !n.IsInt64() {
		return r.singles(ctx, n, v)
	}
	if p, min := r.familyMin(); p != nil && n.Cmp(min) > 0 {
		return r.families(ctx, n, p, v)
	}
	if !n.IsInt64() || n.Int64() >= int64(r.table.Len())+(1<<40) {
		return nil, fmt.Errorf("%s(%s) has too many moves to list one by one, and no period is proved to group them", r.name, n)
	}
	var out []game.Move
	w := solve.NewWork(ctx, nil, r.name, r.table.Len)
	err := w.Do(func() error {
		return r.each(w, n.Int64(), func(parts []int64) error {
			if v != nil {
				g, err := r.xor(ctx, parts)
				if err != nil || g.Cmp(v) != 0 {
					return err
				}
			}
			out = append(out, game.Move{To: r.heaps(parts...)})
			return nil
		})
	})
	return out, err
}

// each calls f with the heaps of every move of heap n that no 'loses if'
// rule forbids.
func (r *Code) each(w *solve.Work, n int64, f func(parts []int64) error) error {
	c, t := r.table.Code(), r.table
	ok := func(parts ...int64) bool {
		for _, p := range parts {
			if t.Lost(p) {
				return false
			}
		}
		return true
	}
	for k := int64(0); k <= n; k++ {
		d := c.Digit(k)
		if d == 0 {
			if c.Finite() && k > int64(c.MaxTake()) {
				break
			}
			continue
		}
		rest := n - k
		w.Tick()
		if d&octal.LeaveNone != 0 && rest == 0 && !t.Lost(0) {
			if err := f(nil); err != nil {
				return err
			}
		}
		if d&octal.LeaveOne != 0 && rest >= 1 && ok(rest) {
			if err := f([]int64{rest}); err != nil {
				return err
			}
		}
		for a := int64(1); d&octal.LeaveTwo != 0 && 2*a <= rest; a++ {
			w.Tick()
			if (!c.Unequal() || 2*a < rest) && ok(a, rest-a) {
				if err := f([]int64{a, rest - a}); err != nil {
					return err
				}
			}
		}
		for a := int64(1); d&octal.LeaveThree != 0 && 3*a <= rest; a++ {
			for b := a; a+2*b <= rest; b++ {
				w.Tick()
				if ok(a, b, rest-a-b) {
					if err := f([]int64{a, b, rest - a - b}); err != nil {
						return err
					}
				}
			}
		}
	}
	return nil
}

func (r *Code) heaps(parts ...int64) []game.Component {
	out := make([]game.Component, len(parts))
	for i, p := range parts {
		out[i] = game.Component{Rules: r.rules(), State: big.NewInt(p)}
	}
	return out
}

func (r *Code) xor(ctx context.Context, parts []int64) (*big.Int, error) {
	g := uint32(0)
	for _, p := range parts {
		v, err := r.table.Value(ctx, big.NewInt(p))
		if err != nil {
			return nil, err
		}
		g ^= v
	}
	return big.NewInt(int64(g)), nil
}

// singles lists the moves of a huge heap n of a code that never splits: at
// most one per take.
func (r *Code) singles(ctx context.Context, n *big.Int, v *big.Int) ([]game.Move, error) {
	var out []game.Move
	for k := int64(1); k <= int64(r.table.Code().MaxTake()); k++ {
		if r.table.Code().Digit(k)&octal.LeaveOne == 0 {
			continue
		}
		rest := new(big.Int).Sub(n, big.NewInt(k))
		if v != nil {
			g, err := r.table.Value(ctx, rest)
			if err != nil {
				return nil, err
			}
			if v.Cmp(big.NewInt(int64(g))) != 0 {
				continue
			}
		}
		out = append(out, game.Move{To: []game.Component{{Rules: r.rules(), State: rest}}})
	}
	return out, nil
}

// periodic groups the splits rest = a + (rest - a) with Pre <= a <= hi, both
// parts periodic, by the value they reach: one family per value, of the
// residues of a modulo the period that give it.
func (r *Code) periodic(ctx context.Context, rest, hi *big.Int, p *octal.Period, want func(uint32) bool) []game.Move {
	val := func(x *big.Int) uint32 { g, _ := r.table.Value(ctx, x); return g }
	step := big.NewInt(p.Len)
	type group struct {
		first    *big.Int // the smallest a
		last     *big.Int
		count    *big.Int
		residues []int64
	}
	groups := map[uint32]*group{}
	var order []uint32
	for j := int64(0); j < p.Len; j++ {
		a0 := big.NewInt(p.Pre + j)
		if a0.Cmp(hi) > 0 {
			break
		}
		g := val(a0) ^ val(new(big.Int).Sub(rest, a0))
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
			To:     []game.Component{{Rules: r.rules(), State: gr.first}, {Rules: r.rules(), State: new(big.Int).Sub(rest, gr.first)}},
			Family: &game.Family{From: gr.first, Last: gr.last, Count: gr.count, Mod: p.Len, Residues: gr.residues, Base: []*big.Int{new(big.Int), rest}, Coef: []int64{1, -1}},
		})
	}
	return out
}

// families lists the moves of a huge heap n of a code with period p: single
// moves that leave one heap, the splits with a small part one by one, and the
// splits a + b with both parts past the preperiod as one family per residue
// of a modulo the period (all of them reach the same value). With v != nil,
// only the moves to value v.
func (r *Code) families(ctx context.Context, n *big.Int, p *octal.Period, v *big.Int) ([]game.Move, error) {
	c := r.table.Code()
	val := func(x *big.Int) uint32 { g, _ := r.table.Value(ctx, x); return g }
	want := func(g uint32) bool { return v == nil || v.Cmp(big.NewInt(int64(g))) == 0 }
	var out []game.Move
	for k := int64(0); k <= int64(c.MaxTake()); k++ {
		d := c.Digit(k)
		rest := new(big.Int).Sub(n, big.NewInt(k))
		if d&octal.LeaveOne != 0 && want(val(rest)) {
			out = append(out, game.Move{To: []game.Component{{Rules: r.rules(), State: rest}}})
		}
		if d&octal.LeaveTwo == 0 {
			continue
		}
		hi := new(big.Int).Rsh(rest, 1) // a <= rest/2 (a < rest/2 for unequal splits)
		if c.Unequal() && rest.Bit(0) == 0 {
			hi.Sub(hi, big.NewInt(1))
		}
		for a := int64(1); a < p.Pre; a++ {
			b := new(big.Int).Sub(rest, big.NewInt(a))
			if g := val(big.NewInt(a)) ^ val(b); want(g) {
				out = append(out, game.Move{To: []game.Component{{Rules: r.rules(), State: big.NewInt(a)}, {Rules: r.rules(), State: b}}})
			}
		}
		out = append(out, r.periodic(ctx, rest, hi, p, want)...)
	}
	return out, nil
}
