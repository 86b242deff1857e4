// Package entail makes a game declared with entailing or again rules
// (`take 1 entailing`, `move (...) again`) a game.Entailing ruleset: the
// kind compiles each group of rules into a ruleset of its own, and the
// moves of all of them, marked with what they oblige, are the moves of
// one ruleset, its positions the kind's.
//
// # Where things are
//
// It joins a game's rules by what their moves oblige (`take 1 entailing`,
// `move (...) again`, split off by `lang.GameDecl.Obliging`, each group
// compiled by the kind) into one `game.Entailing` ruleset: its moves carry
// `game.Move.Then`, and its `Moves` refuses, so that no convention but
// entailing play can answer for it by mistake.
package entail
