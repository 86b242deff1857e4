package eval

// Set rulesets: a position is the set of numbers of a finite universe lo..hi
// that may still be picked. A move picks one of them; the picked number becomes
// forbidden, and with 'forbid multiples' its multiples, with 'forbid sums' every
// sum of forbidden numbers too (POJ 1143 "Number Game", Sylver coinage). The
// numbers outside the position are the forbidden ones. Positions are bitsets,
// solved by the generic graph solver.

import (
	"context"
	"fmt"
	"math/big"
	"math/bits"
	"strings"

	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/lang"
	"github.com/gamelang/gamelang/solve"
)

// MaxUniverse is the largest universe a set ruleset may have.
const MaxUniverse = 4096

type setRuleset struct {
	name   string
	lo, hi int64
	forbid string // "", "multiples" or "sums"
	memo   *solve.Memo
	buf    []byte
	closed []bool // scratch: forbidden[v] for v in 0..hi
}

// setState is a position: bit i set = number lo+i still allowed.
type setState []uint64

func newSetRuleset(name string, lo, hi int64, forbid string, limits *solve.Limits) *setRuleset {
	s := &setRuleset{name: name, lo: lo, hi: hi, forbid: forbid}
	s.buf = make([]byte, 8*s.words())
	s.closed = make([]bool, hi+1)
	s.memo = solve.NewMemo(s, limits, name, s.formatKey)
	return s
}

func (s *setRuleset) words() int              { return int((s.hi-s.lo)/64 + 1) }
func (s *setRuleset) Name() string            { return s.name }
func (s *setRuleset) kind() lang.GameKind     { return lang.SetGame }
func (s *setRuleset) Decided(game.State) bool { return false }
func (s *setRuleset) Solver() string {
	return fmt.Sprintf("generic: memoized mex over subsets of %d..%d", s.lo, s.hi)
}

func (s *setRuleset) members(st setState) []int64 {
	var out []int64
	for w, word := range st {
		for word != 0 {
			b := bits.TrailingZeros64(word)
			out = append(out, s.lo+int64(64*w+b))
			word &= word - 1
		}
	}
	return out
}

func (s *setRuleset) Format(st game.State) string {
	ms := s.members(st.(setState))
	parts := make([]string, len(ms))
	for i, m := range ms {
		parts[i] = fmt.Sprint(m)
	}
	return s.name + "{" + strings.Join(parts, ", ") + "}"
}

func (s *setRuleset) formatKey(key string) string { return s.Format(s.decode([]byte(key))) }

// makeState builds a position from numbers, ranges and sets.
func (s *setRuleset) makeState(args []Value, p lang.Pos) (game.State, error) {
	st := make(setState, s.words())
	add := func(x *big.Int) error {
		if !x.IsInt64() || x.Int64() < s.lo || x.Int64() > s.hi {
			return errorf(p, "%s is outside the numbers of %s (%d..%d)", x, s.name, s.lo, s.hi)
		}
		i := x.Int64() - s.lo
		st[i/64] |= 1 << (i % 64)
		return nil
	}
	for _, a := range args {
		if err := eachInt(a, p, add); err != nil {
			return nil, err
		}
	}
	return st, nil
}

// eachInt calls f for every integer a value stands for: a number, a bounded
// range or a set.
func eachInt(v Value, p lang.Pos, f func(*big.Int) error) error {
	switch v := v.(type) {
	case Int:
		return f(v.V)
	case Set:
		for _, x := range v.Elems {
			if err := f(x); err != nil {
				return err
			}
		}
		return nil
	case Range:
		if v.Open {
			return errorf(p, "an unbounded range (%s) has no end", v)
		}
		for x := new(big.Int).Set(v.Lo); x.Cmp(v.Hi) <= 0; x = new(big.Int).Add(x, big.NewInt(1)) {
			if err := f(x); err != nil {
				return err
			}
		}
		return nil
	}
	return errorf(p, "expected numbers, ranges or sets, not %s", typeName(v))
}

func (s *setRuleset) encode(st setState) []byte {
	key := make([]byte, 8*len(st))
	for i, w := range st {
		for b := 0; b < 8; b++ {
			key[8*i+b] = byte(w >> (8 * b))
		}
	}
	return key
}

func (s *setRuleset) decode(key []byte) setState {
	st := make(setState, len(key)/8)
	for i := range st {
		for b := 7; b >= 0; b-- {
			st[i] = st[i]<<8 | uint64(key[8*i+b])
		}
	}
	return st
}

func (s *setRuleset) Grundy(ctx context.Context, st game.State) (*big.Int, error) {
	v, err := s.memo.Grundy(ctx, s.encode(st.(setState)))
	return big.NewInt(int64(v)), err
}

func (s *setRuleset) Moves(ctx context.Context, st game.State) ([]game.Move, error) {
	var moves []game.Move
	for _, x := range s.members(st.(setState)) {
		after := s.after(st.(setState), x)
		moves = append(moves, game.Move{
			Label: fmt.Sprintf("pick %d", x),
			To:    []game.Component{{Rules: s, State: after}},
		})
	}
	return moves, nil
}

// Options is the solve.Graph of the ruleset.
func (s *setRuleset) Options(w *solve.Work, key []byte, yield func([]byte)) error {
	st := s.decode(key)
	for _, x := range s.members(st) {
		w.Tick()
		after := s.after(st, x)
		yield(s.encode(after))
	}
	return nil
}

// after returns the position once x is picked from st.
func (s *setRuleset) after(st setState, x int64) setState {
	out := append(setState(nil), st...)
	remove := func(v int64) {
		i := v - s.lo
		out[i/64] &^= 1 << (i % 64)
	}
	switch s.forbid {
	case "":
		remove(x)
	case "multiples":
		for v := x; v <= s.hi; v += x {
			if v >= s.lo {
				remove(v)
			}
		}
	case "sums":
		for v, f := range s.sumClosure(st, x) {
			if f && int64(v) >= s.lo {
				remove(int64(v))
			}
		}
	}
	return out
}

// sumClosure returns forbidden[v] for v in 0..hi: the numbers of the universe
// not in st, and x, closed under addition.
func (s *setRuleset) sumClosure(st setState, x int64) []bool {
	f := s.closed
	clear(f)
	for v := s.lo; v <= s.hi; v++ {
		i := v - s.lo
		f[v] = st[i/64]&(1<<(i%64)) == 0
	}
	f[x] = true
	for v := int64(1); v <= s.hi; v++ {
		for a := int64(1); !f[v] && 2*a <= v; a++ {
			f[v] = f[a] && f[v-a]
		}
	}
	return f
}
