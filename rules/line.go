package rules

import (
	"math"

	"github.com/gamelang/gamelang/solve"
)

// Moves along a line.
//
// Most moves of tuple games add to each number of the state a multiple of
// one loop variable and a constant: move (a - k, b) for k in 1..a. For one
// state, such a move's options lie on a line, and those inside the memo's
// box (solve/box.go) are an arithmetic progression of cells, which the memo
// takes as one run instead of a key per option. A move is a line when it
// has at most one 'for' clause, a range with no guard on its variable, and
// results that are affine in the state's numbers and that variable.
//
// The run must give exactly the options the move's closures would. It
// does: the closures can only fail by overflow or by a negative number, and
// a run covers only the values of the variable for which every number lies
// inside the box (so none is negative), the state's numbers and the
// variable are below 2^31, and no part of a result weighs more than
// affineMax (see Affine), so that no part overflows. The other values of
// the variable run the closures as before, in order.

// affineMax bounds the weight of an affine expression.
const affineMax = 1 << 30

// Affine is an integer expression written as C + Σ Coef·r[Reg]. W bounds
// every part of the expression (itself included): no part is larger than
// W·2^31 in size when every register is below 2^31, so with W at most
// affineMax no part overflows int64.
type Affine struct {
	C     int64
	Terms []Term // by register, no coefficient zero
	W     int64
}

// Term is one register's coefficient in an Affine.
type Term struct {
	Reg  int
	Coef int64
}

func affineConst(v int64) *Affine {
	if v <= -affineMax || v >= affineMax {
		return nil
	}
	return &Affine{C: v, W: abs64(v)}
}

func affineReg(i int) *Affine { return &Affine{Terms: []Term{{i, 1}}, W: 1} }

// weight is |C| + Σ |Coef|, or more than affineMax.
func (a *Affine) weight() int64 {
	w := abs64(a.C)
	for _, t := range a.Terms {
		if w += abs64(t.Coef); w > affineMax {
			break
		}
	}
	return w
}

// affineSum is x + s·y (s is 1 or -1), or nil when it weighs too much.
func affineSum(x, y *Affine, s int64) *Affine {
	if x == nil || y == nil {
		return nil
	}
	out := &Affine{C: x.C + s*y.C}
	i, j := 0, 0
	for i < len(x.Terms) || j < len(y.Terms) {
		switch {
		case j == len(y.Terms) || i < len(x.Terms) && x.Terms[i].Reg < y.Terms[j].Reg:
			out.Terms = append(out.Terms, x.Terms[i])
			i++
		case i == len(x.Terms) || y.Terms[j].Reg < x.Terms[i].Reg:
			out.Terms = append(out.Terms, Term{y.Terms[j].Reg, s * y.Terms[j].Coef})
			j++
		default:
			if c := x.Terms[i].Coef + s*y.Terms[j].Coef; c != 0 {
				out.Terms = append(out.Terms, Term{x.Terms[i].Reg, c})
			}
			i, j = i+1, j+1
		}
	}
	return out.bounded(x.W, y.W)
}

// affineScale is c·x, or nil when it weighs too much.
func affineScale(x *Affine, c int64) *Affine {
	if x == nil || c <= -affineMax || c >= affineMax {
		return nil
	}
	out := &Affine{C: c * x.C}
	for _, t := range x.Terms {
		if c != 0 {
			out.Terms = append(out.Terms, Term{t.Reg, c * t.Coef})
		}
	}
	return out.bounded(x.W, abs64(c))
}

// bounded sets a's weight from its own and its parts', or returns nil when
// that is more than affineMax.
func (a *Affine) bounded(parts ...int64) *Affine {
	a.W = a.weight()
	for _, w := range parts {
		a.W = max(a.W, w)
	}
	if a.W > affineMax {
		return nil
	}
	return a
}

// affineOp is the affine form of l op r, when it has one.
func affineOp(op string, l, r Int) *Affine {
	switch {
	case op == "+":
		return affineSum(l.Aff, r.Aff, 1)
	case op == "-":
		return affineSum(l.Aff, r.Aff, -1)
	case op == "*" && l.Const && l.Aff != nil:
		return affineScale(r.Aff, l.Val)
	case op == "*" && r.Const && r.Aff != nil:
		return affineScale(l.Aff, r.Val)
	}
	return nil
}

// line is a move whose options lie on a line (see above).
type line struct {
	loop        int       // the loop variable's register; -1: the move has no loop
	res         []*Affine // the results
	maxReg      int       // the largest register the results read, other than loop
	base, delta []int64   // each result for the state under way: base + k·delta (EachIn)
}

