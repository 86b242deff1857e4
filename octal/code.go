package octal

import (
	"fmt"
	"strings"
)

// Digit says what a move that takes k tokens may leave, as a sum of LeaveNone
// (nothing: the whole heap is taken), LeaveOne, LeaveTwo and LeaveThree
// nonempty heaps.
type Digit uint8

// The bits of a Digit.
const (
	LeaveNone  Digit = 1
	LeaveOne   Digit = 2
	LeaveTwo   Digit = 4
	LeaveThree Digit = 8
)

// Code is a take-and-break code: Digit(k) for every k >= 0. It is finite when
// every digit from some k on is 0, and otherwise repeats one digit forever.
type Code struct {
	digits  []Digit // digits[k] for k < len(digits)
	tail    Digit   // the digit of every k >= len(digits)
	unequal bool    // two heaps left by a move must differ (Grundy's game)
}

// NewCode returns the code with the given digits (digits[k] for taking k) and
// the digit tail for every k >= len(digits). Trailing zeros are dropped.
func NewCode(digits []Digit, tail Digit) Code {
	d := append([]Digit(nil), digits...)
	for len(d) > 0 && d[len(d)-1] == tail {
		d = d[:len(d)-1]
	}
	return Code{digits: d, tail: tail}
}

// UnequalSplits returns the code whose moves that leave two heaps must leave
// two different heaps: Grundy's game is 4.0 with unequal splits.
func (c Code) UnequalSplits() Code {
	c.unequal = true
	return c
}

// Unequal reports whether two heaps left by a move must differ.
func (c Code) Unequal() bool { return c.unequal }

// Digit returns the digit for taking k tokens.
func (c Code) Digit(k int64) Digit {
	if k < int64(len(c.digits)) {
		return c.digits[k]
	}
	return c.tail
}

// Finite reports whether only finitely many digits are nonzero.
func (c Code) Finite() bool { return c.tail == 0 }

// MaxTake is the largest k with a nonzero digit, for a finite code.
func (c Code) MaxTake() int { return len(c.digits) - 1 }

// Tail is the digit repeated forever (0 for a finite code), and TailFrom the
// first k it applies to.
func (c Code) Tail() (d Digit, from int) { return c.tail, len(c.digits) }

// all is the union of every digit.
func (c Code) all() Digit {
	u := c.tail
	for _, d := range c.digits {
		u |= d
	}
	return u
}

// Splits reports the most heaps a move may leave: 1 (never splits), 2 or 3.
func (c Code) Splits() int {
	switch u := c.all(); {
	case u&LeaveThree != 0:
		return 3
	case u&LeaveTwo != 0:
		return 2
	}
	return 1
}

// Empty reports whether the code allows no move at all.
func (c Code) Empty() bool { return c.all() == 0 }

// IsNim reports whether the code is Nim's, 0.333...: take any positive
// number, leaving one heap or none.
func (c Code) IsNim() bool {
	if c.tail != LeaveNone|LeaveOne || len(c.digits) > 2 {
		return false
	}
	return c.Digit(0) == 0 && c.Digit(1) == LeaveNone|LeaveOne
}

// Subtraction returns the subtraction set of a finite code whose moves never
// split (every nonzero digit is 3: take k, leaving a heap or nothing).
func (c Code) Subtraction() ([]int64, bool) {
	if !c.Finite() {
		return nil, false
	}
	var s []int64
	for k, d := range c.digits {
		switch d {
		case 0:
		case LeaveNone | LeaveOne:
			s = append(s, int64(k))
		default:
			return nil, false
		}
	}
	return s, len(s) > 0
}

// Parse reads a game code written in base 8 or 16: d0.d1d2d3..., the digit
// before the point for taking no tokens (which may only split a heap). A code
// may end with a digit in parentheses, repeated forever: "0.(3)" is Nim.
func Parse(code string, base int) (Code, error) {
	whole, frac, ok := strings.Cut(code, ".")
	if !ok || frac == "" || len(whole) > 1 {
		return Code{}, fmt.Errorf("%q is not a game code: write d0.d1d2d3..., such as \"0.07\"", code)
	}
	if whole == "" {
		whole = "0"
	}
	body, rep, hasTail := strings.Cut(frac, "(")
	if hasTail && (!strings.HasSuffix(rep, ")") || len(rep) != 2) {
		return Code{}, fmt.Errorf("%q is not a game code: a repeated digit is written last, in parentheses, as in \"0.(3)\"", code)
	}
	var digits []Digit
	for i, ch := range whole + body {
		d, err := digit(code, ch, base)
		if err != nil {
			return Code{}, err
		}
		if i == 0 && d&(LeaveNone|LeaveOne) != 0 {
			return Code{}, fmt.Errorf("the first digit of %q is %c: taking no tokens may only split a heap (0, 4, 8 or c)", code, ch)
		}
		digits = append(digits, d)
	}
	var tail Digit
	if hasTail {
		d, err := digit(code, rune(rep[0]), base)
		if err != nil {
			return Code{}, err
		}
		tail = d
	}
	return NewCode(digits, tail), nil
}

func digit(code string, ch rune, base int) (Digit, error) {
	d := -1
	switch {
	case ch >= '0' && ch <= '9':
		d = int(ch - '0')
	case ch >= 'a' && ch <= 'f':
		d = int(ch-'a') + 10
	case ch >= 'A' && ch <= 'F':
		d = int(ch-'A') + 10
	}
	if d < 0 || d >= base {
		return 0, fmt.Errorf("%q in game code %q is not a base-%d digit", ch, code, base)
	}
	return Digit(d), nil
}

// String writes the code in octal, or in hexadecimal when a digit needs it:
// "0.07", "4.007", "0.(3)".
func (c Code) String() string {
	var b strings.Builder
	hex := c.all()&LeaveThree != 0
	put := func(d Digit) {
		if hex {
			fmt.Fprintf(&b, "%x", int(d))
		} else {
			fmt.Fprintf(&b, "%o", int(d))
		}
	}
	put(c.Digit(0))
	b.WriteByte('.')
	for k := 1; k < len(c.digits); k++ {
		put(c.digits[k])
	}
	if c.tail != 0 {
		b.WriteByte('(')
		put(c.tail)
		b.WriteByte(')')
	} else if len(c.digits) <= 1 {
		b.WriteByte('0')
	}
	if c.unequal {
		b.WriteString(" with unequal splits")
	}
	return b.String()
}

// FirstMove is the smallest heap with a move, -1 for a code without moves.
// Published tables write a code that cannot take a heap of 1 shifted, heap
// n standing for heap n + FirstMove() - 1 (Czajka's tables).
func (c Code) FirstMove() int64 {
	best := int64(-1)
	try := func(n int64) {
		if best < 0 || n < best {
			best = n
		}
	}
	for k := int64(0); k <= int64(len(c.digits)); k++ {
		d := c.Digit(k)
		if k == int64(len(c.digits)) && c.tail == 0 {
			break
		}
		if d&LeaveNone != 0 && k > 0 {
			try(k)
		}
		if d&LeaveOne != 0 {
			try(k + 1)
		}
		if d&LeaveTwo != 0 {
			if c.unequal {
				try(k + 3)
			} else {
				try(k + 2)
			}
		}
		if d&LeaveThree != 0 {
			try(k + 3)
		}
	}
	return best
}
