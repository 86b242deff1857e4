// Package octal solves take-and-break heap games given by a code: octal and
// hexadecimal games in the notation of Winning Ways, subtraction games, and
// the infinite codes of games such as Nim. It grows their Grundy sequences with
// the fastest engine the code allows (reach bitsets for codes that never split
// a heap, the sparse-space method for codes that split into two), stores the
// values compactly, and proves periodicity by the theorems that apply, so that
// heaps of any size are answered exactly once a period is proved.
//
// # Where things are
//
// It solves take-and-break codes: `Code`, the one definition of what a move
// leaves (`Digit.Leave`), and the engines that grow a code's Grundy sequence
// (stream, sparse space, plain) with its proved periods, and the arithmetic
// periods of infinite codes (`saltus.go`: g(n+p) = g(n) + s, proved by an
// induction checked once per residue). The sparse-space engine runs on every
// core through the wavefront (`wave.go`; on one core too, where its blocks
// beat the one-heap step): a block of consecutive heaps has the splits whose
// parts lie below a base marked side by side (prepare, in one array of
// stamps per goroutine, kept as a bit set per heap that finish reads), then
// the rest added in heap order (finish, which marks the rare pairs whose
// partners lie from the base on a run of 32 heaps at a time, as prepare does
// those below). The blocks run as a pipeline: while the engine's goroutine
// finishes one block, the helpers prepare the next from the values below the
// block being finished, then go on to the one after (posted early, from the
// values finished so far, when they run dry; a heap whose preparation comes
// after finish has stored heaps past the base reads those too: its rare
// pairs with partners there, and the small parts its scan starts from, with
// each run's top kept for finish, `finalG`); the engine's goroutine posts
// the block after the next, joins the next block's preparation a heap at a
// time (posting more wherever the helpers have run dry) and finishes each
// heap as soon as it is prepared. A heap's preparation guesses the values of
// the single heaps its options leave (the least common value their own
// preparation found missing), so that finish, in heap order, seldom has to
// look for rare values afresh. It never sleeps: while a helper has a heap
// under way it prepares heaps of later blocks, then computes the heap by the
// one-heap step (a helper waiting for a core); a goroutine that waits for
// another (a helper for the next block, the engine's for the end of a shared
// scan) polls some 10 µs before it blocks (`soon`), as a goroutine that
// blocked took 15-17 µs to run again on the virtual 2-core machine. Its
// tests check it against a mex written in the test with blocks from heap 64
// and 1, 2 and 4 goroutines, and that blocks are prepared beside a finish,
// dropped, share scans with busy helpers, and have heaps stepped amid them,
// and one block prepared once the heaps past its base are stored
// (`TestWavePreparesPastBase`). `pick.go` times the wavefront against one
// core's way as a table grows and runs the faster (the answer is the same
// either way); one core's way is itself chosen so (`sparse.go`, `way`),
// between the wavefront on the engine's goroutine alone (solo) and the
// one-heap step, on one core and on a busy machine alike. It weighs an epoch
// of the wavefront as it runs: one no faster than one core's way was is
// ended and that way timed afresh (a busy machine); and an epoch of one
// core's way, where the machine tells the CPU time it left free
// (`solve.FreeTime`, /proc/stat on the CPUs the process may use): while
// the helpers would find no core free, one core's way runs on without the
// wavefront's costly trials, and a growth begins with such a look, so that a
// machine busy from the start never tries the wavefront on every core; when
// one core's way takes over, the blocks posted ahead are dropped, so that
// the helpers leave its core alone; `scan.go` is the order both scan a
// heap's splits in for a rare value (the small parts of every split digit
// first), and `kernels.go` the hot loops both run (eight splits, four rare
// pairs at a time, sixteen with AVX-512's gather and scatter in
// `want_amd64.s` on 16-bit cells, where the plain loops are faster on 8-bit
// ones; the wavefront's runs of 32 heaps on 8- and 16-bit cells, whose rare
// pairs `pairRuns` marks together: a rare heap's 32 partners one vector
// load, each pair a byte store, no gather; the marks packed as bits, 64
// values an AVX-512 compare, for the wavefront's sets and the rare values
// the want kernel looks for; `kernels_test.go` checks them against plain
// loops, and `wave_test.go` the runs' ranges (`pairsOf`, `finishRun`)
// against their definition). The one-heap step has three quicker ways to
// finish a heap: `small.go` while every value is below 64 (the options'
// values as one word, no stores; the options from single heaps and small
// rare heaps read as lanes made once, by one vector on 8-bit cells with
// AVX-512 (VBMI, or BW) and by a short loop elsewhere, and the scan 64
// splits at a time with AVX-512 VBMI and BITALG, 32 with AVX2);
// `runstep.go`, where values pass 64, marks the rare pairs of 32 consecutive
// heaps at once with the wavefront's runs (`pairsOf`) and keeps each heap's
// as a small bit set, the few pairs whose partners lie in the run added heap
// by heap; and `want.go` with `want_amd64.s`, an AVX-512 kernel that looks
// the rare values still wanted up 32 or 64 splits at a time (values below
// 1024; 8-bit cells with VBMI's byte permutes, or with BW's byte shuffles
// where there is no VBMI; the wavefront's prepare uses it too). A new kernel
// goes in `want_amd64.s` with its flag in `want_amd64.go`, a stub in
// `want_other.go`, and a test against a plain loop in `kernels_test.go`.
// Without AVX-512, or with the `purego` tag, `want_other.go` turns it off
// and steps mark every value met; `steps_test.go` checks every way against
// the definition. The step locks its goroutine to its OS thread while it
// runs (`sparse.go`, `grow`), so that the scheduler's preemptions do not
// move it onto a thread sharing a core with another process. A table can be
// resumed from stored values (`resume.go`: every engine's state is a
// function of the values, rebuilt from them) and saves through a checkpoint
// hook called on the growing goroutine. With `Config.ValuesDir` the cells
// live in a file mapped into memory (`valuesfile.go`, Unix; `--values-dir`):
// past the memory budget, written out now and then with a record of how many
// values are final, and taken up again by a later table of the code.
// Otherwise a table of 2^20 cells or more lives in memory mapped outside the
// Go heap (`cells.go`, `solve.Map`; the heap on systems without it): the
// collector paces itself by the heap alone, so that a large table does not
// let as much garbage again pile up between collections, and on Linux the
// table grows in place, never holding two copies.
package octal
