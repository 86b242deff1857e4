package octal

// The second core. A step of the sparse-space engine does two things of about
// the same size: it pairs every rare heap with its partner (to find c, the
// least common value missing), and it scans splits from a = 1 to show that
// every rare value below c is an option. The scan does not need c to start:
// while the engine pairs the rare heaps, a helper goroutine scans splits into
// marks of its own, until the engine tells it to stop. (The scan adds no
// common values: a common value needs a rare part, and the engine's pairs
// give all of those.) The engine then drops the targets — the rare values
// below c not yet seen — that the helper met; if some are left, the two
// scan the rest of the splits in two halves, each clearing the targets it
// meets from a shared array of atomic flags, until none is left or the splits
// run out. The least target left, if any, is g(n).
//
// The answer does not depend on who finds a witness, only the time does. The
// two goroutines meet through atomics, spinning (each has a core), so the
// helper runs only while a growth is under way, for heaps that cost a few
// microseconds, and for tables whose values fit in 16 bits (its marks and the
// flags are arrays indexed by a value).

import (
	"runtime"
	"sync/atomic"
	"time"
)

// job kinds
const (
	jobBlind   = iota // scan from the first split until stopped
	jobTargets        // scan a range, clearing targets, until none is left
)

type helper[T cell] struct {
	e    *sparseEngine[T]
	req  atomic.Int64 // the number of the job to do; -1 ends the helper
	stop atomic.Int64 // the number of the job to stop
	done atomic.Int64 // the number of the job done
	jobs int64

	// the job, set before req
	kind     int
	n        int
	g        []T
	from, to int // linear positions among the splits (see scanRange)

	m   *marks // the values met
	st  uint32
	pos int // where a blind scan stopped

	// shared with the engine during a targets job
	tgt  *[1 << 16]atomic.Uint32 // tgt[v] == tst: v is a target not yet met
	tst  uint32
	left atomic.Int64 // targets not yet met
}

// helperMin is the work per heap (rare pairs plus scan steps) from which the
// helper pays for the meetings.
const helperMin = 3000

func (e *sparseEngine[T]) startHelper() {
	if e.help != nil || e.m == nil || runtime.GOMAXPROCS(0) < 2 {
		return
	}
	h := &helper[T]{e: e, m: new(marks), tgt: new([1 << 16]atomic.Uint32)}
	e.help = h
	go h.run()
}

func (e *sparseEngine[T]) stopHelper() {
	if e.help != nil {
		e.help.req.Store(-1)
		e.help = nil
	}
}

func (h *helper[T]) run() {
	last := int64(0)
	for {
		job := wait(&h.req, last)
		if job < 0 {
			return
		}
		last = job
		if h.kind == jobBlind {
			h.blind(job)
		} else {
			h.e.scanTargets(h.g, h.n, h.from, h.to, h.m, h.st, h)
		}
		h.done.Store(job)
	}
}

// post hands the helper a job and returns its number.
func (h *helper[T]) post(kind, n int, g []T, from, to int) int64 {
	h.kind, h.n, h.g, h.from, h.to = kind, n, g, from, to
	h.jobs++
	h.req.Store(h.jobs)
	return h.jobs
}

// spins is how many looks a waiting goroutine takes before it yields: the
// other side is on the other core, and yielding costs more than a spin.
const spins = 1 << 16

// wait spins until *v differs from old, and returns it.
func wait(v *atomic.Int64, old int64) int64 {
	for i := 0; ; i++ {
		if x := v.Load(); x != old {
			return x
		}
		if i > spins {
			runtime.Gosched()
		}
	}
}

// waitFor spins until *v is want; it reports whether it waited past its
// spins (the other side was late: its thread was not running).
func waitFor(v *atomic.Int64, want int64) (late bool) {
	for i := 0; v.Load() != want; i++ {
		if i > spins {
			late = true
			runtime.Gosched()
		}
	}
	return late
}

// meetWindow is how many meetings the engine counts before it judges the
// helper; lateShare is the share of late ones (1 in lateShare) past which
// it lets the helper go: on a busy machine the two goroutines wait for
// each other's threads, and one core alone is faster.
const (
	meetWindow = 256
	lateShare  = 8
	minBackoff = 1 << 14 // heaps
	maxBackoff = 1 << 22
)

// window is the number of heaps between two looks at the clock.
const window = 1024

