// Package play is what the play conventions share: a convention says who
// wins when a game ends — normal play (the player who cannot move loses),
// misère play (the player who moves last loses), loopy and entailing
// play — and solves positions of any ruleset under that
// rule, through the game package's interfaces alone. Each convention is a
// package below this one, registered by its plugin in one line of lib/lib.go.
//
// # Where things are
//
// It holds what play conventions share: `Convention`, `Solver`, `Value`,
// `Option`.
package play
