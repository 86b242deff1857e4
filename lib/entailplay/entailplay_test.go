package entailplay_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/gamelang/gamelang/internal/scripttest"
)

// Top Entails' values as Winning Ways gives them (vol. 2, ch. 12: the
// loony stacks 1 and 3, then 1 0 2 1 3), and explain() saying of each
// stack what grundy() says: loony (∞) or worth the value.
func TestTopEntailsExplained(t *testing.T) {
	t.Parallel() // each owns its session
	if got := scripttest.Out(t, "grundy(TopEntails, 0..8)"); got != "0 ∞ 0 ∞ 1 0 2 1 3" {
		t.Errorf("grundy(TopEntails, 0..8) = %s", got)
	}
	values := strings.Fields(scripttest.Out(t, "grundy(TopEntails, 0..40)"))
	for n, v := range values {
		ex := scripttest.Out(t, fmt.Sprintf("explain(TopEntails(%d))", n))
		want := fmt.Sprintf("TopEntails(%d) is worth %s", n, v)
		if v == "∞" {
			want = fmt.Sprintf("TopEntails(%d) is loony, ∞", n)
		}
		if !strings.Contains(ex, want) {
			t.Errorf("explain(TopEntails(%d)) does not say %q:\n%s", n, want, ex)
		}
	}
}
