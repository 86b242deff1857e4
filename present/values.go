package present

import (
	"context"
	"math/big"

	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/play"
)

// Values is what a table or a plot shows: the values of a ruleset's
// positions under a play convention, which the convention's plugin
// describes (lib/normalplay for Grundy values with their periods).
type Values struct {
	Solver play.Solver
	Name   string // what the values are called in titles: "Grundy", "misère"
	Axis   string // a plot's axis for the value of heap n, such as g(n); "" for "value"
	// Period, for a convention whose values of heaps may be proved
	// periodic, is the period they follow once hi's value is known, or nil.
	Period func(ctx context.Context, hi *big.Int) (*Period, error)
	// Decides: some positions of the ruleset are decided (whoever leaves
	// one loses at once), which a table shows as empty cells.
	Decides bool
}

// Period is a proved period of the values of heaps: g(n + Len) = g(n) for
// n ≥ Pre, Value(r) the value of the heaps n ≥ Pre with n - Pre ≡ r.
type Period struct {
	Pre, Len int64
	Value    func(r int64) int64
}

// IsException reports whether g(n) = g differs from the periodic value (a
// heap before the preperiod); never for a nil period.
func (p *Period) IsException(n, g *big.Int) bool {
	if p == nil || !n.IsInt64() || n.Int64() >= p.Pre {
		return false
	}
	r := ((n.Int64()-p.Pre)%p.Len + p.Len) % p.Len
	return g.Cmp(big.NewInt(p.Value(r))) != 0
}

func (v Values) period(ctx context.Context, hi *big.Int) (*Period, error) {
	if v.Period == nil {
		return nil, nil
	}
	return v.Period(ctx, hi)
}

// A shown is what a table or a plot shows of one position: its value as a
// number (nil when it is not one, or for a decided position), whether it
// is a value that is not a number (inf), and whether the player to move
// loses.
type shown struct {
	num  *big.Int
	inf  bool
	skip bool // a decided position: nothing to show
	p    bool
}

// at is what v says of r at the given numbers.
func (v Values) at(ctx context.Context, r game.Ruleset, nums ...*big.Int) (shown, error) {
	p, err := At(r, nums...)
	if err != nil {
		return shown{}, err
	}
	return v.of(ctx, p)
}

func (v Values) of(ctx context.Context, p game.Position) (shown, error) {
	if _, decided := p.Decided(); decided {
		return shown{skip: true}, nil
	}
	val, err := v.Solver.Value(ctx, p)
	if err != nil {
		return shown{}, err
	}
	s := shown{p: val.Outcome() == game.P}
	if n, ok := NumberOf(val); ok {
		s.num = n
	} else {
		s.inf = true
	}
	return s, nil
}
