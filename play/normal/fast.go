package normal

import (
	"context"
	"math/big"

	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/octal"
	"github.com/gamelang/gamelang/play"
)

// Values is what normal play knows of one ruleset: the Grundy values of its
// positions, and how it finds them. The numbers Grundy returns may be shared
// (small values are): the solver reads them and never changes them.
type Values interface {
	Grundy(ctx context.Context, s game.State) (*big.Int, error)
	// Solver names the algorithm and what it knows (a proved period, say).
	Solver() string
}

// What some Values know besides values.
type (
	// outcomer knows outcomes further than values (P-bits of a code past
	// the state cap).
	outcomer interface {
		Outcome(ctx context.Context, s game.State) (game.Outcome, error)
	}
	// targeter lists the moves to a value without listing every move.
	targeter interface {
		MovesTo(ctx context.Context, s game.State, v *big.Int) ([]game.Move, error)
	}
	// lister lists moves that the ruleset cannot (families of a huge heap).
	lister interface {
		Moves(ctx context.Context, s game.State) ([]game.Move, error)
	}
)

// Periodic is the Values of a take-and-break code, whose sequence may be
// proved periodic.
type Periodic interface {
	Values
	Period(ctx context.Context, limit int) (*octal.Period, error)
	Saltus(ctx context.Context, limit int) (*octal.Saltus, error)
	Table() *octal.Table
}

// PeriodTexter is the Values of a closed form that says its period in words.
type PeriodTexter interface {
	PeriodText() string
}

// Closed forms: what a builtin game may know of its own normal-play values.
// A ruleset that has these methods answers through them (unless the session
// is generic); it needs no import of this package.
type (
	// ClosedForm gives the values of every position.
	ClosedForm interface {
		NormalGrundy(ctx context.Context, s game.State) (*big.Int, error)
		NormalSolver() string
	}
	// ClosedOutcome gives outcomes, at sizes where values are out of reach.
	ClosedOutcome interface {
		NormalOutcome(ctx context.Context, s game.State) (game.Outcome, error)
	}
	// ClosedWinning gives the moves to P-positions, at any size.
	ClosedWinning interface {
		NormalWinning(ctx context.Context, s game.State) ([]game.Move, error)
	}
)

// A fastPath gives the values of the rulesets it knows faster than the
// generic solvers, or reports false.
type fastPath func(r game.Ruleset, env play.Env) (Values, bool)

// fastPaths are tried in order; the first that knows a ruleset answers.
var fastPaths = []fastPath{
	closedForm,
	boundedNim,
	takeAndBreak,
}

// valuesOf returns the solver of a ruleset's values, and whether it is the
// ruleset's own closed form.
func (s *Solver) valuesOf(r game.Ruleset) (Values, bool) {
	if !s.env.Generic {
		for i, fp := range fastPaths {
			if v, ok := fp(r, s.env); ok {
				return v, i == 0
			}
		}
	}
	return s.generic(r)
}

// closedForm answers for a builtin that knows its values.
func closedForm(r game.Ruleset, _ play.Env) (Values, bool) {
	c, ok := r.(ClosedForm)
	if !ok {
		return nil, false
	}
	return closedValues{c}, true
}

type closedValues struct{ c ClosedForm }

func (v closedValues) Grundy(ctx context.Context, s game.State) (*big.Int, error) {
	return v.c.NormalGrundy(ctx, s)
}
func (v closedValues) Solver() string { return v.c.NormalSolver() }

// generic returns the generic solver that fits how a ruleset describes its
// moves.
func (s *Solver) generic(r game.Ruleset) (Values, bool) {
	switch g := r.(type) {
	case game.HeapGame:
		return newHeapValues(g, s.env.Limits), false
	case game.GraphGame:
		return newGraphValues(g, s.env.Limits, s.env.Generic), false
	}
	return newMoveValues(s, r), false
}
