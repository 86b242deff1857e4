package eval_test

import (
	"context"
	"strings"
	"testing"

	"github.com/gamelang/gamelang/eval"
	"github.com/gamelang/gamelang/internal/scripttest"
)

// Constant take rules are recognized as a code (or as Nim and bounded Nim)
// and solved by the octal engines or a closed form; 'move' rules and amounts
// that depend on n take the generic heap path. Each pair below is one game
// written both ways; their sequences must agree.
func TestConstantTakesAgreeWithGenericPath(t *testing.T) {
	t.Parallel() // each owns its session
	pairs := []struct{ fast, generic string }{
		{"take 1..3", "move (n - k) for k in 1..min(n, 3)"},
		{"take {2, 5, 7}", "move (n - k) for k in {2, 5, 7} if k <= n"},
		{"take 1..", "take 1..n"},
		{"take 1..2 split", "move (a, n - k - a) for k in 1..min(2, n) for a in 0..(n - k) / 2"},
		{"take 2 split", "move (a, n - 2 - a) for a in 0..(n - 2) / 2 if n >= 2"},
		{"take {1, 4} leaving 1..2", "move (a, n - k - a) for k in {1, 4} for a in 0..(n - k) / 2 if n - k >= 1"},
		{"take 1 leaving 0..3", "move (a, b, n - 1 - a - b) for a in 0..n - 1 for b in 0..n - 1 - a"},
		{"take 0 leaving 2", "move (a, n - a) for a in 1..n / 2"},
		{"take 3 leaving 0", "move (n - 3) for k in 1..1 if n == 3"},
	}
	for _, p := range pairs {
		in := eval.New(eval.Config{Out: new(strings.Builder)})
		src := "game F { " + p.fast + " }\ngame G { " + p.generic + " }"
		if err := in.Exec(context.Background(), "pair.game", src); err != nil {
			t.Fatalf("%s\n%s", src, in.Render(err))
		}
		if s := scripttest.MustEval(t, in, "solver(F)").String(); !strings.Contains(s, "recognized from its take rules") {
			t.Errorf("%q runs on %q, not a recognized code", p.fast, s)
		}
		if s := scripttest.MustEval(t, in, "solver(G)").String(); !strings.HasPrefix(s, "heap sequence") {
			t.Errorf("%q runs on %q, not the generic path", p.generic, s)
		}
		fast := scripttest.MustEval(t, in, "grundy(F, 0..300)").String()
		generic := scripttest.MustEval(t, in, "grundy(G, 0..300)").String()
		if fast != generic {
			t.Errorf("%q and %q differ:\n%s\n%s", p.fast, p.generic, fast, generic)
		}
	}
}
