package normal

import (
	"context"
	"fmt"
	"math/big"

	"github.com/gamelang/gamelang/game"
)

// A ruleset whose 'loses if' rule decides its empty position — a heap of
// 0, the tuple of zeros, the empty set — where no move is left says "the
// player who cannot move has won" of that game alone: misère play, written
// as a rule. In a sum the rule means something else: a player who empties
// one part has lost the whole game at once. Sums of such games are
// refused, with a pointer to misère play, instead of answered in the sense
// the writer most likely did not mean.

// TrapError reports a sum of games whose empty position is decided.
type TrapError struct {
	Sum   game.Position
	Empty game.Component
}

func (e *TrapError) Error() string {
	return fmt.Sprintf("%s: the 'loses if' rule of %s decides %s, where no move is left, so in a sum a player who leaves it would lose the whole game at once: that is not misère play, where the last player to move in the whole sum loses. For misère play, drop the rule and ask outcome(P, misere)",
		e.Sum, e.Empty.Rules.Name(), game.Position{e.Empty})
}

// emptyDecided is a ruleset's empty position when a 'loses if' rule decides
// it and it has no moves.
func emptyDecided(r game.Ruleset) (game.Component, bool) {
	if !game.Decides(r) {
		return game.Component{}, false
	}
	k := r.Kind()
	zeros := make([]*big.Int, len(k.Coords()))
	for i := range zeros {
		zeros[i] = new(big.Int)
	}
	s, err := k.Make(r.Name(), zeros)
	if err != nil || !r.Decided(s) {
		return game.Component{}, false
	}
	moves, err := r.Moves(context.Background(), s)
	if err != nil || len(moves) > 0 {
		return game.Component{}, false
	}
	return game.Component{Rules: r, State: s}, true
}

// trap refuses a sum of two or more parts one of which is a game whose
// empty position is decided.
func (s *Solver) trap(p game.Position) error {
	if len(p) < 2 {
		return nil
	}
	for _, c := range p {
		if rs := s.of(c.Rules); rs.empty != nil {
			return &TrapError{Sum: p, Empty: game.Component{Rules: c.Rules, State: rs.empty.State}}
		}
	}
	return nil
}
