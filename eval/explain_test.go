package eval_test

import (
	"strings"
	"testing"

	"github.com/gamelang/gamelang/internal/scripttest"
)

// explain(DawsonKayles(7)) walks through seed 001's computation of g(7) for
// game C: the options (5), (1, 4) and (2, 3), of values 0, 0 xor 2 = 2 and
// 1 xor 1 = 0, the set {0, 2} and its mex 1.
func TestExplainSeedGameC(t *testing.T) {
	t.Parallel() // each owns its session
	in := scripttest.NewInterp(t)
	got := scripttest.MustEval(t, in, "explain(DawsonKayles(7))").String()
	for _, want := range []string{
		"to DawsonKayles(5)                               grundy 0",
		"to DawsonKayles(1) + DawsonKayles(4)             grundy 0 xor 2 = 2",
		"to DawsonKayles(2) + DawsonKayles(3)             grundy 1 xor 1 = 0",
		"The values of the moves are {0, 2}. The least number not among them (their mex) is 1",
		"so grundy(DawsonKayles(7)) = 1",
		"grundy(DawsonKayles(4)) = mex{0, 1} = 2",
		"grundy(DawsonKayles(5)) = mex{1} = 0",
	} {
		if !strings.Contains(normalSpace(got), normalSpace(want)) {
			t.Errorf("explain(DawsonKayles(7)) lacks %q:\n%s", want, got)
		}
	}
}

func TestExplainSumAndOutcomes(t *testing.T) {
	t.Parallel() // each owns its session
	in := scripttest.NewInterp(t)
	cases := []struct{ expr, want string }{
		{"explain(Bounded(4)(9) + Bounded(4)(7) + Bounded(4)(12))", "4 xor 2 xor 2 = 4 (in binary 100 xor 010 xor 010 = 100)"},
		{"explain(Bounded(4)(5))", "The value is 0"},
		{"explain(NumberGame{2, 3})", "pick 2, leaving NumberGame{3}"},
		{"explain(ThueMorse(3)(7))", "has already lost"},
		{"explain(Wythoff(0, 0))", "has no moves: the player to move cannot move and loses"},
	}
	for _, c := range cases {
		if got := scripttest.MustEval(t, in, c.expr).String(); !strings.Contains(got, c.want) {
			t.Errorf("%s lacks %q:\n%s", c.expr, c.want, got)
		}
	}
}

func normalSpace(s string) string { return strings.Join(strings.Fields(s), " ") }
