package rules

import (
	"math"
	"math/big"
	"slices"

	"github.com/gamelang/gamelang/lang"
)

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

// unrollMax bounds the values of a loop that Unrolled compiles one by one.
const unrollMax = 64

// fewConstants is the values of a collection of at most unrollMax
// constants, in order; false for any other.
func fewConstants(rng Coll) ([]int64, bool) {
	var ks []int64
	switch {
	case rng.IsRange && rng.Lo.Const && rng.Hi.Const:
		if rng.Hi.Val-rng.Lo.Val >= unrollMax {
			return nil, false
		}
		for k := rng.Lo.Val; k <= rng.Hi.Val; k++ {
			ks = append(ks, k)
		}
	case !rng.IsRange && len(rng.Elems) <= unrollMax:
		for _, e := range rng.Elems {
			if !e.Const {
				return nil, false
			}
			ks = append(ks, e.Val)
		}
	default:
		return nil, false
	}
	return ks, true
}

// Unrolled compiles a move whose one loop runs over a few constants
// (move (x - k, y) for k in 1..3 if x >= k) once for each of them, in
// order, with the variable a constant: moves that may then be shifts, for
// a kind that sweeps (Shift). ok is false for any other move, and when a
// copy does not compile; the move itself is compiled as it is written.
func (s *Scope) Unrolled(r *lang.MoveRule) (moves []Move, ok bool) {
	if len(r.Fors) != 1 {
		return nil, false
	}
	name := r.Fors[0].Var.Name
	if _, bound := s.slots[name]; bound {
		return nil, false
	}
	rng, err := s.CompileColl(r.Fors[0].Range)
	if err != nil || rng.each != nil {
		return nil, false
	}
	ks, ok := fewConstants(rng)
	if !ok {
		return nil, false
	}
	outer := s.consts
	defer func() { s.consts = outer }()
	one := &lang.MoveRule{Pos: r.Pos, Result: r.Result, Guard: r.Guard, Then: r.Then}
	for _, k := range ks {
		s.consts = func(n string) (Const, bool) {
			if n == name {
				return IntConst(big.NewInt(k)), true
			}
			if outer == nil {
				return Const{}, false
			}
			return outer(n)
		}
		m, err := s.CompileMove(one)
		if err != nil {
			return nil, false
		}
		moves = append(moves, m)
	}
	return moves, true
}

// NimLine reports whether the move takes from one number of n as a heap of
// Nim does, and which: the result is the state with number i less k, for
// k in 1..(number i), with no guard — move (a, b - k, c) for k in 1..b.
func (m *Move) NimLine(n int) (int, bool) {
	if m.Parts != nil || len(m.pre) > 0 || len(m.fors) != 1 || len(m.Result) != n {
		return 0, false
	}
	fc := m.fors[0]
	rng := fc.rng
	if !rng.IsRange || rng.each != nil || len(fc.guards) > 0 || !rng.Lo.Const || rng.Lo.Val != 1 {
		return 0, false
	}
	hi := rng.Hi.Aff
	if hi == nil || hi.C != 0 || len(hi.Terms) != 1 || hi.Terms[0].Coef != 1 || hi.Terms[0].Reg >= n {
		return 0, false
	}
	i := hi.Terms[0].Reg
	for j, r := range m.Result {
		a := r.Aff
		if a == nil || a.C != 0 {
			return 0, false
		}
		want := []Term{{j, 1}}
		if j == i { // reg i - k: the terms by register, k's last (loop registers follow the state's)
			want = []Term{{i, 1}, {fc.slot, -1}}
			if fc.slot < i {
				want = []Term{{fc.slot, -1}, {i, 1}}
			}
		}
		if !slices.Equal(a.Terms, want) {
			return 0, false
		}
	}
	return i, true
}
