package solve

// The sweep.
//
// A tuple game whose every move is a shift — move (x - 1, y) if x > 1 adds a
// constant to each number, under a guard that holds on a box of states —
// has the options of a state at fixed offsets from its cell. When every
// shift lowers the first number it changes (it may raise later ones: a
// knight's move (x - 2, y + 1)), every option inside the box comes before
// its state in the box's cell order, so the cells can be valued in that
// order, each by one pass over the offsets of the shifts that apply to it:
// no stack, no keys, no listing, and values below 64 as the bits of one
// word. A row of cells (the last number running) is cut where shifts begin
// or stop applying, so that guards are read once a piece, not once a cell.
//
// The sweep values the cells of the whole box (or from the origin up to
// the root, see sweep), reached from the root or not; the numbers no shift
// changes stay the root's. It is tried only where that is about the
// search's work: when the shifts span the numbers they change (the states
// the root reaches are then a lattice of full dimension, not a line across
// a plane) and the cells fit under the state cap. A state from which a
// shift would make a number negative, or raise it past the box, is an
// error or a state outside the box only if the root reaches it: the sweep
// stops before it, and the search goes on from the root; the cells valued
// so far stay, since they are the values of their states, reached or not.

import (
	"context"
	"math/big"
	"math/bits"
	"slices"
)

// Shift is a move that adds Delta to the numbers of each state x with
// Lo <= x <= Hi, and makes no move from other states.
type Shift struct {
	Delta, Lo, Hi []int64
}

// ShiftGraph is a BoxGraph that can say its moves are all shifts.
type ShiftGraph interface {
	BoxGraph
	// Shifts is every move as a shift, or false when some move is not one.
	Shifts() ([]Shift, bool)
}

// Sweeps reports whether the memo values states by sweeps (see above).
func (m *Memo) Sweeps() bool {
	shifts, _ := m.sweepable()
	return !m.noSweep && shifts != nil
}

// sweepable returns the shifts of m's graph when it can be swept (each
// lowers the first number it changes, and they span the numbers they
// change), and which numbers they change; nil otherwise. It reads the
// graph once.
func (m *Memo) sweepable() ([]Shift, []bool) {
	if m.shiftsRead {
		return m.shifts, m.changed
	}
	m.shiftsRead = true
	sg, ok := m.g.(ShiftGraph)
	if !ok {
		return nil, nil
	}
	all, ok := sg.Shifts()
	if !ok || len(all) == 0 {
		return nil, nil
	}
	n := len(all[0].Delta)
	changed, raised := make([]bool, n), make([]bool, n)
	var shifts []Shift
	for _, s := range all {
		ok, never := sweptShift(s, n)
		if !ok {
			return nil, nil
		}
		if !never {
			shifts = append(shifts, s)
			for i, d := range s.Delta {
				changed[i] = changed[i] || d != 0
				raised[i] = raised[i] || d > 0
			}
		}
	}
	if len(shifts) == 0 || rank(shifts, changed) < count(changed) {
		return nil, nil
	}
	m.shifts, m.changed, m.raised = shifts, changed, raised
	return shifts, changed
}

// sweptShift reports whether s, a shift of n numbers, can be swept: its
// first change lowers its number (so it comes before its state in cell
// order; no change at all is a loop, which the search reports), and every
// change fits 31 bits. never: the shift's guards allow no state.
func sweptShift(s Shift, n int) (ok, never bool) {
	if len(s.Delta) != n {
		return false, false
	}
	first := int64(0)
	for i, d := range s.Delta {
		if d >= 1<<31 || d <= -1<<31 {
			return false, false
		}
		if first == 0 {
			first = d
		}
		never = never || s.Lo[i] > s.Hi[i]
	}
	return first < 0, never
}

func count(bs []bool) (n int) {
	for _, b := range bs {
		if b {
			n++
		}
	}
	return n
}

// rank is the rank of the shifts' vectors on the numbers they change.
func rank(shifts []Shift, changed []bool) int {
	var rows [][]*big.Rat
	for _, s := range shifts {
		var row []*big.Rat
		for i, d := range s.Delta {
			if changed[i] {
				row = append(row, big.NewRat(d, 1))
			}
		}
		rows = append(rows, row)
	}
	r := 0
	for col := 0; r < len(rows) && len(rows) > 0 && col < len(rows[0]); col++ {
		p := slices.IndexFunc(rows[r:], func(row []*big.Rat) bool { return row[col].Sign() != 0 })
		if p < 0 {
			continue
		}
		rows[r], rows[r+p] = rows[r+p], rows[r]
		for _, row := range rows[r+1:] {
			f := new(big.Rat).Quo(row[col], rows[r][col])
			for j := col; j < len(row); j++ {
				row[j].Sub(row[j], new(big.Rat).Mul(f, rows[r][j]))
			}
		}
		r++
	}
	return r
}

