package game

import (
	"fmt"
	"math/big"
	"math/bits"
	"strings"
)

// Kind is the kind of position a ruleset has.
type Kind int

// String names the kind as the language writes it: heap, state, set.
func (k Kind) String() string { return [...]string{"heap", "state", "set"}[k] }

// The kinds of position.
const (
	HeapKind  Kind = iota // one heap of n tokens: Kayles(7)
	TupleKind             // a tuple of numbers: Wythoff(3, 5)
	SetKind               // the set of numbers still allowed: NumberGame{2, 3}
)

// Shape says what the positions of a ruleset are, so that they are made,
// checked and written the same way for every ruleset.
type Shape struct {
	Kind Kind
	Vars []string // a tuple's numbers, by name
	// a set position is a subset of Lo..Hi
	Lo, Hi int64
}

// HeapShape is the shape of heap rulesets.
var HeapShape = Shape{Kind: HeapKind}

// TupleShape is the shape of a tuple ruleset with the given numbers.
func TupleShape(vars ...string) Shape { return Shape{Kind: TupleKind, Vars: vars} }

// SetShape is the shape of a set ruleset over lo..hi.
func SetShape(lo, hi int64) Shape { return Shape{Kind: SetKind, Lo: lo, Hi: hi} }

// Words is the number of 64-bit words of a set position.
func (s Shape) Words() int { return int((s.Hi-s.Lo)/64 + 1) }

// SetState is a set position: bit i stands for the number Lo+i of the shape.
type SetState []uint64

// Has reports whether the number Lo+i is in the set.
func (s SetState) Has(i int64) bool { return s[i/64]&(1<<(i%64)) != 0 }

// Members lists the numbers of the set, for a shape with lower end lo.
func (s SetState) Members(lo int64) []int64 {
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

// NewState makes a position of ruleset name from numbers: the heap, the
// tuple's numbers in order, or the members of a set. Its errors say what is
// wrong in the words of the position.
func NewState(name string, sh Shape, args []*big.Int) (State, error) {
	switch sh.Kind {
	case HeapKind:
		if len(args) != 1 {
			return nil, fmt.Errorf("a position of %s is one heap: %s(n), not %d numbers", name, name, len(args))
		}
		if args[0].Sign() < 0 {
			return nil, fmt.Errorf("a heap cannot be negative: %s(%s)", name, args[0])
		}
		return args[0], nil
	case TupleKind:
		if len(args) != len(sh.Vars) {
			return nil, fmt.Errorf("a position of %s has %d numbers (%s), not %d", name, len(sh.Vars), strings.Join(sh.Vars, ", "), len(args))
		}
		for i, x := range args {
			if x.Sign() < 0 {
				return nil, fmt.Errorf("%s of %s cannot be negative (%s)", sh.Vars[i], name, x)
			}
		}
		return Tuple(args), nil
	}
	st := make(SetState, sh.Words())
	for _, x := range args {
		if !x.IsInt64() || x.Int64() < sh.Lo || x.Int64() > sh.Hi {
			return nil, fmt.Errorf("%s is outside the numbers of %s (%d..%d)", x, name, sh.Lo, sh.Hi)
		}
		i := x.Int64() - sh.Lo
		st[i/64] |= 1 << (i % 64)
	}
	return st, nil
}

// FormatState writes a state after its ruleset's name: "(7)", "(3, 5)", "{2, 3}".
func FormatState(sh Shape, s State) string {
	switch sh.Kind {
	case HeapKind:
		return "(" + s.(*big.Int).String() + ")"
	case TupleKind:
		t := s.(Tuple)
		parts := make([]string, len(t))
		for i, x := range t {
			parts[i] = x.String()
		}
		return "(" + strings.Join(parts, ", ") + ")"
	}
	ms := s.(SetState).Members(sh.Lo)
	parts := make([]string, len(ms))
	for i, m := range ms {
		parts[i] = fmt.Sprint(m)
	}
	return "{" + strings.Join(parts, ", ") + "}"
}
