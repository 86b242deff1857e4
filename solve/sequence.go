package solve

import (
	"context"
	"slices"
)

// OptionValues marks the nim value of every option of heap n, reading the
// values of smaller heaps from g (which holds g(0) .. g(n-1)), and calls
// m.Tick for every candidate move it considers.
type OptionValues func(n int, g []uint32, m *Marks) error

// Marks is the set of option values of one heap, for the mex. It carries the
// Work of the computation, whose Tick the option listing calls. Mark adds a
// value that is the XOR of values already in the sequence: such a value is
// below the power of two above the largest value so far, and the set is kept
// that long.
type Marks struct {
	*Work
	Mex
}

// reset empties the set.
func (m *Marks) reset() {
	m.Work.Reset()
	m.Clear()
}

// Sequence is the Grundy sequence g(0), g(1), ... of a heap ruleset, grown on
// demand: every heap a move leaves is smaller than the heap moved from, so g(n)
// is the mex of values already known.
type Sequence struct {
	g       []uint32
	options OptionValues
	limits  *Limits
	what    string
	marks   Marks
}

// NewSequence returns an empty sequence whose options are given by options.
func NewSequence(options OptionValues, limits *Limits, what string) *Sequence {
	return &Sequence{options: options, limits: limits, what: what}
}

// Limit is the most values the sequence may store.
func (s *Sequence) Limit() int { return s.limits.maxStates() }

// Limits are the limits the sequence obeys.
func (s *Sequence) Limits() *Limits { return s.limits }

// Known returns the values computed so far, g(0) .. g(Len()-1).
func (s *Sequence) Known() []uint32 { return s.g }

// Value returns g(n), growing the sequence as far as n.
func (s *Sequence) Value(ctx context.Context, n int) (uint32, error) {
	if err := s.Grow(ctx, n); err != nil {
		return 0, err
	}
	return s.g[n], nil
}

// Grow computes the sequence up to and including g(n).
func (s *Sequence) Grow(ctx context.Context, n int) (err error) {
	if n < len(s.g) {
		return nil
	}
	if err := s.limits.Check(s.what, n+1, 5*int64(n+1)); err != nil {
		return err
	}
	s.g = slices.Grow(s.g, n+1-len(s.g))
	s.marks.Fit(0)
	s.marks.Work = NewWork(ctx, s.limits, s.what, func() int { return len(s.g) })
	defer Catch(&err)
	for i := len(s.g); i <= n; i++ {
		if i&4095 == 0 {
			s.limits.ReportOf(s.what, "values", int64(i), int64(n)+1)
			if err := s.marks.Err(); err != nil {
				return err
			}
		}
		s.marks.reset()
		if err := s.options(i, s.g, &s.marks); err != nil {
			return err
		}
		v := s.marks.Value()
		s.marks.Fit(v)
		s.g = append(s.g, v)
	}
	return nil
}