// sweep values the cells of the box that root needs in cell order, as the
// shifts make them (see above); it returns early, with no error, where
// the search must go on, and an error only when ctx ends.
//
// It sweeps the whole box when it can (in the numbers the shifts change):
// a loop that asks about the box's positions one by one then finds them
// all valued, where sweeps up to each in turn would walk the cells below
// it again and again. When that sweep stops before the root (a move that
// makes a number negative somewhere else in the box), the box is swept up
// to each root from then on.
func (m *Memo) sweep(ctx context.Context, root int32) error {
	if m.noSweep {
		return nil
	}
	shifts, changed := m.sweepable()
	b := m.box
	if shifts == nil || b == nil || int64(root) >= b.size {
		return nil
	}
	n := len(b.dims)
	top, low, all := make([]int64, n), make([]int64, n), make([]int64, n)
	for i, c := n-1, int64(root); i >= 0; i-- {
		top[i], c = c%b.dims[i], c/b.dims[i]
	}
	size, whole := int64(1), int64(1)
	for i := range low {
		all[i] = top[i]
		if changed[i] {
			all[i] = b.dims[i] - 1
		} else {
			low[i] = top[i]
		}
		if m.raised[i] { // a number some move raises: to the box's end, where the moves stay
			top[i] = all[i]
		}
		size *= top[i] - low[i] + 1
		whole *= all[i] - low[i] + 1
	}
	free := int64(m.limits.maxStates() - m.count)
	if !m.partSweeps && whole <= free {
		if err := m.sweepRegion(ctx, shifts, low, all); err != nil || m.vals[root] >= 0 {
			return err
		}
		m.partSweeps = true
	}
	if size > free {
		return nil
	}
	return m.sweepRegion(ctx, shifts, low, top)
}

// sweepRegion values the cells from low to top (every number between its
// two bounds) in cell order; it stops, with no error, before a cell from
// which a shift would make a number negative or raise it past top.
func (m *Memo) sweepRegion(ctx context.Context, shifts []Shift, low, top []int64) error {
	b := m.box
	last := len(b.dims) - 1
	defer func() { m.boxFree = 0 }() // the limits are read anew
	x := slices.Clone(low)
	r := &sweepRow{}
	for {
		base := int64(0)
		for i := range last {
			base += x[i] * b.strides[i]
		}
		if !r.active(b, shifts, x, low, top) {
			return nil // a number made negative, or raised past the box: the search says where
		}
		if err := m.sweepRow(ctx, r, base, low[last], top[last]); err != nil {
			return err
		}
		i := last - 1
		for ; i >= 0; i-- {
			if x[i] < top[i] {
				x[i]++
				break
			}
			x[i] = low[i]
		}
		if i < 0 {
			return nil
		}
	}
}

// sweepRow is a row of the region being swept: the stretches of its last
// number where each shift applies, with the cell offset it reads.
type sweepRow struct {
	act        []sweepPiece
	cuts, offs []int64
	done       int64 // cells swept since the last poll
}

type sweepPiece struct{ a, b, off int64 }

// active finds the shifts that apply on the row of x; false when one would
// make a number negative or raise it past top.
func (r *sweepRow) active(b *box, shifts []Shift, x, low, top []int64) bool {
	last := len(x) - 1
	r.act = r.act[:0]
	for _, s := range shifts {
		a, z := max(s.Lo[last], low[last]), min(s.Hi[last], top[last])
		off := s.Delta[last]
		for i := 0; i < last && a <= z; i++ {
			if x[i] < s.Lo[i] || x[i] > s.Hi[i] {
				a, z = 1, 0
			}
			off += s.Delta[i] * b.strides[i]
		}
		if a > z {
			continue
		}
		for i := range last {
			if y := x[i] + s.Delta[i]; y < 0 || y > top[i] {
				return false
			}
		}
		if a+s.Delta[last] < 0 || z+s.Delta[last] > top[last] {
			return false
		}
		r.act = append(r.act, sweepPiece{a, z, off})
	}
	return true
}

// sweepRow values the row's cells from base + lo to base + hi, stretch by
// stretch of the shifts that apply, polling now and then.
func (m *Memo) sweepRow(ctx context.Context, r *sweepRow, base, lo, hi int64) error {
	r.cuts = append(r.cuts[:0], lo, hi+1)
	for _, p := range r.act {
		r.cuts = append(r.cuts, p.a, p.b+1)
	}
	slices.Sort(r.cuts)
	r.cuts = slices.Compact(r.cuts)
	for j := 0; j+1 < len(r.cuts); j++ {
		s, e := r.cuts[j], r.cuts[j+1]
		r.offs = r.offs[:0]
		for _, p := range r.act {
			if p.a <= s && e-1 <= p.b {
				r.offs = append(r.offs, p.off)
			}
		}
		for c := base + s; c < base+e; {
			end := min(base+e, c+pollEvery)
			m.sweepRun(c, end, r.offs)
			r.done += end - c
			c = end
			if r.done >= pollEvery {
				r.done = 0
				m.limits.Report(m.what, "states", int64(m.count))
				if err := ctx.Err(); err != nil {
					return &InterruptedError{What: m.what, States: m.count, Err: err}
				}
			}
		}
	}
	return nil
}

