// Package game says what a game is, and nothing of how it is solved: a
// ruleset gives the moves of its positions (which may leave sums of
// positions) and which positions are already decided; a kind of position
// says how positions are made, written and encoded. Play conventions (normal,
// misère, loopy and entailing play) solve games through these interfaces alone.
//
// # Where things are
//
// It says what a game is, and nothing about solving it. A `Ruleset` has a
// name, a `Kind`, `Moves` (each move replaces a component by zero, one or
// several components) and `Decided` (a `loses if` rule). A `game.Kind`
// makes, writes, orders and encodes positions. `HeapGame` and `GraphGame`
// are two ways a ruleset may also describe its moves, so that solvers can
// walk them without building positions.
package game
