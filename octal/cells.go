package octal

import (
	"math"
	"runtime/debug"
	"slices"

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
// growth does not copy the table again and again (nor hold two copies).
func (c *cells[T]) reserve(n int) {
	if n >= cap(c.g) {
		c.g = slices.Grow(c.g, n+1-len(c.g))
		if n >= bigTable {
			debug.FreeOSMemory() // the old copy goes now, not after the next growth
		}
	}
}

// bigTable is the length from which a table's old copies are returned to the
// operating system as soon as a growth replaces them, so that the peak is
// the old table and the new one, not every copy since.
const bigTable = 1 << 26

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
func (c *cells[T]) widen() sequence {
	switch any(c).(type) {
	case *cells[uint8]:
		return widenTo[T, uint16](c)
	default:
		return widenTo[T, uint32](c)
	}
}

func widenTo[T, U cell](c *cells[T]) *cells[U] {
	d := &cells[U]{t: c.t, lost: c.lost, max: c.max, g: make([]U, len(c.g), cap(c.g))}
	for i, v := range c.g {
		d.g[i] = U(v)
	}
	if se, ok := any(c.eng).(interface{ stream() *stream }); ok {
		d.eng = &streamEngine[U]{st: se.stream()}
	} else {
		d.eng = chooseEngine(d)
	}
	return d
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
