package heaps_test

import (
	"testing"

	"github.com/gamelang/gamelang/internal/scripttest"
)

// octal() and hex() make heap rulesets of Winning Ways' codes, whose
// values are the published ones; a digit out of the base is refused.
func TestCodes(t *testing.T) {
	t.Parallel() // each owns its session
	// OEIS A002187, Dawson's Chess (0.137); Dawson's Kayles (0.07) is a(n-1).
	chess := "0 1 1 2 0 3 1 1 0 3 3 2 2 4 0 5 2 2 3 3 0 1 1 3 0 2 1 1 0 4 5 2 7 4 0 1 1 2 0 3"
	for _, c := range []struct{ src, want string }{
		{`grundy(octal("0.137"), 0..39)`, chess},
		{`grundy(octal("0.07"), 0..40)`, "0 " + chess},
		{`grundy(octal("0.77"), 0..11)`, "0 1 2 3 1 4 3 2 1 4 2 6"},                                    // Kayles, A002186
		{`grundy(octal("0.(3)"), 0..6)`, "0 1 2 3 4 5 6"},                                              // Nim
		{`grundy(octal("0.333"), 0..8)`, "0 1 2 3 0 1 2 3 0"},                                          // subtract 1..3: n mod 4
		{`grundy(hex("0.F"), 0..7)`, "0 1 0 1 0 1 0 1"},                                                // take one, leave any heaps: a heap's value is its parity
		{`grundy(hex("0.8"), 0..5)` + "\n" + `grundy(octal("0.4"), 0..5)`, "0 0 0 0 1 1\n0 0 0 1 1 2"}, // split off one into three, or two heaps
	} {
		if got := scripttest.Out(t, c.src); got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.src, got, c.want)
		}
	}
	for _, c := range []struct{ src, want string }{
		{`octal("0.9")`, `'9' in game code "0.9" is not a base-8 digit`},
		{`hex("0.G")`, `"0.G"`},
		{`octal(7)`, "octal"},
	} {
		scripttest.WantError(t, c.src, c.want)
	}
}
