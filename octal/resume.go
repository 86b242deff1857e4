package octal

// Resuming a table from stored values (a checkpoint), bit for bit.
//
// A checkpoint holds the values g(0) .. g(L-1) and nothing else: every
// engine's state is a function of the values (the sparse engine's histogram,
// rare heaps and mask; the stream's window or reach bitsets), so it is
// rebuilt from them. Preloaded values are not adopted at once but as the
// growth reaches them: Grow(n) takes them up to n and observes the table at
// exactly the lengths an uninterrupted run would, so the period search, the
// lengths it grows to and the period it proves are the same as if the run
// had never stopped.

import (
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"time"
)

// Preload hands the table values g(0) .. g(len(vals)-1) computed before (by
// an earlier run of the same code, read back from a checkpoint). They are
// taken instead of computed as the table grows over them. Preload must be
// called on a new table; a table with a 'loses if' rule cannot be preloaded.
func (t *Table) Preload(vals []uint32) error {
	switch {
	case t.cfg.Lost != nil:
		return errors.New("octal: a table with a 'loses if' rule is not resumed from values")
	case t.seq.Len() > 0:
		return errors.New("octal: values are preloaded into a new table only")
	case len(vals) > 0 && vals[0] != 0:
		return fmt.Errorf("octal: the stored g(0) is %d, not 0: not values of a take-and-break game", vals[0])
	}
	t.preload = vals
	return nil
}

// adoptPreload takes the preloaded values up to g(n), if there are any the
// table has not taken yet.
func (t *Table) adoptPreload(n int) error {
	have := t.seq.Len()
	if have >= len(t.preload) {
		return nil
	}
	upto := min(n+1, len(t.preload))
	seq, err := t.seq.adopt(t.preload[have:upto])
	if err != nil {
		return err
	}
	t.seq = seq
	if upto == len(t.preload) {
		t.preload = nil
	}
	return nil
}

// adopt appends vals to the stored values, widening the cells as needed,
// and gives the cells a new engine that rebuilds its state from them.
func (c *cells[T]) adopt(vals []uint32) (sequence, error) {
	for i, v := range vals {
		if v > c.limit() {
			c.adoptValues(vals[:i])
			w, err := c.widen()
			if err != nil {
				return nil, err
			}
			return w.adopt(vals[i:])
		}
	}
	c.adoptValues(vals)
	return c, nil
}

func (c *cells[T]) adoptValues(vals []uint32) {
	if len(vals) == 0 {
		return
	}
	for _, v := range vals {
		c.push(v, false)
	}
	c.eng = chooseEngine(c)
	if se, ok := c.eng.(*streamEngine[T]); ok {
		se.st.seek(int64(len(c.g)), func(i int64) uint32 { return uint32(c.g[i]) })
	}
}

// seek sets a new stream at heap n, as if it had computed g(0) .. g(n-1)
// (given by at): the window, or the reach bitsets, hold what the heaps within
// reach of the next ones put there. No heap is decided (Preload refuses
// tables with a 'loses if' rule).
func (s *stream) seek(n int64, at func(int64) uint32) {
	s.pos = n
	if s.direct { // the last t values
		for m := max(0, n-int64(s.t)); m < n; m++ {
			s.ring[m&s.ringMsk] = at(m)
		}
		return
	}
	if s.ranged { // the last hi+1 values, and the window of heaps n-1-hi .. n-1-lo
		for m := max(0, n-int64(s.hi)-1); m < n; m++ {
			s.ring[m&s.ringMsk] = at(m)
		}
		for m := max(1, n-1-int64(s.hi)); m <= n-1-int64(s.lo); m++ {
			s.enter(at(m), +1)
		}
		return
	}
	// Replay the last t heaps as nextReach did: their spreads, and the
	// clearing of each word of 64 heaps once they are done.
	for m := max(1, n-int64(s.t)); m < n; m++ {
		s.spread(m, s.reach[at(m)])
		if m%64 == 63 {
			wi := int(m/64) % s.words
			for _, r := range s.reach {
				r[wi] = 0
			}
		}
	}
}

