package stdlib

import (
	"context"
	"fmt"
	"math/big"

	"github.com/gamelang/gamelang/game"
)

// Bounded is bounded Nim, take 1..m (seed 001's game B): g(n) = n mod (m+1).
// With m = nil it is Nim itself, take 1..: g(n) = n.
type Bounded struct {
	name       string
	m          *big.Int // nil: no bound
	recognized bool     // made from a user's take rule
}

// Recognized marks the ruleset as recognized from a user's take rule.
func (r *Bounded) Recognized() *Bounded {
	r.recognized = true
	return r
}

// NewNim returns Nim.
func NewNim() *Bounded { return &Bounded{name: "Nim"} }

// NewBounded returns bounded Nim with at most m tokens per move.
func NewBounded(m *big.Int) *Bounded { return &Bounded{name: fmt.Sprintf("Bounded(%s)", m), m: m} }

// Name is the ruleset's name.
func (r *Bounded) Name() string { return r.name }

// Shape is that of heap games.
func (r *Bounded) Shape() game.Shape { return game.HeapShape }

// Decided is always false.
func (r *Bounded) Decided(game.State) bool { return false }

// Solver gives the closed form.
func (r *Bounded) Solver() string {
	s := "closed form: g(n) = n"
	if r.m != nil {
		s = fmt.Sprintf("closed form: g(n) = n mod %s", new(big.Int).Add(r.m, big.NewInt(1)))
	}
	if r.recognized {
		s += " (" + OriginRules + ")"
	}
	return s
}

// PeriodText answers period() from the closed form: bounded Nim has period
// m+1 and no preperiod; Nim's values grow without bound.
func (r *Bounded) PeriodText() string {
	origin := ""
	if r.recognized {
		origin = ", " + OriginRules
	}
	if r.m == nil {
		return "no period: g(n) = n grows without bound (closed form" + origin + ")"
	}
	p := new(big.Int).Add(r.m, big.NewInt(1))
	return fmt.Sprintf("period %s, preperiod 0, no exceptions: g(n) = n mod %s (closed form%s)", p, p, origin)
}

// Grundy is n, or n mod (m+1).
func (r *Bounded) Grundy(_ context.Context, s game.State) (*big.Int, error) {
	n := s.(*big.Int)
	if r.m == nil {
		return new(big.Int).Set(n), nil
	}
	return new(big.Int).Mod(n, new(big.Int).Add(r.m, big.NewInt(1))), nil
}

// most is the most tokens a move may take from heap n.
func (r *Bounded) most(n *big.Int) *big.Int {
	if r.m == nil || r.m.Cmp(n) > 0 {
		return n
	}
	return r.m
}

// maxList is the most moves Moves lists; winning moves are found at any size.
const maxList = 1 << 20

// Moves lists the heaps a move leaves, largest first (take 1, take 2, ...),
// emptying the heap last.
func (r *Bounded) Moves(_ context.Context, s game.State) ([]game.Move, error) {
	n := s.(*big.Int)
	most := r.most(n)
	if most.Cmp(big.NewInt(maxList)) > 0 {
		return nil, fmt.Errorf("%s(%s) has %s moves, too many to list; winning() finds the winning one at any size", r.name, n, most)
	}
	var out []game.Move
	for k := int64(1); k <= most.Int64(); k++ {
		a := new(big.Int).Sub(n, big.NewInt(k))
		if a.Sign() == 0 {
			out = append(out, game.Move{}) // take them all
		} else {
			out = append(out, game.Move{To: []game.Component{{Rules: r, State: a}}})
		}
	}
	return out, nil
}

// MovesTo is the one move to value v, if there is one: to heap v for Nim,
// taking (n - v) mod (m+1) tokens for bounded Nim.
func (r *Bounded) MovesTo(_ context.Context, s game.State, v *big.Int) ([]game.Move, error) {
	n := s.(*big.Int)
	var to *big.Int
	if r.m == nil {
		to = v
	} else {
		m1 := new(big.Int).Add(r.m, big.NewInt(1))
		if v.Cmp(m1) >= 0 {
			return nil, nil
		}
		k := new(big.Int).Mod(new(big.Int).Sub(n, v), m1)
		to = new(big.Int).Sub(n, k)
	}
	if to.Sign() < 0 || to.Cmp(n) >= 0 || new(big.Int).Sub(n, to).Cmp(r.most(n)) > 0 {
		return nil, nil
	}
	if to.Sign() == 0 {
		return []game.Move{{}}, nil
	}
	return []game.Move{{To: []game.Component{{Rules: r, State: to}}}}, nil
}