// lineOf is m as a line, or nil.
func lineOf(m *Move) *line {
	if m.Parts != nil || len(m.fors) > 1 {
		return nil
	}
	ln := &line{loop: -1, maxReg: -1}
	if len(m.fors) == 1 {
		fc := m.fors[0]
		if !fc.rng.IsRange || fc.rng.each != nil || len(fc.guards) > 0 {
			return nil
		}
		ln.loop = fc.slot
	}
	for _, r := range m.Result {
		if r.Aff == nil {
			return nil
		}
		for _, t := range r.Aff.Terms {
			if t.Reg != ln.loop {
				ln.maxReg = max(ln.maxReg, t.Reg)
			}
		}
		ln.res = append(ln.res, r.Aff)
	}
	ln.base, ln.delta = make([]int64, len(ln.res)), make([]int64, len(ln.res))
	return ln
}

// smallReg bounds the registers a line reads, and its variable, in a run.
const smallReg = 1<<31 - 1

// EachIn is Each for a kind whose position is the first len(dims) registers
// of r and whose options lie in a box of those sides, a cell's index the
// sum of its numbers times strides: when the move is a line, its options
// inside the box go to run as runs of cells (first, first+step, … count of
// them), ticking w once for each; the others go to f as Each sends them.
func (m *Move) EachIn(w *solve.Work, r []int64, dims, strides []int64, run func(first, step int64, count int), f func()) {
	ln := m.line
	if ln == nil || ln.maxReg >= len(dims) || !small(r[:len(dims)]) {
		m.Each(w, r, f)
		return
	}
	if !passes(m.pre, r) {
		w.Tick()
		return
	}
	if ln.loop < 0 { // one option: its cell, when it lies inside the box
		cell := int64(0)
		for i, aff := range ln.res {
			x, _ := ln.at(aff, r)
			if x < 0 || x >= dims[i] {
				w.Tick()
				f()
				return
			}
			cell += x * strides[i]
		}
		w.Tick()
		run(cell, 0, 1)
		return
	}
	lo, hi := int64(0), int64(0)
	if ln.loop >= 0 {
		rng := m.fors[0].rng
		lo, hi = rng.Lo.Fn(r), rng.Hi.Fn(r)
	}
	a, b := max(lo, -smallReg), min(hi, smallReg) // the run: a..b
	for i, aff := range ln.res {
		ln.base[i], ln.delta[i] = ln.at(aff, r)
		a, b = clip(a, b, ln.base[i], ln.delta[i], dims[i]-1)
	}
	if a > b { // no option inside the box
		m.slow(w, r, lo, hi, f)
		return
	}
	m.slow(w, r, lo, a-1, f)
	first, second := int64(0), int64(0)
	for i, base := range ln.base {
		first += (base + a*ln.delta[i]) * strides[i]
		if a < b {
			second += (base + (a+1)*ln.delta[i]) * strides[i]
		}
	}
	w.TickN(int(b - a + 1))
	run(first, second-first, int(b-a+1))
	if b < hi {
		m.slow(w, r, b+1, hi, f)
	}
}

// at is the value of aff at the loop variable's 0, and its coefficient.
func (ln *line) at(aff *Affine, r []int64) (base, delta int64) {
	base = aff.C
	for _, t := range aff.Terms {
		if t.Reg == ln.loop {
			delta = t.Coef
		} else {
			base += t.Coef * r[t.Reg]
		}
	}
	return base, delta
}

// slow runs f for the values lo..hi of the move's variable, as Each does.
func (m *Move) slow(w *solve.Work, r []int64, lo, hi int64, f func()) {
	if m.line.loop < 0 {
		if lo <= hi {
			w.Tick()
			f()
		}
		return
	}
	for k := lo; k <= hi; k++ {
		r[m.line.loop] = k
		w.Tick()
		f()
		if k == math.MaxInt64 || w.Stopped() {
			return
		}
	}
}

func small(r []int64) bool {
	for _, x := range r {
		if x < -smallReg || x > smallReg {
			return false
		}
	}
	return true
}

// clip narrows a..b to the values of k for which 0 <= base + k·delta <= top.
func clip(a, b, base, delta, top int64) (int64, int64) {
	switch {
	case delta == 0:
		if base < 0 || base > top {
			return 1, 0
		}
	case delta > 0:
		a = max(a, ceilDiv(-base, delta))
		b = min(b, floorDiv(top-base, delta))
	default:
		a = max(a, ceilDiv(base-top, -delta))
		b = min(b, floorDiv(base, -delta))
	}
	return a, b
}

func floorDiv(x, d int64) int64 { // d > 0
	q := x / d
	if x%d != 0 && x < 0 {
		q--
	}
	return q
}

func ceilDiv(x, d int64) int64 { return -floorDiv(-x, d) } // d > 0
