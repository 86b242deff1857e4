package octal

import (
	"math"
	"runtime"
	"unsafe"

	"github.com/gamelang/gamelang/solve"
)

// cell is the width a table stores its values in.
type cell interface{ ~uint8 | ~uint16 | ~uint32 }

// cells is a stored prefix of a Grundy sequence in cells of type T, with the
// engine that extends it. Engines are written for one width each (Go
// instantiates them per width, so the hot loops read bytes when they can).
type cells[T cell] struct {
	t    *Table
	g    []T
	lost []uint64 // bit i: heap i is decided (only with Config.Lost)
	max  uint32
	eng  engine[T]
	file *valuesFile // where g lives when the table keeps its values in a file (valuesfile.go); nil: memory
	mem  *mapping    // where g lives when it is mapped outside the Go heap (a large table); nil: the heap
}

// mapping is the memory a large table's cells are mapped in
// (solve.Map), given back when the table is dropped or moves out of it.
// stale holds what an engine may still read until the next growth.
type mapping struct {
	b     []byte
	stale [][]byte
}

// unmap gives back the mapping and whatever is stale.
func (m *mapping) unmap() {
	m.drop()
	solve.Unmap(m.b)
	m.b = nil
}

// drop gives back the stale mappings.
func (m *mapping) drop() {
	for _, b := range m.stale {
		solve.Unmap(b)
	}
	m.stale = nil
}

// engine extends a cells[T] to g(n); it returns errWide when a value does not
// fit in T (the table then widens the cells and asks a new engine again).
type engine[T cell] interface {
	grow(c *cells[T], w *solve.Work, n int) error
	name() string
}

func newCells[T cell](t *Table) *cells[T] {
	c := &cells[T]{t: t}
	c.eng = chooseEngine(c)
	return c
}

func (c *cells[T]) Len() int           { return len(c.g) }
func (c *cells[T]) At(i int) uint32    { return uint32(c.g[i]) }
func (c *cells[T]) Max() uint32        { return c.max }
func (c *cells[T]) engineName() string { return c.eng.name() }

func (c *cells[T]) grow(w *solve.Work, n int) error { return c.eng.grow(c, w, n) }

// maxHeap is the largest heap the engine computes.
func (c *cells[T]) maxHeap() int {
	if _, ok := c.eng.(*sparseEngine[T]); ok {
		return maxSparseHeap
	}
	return math.MaxInt
}

// reserve makes room for g(0) .. g(n) in one allocation, so that a long
// growth does not copy the table again and again (nor hold two copies); in
// a values file, it maps the file that far. A table of bigTable cells or
// more is mapped outside the Go heap (solve.Map), where it grows in place.
// No engine holds the cells while reserve runs.
func (c *cells[T]) reserve(n int) error {
	if c.file != nil {
		mem, err := c.file.ensure(n + 1)
		if err != nil {
			return err
		}
		c.g = cellsOf[T](mem)[:len(c.g)]
		return nil
	}
	if c.mem != nil {
		c.mem.drop()
	}
	if n < cap(c.g) {
		return nil
	}
	size := max(n+1, cap(c.g)+cap(c.g)/4) // as regrow
	if size >= bigTable && solve.CanMap {
		return c.mapTo(size)
	}
	c.g = regrow(c.g, size)
	return nil
}

// mapTo moves the cells to mapped memory of size cells, or grows the
// mapping they are in to it.
func (c *cells[T]) mapTo(size int) error {
	var zero T
	bytes := size * int(unsafe.Sizeof(zero))
	if c.mem != nil && c.mem.b != nil {
		b, err := solve.Remap(c.mem.b, bytes)
		if err != nil {
			return err
		}
		c.mem.b, c.g = b, cellsOf[T](b)[:len(c.g)]
		return nil
	}
	b, err := solve.Map(bytes)
	if err != nil {
		return err
	}
	g := cellsOf[T](b)
	copyYielding(g, c.g)
	if c.mem == nil {
		c.mem = &mapping{}
		runtime.AddCleanup(c, (*mapping).unmap, c.mem)
	}
	c.mem.b, c.g = b, g[:len(c.g)]
	return nil
}

// cellsOf views a mapping as cells of T.
func cellsOf[T cell](mem []byte) []T {
	var zero T
	return unsafe.Slice((*T)(unsafe.Pointer(unsafe.SliceData(mem))), len(mem)/int(unsafe.Sizeof(zero)))
}

// outgrown moves cells whose mapping is full to the heap: a push past
// what reserve made room for, which Grow never makes. The mapping stays
// until the next reserve, for an engine that reads it still.
func (c *cells[T]) outgrown() {
	m := c.mem
	c.g = regrow(c.g, len(c.g)+1)
	m.stale = append(m.stale, m.b)
	m.b = nil
}

// adoptSaved takes the values saved in the values file up to g(n), as the
// growth reaches them; the engine rebuilds its state from them.
func (c *cells[T]) adoptSaved(n int) {
	if c.file == nil || len(c.g) >= c.file.saved {
		return
	}
	upto := min(n+1, c.file.saved)
	for _, v := range c.g[len(c.g):upto] {
		c.max = max(c.max, uint32(v))
	}
	c.g = c.g[:upto]
	c.eng = chooseEngine(c)
	if se, ok := c.eng.(*streamEngine[T]); ok {
		se.st.seek(int64(len(c.g)), func(i int64) uint32 { return uint32(c.g[i]) })
	}
}

