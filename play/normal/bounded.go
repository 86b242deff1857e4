package normal

import (
	"context"
	"fmt"
	"math/big"

	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/play"
)

// bounded is bounded Nim, take 1..m (m nil: Nim), as a ruleset says it is.
type bounded interface {
	game.Ruleset
	Bound() *big.Int
	Origin() string
	TakeTo(n, to *big.Int) ([]game.Move, bool)
}

// boundedNim answers bounded Nim by its closed form, g(n) = n mod (m+1), and
// Nim by g(n) = n, at any size.
func boundedNim(r game.Ruleset, _ play.Env) (Values, bool) {
	b, ok := r.(bounded)
	return boundedValues{b}, ok
}

type boundedValues struct{ r bounded }

func (v boundedValues) Grundy(_ context.Context, s game.State) (*big.Int, error) {
	n := s.(*big.Int)
	if m := v.r.Bound(); m != nil {
		return new(big.Int).Mod(n, new(big.Int).Add(m, big.NewInt(1))), nil
	}
	return new(big.Int).Set(n), nil
}

// origin says how a ruleset not built in came to be bounded Nim.
func (v boundedValues) origin() string {
	if o := v.r.Origin(); o != "" {
		return " (" + o + ")"
	}
	return ""
}

func (v boundedValues) Solver() string {
	if m := v.r.Bound(); m != nil {
		return fmt.Sprintf("closed form: g(n) = n mod %s%s", new(big.Int).Add(m, big.NewInt(1)), v.origin())
	}
	return "closed form: g(n) = n" + v.origin()
}

// PeriodText answers period() from the closed form: bounded Nim has period
// m+1 and no preperiod; Nim's values grow without bound.
func (v boundedValues) PeriodText() string {
	origin := ""
	if o := v.r.Origin(); o != "" {
		origin = ", " + o
	}
	m := v.r.Bound()
	if m == nil {
		return "no period: g(n) = n grows without bound (closed form" + origin + ")"
	}
	p := new(big.Int).Add(m, big.NewInt(1))
	return fmt.Sprintf("period %s, preperiod 0, no exceptions: g(n) = n mod %s (closed form%s)", p, p, origin)
}

// MovesTo is the one move to value x, if there is one: to heap x for Nim,
// taking (n - x) mod (m+1) tokens for bounded Nim.
func (v boundedValues) MovesTo(_ context.Context, s game.State, x *big.Int) ([]game.Move, error) {
	n := s.(*big.Int)
	to := x
	if m := v.r.Bound(); m != nil {
		m1 := new(big.Int).Add(m, big.NewInt(1))
		if x.Cmp(m1) >= 0 {
			return nil, nil
		}
		k := new(big.Int).Mod(new(big.Int).Sub(n, x), m1)
		to = new(big.Int).Sub(n, k)
	}
	moves, _ := v.r.TakeTo(n, to)
	return moves, nil
}
