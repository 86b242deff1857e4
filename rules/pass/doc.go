// Package pass gives a ruleset a one-time pass (`pass once`): either
// player may pass instead of moving, once in the whole game, from a
// position that has a move; once used it is gone. A position is the
// ruleset's with a flag, whether the pass is still there, so the pass
// is carried by the position and every solver sees it as a move. The
// pass belongs to a game: a ruleset whose moves split a position into
// several is refused (which of the parts would keep it?).
//
// # Where things are
//
// It gives any ruleset a one-time pass (`pass once`): eval compiles the
// other rules with the kind, then wraps the ruleset; its positions carry the
// pass as a flag, so every solver sees the pass as a move. A ruleset whose
// positions fall apart is played whole with a pass (`pass.Joiner`: a
// graph's); the check pass refuses a pass beside moves that oblige, or
// beside a rule that may leave several heaps (a kind says which through
// `rules.Parted`). A ruleset of tuples keeps its keys with a pass
// (`pass.Graph`: the flag rides on the first number, 2x + 1 while the pass
// is left), so that the solvers' memo lays its positions out in a box as
// it does the tuples'. `pass.WrapSum` makes a whole sum one position of a
// ruleset whose states are sums, so that `withpass(P)` gives the sum one
// pass.
package pass
