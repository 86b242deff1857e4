// Package normal is normal play: the player who cannot move loses. A
// position's value is its Grundy (nim) value, the mex of its options'
// values; a sum's value is the XOR of its parts'; the player to move wins
// exactly when it is not 0. Every ruleset is solved by a generic solver that
// needs nothing but its moves (fastest when it describes its moves as a heap
// game or a state graph, see game.HeapGame and game.GraphGame), unless a
// fast path knows it better: the closed forms of builtin games, bounded Nim,
// and the octal engines for take-and-break codes (fast.go).
//
// # Where things are
//
// It holds Grundy values, sums by XOR, and its solvers — a heap sequence for
// `HeapGame`s, a memoized mex for `GraphGame`s, a memo over `Moves` for
// anything else — and its fast paths (`fast.go`): the `Normal*` methods of
// builtin games, bounded Nim, the octal engines; `withpass` of at most three
// Nim heaps, and a tuple declaration of Nim's moves with `pass once`, by a
// dense table of its P-positions (`passnim.go`, through `PassSum` and
// `PassNim`, which `rules/pass` implements, the latter with
// `rules/tuple`'s `NimMoves`; `docs/nimpass.md`).
package normal
