package graphs_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/gamelang/gamelang/internal/scripttest"
)

// OEIS A002187: Dawson's Chess, the Grundy values of Node Kayles on a path.
var a002187 = strings.Fields("0 1 1 2 0 3 1 1 0 3 3 2 2 4 0 5 2 2 3 3 0 1 1 3 0 2 1 1 0 4 5 2 7 4 0 1 1 2 0 3")

// The graphs path(), cycle(), complete(), grid() and graph() make are the
// ones their names say: Node Kayles on a path has Dawson's Chess' values;
// on a cycle of n the first move leaves a path of n - 3, so its value is 1
// exactly when that path's is 0; on a complete graph one move ends the
// game; and a grid or a text graph is the graph its words say.
func TestGraphsAreWhatTheyAreNamed(t *testing.T) {
	t.Parallel() // each owns its session
	var src, want []string
	for n := 1; n < len(a002187); n++ {
		src = append(src, fmt.Sprintf("grundy(NodeKayles(path(%d)))", n))
		want = append(want, a002187[n])
	}
	for n := 3; n < len(a002187); n++ {
		src = append(src, fmt.Sprintf("grundy(NodeKayles(cycle(%d)))", n))
		w := "0"
		if a002187[n-3] == "0" {
			w = "1"
		}
		want = append(want, w)
	}
	for n := 1; n <= 6; n++ {
		src = append(src, fmt.Sprintf("grundy(NodeKayles(complete(%d)))", n))
		want = append(want, "1")
	}
	// A grid of one row is a path; three lone vertices are three moves.
	src = append(src, `grundy(NodeKayles(grid(1, 7))) == grundy(NodeKayles(path(7)))`, `grundy(NodeKayles(graph("a-b-c-d-e"))) == grundy(NodeKayles(path(5)))`,
		`grundy(NodeKayles(graph("a-b b-c c-a"))) == grundy(NodeKayles(cycle(3)))`, `grundy(NodeKayles(graph("a b c")))`)
	want = append(want, "true", "true", "true", "1")
	if got := scripttest.Out(t, strings.Join(src, "\n")); got != strings.Join(want, "\n") {
		g, w := strings.Split(got, "\n"), want
		for i := range w {
			if i < len(g) && g[i] != w[i] {
				t.Errorf("%s = %s, want %s", src[i], g[i], w[i])
			}
		}
	}
	for _, c := range []struct{ src, want string }{
		{`cycle(2)`, "a cycle has at least 3 vertices"},
		{`graph("a-")`, `"a-" is neither a vertex`},
		{`grid(0, 3)`, "grid"},
		{`readgraph("no such file")`, "no such file"},
	} {
		scripttest.WantError(t, c.src, c.want)
	}
}
