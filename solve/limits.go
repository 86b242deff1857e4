package solve

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync/atomic"
	"time"
)

// Limits bounds the solvers of a session. The interpreter shares one Limits
// with all its solvers, so a change (the REPL's :set) applies to all of them.
type Limits struct {
	MaxStates int   // the most states (or heap values) one solver stores; 0: DefaultMaxStates
	MaxMemory int64 // the most memory the process may hold, in bytes; 0: DefaultMaxMemory
	// MaxTime bounds each statement's evaluation; 0: no bound (Ctrl-C
	// stops it).
	MaxTime time.Duration
	// Progress, when set, is told how long computations go.
	Progress Reporter

	asked atomic.Int64 // the askings of Check and Hold (heldDue)
}

// Reporter follows long computations, to show them (a progress bar on a
// terminal). The interpreter calls Start and Done around each statement;
// solvers call Report now and then with how far they are.
type Reporter interface {
	Start()
	// Report says a solver of what has done done units (values, states,
	// heaps) of total (0 when the total is not known); with no unit, what
	// is an activity with nothing to count ("reading big.game").
	Report(what, unit string, done, total int64)
	Done()
}

// Report tells the session's Reporter, if any, that a solver of what has
// done done units (values, states, heaps).
func (l *Limits) Report(what, unit string, done int64) { l.ReportOf(what, unit, done, 0) }

// ReportOf is Report for work whose total is known: values up to a heap.
func (l *Limits) ReportOf(what, unit string, done, total int64) {
	if l != nil && l.Progress != nil {
		l.Progress.Report(what, unit, done, total)
	}
}

// DefaultMaxStates is the state cap unless one is set.
const DefaultMaxStates = 20_000_000

// DefaultMaxMemory is the memory budget unless one is set: a quarter of the
// machine's memory, at least 1 GiB (4 GiB when the machine's is unknown).
var DefaultMaxMemory = defaultMemory()

func defaultMemory() int64 {
	p := physical()
	if p <= 0 {
		return 4 << 30
	}
	return max(p/4, 1<<30)
}

// States is the state cap in force.
func (l *Limits) States() int { return l.maxStates() }

// Memory is the memory budget in force, in bytes.
func (l *Limits) Memory() int64 { return l.maxMemory() }

func (l *Limits) maxStates() int {
	if l == nil || l.MaxStates <= 0 {
		return DefaultMaxStates
	}
	return l.MaxStates
}

func (l *Limits) maxMemory() int64 {
	if l == nil || l.MaxMemory <= 0 {
		return DefaultMaxMemory
	}
	return l.MaxMemory
}

// Check returns a LimitError if a solver of what with states states and bytes
// bytes of tables would pass a limit, or the process holds more memory
// than the budget (read every 256th call).
func (l *Limits) Check(what string, states int, bytes int64) error {
	switch {
	case states > l.maxStates():
		// The memory the process holds, not what the tables are expected
		// to take: a projection said as a fact misleads.
		return &LimitError{What: what, States: states - 1, Bytes: Held(), Limit: int64(l.maxStates()), Memory: false}
	case bytes > l.maxMemory():
		return &LimitError{What: what, States: states - 1, Bytes: bytes, Limit: l.maxMemory(), Memory: true}
	case l.heldDue():
		return l.overBudget(what, states-1)
	}
	return nil
}

// CheckValues is Check for a table of values (an octal code's), whose
// size is bounded by the memory it takes: the state cap applies only when
// one is set (--max-states).
func (l *Limits) CheckValues(what string, values int, bytes int64) error {
	if l != nil && l.MaxStates > 0 {
		return l.Check(what, values, bytes)
	}
	if bytes > l.maxMemory() {
		return &LimitError{What: what, States: values - 1, Bytes: bytes, Limit: l.maxMemory(), Memory: true}
	}
	if l.heldDue() {
		return l.overBudget(what, values-1)
	}
	return nil
}

// ValuesWithin is how many values of bytesPer bytes each a table may hold:
// the state cap when one is set, otherwise what the memory budget holds.
func (l *Limits) ValuesWithin(bytesPer int64) int {
	if l != nil && l.MaxStates > 0 {
		return l.MaxStates
	}
	return int(min(l.maxMemory()/bytesPer, 1<<40))
}

