package solve

import "context"

// OptionValues calls mark with the nim value of every option of heap n, reading
// the values of smaller heaps from g (which holds g(0) .. g(n-1)).
type OptionValues func(n int, g []uint32, mark func(v uint32)) error

// Sequence is the Grundy sequence g(0), g(1), ... of a heap ruleset, grown on
// demand: every heap a move leaves is smaller than the heap moved from, so g(n)
// is the mex of values already known.
type Sequence struct {
	g       []uint32
	options OptionValues
	limits  Limits
	what    string
	seen    []uint32
	stamp   uint32
}

// NewSequence returns an empty sequence whose options are given by options.
func NewSequence(options OptionValues, limits Limits, what string) *Sequence {
	return &Sequence{options: options, limits: limits, what: what}
}

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
func (s *Sequence) Grow(ctx context.Context, n int) error {
	if n < len(s.g) {
		return nil
	}
	if n >= s.limits.maxStates() {
		return &LimitError{Limit: s.limits.maxStates(), What: s.what}
	}
	for i := len(s.g); i <= n; i++ {
		if i&4095 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		v, err := s.next(i)
		if err != nil {
			return err
		}
		s.g = append(s.g, v)
	}
	return nil
}

func (s *Sequence) next(n int) (uint32, error) {
	s.stamp++
	if s.stamp == 0 {
		clear(s.seen)
		s.stamp = 1
	}
	err := s.options(n, s.g, s.mark)
	v := uint32(0)
	for int(v) < len(s.seen) && s.seen[v] == s.stamp {
		v++
	}
	return v, err
}

func (s *Sequence) mark(v uint32) {
	if int(v) >= len(s.seen) {
		s.seen = append(s.seen, make([]uint32, int(v)+1-len(s.seen)+64)...)
	}
	s.seen[v] = s.stamp
}
