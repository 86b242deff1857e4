package octal

import "github.com/gamelang/gamelang/solve"

// plainEngine computes g(n) as the mex over every option of n, the way the
// definition reads: O(n) work per heap for codes that split a heap in two,
// O(n^2) for three. It serves every code the faster engines do not: codes
// that split into three heaps, infinite codes, and splitting codes with a
// 'loses if' rule.
type plainEngine[T cell] struct {
	code Code
	set  solve.Mex
	// An infinite code's tail digit D applies to every take k >= K, so the
	// remainders of heap n under it are 0 .. n-K: their option values are a
	// union that grows by one remainder per heap, kept in tail (and its
	// members, in tailVals).
	tail     solve.Mex
	tailVals []uint32
	tailNext int // the next remainder to add to tail
}

func newPlainEngine[T cell](code Code) *plainEngine[T] {
	e := &plainEngine[T]{code: code}
	e.tail.Clear()
	return e
}

func (e *plainEngine[T]) name() string {
	return "plain: the mex over every option of each heap"
}

func (e *plainEngine[T]) grow(c *cells[T], w *solve.Work, n int) error {
	e.set.Fit(c.max)
	e.tail.Fit(c.max)
	for i := len(c.g); i <= n; i++ {
		if i%64 == 0 {
			if err := c.t.report(i, n+1); err != nil {
				return err
			}
			if err := w.Err(); err != nil {
				return err
			}
		}
		lost := c.t.Lost(int64(i))
		v := uint32(0)
		if !lost {
			v = e.value(c, i)
		}
		if v > c.limit() {
			return errWide
		}
		c.push(v, lost)
		e.set.Fit(v)
		e.tail.Fit(v)
	}
	return nil
}

// value is the mex over the options of heap n; g(0) .. g(n-1) are stored.
func (e *plainEngine[T]) value(c *cells[T], n int) uint32 {
	e.set.Clear()
	top := int64(n)
	if d, from := e.code.Tail(); d != 0 {
		for ; e.tailNext <= n-from; e.tailNext++ {
			e.remainder(c, d, e.tailNext, &e.tail, &e.tailVals)
		}
		for _, v := range e.tailVals {
			e.set.Mark(v)
		}
		top = min(top, int64(from-1)) // the explicit digits
	}
	e.code.Takes(top, func(k int64, d Digit) {
		e.remainder(c, d, n-int(k), &e.set, nil)
	})
	return e.set.Value()
}

// remainder adds to set the value of every way digit d allows to leave r
// tokens (a move to a decided heap is none), and to vals, when it is not
// nil, the values new to the set. The set has room for every XOR of values
// stored.
func (e *plainEngine[T]) remainder(c *cells[T], d Digit, r int, set *solve.Mex, vals *[]uint32) {
	g := c.g
	seen, st := set.Slots()
	if c.lost == nil {
		leaveValues(g, d, r, e.code.unequal, seen, st, vals)
		return
	}
	d.Leave(int64(r), e.code.unequal, func(parts []int64) {
		if len(parts) == 0 && c.t.Lost(0) {
			return
		}
		v := uint32(0)
		for _, p := range parts {
			if c.isLost(int(p)) {
				return
			}
			v ^= uint32(g[p])
		}
		mark(seen, st, vals, v)
	})
}

// leaveValues marks in seen (with stamp st) the value of every way digit d
// allows to leave r tokens, adding to vals, when it is not nil, the values
// new to the set: what Leave walks, in loops without a call per way — the
// plain engine's inner loop. Tests check it against Leave on every digit.
func leaveValues[T cell](g []T, d Digit, r int, unequal bool, seen []uint32, st uint32, vals *[]uint32) {
	if d&LeaveNone != 0 && r == 0 {
		mark(seen, st, vals, 0)
	}
	if d&LeaveOne != 0 && r >= 1 {
		mark(seen, st, vals, uint32(g[r]))
	}
	if d&LeaveTwo != 0 {
		u := 0
		if unequal {
			u = 1
		}
		for a := 1; 2*a <= r-u; a++ {
			mark(seen, st, vals, uint32(g[a])^uint32(g[r-a]))
		}
	}
	if d&LeaveThree != 0 {
		for a := 1; 3*a <= r; a++ {
			ga := uint32(g[a])
			for b := a; a+2*b <= r; b++ {
				mark(seen, st, vals, ga^uint32(g[b])^uint32(g[r-a-b]))
			}
		}
	}
}

// mark puts v in the set, and in vals (when not nil) if it is new there.
func mark(seen []uint32, st uint32, vals *[]uint32, v uint32) {
	if vals != nil && seen[v] != st {
		*vals = append(*vals, v)
	}
	seen[v] = st
}
