// Package builtin is the catalogue of the builtin games: each one's name,
// parameters, help, the definition it answers like (its twin) parsed once,
// and how its ruleset is made. The game library (package stdlib) fills
// it, and lib imports stdlib wherever sessions are made; the check pass and
// the interpreter read the catalogue without linking the library, its
// kinds or its engines.
//
// # Where things are
//
// It holds the catalogue of builtin games: name, parameters, help, the twin
// definition parsed once (`Game.Decl`: the whole of a game defined in
// gamelang, the head of another) and how its ruleset is made. `stdlib` fills
// it (`builtin.Register` in its `init`); `lib` imports `stdlib` wherever
// sessions are made, so `go list -deps ./eval` holds no convention, kind,
// engine or game library.
package builtin
