package game

import (
	"context"
	"math/big"
)

// Renamed returns r under another name (game DawsonsChess = octal("0.137")):
// its positions and the positions its moves reach are written with the new
// name, and it shares r's solver and what it has learnt.
func Renamed(r Ruleset, name string) Ruleset {
	if n, ok := r.(*renamed); ok {
		r = n.Ruleset
	}
	return &renamed{Ruleset: r, name: name}
}

// As finds, under renames, a ruleset of type T (an interface a ruleset may
// implement), like errors.As.
func As[T any](r Ruleset) (T, bool) {
	for {
		if t, ok := r.(T); ok {
			return t, true
		}
		u, ok := r.(interface{ Unwrap() Ruleset })
		if !ok {
			var zero T
			return zero, false
		}
		r = u.Unwrap()
	}
}

type renamed struct {
	Ruleset
	name string
}

func (r *renamed) Name() string { return r.name }

// Unwrap returns the ruleset renamed.
func (r *renamed) Unwrap() Ruleset { return r.Ruleset }

func (r *renamed) Moves(ctx context.Context, s State) ([]Move, error) {
	moves, err := r.Ruleset.Moves(ctx, s)
	return r.own(moves), err
}

func (r *renamed) MovesTo(ctx context.Context, s State, v *big.Int) ([]Move, error) {
	moves, err := MovesTo(ctx, Component{Rules: r.Ruleset, State: s}, v)
	return r.own(moves), err
}

func (r *renamed) Outcome(ctx context.Context, s State) (Outcome, error) {
	return OutcomeOf(ctx, Position{{Rules: r.Ruleset, State: s}})
}

// own makes the components of the moves' results components of r.
func (r *renamed) own(moves []Move) []Move {
	for i := range moves {
		to := make([]Component, len(moves[i].To))
		for j, c := range moves[i].To {
			if c.Rules == r.Ruleset {
				c.Rules = r
			}
			to[j] = c
		}
		moves[i].To = to
	}
	return moves
}
