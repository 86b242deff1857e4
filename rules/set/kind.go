// Package set is the kind of position of games on the set of numbers still
// allowed, declared `game G set { pick x in 2..20  forbid sums }`: the
// Number Game (POJ 1143), a finite Sylver coinage. A move picks an allowed
// number; the picked number becomes forbidden, and with 'forbid multiples'
// its multiples, with 'forbid sums' every sum of forbidden numbers too.
package set

import (
	"fmt"
	"math/big"
	"math/bits"
	"strings"

	"github.com/gamelang/gamelang/game"
)

// State is a set position: bit i stands for the number lo+i of its universe
// lo..hi, and is set while that number may be picked.
type State []uint64

// Has reports whether the number lo+i is in the set.
func (s State) Has(i int64) bool { return s[i/64]&(1<<(i%64)) != 0 }

// Members lists the numbers of the set, for a universe with lower end lo.
func (s State) Members(lo int64) []int64 {
	var out []int64
	for w, word := range s {
		for word != 0 {
			b := bits.TrailingZeros64(word)
			out = append(out, lo+int64(64*w+b))
			word &= word - 1
		}
	}
	return out
}

// Over returns the kind of subsets of lo..hi.
func Over(lo, hi int64) game.Kind { return kind{lo: lo, hi: hi} }

type kind struct{ lo, hi int64 }

func (k kind) words() int { return int((k.hi-k.lo)/64 + 1) }

func (k kind) Make(name string, nums []*big.Int) (game.State, error) {
	st := make(State, k.words())
	for _, x := range nums {
		if !x.IsInt64() || x.Int64() < k.lo || x.Int64() > k.hi {
			return nil, fmt.Errorf("%s is outside the numbers of %s (%d..%d)", x, name, k.lo, k.hi)
		}
		i := x.Int64() - k.lo
		st[i/64] |= 1 << (i % 64)
	}
	return st, nil
}

func (k kind) Name() string { return "set" }

func (k kind) Format(s game.State) string {
	ms := s.(State).Members(k.lo)
	parts := make([]string, len(ms))
	for i, m := range ms {
		parts[i] = fmt.Sprint(m)
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

func (k kind) Braces() bool { return true }

func (k kind) Example(name string) string {
	return fmt.Sprintf("%s{%d, %d}", name, k.lo, min(k.lo+1, k.hi))
}

func (k kind) Coords() []string { return nil }

// Compare puts shorter sets first, as they are written.
func (k kind) Compare(a, b game.State) int {
	s, t := k.Format(a), k.Format(b)
	if len(s) != len(t) {
		return len(s) - len(t)
	}
	return strings.Compare(s, t)
}

func (k kind) Encode(s game.State) string { return k.Format(s) }

func trailing(w uint64) int { return bits.TrailingZeros64(w) }