func (c *cells[T]) valuesFile() string { return c.file.path() }

// close lets go of the values file, if any (tests: a table that resumes
// from it in the same process).
func (c *cells[T]) close() {
	if c.file != nil {
		c.file.close()
	}
}

// save writes the values out to the values file, when there is one and
// force is set or a save is due.
func (c *cells[T]) save(force bool) error {
	if c.file == nil || !force && !c.file.due() {
		return nil
	}
	return c.file.sync(len(c.g))
}

// bigTable is the length from which a table's cells are mapped outside
// the Go heap (reserve).
var bigTable = 1 << 20 // a variable, for tests

// streamState is the stream of a stream engine, for runs past the stored values.
func (c *cells[T]) streamState() *stream {
	if se, ok := c.eng.(*streamEngine[T]); ok {
		return se.st
	}
	return nil
}

// limit is the largest value a cell holds.
func (c *cells[T]) limit() uint32 { return uint32(^T(0)) }

// push appends g(len) = v, which fits, and whether that heap is lost.
func (c *cells[T]) push(v uint32, lost bool) {
	i := len(c.g)
	if i == cap(c.g) {
		switch {
		case c.file != nil:
			panic("octal: a value pushed past the mapped values file (reserve was not called)")
		case c.mem != nil && c.mem.b != nil:
			c.outgrown()
		}
	}
	c.g = append(c.g, T(v))
	if c.t.cfg.Lost != nil {
		if i%64 == 0 {
			c.lost = append(c.lost, 0)
		}
		if lost {
			c.lost[i/64] |= 1 << (i % 64)
		}
	}
	if v > c.max && !lost {
		c.max = v
	}
}

// isLost reports whether the stored heap i is decided.
func (c *cells[T]) isLost(i int) bool {
	return c.lost != nil && c.lost[i/64]&(1<<(i%64)) != 0
}

// widen copies the values into cells twice as wide, with a new engine.
func (c *cells[T]) widen() (sequence, error) {
	switch any(c).(type) {
	case *cells[uint8]:
		return widenTo[T, uint16](c)
	default:
		return widenTo[T, uint32](c)
	}
}

func widenTo[T, U cell](c *cells[T]) (*cells[U], error) {
	d := &cells[U]{t: c.t, lost: c.lost, max: c.max}
	if c.file != nil { // a file of wider cells takes over, saved at once
		var zero U
		f, err := c.file.widen(int(unsafe.Sizeof(zero)))
		if err != nil {
			return nil, err
		}
		mem, err := f.ensure(cap(c.g))
		if err != nil {
			return nil, err
		}
		d.file, d.g = f, cellsOf[U](mem)[:len(c.g)]
	} else {
		if err := d.reserve(cap(c.g) - 1); err != nil {
			return nil, err
		}
		d.g = d.g[:len(c.g)]
	}
	for i, v := range c.g {
		d.g[i] = U(v)
	}
	if c.mem != nil {
		c.mem.unmap() // the narrow cells are done with: no engine reads them
		c.mem = nil
	}
	if d.file != nil {
		if err := d.file.sync(len(d.g)); err != nil {
			return nil, err
		}
		c.file.remove()
	}
	if se, ok := any(c.eng).(interface{ stream() *stream }); ok {
		d.eng = &streamEngine[U]{st: se.stream()}
	} else {
		d.eng = chooseEngine(d)
	}
	return d, nil
}

// chooseEngine picks the fastest engine for the table's code.
func chooseEngine[T cell](c *cells[T]) engine[T] {
	code := c.t.code
	switch {
	case code.Finite() && code.Splits() == 1:
		return newStreamEngine[T](c)
	case code.Finite() && code.Splits() == 2 && c.t.cfg.Lost == nil:
		return newSparseEngine[T](code)
	}
	return newPlainEngine[T](code)
}

// regrow is s with room for size cells, copied a stretch at a time with a
// yield between stretches. One copy of hundreds of megabytes (slices.Grow's,
// and its clearing of the room) cannot be interrupted: the collector, which
// must stop the goroutine to scan its stack, waits for it with preemption
// signals, and on a core left free it spins through the wait. .1777 to its
// period, gamelang on 2 cores against 1: 31.6-32.1 s against 28.9-29.0 s,
// 4.6-5.7 s of system time against 1.8 s; copied so, 28.1-30.9 s against
// 27.3-30.4 s, 1.3-1.5 s against 1.1-1.4 s. A fresh allocation this large
// comes from the system zeroed, and untouched until copied into.
// Room for a few more cells takes a quarter more, as append would: heaps
// asked for one at a time cost a copy now and then, not one each.
func regrow[T any](s []T, size int) []T {
	t := make([]T, len(s), max(size, cap(s)+cap(s)/4))
	copyYielding(t, s)
	return t
}

// copyYielding copies src into dst a stretch at a time, yielding between
// stretches: a copy call is no preemption point.
func copyYielding[T any](dst, src []T) {
	for i := 0; i < len(src); i += regrowStretch {
		copy(dst[i:min(i+regrowStretch, len(src))], src[i:])
		runtime.Gosched()
	}
}

// regrowStretch is the cells regrow copies at a time: a fraction of a
// millisecond.
const regrowStretch = 1 << 20
