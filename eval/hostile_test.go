package eval_test

// What a hostile user tried (issue 19), answered at once and right.

import (
	"context"
	"strings"
	"testing"

	"github.com/gamelang/gamelang/eval"
)

// Powers of -1, 0 and 1 in rules take no time whatever the exponent.
func TestRulePowersOfSmallBases(t *testing.T) {
	in := eval.New(eval.Config{Out: new(strings.Builder)})
	src := `game H state (a) { move (a - 1) if a > 0 and 0^a == 0 and 1^(10^18) == 1 and (-1)^(10^18 + 1) == -1 and (-1)^(10^18) == 1 and 0^0 == 1 }`
	if err := in.Exec(context.Background(), "h.game", src); err != nil {
		t.Fatal(in.Render(err))
	}
	if got := mustEval(t, in, "grundy(H(5))").String(); got != "1" {
		t.Fatalf("grundy(H(5)) = %s", got)
	}
}
