// Package solve holds the game-independent solvers: memoized mex over a state
// graph, and Grundy sequences of heap rulesets.
//
// # Where things are
//
// It holds machinery that knows no game: the memo over a state graph with
// fixed-length keys (tuples of numbers inside a box are indexed by their
// cell, `box.go`, the rest hashed; a `BoxGraph` may list the options inside
// the box as runs of cells, and a state whose options are all valued when
// they are listed is valued in that one pass; `Memo.Known` reads a valued
// cell from a tuple's numbers, for eval's compiled generators; a
// `ShiftGraph`, whose moves are all shifts, has its cells up to a root
// valued by a sweep in cell order, `sweep.go`, checked against a brute force
// in `eval/sweep_test.go`), with an outcome-only search beside the mex
// (`Memo.Win`: N at the first P option, P stored as value 0; a listing of
// options stops at the first option known to be P, `Work.Stop`, which the
// loops of compiled rules obey), the sequence grown by mex, `Mex`, `Limits`
// (states, memory, and the time of a statement, `MaxTime`, which eval holds
// with a context), `Work` (how a long listing is stopped: Ctrl-C, the move
// cap, and the memory its options take, `Work.Alloc` and `Limits.Spend`: the
// memory read every 16 MiB allocated), `Abort`/`Catch` (how a failing
// rule stops a solver), memory for large tables mapped outside the Go heap
// (`Map`, `Remap`, `Unmap`: the collector paces itself by the heap alone),
// and what the machine tells: the memory held (`Held`, mapped memory
// included), the CPU time it leaves free (`FreeTime`, for engines whose
// helpers should run only on free cores).
package solve
