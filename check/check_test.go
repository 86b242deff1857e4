package check_test

import (
	"context"
	"io"
	"strings"
	"testing"

	"github.com/gamelang/gamelang/eval"
	_ "github.com/gamelang/gamelang/lib" // the kinds and conventions
)

// The check pass refuses the takes that running a game refuses: taking 0
// without a split, and a range that counts down; takes that split, count up
// or are not literals pass. A script that check passes, run accepts.
func TestTakeAmounts(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"game G { take 0 }", "1:10: take 0: a take must remove at least one token"},
		{"game G { take 0..3 }", "1:10: take 0: a take must remove"},
		{"game G { take {2, 0} }", "1:10: take 0: a take must remove"},
		{"game H { take 1..0 }", "1:10: take 1..0: the range is empty, so the rule has no move (a range counts up: 0..1)"},
		{"game H { take 5..2 split }", "1:10: take 5..2: the range is empty"},
		{"game G { take 1..3 }", ""},
		{"game G { take 2..2 }", ""},
		{"game G { take 1.. }", ""},
		{"game G { take 0 leaving 2 }", ""},
		{"game G { take 0..2 split }", ""},
		{"game G(k) { take k..3 }", ""}, // not a literal: found when played
		{"game G(k) { take 0..k }", "1:13: take 0: a take must remove"},
	} {
		in := eval.New(eval.Config{Out: io.Discard})
		err := in.Check(context.Background(), "t.game", c.src)
		got := ""
		if err != nil {
			got = in.Render(err)
		}
		if c.want == "" && got != "" || !strings.Contains(got, c.want) {
			t.Errorf("%s: %q, want %q", c.src, got, c.want)
		}
	}
}
