package solve

import (
	"context"
	"fmt"
)

// Work is handed to a ruleset while it lists the options of one position. The
// ruleset calls Tick once for every candidate move it considers, legal or not
// (every binding of a 'for' loop, say), so that a listing that runs long — a
// loop over 1..10^12 whose guard never holds — can be stopped: Tick polls the
// context and counts the candidates against the state cap every few thousand
// calls. It stops the listing by panicking with a value that the solver which
// made the Work recovers; rulesets must let such panics pass.
type Work struct {
	ctx    context.Context
	limits *Limits
	what   string
	stored func() int // how many states the solver holds, for the report
	left   int        // ticks until the next poll
	count  int        // ticks since Reset, as of the last poll (negative before the first)
	stop   bool       // the solver needs no more options of this position (Stop)
	spent  int64      // bytes allocated since the memory was last read (Alloc)
}

const pollEvery = 1 << 14

// NewWork returns a Work for one query of a solver of what.
func NewWork(ctx context.Context, limits *Limits, what string, stored func() int) *Work {
	return &Work{ctx: ctx, limits: limits, what: what, stored: stored, left: pollEvery}
}

// Reset starts the count of candidates for a new position. The countdown
// to the next poll goes on: restarting it for every position never polled
// while each position had fewer candidates than a poll's worth (a heap
// sequence of 10^4 heaps of 10^4 moves each ran 1.5 s past Ctrl-C). The
// count starts where the next poll will find exactly the ticks since now.
func (w *Work) Reset() { w.count, w.stop = w.left-pollEvery, false }

// Stop tells the ruleset listing a position's options that the solver
// needs no more of them: the outcome search has met a move to a
// P-position. A ruleset may list the rest anyway; the loops of compiled
// rules end at the next candidate (Stopped).
func (w *Work) Stop() { w.stop = true }

// Stopped reports whether Stop was called since the listing began.
func (w *Work) Stopped() bool { return w.stop }

// Tick counts one candidate move.
func (w *Work) Tick() {
	if w.left--; w.left < 0 {
		w.poll()
	}
}

// TickN counts n candidate moves, as n calls of Tick would.
func (w *Work) TickN(n int) {
	for n > 0 {
		step := min(n, w.left+1)
		n -= step
		if w.left -= step; w.left < 0 {
			w.poll()
		}
	}
}

func (w *Work) poll() {
	w.count += pollEvery
	w.left = pollEvery - 1
	if err := w.Err(); err != nil {
		panic(stop{err})
	}
	if w.count > w.limits.maxStates() {
		panic(stop{&LimitError{What: w.what, States: w.stored(), Limit: int64(w.limits.maxStates()), Moves: true}})
	}
	if err := w.limits.overBudget(w.what, w.stored()); err != nil {
		panic(stop{err})
	}
}

// Alloc counts n bytes a listing allocated (the options it made): a
// listing whose options are large (a list of 4096 numbers each) reads the
// memory held every spendEvery bytes, not only every pollEvery ticks.
func (w *Work) Alloc(n int) {
	if err := w.limits.Spend(&w.spent, int64(n), w.what, w.stored()); err != nil {
		panic(stop{err})
	}
}

// Check stops the listing at once if the query is interrupted, for a
// listing whose every option costs much (a graph's components found
// afresh): Tick looks only every pollEvery candidates.
func (w *Work) Check() {
	if err := w.Err(); err != nil {
		panic(stop{err})
	}
}

// Err reports an interruption of the query.
func (w *Work) Err() error {
	if err := w.ctx.Err(); err != nil {
		return &InterruptedError{What: w.what, States: w.stored(), Err: err}
	}
	return nil
}

// stop carries an error out of a ruleset's option listing.
type stop struct{ err error }

// Abort stops a computation from deep inside a callback — a compiled rule
// that divides by zero while a solver lists options — by panicking with a
// value that Catch (and Work.Do, and every solver) turns back into err.
func Abort(err error) { panic(stop{err}) }

// Catch, deferred, turns an Abort or a Work's stop into *err; other panics
// go on.
func Catch(err *error) {
	if r := recover(); r != nil {
		st, ok := r.(stop)
		if !ok {
			panic(r)
		}
		*err = st.err
	}
}

// Stopped reports whether a value recovered from a panic is an Abort or a
// Work's stop, and its error.
func Stopped(r any) (error, bool) {
	st, ok := r.(stop)
	return st.err, ok
}

func (e *LimitError) movesError() string {
	return fmt.Sprintf("move limit reached: one position of %s has more than %d candidate moves (a 'for' over a huge range?); raise it with --max-states, or :set max-states in the REPL", e.What, e.Limit)
}

// Do runs f, which lists options with w, and returns the error that stopped
// it, if any: f's own, or the limit or interruption that w stopped it with.
func (w *Work) Do(f func() error) (err error) {
	defer Catch(&err)
	return f()
}
