// Package entailing is play with moves that oblige the next move (Winning
// Ways, vol. 2, ch. 12; the affine impartial games of Larsson, Nowakowski
// and Santos, arXiv 2101.11699): an entailing move obliges the other
// player to answer in the position it leaves, an again move obliges the
// mover to move again. The player who cannot move loses.
//
// A position nobody is obliged in is worth a nimber, as in normal play, or
// ∞: loony (Winning Ways' ☾), a position in which whoever is to move wins,
// whatever it is added to. A sum is ∞ when one part is, else the XOR of
// its parts. A part's value comes from the values x of the rest that its
// moves answer, C: a free move to a position worth v answers x = v; an
// again move to one worth v answers every x but v (the mover moves again
// in a sum worth v + x, and wins unless it is 0); an entailing move to H
// answers the x for which the other player, obliged in H with a rest
// worth x, loses, the complement of W(H). The part is ∞ when C holds every
// nimber, else the least nimber not in C (the mex). W(H), the x for which
// the player obliged in H wins, is found the same way from H's moves: a
// free move to Q wins when Q is worth x, an again move to Q when it is
// not, an entailing move to Q when the other player, obliged in Q, loses:
// x not in W(Q). Such sets are finite or hold all but finitely many
// nimbers (nset). Both rules are checked against a brute force of whole
// sums in the tests.
//
// In a position, the part a player is obliged to answer in is a component
// of its own (Entailed): the moves the solver lists leave it, so play()
// and options() see the obligation. An again move leaves the mover's turn
// as such a part (Turn) whose one move hands the turn back.
//
// # Where things are
//
// A part's value is a nimber or ∞ (loony) by a mex over the values of the
// rest its moves answer, and who wins when obliged to answer in a part
// (`nset`: finite or cofinite sets of nimbers); the obligation a move leaves
// is a component of its own (a part to answer in, the mover's turn), so that
// options and play see it. Parts are valued on an explicit stack, never by
// recursion; a part met again while it is being valued is a loop of moves,
// refused with the loop; a heap ruleset's parts are valued smallest first
// (warming), given up where a heap's moves lead back up. A heap game whose
// groups of rules (`game.EntailGroups`) are heap rules — take-and-break
// codes, or rules the kind lists — goes to the heap engine instead
// (`heap.go`): heap by heap, W(n) from the values of the smaller heaps and W
// of the heaps its entailing moves reach, values in six bytes a heap (below
// 2^15), W kept for that window and at every 1024th heap (found again from
// there), splits marked in a byte table in blocks of heaps on every core;
// `checkpoint.go` keeps its values in `--values-dir` and resumes from them
// (`Prepare` grows a range at once). Top Entails to 600,000 in 41 s
// (`docs/topentails.md`). A ruleset that values its own positions (`Valuer`:
// Nimstring on a picture of at most 26 strings, by a table of every
// position, `stdlib/nimstringtable.go`) is asked first. Queries on an
// entailing ruleset use it unless told otherwise (`eval.Interp.convention`).
// `lib/lib.go` registers the conventions, one line each.
package entailing
