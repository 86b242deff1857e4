package octal

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/big"

	"github.com/gamelang/gamelang/solve"
)

// Config configures a Table.
type Config struct {
	// Lost marks decided heaps (a 'loses if' rule): leaving such a heap loses
	// at once, so no move to it is ever made and it has no value. Nil: none.
	// A table with Lost claims no period: the rule may depend on n in any way.
	Lost func(n int64) bool
	// LostBlock, when set, fills lost[i] = Lost(from+i) for a block of heaps
	// at once, which is much faster for a compiled rule; runs use it. It
	// returns how many it filled, at least one.
	LostBlock func(from int64, lost []bool) int
	// Limits bound the number of values stored.
	Limits *solve.Limits
	// What names the game in errors.
	What string
	// Checkpoint, when set, saves the table now and then while it grows.
	Checkpoint *Checkpoint
	// ValuesDir, when set, is a directory where the table keeps its values
	// in a file, mapped into memory: they do not count against the memory
	// budget, and a later table of the same code resumes from them
	// (valuesfile.go). Not for a table with Lost.
	ValuesDir string
}

// Table is the Grundy sequence g(0), g(1), ... of a code, grown on demand, and
// the period it has proved, if any. Values are stored in the narrowest cells
// that hold them (bytes while every value is below 256). Beyond the state cap
// a code that never splits a heap runs on with a window of its last values,
// storing nothing more.
type Table struct {
	code   Code
	cfg    Config
	seq    sequence // the stored values and the engine that grows them
	period *Period
	search periodSearch
	run    *windowRun // the run beyond the stored values, for codes that never split
	skip   *skipState // the outcomes of take 1..hi with a 'loses if' rule, so far (outcome.go)

	preload []uint32 // values from a checkpoint, taken as the table grows over them (resume.go)

	saltus     *Saltus // the arithmetic period proved, if any (saltus.go)
	saltusWant int     // how many values the candidate arithmetic period needs
	searching  bool    // growing towards a period whose length is not known: no total to report

	provableOff bool // tests: claim no period, so that runs answer

	valuesErr error // the values file could not be opened: Grow says so
}

// sequence is the stored prefix of g, of one cell width, and the engine that
// extends it. grow reports errWide when a value does not fit its cells.
type sequence interface {
	Len() int
	At(i int) uint32
	Max() uint32
	reserve(n int) error // room for g(0) .. g(n), allocated once (mapped, in a values file)
	maxHeap() int        // the largest heap the engine computes
	grow(w *solve.Work, n int) error
	widen() (sequence, error)
	adopt(vals []uint32) (sequence, error) // append known values; the engine rebuilds its state
	adoptSaved(n int)                      // take the values file's saved values up to g(n)
	save(force bool) error                 // write the values out to the values file, if due or forced
	engineName() string
	valuesFile() string // the file the values live in, or ""
}

var errWide = errors.New("octal: value too wide for the cells")

// NewTable returns the table of c.
func NewTable(c Code, cfg Config) *Table {
	t := &Table{code: c, cfg: cfg}
	t.seq = newCells[uint8](t)
	if cfg.ValuesDir != "" && cfg.Lost == nil {
		f, err := openValues(cfg.ValuesDir, c)
		switch {
		case err == errValuesInUse: // another table of the code has the file: this one keeps to memory
		case err != nil:
			t.valuesErr = fmt.Errorf("%s: the values file: %w", cfg.What, err)
		case f.width == 2:
			t.seq = fileCells[uint16](t, f)
		case f.width == 4:
			t.seq = fileCells[uint32](t, f)
		default:
			t.seq = fileCells[uint8](t, f)
		}
	}
	return t
}

func fileCells[T cell](t *Table, f *valuesFile) *cells[T] {
	c := newCells[T](t)
	c.file = f
	return c
}

// Code returns the code of the table.
func (t *Table) Code() Code { return t.code }

// Len is the number of values stored, g(0) .. g(Len()-1).
func (t *Table) Len() int { return t.seq.Len() }

// At returns a stored value g(i), i < Len().
func (t *Table) At(i int) uint32 { return t.seq.At(i) }

// Period returns the period proved so far, or nil.
func (t *Table) Period() *Period { return t.period }

// Decides reports whether the table has a 'loses if' rule.
func (t *Table) Decides() bool { return t.cfg.Lost != nil }

// lostRun returns Lost for heaps asked in increasing order, evaluated a
// block at a time when the rule allows.
func (t *Table) lostRun() func(int64) bool {
	switch {
	case t.cfg.Lost == nil:
		return func(int64) bool { return false }
	case t.cfg.LostBlock == nil:
		return t.cfg.Lost
	}
	buf := make([]bool, 256)
	from, filled := int64(math.MinInt64/2), 0
	return func(n int64) bool {
		if d := uint64(n - from); d < uint64(filled) {
			return buf[d]
		}
		f := t.cfg.LostBlock(n, buf) // may panic (a failing rule): then nothing is kept
		from, filled = n, f
		return buf[0]
	}
}

