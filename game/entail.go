package game

import (
	"context"
	"fmt"
)

// Then is what a move obliges the players to do next, beyond alternating:
// Winning Ways' entailing and complimenting moves (vol. 2, ch. 12), the
// affine impartial games of Larsson, Nowakowski and Santos.
type Then uint8

const (
	// Free is an ordinary move: the other player moves next, anywhere.
	Free Then = iota
	// Entail obliges the other player to answer in the position the move
	// leaves (Top Entails: taking the top coin); if it leaves nothing, the
	// other player cannot answer and loses.
	Entail
	// Again obliges the mover to move again, anywhere (Nimstring: who
	// completes a coin moves again); a mover with no move left loses.
	Again
)

func (t Then) String() string { return [...]string{"", "entailing", "again"}[t] }

// Entailing is a ruleset some of whose moves oblige (Then): only the
// entailing convention plays it. Its Moves refuses (other conventions would
// ignore what the moves oblige and answer wrongly); EntailMoves lists every
// move with what it obliges.
type Entailing interface {
	Ruleset
	EntailMoves(ctx context.Context, s State) ([]Move, error)
}

// EntailGroups is an entailing ruleset whose moves are those of one
// ruleset for each Then (nil where none): a heap game whose groups are
// heap rules is valued heap by heap, without a search.
type EntailGroups interface {
	Groups() [3]Ruleset
}

// EntailingConvention is the name of the convention that plays entailing
// rulesets; queries on them name it by default.
const EntailingConvention = "entailing"

// EntailMoves lists the moves of a component with what each obliges: an
// entailing ruleset's EntailMoves (under renames too), any other ruleset's
// Moves, all free.
func EntailMoves(ctx context.Context, c Component) ([]Move, error) {
	e, ok := As[Entailing](c.Rules)
	if !ok {
		return c.Rules.Moves(ctx, c.State)
	}
	moves, err := e.EntailMoves(ctx, c.State)
	return Own(moves, e, c.Rules), err
}

// IsEntailing reports whether r has moves that oblige.
func IsEntailing(r Ruleset) bool {
	_, ok := As[Entailing](r)
	return ok
}

// EntailingError is what an entailing ruleset's Moves says.
func EntailingError(name string) error {
	return fmt.Errorf("%s has moves that oblige the next move (entailing or again): only the entailing convention plays it, as in outcome(P, entailing); another would ignore what they oblige", name)
}
