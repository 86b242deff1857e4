package game

import "context"

// Renamed returns r under another name (game DawsonsChess = octal("0.137")):
// its positions and the positions its moves reach are written with the new
// name. Solvers unwrap it (Unwrap) and share what they learn with r.
func Renamed(r Ruleset, name string) Ruleset {
	if n, ok := r.(*renamed); ok {
		r = n.Ruleset
	}
	return &renamed{Ruleset: r, name: name}
}

// Unwrapper is a ruleset that stands for another one under a new name.
type Unwrapper interface{ Unwrap() Ruleset }

// As finds, under renames, a ruleset of type T (an interface a ruleset may
// implement), like errors.As.
func As[T any](r Ruleset) (T, bool) {
	for {
		if t, ok := r.(T); ok {
			return t, true
		}
		u, ok := r.(Unwrapper)
		if !ok {
			var zero T
			return zero, false
		}
		r = u.Unwrap()
	}
}

// Base is the ruleset under every rename of r.
func Base(r Ruleset) Ruleset {
	for {
		u, ok := r.(Unwrapper)
		if !ok {
			return r
		}
		r = u.Unwrap()
	}
}

type renamed struct {
	Ruleset
	name string
}

func (r *renamed) Name() string { return r.name }

// Rename changes the name.
func (r *renamed) Rename(name string) { r.name = name }

// Renamer is a ruleset whose name may change: a session renames the rulesets
// of a definition that a new one of the same name replaces (A becomes A'),
// so that positions of the old and the new print apart.
type Renamer interface{ Rename(name string) }

// Unwrap returns the ruleset renamed.
func (r *renamed) Unwrap() Ruleset { return r.Ruleset }

func (r *renamed) Moves(ctx context.Context, s State) ([]Move, error) {
	moves, err := r.Ruleset.Moves(ctx, s)
	return Own(moves, r.Ruleset, r), err
}

// Own makes the components of inner that moves reach components of outer, a
// ruleset that stands for inner under another name. The moves are changed in
// place and returned.
func Own(moves []Move, inner, outer Ruleset) []Move {
	if inner == outer {
		return moves
	}
	for i := range moves {
		to := make([]Component, len(moves[i].To))
		for j, c := range moves[i].To {
			if c.Rules == inner {
				c.Rules = outer
			}
			to[j] = c
		}
		moves[i].To = to
	}
	return moves
}
