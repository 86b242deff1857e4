package normalplay

import (
	"context"
	"math/big"

	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/octal"
	"github.com/gamelang/gamelang/play"
	normal "github.com/gamelang/gamelang/play/normal"
	"github.com/gamelang/gamelang/present"
)

// periodLook is how far table() and plot() look for a period to lay their
// rows out by and mark the exceptions of.
const periodLook = 1 << 12

// Periodic returns the table of a ruleset's values that may be periodic.
func Periodic(s *normal.Solver, r game.Ruleset) (normal.Periodic, bool) {
	p, ok := s.Values(r).(normal.Periodic)
	return p, ok
}

// grundyValues is what table() and plot() show of r under normal play:
// Grundy values, and the proved period of a take-and-break code's.
func grundyValues(s *normal.Solver, r game.Ruleset) present.Values {
	v := present.Values{Solver: s, Name: "Grundy", Axis: "g(n)"}
	pr, ok := Periodic(s, r)
	if !ok {
		return v
	}
	v.Decides = pr.Table().Decides()
	v.Period = func(ctx context.Context, hi *big.Int) (*present.Period, error) {
		if _, err := pr.Period(ctx, periodLook); err != nil {
			return nil, err
		}
		if hi != nil { // hi's value first: it may prove the period
			p, err := present.At(r, hi)
			if err != nil {
				return nil, err
			}
			if _, decided := p.Decided(); !decided {
				if _, err := s.Grundy(ctx, p); err != nil {
					return nil, err
				}
			}
		}
		return shownPeriod(pr.Table().Period()), nil
	}
	return v
}

// shownPeriod is a code's proved period as present shows it.
func shownPeriod(p *octal.Period) *present.Period {
	if p == nil {
		return nil
	}
	return &present.Period{Pre: p.Pre, Len: p.Len, Value: func(r int64) int64 { return int64(p.At(r)) }}
}

// conventionValues is what plot() shows under another convention: its
// values, named by it.
func conventionValues(s play.Solver, name string) present.Values {
	return present.Values{Solver: s, Name: name}
}
