package eval_test

import (
	"encoding/csv"
	"fmt"
	"strings"
	"testing"

	"github.com/gamelang/gamelang/eval"
	"github.com/gamelang/gamelang/internal/render"
	"github.com/gamelang/gamelang/internal/scripttest"
)

// CSV tables are tidy: a record per position, here Wythoff's a, b, g and
// whether it is a P-position, against g found by brute force in the test.
func TestTidyGridCSV(t *testing.T) {
	t.Parallel() // each owns its session
	const size = 6
	g := wythoffDP(size)
	in := eval.New(eval.Config{Out: new(strings.Builder), Tables: render.Tables{}})
	text := scripttest.MustEval(t, in, fmt.Sprintf(`table(Wythoff, 0..%d, "csv")`, size-1)).String()
	rows, err := csv.NewReader(strings.NewReader(text)).ReadAll()
	if err != nil || len(rows) != size*size+1 || strings.Join(rows[0], ",") != "a,b,g,p" {
		t.Fatalf("%v: %q", err, text)
	}
	for _, r := range rows[1:] {
		var a, b int
		fmt.Sscan(r[0], &a)
		fmt.Sscan(r[1], &b)
		want := []string{r[0], r[1], fmt.Sprint(g[a][b]), fmt.Sprint(g[a][b] == 0)}
		if strings.Join(r, ",") != strings.Join(want, ",") {
			t.Errorf("record %v, want %v", r, want)
		}
	}
}