// LimitError reports that a solver reached its state cap or memory budget.
type LimitError struct {
	What   string // the game being solved
	States int    // how many states it had stored
	Bytes  int64  // memory held: by the process, or for Check's own estimate, its tables
	Limit  int64
	Memory bool // the memory budget, not the state cap
	Moves  bool // the candidate moves of one position, not the states stored
	// Reading: a script being read, its parse trees (What says which)
	Reading bool
	// Time: the time bound, which the statement reached (MaxTime)
	Time time.Duration
}

func (e *LimitError) Error() string {
	if e.Moves {
		return e.movesError()
	}
	if e.Time > 0 {
		if e.States > 0 {
			return fmt.Sprintf("time limit reached: solving %s stored %d states in %v (raise it with --max-time, or :set max-time in the REPL)", e.What, e.States, e.Time)
		}
		return fmt.Sprintf("time limit reached: %s took more than %v (raise it with --max-time, or :set max-time in the REPL)", e.What, e.Time)
	}
	if e.Reading {
		return fmt.Sprintf("memory limit reached: %s needs more than %s (raise it with --max-memory, or :set max-memory in the REPL)", e.What, MiB(e.Limit))
	}
	if e.Memory && e.States < 0 {
		return fmt.Sprintf("memory limit reached: listing the moves of %s needs more than %s (raise it with --max-memory, or :set max-memory in the REPL); what the session had learnt is dropped", e.What, MiB(e.Limit))
	}
	if e.Memory {
		return fmt.Sprintf("memory limit reached: solving %s stored %d states and needs more than %s (raise it with --max-memory, or :set max-memory in the REPL); what the session had learnt is dropped", e.What, e.States, MiB(e.Limit))
	}
	return fmt.Sprintf("state limit reached: %s needs more than %d stored states (raise it with --max-states, or :set max-states in the REPL); %s of memory in use", e.What, e.Limit, MiB(e.Bytes))
}

// MiB formats a byte count.
func MiB(b int64) string {
	switch {
	case b >= 1<<30:
		return fmt.Sprintf("%.1f GiB", float64(b)/(1<<30))
	case b >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(b)/(1<<20))
	}
	return fmt.Sprintf("%.1f KiB", float64(b)/(1<<10))
}

// InterruptedError reports a search stopped by its context, and how far it got.
type InterruptedError struct {
	What   string
	States int
	Err    error // the context's error
}

func (e *InterruptedError) Error() string {
	if e.States == 0 { // nothing stored: a loop (a comprehension) rather than a solver
		return fmt.Sprintf("interrupted while computing %s", e.What)
	}
	return fmt.Sprintf("interrupted while solving %s, after %d stored states (what was stored is kept)", e.What, e.States)
}

// Unwrap returns the context's error, so errors.Is(err, context.Canceled) holds.
func (e *InterruptedError) Unwrap() error { return e.Err }

// Interrupted reports whether err comes from a cancelled context.
func Interrupted(err error) bool {
	return errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}

// ParseSize reads a size in bytes with an optional unit: KiB, MiB, GiB (or K,
// M, G, KB, MB, GB, all powers of 1024).
func ParseSize(s string) (int64, error) {
	t := strings.ToUpper(strings.TrimSpace(s))
	mult := int64(1)
	for _, u := range []struct {
		suffix string
		mult   int64
	}{{"GIB", 1 << 30}, {"MIB", 1 << 20}, {"KIB", 1 << 10}, {"GB", 1 << 30}, {"MB", 1 << 20}, {"KB", 1 << 10}, {"G", 1 << 30}, {"M", 1 << 20}, {"K", 1 << 10}, {"B", 1}} {
		if strings.HasSuffix(t, u.suffix) {
			t, mult = strings.TrimSuffix(t, u.suffix), u.mult
			break
		}
	}
	n, err := strconv.ParseInt(strings.TrimSpace(t), 10, 64)
	if err != nil || n <= 0 || n > (1<<62)/mult {
		return 0, fmt.Errorf("%q is not a size such as 512MiB or 2GiB", s)
	}
	return n * mult, nil
}
