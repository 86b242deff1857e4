package solve

// The memory budget is the process's: what the Go runtime holds from the
// system and has not given back, read through runtime/metrics — every
// table, stack, move list and parse tree, and the garbage not yet
// collected — and the large tables mapped outside its heap (mapped.go). Solvers ask Limits.Check now and then (every state they
// store, every few thousand candidate moves); every 256th asking of the
// same Limits reads the runtime's count. The runtime's own soft limit is set to the budget too
// (SetBudget), so that the collector works harder as it nears, and the
// process's resident size stays close to what the budget allows.

import (
	"runtime/debug"
	"runtime/metrics"
	"sync/atomic"
)

// Held is the memory the Go runtime holds from the system, and the tables
// mapped outside its heap (mapped.go), in bytes.
func Held() int64 {
	s := []metrics.Sample{{Name: "/memory/classes/total:bytes"}, {Name: "/memory/classes/heap/released:bytes"}}
	metrics.Read(s)
	return int64(s[0].Value.Uint64()-s[1].Value.Uint64()) + Mapped()
}

// asked counts the askings of no Limits (nil).
var asked atomic.Int64

// heldDue reports whether this asking should read the runtime's count:
// every 256th of l's, so that what one search asks does not depend on the
// others running beside it.
func (l *Limits) heldDue() bool {
	if l == nil {
		return asked.Add(1)&255 == 0
	}
	return l.asked.Add(1)&255 == 0
}

// SetBudget makes the runtime's soft memory limit the budget of l.
func SetBudget(l *Limits) { debug.SetMemoryLimit(l.maxMemory()) }

// Hold is Check for work that stores no states, such as a list of moves
// being built: a LimitError when the process holds too much memory.
func (l *Limits) Hold(what string) error {
	if !l.heldDue() {
		return nil
	}
	return l.overBudget(what, -1)
}

// CheckNow is Check reading the memory the process holds at once, for a
// search that checks seldom (every few hundred steps of many allocations
// each), whose every check must see the memory.
func (l *Limits) CheckNow(what string, states int, bytes int64) error {
	if err := l.Check(what, states, bytes); err != nil {
		return err
	}
	return l.overBudget(what, states-1)
}

// overBudget is a LimitError when the runtime holds more than 85% of the
// budget: the rest is room for the growth under way when it is read (a
// table doubling), so that the peak stays within the budget.
func (l *Limits) overBudget(what string, states int) error {
	if h := Held(); h > l.maxMemory()/20*17 {
		return &LimitError{What: what, States: states, Bytes: h, Limit: l.maxMemory(), Memory: true}
	}
	return nil
}

// spendEvery is how many bytes a search may allocate between two reads of
// the memory held (Spend).
const spendEvery = 16 << 20

// Spend counts n more bytes allocated by a search of what, in *acc, and
// reads the memory held once spendEvery of them have gone by: a search
// whose steps allocate megabytes each (the moves of a large position)
// cannot pass the budget between its polls by much.
func (l *Limits) Spend(acc *int64, n int64, what string, states int) error {
	if *acc += n; *acc < spendEvery {
		return nil
	}
	*acc = 0
	return l.overBudget(what, states)
}
