// Package exercise reads a teacher's set of exercises and checks a
// student's answers against the solver (docs/exercises.md). An exercise
// asks a question about games defined in the set's setup; its expected
// answer is a gamelang expression the solver computes (never typed in), or
// a position whose winning moves are wanted. A student answers with a
// value written as gamelang writes one — a number, a set, a list, P or N, a
// position — and is told whether it is right, what is missing or extra,
// and, on request, a hint that explain() gives.
//
// # Where things are
//
// It holds sets of exercises (docs/exercises.md): the format, and the
// checker that runs a set's setup in a `gamelang.Session` and judges a
// student's answer (a value, never a query) against the solver's;
// `exercises/` holds the sets, each checked against its book.
package exercise
