package tuple_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/gamelang/gamelang/eval"
	"github.com/gamelang/gamelang/internal/scripttest"
)

// A tuple declaration is Nim's moves, one heap a number, only when each
// number has exactly the move taking 1..x from it: what lets a 'pass once'
// of it be answered by the table of Nim with a pass.
func TestNimMoves(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		rules string
		nim   bool
	}{
		{"move (a - k, b) for k in 1..a\nmove (a, b - k) for k in 1..b", true},
		{"move (a, b - k) for k in 1..b\nmove (a - k, b) for k in 1..a", true},
		{"move (a - j, b) for j in 1..a\nmove (a, b - j) for j in 1..b", true},
		{"move (a - k, b) for k in 1..a\nmove (a, b - k) for k in 1..b\nloses if a + b == 7", false},
		{"move (a - k, b) for k in 1..a if k < 4\nmove (a, b - k) for k in 1..b", false},
		{"move (a - k, b) for k in 1..a if b > 0\nmove (a, b - k) for k in 1..b", false},
		{"move (a - k, b) for k in 1..a - 1\nmove (a, b - k) for k in 1..b", false},
		{"move (a - k, b) for k in 0..a\nmove (a, b - k) for k in 1..b", false},
		{"move (a - k, b) for k in 1..b\nmove (a, b - k) for k in 1..a", false},
		{"move (a - k, b) for k in 1..a\nmove (a - k, b) for k in 1..a", false},
		{"move (a - k, b + 0) for k in 1..a\nmove (a, b - k) for k in 1..b\nmove (a, b - 1) for k in 1..1", false},
		{"move (a - k, b + 1) for k in 1..a\nmove (a, b - k) for k in 1..b", false},
		{"move (b - k, a) for k in 1..b\nmove (a, b - k) for k in 1..b", false},
		{"move (a - 2 * k, b) for k in 1..a\nmove (a, b - k) for k in 1..b", false},
		{"move (a - k, b) for k in 1..a", false},
	} {
		in := scripttest.NewInterp(t)
		if err := in.Exec(context.Background(), "t.game", fmt.Sprintf("game T state (a, b) {\n%s\n}", c.rules)); err != nil {
			t.Fatal(c.rules, err)
		}
		r, ok := scripttest.MustEval(t, in, "T").(eval.RulesetVal)
		if !ok {
			t.Fatal("T is not a ruleset")
		}
		nm, ok := r.R.(interface{ NimMoves() bool })
		if !ok {
			t.Fatalf("%T has no NimMoves", r.R)
		}
		if got := nm.NimMoves(); got != c.nim {
			t.Errorf("%q: Nim's moves %v, want %v", c.rules, got, c.nim)
		}
	}
}
