package rules

import "math"

// Moves by shifts.
//
// A move such as move (x - 1, y) if x > 1 adds a constant to each number of
// the state, under a guard whose every part compares one number with a
// constant: the states it applies to are a box, and its one option is the
// state shifted. The memo values a tuple game made of such moves cell by
// cell in order (solve/sweep.go), with no closure per move.

// Span says that a comparison is 1 exactly when Lo <= r[Reg] <= Hi.
type Span struct {
	Reg    int
	Lo, Hi int64
}

// spanOf is the span of r[reg] op v, or nil for an operator with none.
func spanOf(op string, reg int, v int64) *Span {
	s := &Span{Reg: reg, Lo: math.MinInt64, Hi: math.MaxInt64}
	switch op {
	case "<":
		if v == math.MinInt64 {
			s.Lo, s.Hi = 1, 0 // never
		} else {
			s.Hi = v - 1
		}
	case "<=":
		s.Hi = v
	case ">":
		if v == math.MaxInt64 {
			s.Lo, s.Hi = 1, 0
		} else {
			s.Lo = v + 1
		}
	case ">=":
		s.Lo = v
	case "==":
		s.Lo, s.Hi = v, v
	default:
		return nil
	}
	return s
}

// Shift is the move as a shift of the state's numbers, the first n
// registers: its one option from a state x with lo <= x <= hi is x + delta,
// and there is none from the others. ok is false when the move is not one:
// it has a loop, leaves parts, computes a number otherwise than as the
// same number plus a constant, or has a guard with a part that is not a
// comparison of one of the numbers with a constant.
func (m *Move) Shift(n int) (delta, lo, hi []int64, ok bool) {
	if m.Parts != nil || len(m.fors) > 0 || len(m.Result) != n {
		return nil, nil, nil, false
	}
	delta, lo, hi = make([]int64, n), make([]int64, n), make([]int64, n)
	for i, r := range m.Result {
		a := r.Aff
		if a == nil || len(a.Terms) != 1 || a.Terms[0] != (Term{i, 1}) {
			return nil, nil, nil, false
		}
		delta[i], lo[i], hi[i] = a.C, math.MinInt64, math.MaxInt64
	}
	for _, g := range m.pre {
		switch {
		case g.Const && g.Val != 0: // always
		case g.Const: // never
			lo[0], hi[0] = 1, 0
		case g.Span != nil && g.Span.Reg < n:
			i := g.Span.Reg
			lo[i], hi[i] = max(lo[i], g.Span.Lo), min(hi[i], g.Span.Hi)
		default:
			return nil, nil, nil, false
		}
	}
	return delta, lo, hi, true
}