// sweepRun values the cells c0 <= c < c1 not valued yet, each the mex of the
// cells at the offsets offs from it, which are valued. Up to three offsets
// are read by a loop with no loop over them (fewer are read twice over);
// the cell just before, offset -1, is kept from the step before rather
// than read back from memory, where it was just stored.
func (m *Memo) sweepRun(c0, c1 int64, offs []int64) {
	m.swept += c1 - c0
	vals := m.vals[:c1]
	met := 0          // cells never met before
	var rest [3]int64 // the offsets read, other than -1
	k, chained := 0, false
	for _, o := range offs {
		if o == -1 && !chained {
			chained = true
		} else if k < len(rest) {
			rest[k] = o
			k++
		} else {
			k = len(rest) + 1 // too many
			break
		}
	}
	switch {
	case k > len(rest) || k == 3 && chained:
		met = m.runMex(vals, c0, c1, offs)
	case chained && k == 0: // mex{prev}
		met = runAfter(vals, c0, c1)
	case chained:
		p := rest[1]
		if k == 1 {
			p = rest[0]
		}
		met = m.runChained(vals, c0, c1, rest[0], p, offs)
	case k == 0:
		met = runNoMove(vals, c0, c1)
	default:
		o, p, q := rest[0], rest[1], rest[2]
		switch k {
		case 1:
			p, q = o, o
		case 2:
			q = p
		}
		met = m.runThree(vals, c0, c1, o, p, q, offs)
	}
	m.count += met
}

// The loops of sweepRun, one for each way its offsets are read; each
// values the cells c0 <= c < c1 not valued yet and returns how many were
// never met before.

// runMex reads any offsets, by sweepMex.
func (m *Memo) runMex(vals []int32, c0, c1 int64, offs []int64) (met int) {
	for c := c0; c < c1; c++ {
		if v := vals[c]; v < 0 {
			if v == absent {
				met++
			}
			vals[c] = m.sweepMex(c, offs)
		}
	}
	return met
}

// runAfter is mex{prev}: the one offset is -1.
func runAfter(vals []int32, c0, c1 int64) (met int) {
	prev := vals[c0-1]
	for c := c0; c < c1; c++ {
		v := vals[c]
		if v < 0 {
			if v == absent {
				met++
			}
			v = 0
			if prev == 0 {
				v = 1
			}
			vals[c] = v
		}
		prev = v
	}
	return met
}

// runChained reads the cell before (offset -1) kept from the step before,
// and the offsets o and p.
func (m *Memo) runChained(vals []int32, c0, c1, o, p int64, offs []int64) (met int) {
	prev := vals[c0-1]
	for c := c0; c < c1; c++ {
		v := vals[c]
		if v < 0 {
			if v == absent {
				met++
			}
			a, b, e := uint32(prev), uint32(vals[c+o]), uint32(vals[c+p])
			if a|b|e < 64 {
				v = int32(bits.TrailingZeros64(^(1<<(a&63) | 1<<(b&63) | 1<<(e&63))))
			} else {
				v = m.sweepMex(c, offs)
			}
			vals[c] = v
		}
		prev = v
	}
	return met
}

// runNoMove values cells without moves: 0.
func runNoMove(vals []int32, c0, c1 int64) (met int) {
	for c := c0; c < c1; c++ {
		if v := vals[c]; v < 0 {
			if v == absent {
				met++
			}
			vals[c] = 0 // no move
		}
	}
	return met
}

// runThree reads the offsets o, p and q.
func (m *Memo) runThree(vals []int32, c0, c1, o, p, q int64, offs []int64) (met int) {
	for c := c0; c < c1; c++ {
		if v := vals[c]; v < 0 {
			if v == absent {
				met++
			}
			a, b, e := uint32(vals[c+o]), uint32(vals[c+p]), uint32(vals[c+q])
			if a|b|e < 64 {
				vals[c] = int32(bits.TrailingZeros64(^(1<<(a&63) | 1<<(b&63) | 1<<(e&63))))
			} else {
				vals[c] = m.sweepMex(c, offs)
			}
		}
	}
	return met
}

// sweepMex is the mex of the cells at the offsets offs from c.
func (m *Memo) sweepMex(c int64, offs []int64) int32 {
	m.set.Clear()
	for _, o := range offs {
		m.set.Add(uint32(m.vals[c+o]))
	}
	return int32(m.set.Value())
}
