// Package rules compiles the rules of user-declared games — take amounts,
// move results, guards, 'loses if' conditions — and says what a kind of
// position must provide to be declared in the language (Kind). The kinds
// themselves, each with its rulesets, are the packages below this one.
//
// # Where things are
//
// It holds the rule compiler (rule expressions become closures over int64
// registers; a `loses if` may also compile to run over blocks of heaps; a
// move whose results are affine in the state and one loop variable is a
// line, `line.go`, whose options inside the memo's box the tuple kind gives
// as runs of cells, checked against its closures in
// `rules/linemoves_test.go`; a move that adds constants under guards
// comparing a number with a constant is a shift, `shift.go`, which the tuple
// kind gives the memo as `solve.Shift`s, a loop over a few constants
// compiled once for each (`Scope.Unrolled`)) and `rules.Kind`, what a kind
// of position provides to the language. Comprehensions and generators
// (`comprehension.go`) get registers of their own and are folded into
// constants when they do not depend on the position; functions defined by
// `let f(x) = ...` are inlined with a scope of their own (`inline`); the
// number theory of `numbers.go` (gcd, isqrt, isprime, factorial, nimmul) is
// the int64 twin of eval's. The loops a rule runs tick the query's
// `solve.Work` through the `Ticker` a ruleset hands each listing of options.
// A kind may define functions and collections its rules read from the
// position under way (`Scope.Define`: a graph's `vertices`, `neighbours(v)`,
// `degree(v)`). **rules/heap**, **rules/tuple**, **rules/set**,
// **rules/list**, **rules/graph** are the kinds: each has its positions (a
// `game.Kind`), its declarations (a `rules.Kind`) and its rulesets. The heap
// kind also recognises take rules that spell a code, or bounded Nim. The
// graph kind's positions are graphs (`path(60)`, `grid(4, 6)`, `graph("a-b
// b-c")`, values of eval made from data; a graph keeps loops and edges
// written twice for Hackenbush, and the vertex rulesets refuse it then); its
// moves leave subgraphs, given as their connected components when every rule
// is local, each keyed by a canonical form (the vertices renumbered in
// order) when the rules see vertices only through edges and order: the
// generic memo then solves a position as the sum of its parts, equal parts
// sharing one entry. Both judgements are one walk over each rule's text
// (`reads.go`) with a list of what is safe: `ground`, `vertices` outside the
// root loop or a vertex by number make a rule global, a vertex used as a
// number makes it see numbers; anything not on the list counts as unsafe.
// `rules/graph/graphrules_test.go` draws random rules of every form and checks them
// against a brute force on whole graphs. `lib/lib.go` registers the kinds,
// one line each.
package rules