// Lost reports whether heap n is decided by the table's 'loses if' rule.
func (t *Table) Lost(n int64) bool { return t.cfg.Lost != nil && t.cfg.Lost(n) }

// Engine names the algorithm that grows the table.
func (t *Table) Engine() string { return t.seq.engineName() }

// Grow computes and stores g(0) .. g(n).
func (t *Table) Grow(ctx context.Context, n int) error {
	if n < t.seq.Len() {
		return nil
	}
	if m := t.seq.maxHeap(); n > m {
		return fmt.Errorf("%s: the sparse-space engine computes the values of heaps up to %d (2^32 - 1), not %d", t.cfg.What, m, n)
	}
	if t.valuesErr != nil {
		return t.valuesErr
	}
	if err := t.reserve(n); err != nil {
		return err
	}
	w := solve.NewWork(ctx, t.cfg.Limits, t.cfg.What, t.seq.Len)
	t.seq.adoptSaved(n)
	if err := t.adoptPreload(n); err != nil {
		return err
	}
	from := t.seq.Len()
	for {
		err := w.Do(func() error { return t.seq.grow(w, n) })
		if err == errWide {
			wide, werr := t.seq.widen()
			if werr != nil {
				return werr // the narrower cells stay, whole
			}
			t.seq = wide
			continue
		}
		t.observe(t.seq.Len())
		// A values file is written out after a long growth, or one
		// stopped, as well as every minute while it runs.
		if serr := t.seq.save(err != nil || t.seq.Len()-from >= valuesSaveGrowth); err == nil {
			err = serr
		}
		return err
	}
}

// reserve makes room for g(0) .. g(n) in one allocation, within the
// budget.
func (t *Table) reserve(n int) error {
	if err := t.cfg.Limits.CheckValues(t.cfg.What, n+1, int64(n+1)*t.memBytesPerValue()); err != nil {
		return err
	}
	return t.seq.reserve(n)
}

// valuesSaveGrowth is the growth after which a values file is written out
// at once, not at its next minute.
var valuesSaveGrowth = 1 << 16

// memBytesPerValue is what a value costs in memory: bytesPerValue, less the
// cell itself when it lives in a values file.
func (t *Table) memBytesPerValue() int64 {
	if t.inFile() {
		return int64(t.cellBytes())
	}
	return t.bytesPerValue()
}

// inFile reports whether the values live in a values file.
func (t *Table) inFile() bool { return t.ValuesFile() != "" }

// ValuesFile is the file the values live in (Config.ValuesDir), or "".
func (t *Table) ValuesFile() string { return t.seq.valuesFile() }

// bytesPerValue estimates the memory a stored value takes: its cell, and as
// much again for the engine's own tables (the sparse engine's rare heaps,
// the reach bitsets), which is what a 0.1777 run to 4.4·10^8 values held.
func (t *Table) bytesPerValue() int64 { return 2 * int64(t.cellBytes()) }

// PeriodLimit is how many values a search for a period may compute by
// default: as many as the memory budget holds (or the state cap, when one
// is set).
func (t *Table) PeriodLimit() int {
	return t.cfg.Limits.ValuesWithin(t.bytesPerValue()) - 1
}

func (t *Table) cellBytes() int {
	switch t.seq.(type) {
	case *cells[uint8]:
		return 1
	case *cells[uint16]:
		return 2
	}
	return 4
}

// Value returns g(n) for a heap of any size: from the stored values, from the
// proved period (looked for first, when a theorem applies), by growing the
// table, or beyond the state cap by running on with a window (codes that never
// split a heap). A decided heap (Lost) has value 0 here; callers ask Lost first.
func (t *Table) Value(ctx context.Context, n *big.Int) (uint32, error) {
	if p := t.period; p != nil {
		return p.value(t, n), nil
	}
	if n.IsInt64() && n.Int64() < int64(t.seq.Len()) {
		return t.seq.At(int(n.Int64())), nil
	}
	limit := t.cfg.Limits.States() - 1
	small := n.IsInt64() && n.Int64() <= int64(limit)
	if v, ok, err := t.valueByTheory(ctx, n, small, limit); ok || err != nil {
		return v, err
	}
	if small {
		if err := t.Grow(ctx, int(n.Int64())); err != nil {
			return 0, err
		}
		return t.seq.At(int(n.Int64())), nil
	}
	if t.code.Finite() && t.code.Splits() == 1 && n.IsInt64() {
		return t.runTo(ctx, n.Int64())
	}
	return 0, t.beyondReach(n)
}

