// Package loopy is loopy play: normal play (the player who cannot move
// loses) of games whose moves may come back to an earlier position, where
// play that goes on for ever is a draw. A position's value is its
// generalized Sprague-Grundy value (Smith, 1966): a number, as in normal
// play, or ∞(K), K the finite values of its moves (label.go). The outcome
// is P for 0, N for another number or for ∞(K) with 0 in K, and D (a draw)
// otherwise. Sums add by Smith's rule: numbers by XOR, a number a and ∞(K)
// to ∞(K xor a), two infinite values to ∞() (a draw).
//
// A ruleset whose moves never loop is answered by normal play's solvers,
// fast paths included: its values are its Grundy values. One whose moves
// loop is explored position by position and labelled (graph.go).
//
// # Where things are
//
// Rulesets whose moves never loop go to normal play's solver; one whose
// moves loop is explored into a graph (`graph.go`, its keys and followers
// kept in the compact arrays of `store.go`) and labelled with
// generalized Sprague-Grundy values and counters (`label.go`); sums by
// Smith's rule; `Reply` (the `play.Replier` that `play()` asks) picks the
// winning move that makes progress.
package loopy