// Checkpoint is told, now and then while a table grows, that the table may
// be saved: the values stored so far are final and Write may be called. It
// is called on the growing goroutine, so the table holds still meanwhile.
type Checkpoint struct {
	Every time.Duration      // how often; 0: never
	Save  func(*Table) error // writes the table; an error stops the growth
	Last  time.Time          // the last save (zero: the clock starts at the first report)
}

// report tells the progress reporter how far a growth to total values is,
// and saves the table when a checkpoint is due.
func (t *Table) report(done, total int) error {
	if t.searching {
		total = 0 // each growth's target is a guess: no share, no time left
	}
	t.cfg.Limits.ReportOf(t.cfg.What, "values", int64(done), int64(total))
	if err := t.seq.save(false); err != nil {
		return err
	}
	cp := t.cfg.Checkpoint
	if cp == nil || cp.Every <= 0 {
		return nil
	}
	now := time.Now()
	if cp.Last.IsZero() {
		cp.Last = now
		return nil
	}
	if now.Sub(cp.Last) < cp.Every {
		return nil
	}
	cp.Last = now
	return cp.Save(t)
}

// WriteValues writes g(0) .. g(Len()-1) to w in the table's cells, each
// as width bytes (1, 2 or 4: the narrowest that holds every value),
// little-endian, and returns the width and the SHA-256 of what it wrote.
func (t *Table) WriteValues(w io.Writer) (width int, sum []byte, err error) {
	width = t.cellBytes()
	h := sha256.New()
	err = t.writeValues(io.MultiWriter(w, h), t.Len(), width)
	return width, h.Sum(nil), err
}

// Checksum is the SHA-256 of g(0) .. g(n-1), each written as 4 bytes,
// little-endian: the same sequence gives the same checksum whatever
// computed it.
func (t *Table) Checksum(n int) []byte {
	h := sha256.New()
	t.writeValues(h, n, 4) // a hash takes every write
	return h.Sum(nil)
}

func (t *Table) writeValues(w io.Writer, n, width int) error {
	var buf [4 << 10]byte
	for i := 0; i < n; {
		k := 0
		for ; k+width <= len(buf) && i < n; i, k = i+1, k+width {
			putLE(buf[k:k+width], t.seq.At(i))
		}
		if _, err := w.Write(buf[:k]); err != nil {
			return err
		}
	}
	return nil
}

func putLE(b []byte, v uint32) {
	switch len(b) {
	case 1:
		b[0] = uint8(v)
	case 2:
		binary.LittleEndian.PutUint16(b, uint16(v))
	default:
		binary.LittleEndian.PutUint32(b, v)
	}
}

func getLE(b []byte) uint32 {
	switch len(b) {
	case 1:
		return uint32(b[0])
	case 2:
		return uint32(binary.LittleEndian.Uint16(b))
	}
	return binary.LittleEndian.Uint32(b)
}

// ReadValues reads n values of width bytes written by WriteValues, and
// returns them with the SHA-256 of what it read, for the caller to compare
// with the one it stored.
func ReadValues(r io.Reader, n, width int) ([]uint32, []byte, error) {
	if width != 1 && width != 2 && width != 4 {
		return nil, nil, fmt.Errorf("values of %d bytes: the widths are 1, 2 and 4", width)
	}
	if n < 0 {
		return nil, nil, fmt.Errorf("%d values: a count is not negative", n)
	}
	// grown as the values arrive, never sized by the count alone: a forged
	// count with a short file ends at its end, not in a huge allocation
	vals := make([]uint32, 0, min(n, 1<<20))
	h := sha256.New()
	var buf [4 << 10]byte
	for i := 0; i < n; {
		k := min(len(buf), width*(n-i))
		if _, err := io.ReadFull(r, buf[:k]); err != nil {
			return nil, nil, fmt.Errorf("the values end after %d of %d: %w", i, n, err)
		}
		h.Write(buf[:k])
		for j := 0; j < k; j, i = j+width, i+1 {
			vals = append(vals, getLE(buf[j:j+width]))
		}
	}
	return vals, h.Sum(nil), nil
}

// CellBytes is how many bytes a stored value takes: 1, 2 or 4, the
// narrowest that holds every value so far.
func (t *Table) CellBytes() int { return t.cellBytes() }

// Max is the largest value stored (of a heap no 'loses if' rule decides).
func (t *Table) Max() uint32 { return t.seq.Max() }