// valueByTheory is g(n) from a period proved on the way to n (or, when n
// is past the state cap, limit, as far as period() looks by default: as
// many values as the memory budget holds) or from an arithmetic period; ok
// is false when neither gives it.
func (t *Table) valueByTheory(ctx context.Context, n *big.Int, small bool, limit int) (uint32, bool, error) {
	if t.provable() {
		upTo := max(limit, t.PeriodLimit())
		if small {
			// the values up to n are needed, by the period or without it:
			// room for them at once, not a copy at each doubling of the
			// search (Officers to 10^7: 73 MB peak, 20 MB of values)
			upTo = int(n.Int64())
			if err := t.reserve(upTo); err != nil {
				return 0, false, err
			}
		}
		if _, err := t.FindPeriod(ctx, upTo); err != nil {
			return 0, false, err
		}
		if p := t.period; p != nil {
			return p.value(t, n), true, nil
		}
	}
	if !t.arithmetic() { // else before computing an infinite code's values one by one, at O(n) each
		return 0, false, nil
	}
	s, err := t.FindSaltus(ctx, 0)
	if err != nil || s == nil {
		return 0, false, err
	}
	v := s.Value(n)
	if !v.IsUint64() || v.Uint64() > math.MaxUint32 {
		return 0, false, fmt.Errorf("%s(%s) has the value %s, proved by its arithmetic period, but its moves are too many to list one by one", t.cfg.What, n, v)
	}
	return uint32(v.Uint64()), true, nil
}

// BigValue is Value for values of any size: an infinite code's values grow
// without bound, and its arithmetic period, once proved, gives them for
// heaps of any size. It is looked for before a heap past the values stored
// is computed one by one.
func (t *Table) BigValue(ctx context.Context, n *big.Int) (*big.Int, error) {
	if t.arithmetic() && !(n.IsInt64() && n.Int64() < int64(t.seq.Len())) {
		s, err := t.FindSaltus(ctx, 0)
		if err != nil {
			return nil, err
		}
		if s != nil {
			return s.Value(n), nil
		}
	}
	v, err := t.Value(ctx, n)
	return big.NewInt(int64(v)), err
}

// Value64 is Value for a heap that fits in 64 bits, without allocating
// when the value is stored or given by the period.
func (t *Table) Value64(ctx context.Context, n int64) (uint32, error) {
	switch p := t.period; {
	case n < int64(t.seq.Len()):
		return t.seq.At(int(n)), nil
	case p != nil:
		return p.At((n - p.Pre) % p.Len), nil
	}
	return t.Value(ctx, big.NewInt(n))
}

// windowRun is a stream run on past the stored values.
type windowRun struct {
	st   *stream
	last uint32 // g(st.pos - 1)
}

// runTo computes g(n) beyond the state cap with the stream engine's window,
// storing nothing; a later query for a larger heap goes on from there.
func (t *Table) runTo(ctx context.Context, n int64) (uint32, error) {
	se, ok := t.seq.(interface{ streamState() *stream })
	if !ok || se.streamState() == nil {
		return 0, t.beyondReach(big.NewInt(n))
	}
	if t.run == nil || t.run.st.pos > n+1 {
		st := se.streamState().clone()
		if st.pending { // computed but not stored: it is g(pos-1)
			st.pending = false
			t.run = &windowRun{st: st, last: st.pendV}
		} else {
			t.run = &windowRun{st: st}
		}
	}
	r := t.run
	for r.st.pos <= n {
		if r.st.pos%(1<<14) == 0 {
			if r.st.pos%(1<<20) == 0 {
				t.cfg.Limits.ReportOf(t.cfg.What, "heaps", r.st.pos, int64(n)+1)
			}
			if err := ctx.Err(); err != nil {
				return 0, &solve.InterruptedError{What: t.cfg.What, States: int(r.st.pos), Err: err}
			}
		}
		r.last, _ = r.st.next()
	}
	return r.last, nil
}

// BeyondReachError reports a heap too large for a table without a period.
type BeyondReachError struct {
	What  string
	Heap  *big.Int
	Known int
	Limit int
	Code  Code
	Lost  bool
}

func (e *BeyondReachError) Error() string {
	why := fmt.Sprintf("no period was found among the first %d values", e.Known)
	switch {
	case e.Lost:
		why = "a 'loses if' rule may depend on the heap in any way, so no period is claimed"
	case !e.Code.Finite() && e.Code.Splits() <= 2:
		why = fmt.Sprintf("its code %s is infinite, so no period applies, and no arithmetic period (g(n+p) = g(n) + s) was proved among the first %d values", e.Code, e.Known)
	case !e.Code.Finite():
		why = fmt.Sprintf("its code %s is infinite, so no periodicity theorem applies", e.Code)
	case e.Code.Unequal():
		why = "no periodicity theorem is known for unequal splits"
	}
	return fmt.Sprintf("%s(%s) is beyond reach: %s, and values are computed one by one up to at most %d (--max-states)", e.What, e.Heap, why, e.Limit)
}

func (t *Table) beyondReach(n *big.Int) error {
	return &BeyondReachError{What: t.cfg.What, Heap: n, Known: t.seq.Len(), Limit: t.cfg.Limits.States(), Code: t.code, Lost: t.cfg.Lost != nil}
}