// judge ends a window of heaps at heap i. After a window on two cores, now
// and then, the next runs on one core; if that one was not slower by more
// than a tenth (a free core is worth that to the machine), the helper is let
// go for a backoff that doubles, else it comes back at once and the next
// comparison waits twice as long. The answers never depend on it; only the
// time does.
func (e *sparseEngine[T]) judge(i int, now time.Time) {
	d := now.Sub(e.winStart)
	started := !e.winStart.IsZero()
	e.winStart = now
	switch {
	case !started || e.keepHelper:
	case e.trial:
		e.trial = false
		if d*10 <= e.lastTwo*11 {
			e.backoff = min(max(2*e.backoff, minBackoff), maxBackoff)
			e.helperOff = i + e.backoff
			e.nextTrial = e.helperOff + window
		} else {
			e.helperOff = i
			e.trialGap = min(max(2*e.trialGap, 16*window), maxBackoff)
			e.nextTrial = i + e.trialGap
		}
	case e.help != nil && i >= e.nextTrial:
		e.lastTwo = d
		e.trial = true
		e.stopHelper()
		e.helperOff = i + window // the next window runs on one core
	}
}

// sampleEvery is how often crowded reads the machine's runnable threads.
const sampleEvery = 5 * time.Millisecond

// crowded reports whether the machine has no core to spare for the helper:
// the threads runnable besides the engine's own (from the kernel's count,
// averaged over the last samples) fill every core but the engine's. A
// helper on a crowded machine only waits for its thread's turns, and one
// core alone is faster. Where the count cannot be read, never.
func (e *sparseEngine[T]) crowded(now time.Time) bool {
	if now.Sub(e.sampled) < sampleEvery {
		return e.crowd >= crowdedAt()
	}
	e.sampled = now
	r := runnable()
	if r < 0 {
		return false
	}
	ours := 1
	if e.help != nil {
		ours = 2
	}
	e.crowd += (float64(max(r-ours, 0)) - e.crowd) / 4
	return e.crowd >= crowdedAt()
}

// crowdedAt is the average number of other runnable threads from which no
// core is spared: all cores but one taken, less a quarter for the noise.
func crowdedAt() float64 { return float64(runtime.NumCPU()-1) - 0.25 }

// meet counts a meeting with the helper.
func (e *sparseEngine[T]) meet(late bool) {
	e.meets++
	if late {
		e.late++
	}
}

// busy judges a window of meetings: true when the helper was late too
// often, and the backoff for the next time grows.
func (e *sparseEngine[T]) busy() bool {
	if e.meets < meetWindow || e.keepHelper {
		return false
	}
	late := e.late*lateShare > e.meets
	e.meets, e.late = 0, 0
	if late {
		e.backoff = min(max(2*e.backoff, minBackoff), maxBackoff)
	}
	return late
}

// chunk is how many splits a scan takes between looks at the flags.
const chunk = 64

// blind marks the values of the splits of heap n from the first on, until the
// engine asks it to stop or the splits run out.
func (h *helper[T]) blind(job int64) {
	e, g, n := h.e, h.g, h.n
	if h.st++; h.st == 0 {
		clear(h.m[:])
		h.st = 1
	}
	total := e.splitCount(n)
	h.pos = total
	for lo := 0; lo < total; lo += chunk {
		if h.stop.Load() == job {
			h.pos = lo
			return
		}
		e.scanRange(g, n, lo, min(lo+chunk, total), h.m, h.st)
	}
}

// met reports whether the helper's last scan met v.
func (h *helper[T]) met(v uint32) bool { return v < 1<<16 && h.m[uint16(v)] == h.st }

// splitCount is the number of splits of heap n: the linear positions of the
// scan run over split digit 0's parts a = 1, 2, ..., then digit 1's, and so on.
func (e *sparseEngine[T]) splitCount(n int) int {
	total := 0
	for _, k := range e.splits {
		total += max((n-k-e.uneq)/2, 0)
	}
	return total
}

// scanRange marks the values of the splits at linear positions from..to-1.
func (e *sparseEngine[T]) scanRange(g []T, n, from, to int, m *marks, st uint32) {
	base := 0
	for _, k := range e.splits {
		r := n - k
		cnt := max((r-e.uneq)/2, 0)
		if lo, hi := max(from-base, 0), min(to-base, cnt); lo < hi {
			scanAllKernel(g, r, lo+1, hi, m, st)
		}
		base += cnt
	}
}

// scanTargets scans the splits at linear positions from..to-1 in chunks,
// clearing the targets it meets, and stops when none is left.
func (e *sparseEngine[T]) scanTargets(g []T, n, from, to int, m *marks, st uint32, h *helper[T]) {
	base := 0
	for _, k := range e.splits {
		r := n - k
		cnt := max((r-e.uneq)/2, 0)
		lo, hi := max(from-base, 0), min(to-base, cnt)
		for ; lo < hi; lo += chunk {
			if h.left.Load() == 0 {
				return
			}
			targetKernel(g, r, lo+1, min(lo+chunk, hi), m, st, h.tgt, h.tst, &h.left)
		}
		base += cnt
	}
}
