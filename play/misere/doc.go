// Package misere is misère play: the player who makes the last move loses.
// Sums do not add up as in normal play — a position's misère nim value says
// who wins it alone, not in company — so the outcome of a sum is found, in
// order of preference:
//
//   - by Bouton's rule for sums of Nim and bounded Nim heaps;
//   - from the misère quotient of a take-and-break game (quotient.go), for
//     sums of heaps of one such game, at any size once its period is proved;
//   - by genus arithmetic when every part is tame (genus.go): tame parts
//     add like heaps of misère Nim;
//   - otherwise by a search over the sum's own positions, each a multiset
//     of components, memoised (search.go, space.go).
//
// Genus and quotients are Conway's (On Numbers and Games, ch. 12) and
// Plambeck and Siegel's ("Misère quotients for impartial games", 2008).
//
// # Where things are
//
// Misère values and genus (`genus.go`, found by iterative searches in
// `search.go` over sums kept as canonical multisets, `space.go`), tame sums
// by Bouton's rule (`tame.go`), and misère quotients of take-and-break games
// (`quotient.go`: grown heap by heap, each heap's image verified over every
// position (`verify.go`), found anew by trial monoids when one does not fit
// (`learn.go`: recalibration at the least failure; `trial.go`: direct sums
// with cyclic parts, P-portion marked, reduced to classes), a period proved;
// `presentation.go` writes one out), and misère canonical forms
// (`canonical.go`: a table of games in simplest form, one number each, by
// Grundy and Smith's two reductions, with sums and mates, and a position's
// form from its components'; `canonwrite.go` writes and reads CGSuite's
// notation, `canonexplain.go` says how a form simplified; `phylum.go`
// classes them as Winning Ways does (tame, restive, restless, wild…);
// `parts.go` finds their parts, differences and partitions into primes;
// `born.go` counts the games born by day n on bit masks, and day 6 by the
// sets that simplify; tested against CGSuite's test data
// and against the definition, outcomes of sums of unsimplified trees, in
// `canonbrute_test.go`; `lib/misereplay/forms.go` is their value and
// queries). A sum's outcome comes from the first that applies: Bouton, the
// quotient, genus arithmetic, a search. A position that falls apart (a graph
// asked about whole, `game.Splitter`) is valued as the sum of its parts by
// normal and misère play alike. The normal solver refuses sums of games
// whose `loses if` decides their empty position (`play/normal/trap.go`):
// that is misère play written as a rule, and in a sum it means something
// else.
package misere
