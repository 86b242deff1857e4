// Package stdlib holds the builtin games. Each is the twin of a .game
// definition (examples/, stdlib/twin_test.go) and agrees with it on every
// position the tests try: most are rulesets of the kinds in rules/ (codes,
// bounded Nim, a set game) that the solvers of normal play know how to
// answer fast; Wythoff's game, Fibonacci Nim, ThueMorse and the Number Game
// also carry their own closed forms or solvers (the Normal* methods, which
// package play/normal looks for).
//
// # Where things are
//
// It holds the builtin games, each the twin of a `.game` definition,
// registered in `builtin`'s catalogue. Green Hackenbush (`hackenbush.go`) is
// a kind of its own: pictures (a graph's edges, loops and repeats included,
// standing on grounded vertices), valued by the fusion and colon principles
// (bridges found by a depth-first search; each 2-edge-connected part is a
// vertex with loops), its moves listed for every other solver. Nimstring
// (`nimstring.go`) plays on the same pictures under entailing play: a
// picture of at most 26 strings is valued by a table of every position
// (`nimstringtable.go`), a larger one by its structure
// (`nimstringshape.go`: the rules for capturable coins, the all-but-two
// trick, long chains and loops cut to the shortest of their kind;
// `nimstringcanon.go`: a component's canonical key; `nimstringsearch.go`:
// each component valued once per shape by asking whether it and a
// nim-heap make a P-position, the memo kept across positions);
// `Structure` tells explain() what it saw.
package stdlib
