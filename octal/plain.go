package octal

import "github.com/gamelang/gamelang/solve"

// plainEngine computes g(n) as the mex over every option of n, the way the
// definition reads: O(n) work per heap for codes that split a heap in two,
// O(n^2) for three. It serves every code the faster engines do not: codes
// that split into three heaps, infinite codes, and splitting codes with a
// 'loses if' rule.
type plainEngine[T cell] struct {
	code    Code
	unequal int // 1 when two heaps left must differ: a < r-a
	set     stamps
	// An infinite code's tail digit D applies to every take k >= K, so the
	// remainders of heap n under it are 0 .. n-K: their option values are a
	// union that grows by one remainder per heap, kept in tail.
	tail     []bool
	tailNext int // the next remainder to add to tail
}

func newPlainEngine[T cell](code Code) *plainEngine[T] {
	e := &plainEngine[T]{code: code}
	if code.Unequal() {
		e.unequal = 1
	}
	return e
}

func (e *plainEngine[T]) name() string {
	return "plain: the mex over every option of each heap"
}

func (e *plainEngine[T]) grow(c *cells[T], w *solve.Work, n int) error {
	e.set.fit(c.max)
	for i := len(c.g); i <= n; i++ {
		if i%64 == 0 {
			c.t.cfg.Limits.Report(c.t.cfg.What, "values", int64(i))
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
		e.set.fit(v)
	}
	return nil
}

// value is the mex over the options of heap n; g(0) .. g(n-1) are stored.
func (e *plainEngine[T]) value(c *cells[T], n int) uint32 {
	e.set.clear()
	seen, stamp := e.set.seen, e.set.stamp
	d, from := e.code.Tail()
	top := n
	if d != 0 {
		for ; e.tailNext <= n-from; e.tailNext++ {
			e.remainder(c, d, e.tailNext, func(v uint32) {
				for int(v) >= len(e.tail) {
					e.tail = append(e.tail, make([]bool, len(e.tail)+64)...)
				}
				e.tail[v] = true
			})
		}
		for v, in := range e.tail {
			if in {
				seen[v] = stamp
			}
		}
		top = from - 1 // the explicit digits
	}
	for k := 0; k <= min(top, n); k++ {
		d := e.code.Digit(int64(k))
		if d == 0 {
			if e.code.Finite() && k > e.code.MaxTake() {
				break
			}
			continue
		}
		e.remainder(c, d, n-k, func(v uint32) { seen[v] = stamp })
	}
	return e.set.mex()
}

// remainder calls mark with the value of every way digit d allows to leave r
// tokens (a move to a decided heap is none).
func (e *plainEngine[T]) remainder(c *cells[T], d Digit, r int, mark func(uint32)) {
	g := c.g
	checkLost := c.lost != nil
	if d&LeaveNone != 0 && r == 0 && !c.t.Lost(0) {
		mark(0)
	}
	if d&LeaveOne != 0 && r >= 1 && !(checkLost && c.isLost(r)) {
		mark(uint32(g[r]))
	}
	if d&LeaveTwo != 0 {
		for a := 1; 2*a <= r-e.unequal; a++ {
			if checkLost && (c.isLost(a) || c.isLost(r-a)) {
				continue
			}
			mark(uint32(g[a] ^ g[r-a]))
		}
	}
	if d&LeaveThree != 0 {
		for a := 1; 3*a <= r; a++ {
			for b := a; a+2*b <= r; b++ {
				if checkLost && (c.isLost(a) || c.isLost(b) || c.isLost(r-a-b)) {
					continue
				}
				mark(uint32(g[a] ^ g[b] ^ g[r-a-b]))
			}
		}
	}
}
