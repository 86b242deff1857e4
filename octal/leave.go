package octal

// Leavings: what a take-and-break move leaves. This is the one place that
// says it; the rulesets of codes and of 'take' rules list moves with it, and
// the plain engine values heaps with it.

// Leave calls f with every way that digit d lets r tokens remain: nothing
// (r == 0), one heap of r, two heaps a <= b (a < b when unequal) or three
// heaps a <= b <= c, all nonempty and adding up to r. The slice passed to f
// is only valid during the call.
func (d Digit) Leave(r int64, unequal bool, f func(parts []int64)) {
	var p [3]int64
	if d&LeaveNone != 0 && r == 0 {
		f(p[:0])
	}
	if d&LeaveOne != 0 && r >= 1 {
		p[0] = r
		f(p[:1])
	}
	if d&LeaveTwo != 0 {
		u := int64(0)
		if unequal {
			u = 1
		}
		for a := int64(1); 2*a <= r-u; a++ {
			p[0], p[1] = a, r-a
			f(p[:2])
		}
	}
	if d&LeaveThree != 0 {
		for a := int64(1); 3*a <= r; a++ {
			for b := a; a+2*b <= r; b++ {
				p[0], p[1], p[2] = a, b, r-a-b
				f(p[:3])
			}
		}
	}
}

// Takes calls f with every amount k that code c lets a move take from a heap
// of n, and its digit, in increasing k.
func (c Code) Takes(n int64, f func(k int64, d Digit)) {
	for k := int64(0); k <= n; k++ {
		d := c.Digit(k)
		if d == 0 {
			if c.Finite() && k > int64(c.MaxTake()) {
				return
			}
			continue
		}
		f(k, d)
	}
}

// Options calls f with the heaps left by every move from heap n of code c,
// leaving out moves to heaps that lost reports decided (lost may be nil).
func (c Code) Options(n int64, lost func(int64) bool, f func(parts []int64)) {
	c.Takes(n, func(k int64, d Digit) {
		d.Leave(n-k, c.unequal, func(parts []int64) {
			if lost == nil || !IntoLost(parts, lost) {
				f(parts)
			}
		})
	})
}

// IntoLost reports whether a move leaving parts is a move into a decided
// heap; a move leaving nothing is one when heap 0 is decided.
func IntoLost(parts []int64, lost func(int64) bool) bool {
	if len(parts) == 0 {
		return lost(0)
	}
	for _, p := range parts {
		if lost(p) {
			return true
		}
	}
	return false
}
