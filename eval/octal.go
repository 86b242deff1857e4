package eval

import (
	"fmt"
	"strings"

	"github.com/gamelang/gamelang/lang"
	"github.com/gamelang/gamelang/solve"
)

// parseCode reads an octal ("0.137") or hexadecimal ("4.8c") game code into its
// digits: digits[k] says what a move that takes k tokens may leave, with the
// meaning of Winning Ways: 1 = nothing (the whole heap), 2 = one heap, 4 = two
// heaps, 8 = three heaps. The digit before the point is for k = 0.
func parseCode(code string, base int) ([]leave, error) {
	whole, frac, ok := strings.Cut(code, ".")
	if !ok || frac == "" || len(whole) > 1 {
		return nil, fmt.Errorf("%q is not a game code: write d0.d1d2d3..., such as \"0.07\"", code)
	}
	if whole == "" {
		whole = "0"
	}
	var digits []leave
	for i, ch := range whole + frac {
		d := digitValue(ch)
		if d < 0 || d >= base {
			return nil, fmt.Errorf("%q in game code %q is not a base-%d digit", ch, code, base)
		}
		if i == 0 && d&3 != 0 {
			return nil, fmt.Errorf("the first digit of %q is %c: taking no tokens may only split a heap (0, 4, 8 or c)", code, ch)
		}
		digits = append(digits, leave(d))
	}
	return digits, nil
}

func digitValue(ch rune) int {
	switch {
	case ch >= '0' && ch <= '9':
		return int(ch - '0')
	case ch >= 'a' && ch <= 'f':
		return int(ch-'a') + 10
	case ch >= 'A' && ch <= 'F':
		return int(ch-'A') + 10
	}
	return -1
}

// codeRuleset compiles a game code into take rules.
func codeRuleset(fn, code string, base int, p lang.Pos, limits *solve.Limits) (*heapRuleset, error) {
	digits, err := parseCode(code, base)
	if err != nil {
		return nil, errorf(p, "%v", err)
	}
	var takes []takeRule
	for k, d := range digits {
		if d != 0 {
			takes = append(takes, takeRule{pos: p, amount: coll{elems: []compiled{konst(int64(k))}}, sorted: []int64{int64(k)}, leave: d})
		}
	}
	return newHeapRuleset(fmt.Sprintf("%s(%q)", fn, code), takes, nil, nil, 1, limits), nil
}
