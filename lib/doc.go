// Package lib registers gamelang's kinds of position, play conventions and
// queries with the interpreter (package eval), one line each, and the
// builtin games (package stdlib, in package builtin's catalogue): import it
// for its effect wherever sessions are made.
//
//	import _ "github.com/gamelang/gamelang/lib"
//
// A new kind, convention or query is a package like lib/graphs or
// lib/misereplay (its Plugin: what it adds to the language) and a line
// here. Normal play comes first: it is the default convention.
//
// # Where things are
//
// It holds gamelang's plugins, registered in `lib/lib.go`, one line each:
// `lib/normalplay` (normal play; `table`, `plot`, `period`, `checksum`,
// explain; their values), `lib/misereplay` (`genus`, `tame`, `quotient`,
// explain), `lib/loopyplay` (explain), `lib/entailplay` (entailing play and
// its explain), `lib/heaps` (the heap kind; `octal()`, `hex()`),
// `lib/graphs` (the graph kind; `path`, `cycle`, `complete`, `grid`,
// `graph`, `readgraph`; graph values), and the tuple, set and list kinds.
// Whatever makes sessions imports `lib` for its effect (the command line,
// the playground, sweeps, the public API, the tests).
package lib
