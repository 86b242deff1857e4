package docs_test

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/gamelang/gamelang"
	"github.com/gamelang/gamelang/internal/cli"
)

// Every limitation docs/limitations.md states that a script can show is
// still one: the page names it, and the script still fails (or answers)
// as the page says. When one is lifted this test fails, and the page is
// brought up to date with it.
func TestLimitationsStillHold(t *testing.T) {
	page, err := os.ReadFile("limitations.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		says   string // on the page
		script string
		fails  string // in the error; "" when the script runs
		prints string // what it prints when it runs
	}{
		{"lists do not nest", "let xs = [1, 2]\n[xs, 3]", "lists do not nest", ""},
		{"there is no list of positions", "[Nim(1), Nim(2)]", "expected numbers", ""},
		{"A list cannot be written inside a rule", "game G { take [1, 2] }", "a list cannot be used in a rule", ""},
		{"cannot call themselves inside rules", "let f(n) = if n == 0 then 0 else f(n - 1)\ngame R { take 1..f(n) + 1 }\ngrundy(R(3))", "calls itself", ""},
		{"A loop variable that only the guard of a move uses", "game G { move (n - p) for p in 2..n for d in 2..p-1 if p % d != 0 }", "does not use d", ""},
		{"a pass belongs to one game", "game K { take 1..2 split; pass once }\ngrundy(K(5))", "a pass belongs to one game", ""},
		{"misère or loopy play of them is refused", "outcome(TopEntails(3), misere)", "only the entailing convention plays it", ""},
		{"one that leaves several is refused when it is met", "game G { take 1..2 split entailing }\noutcome(G(5))", "an entailing move that leaves several positions", ""},
		{"a sum holding a game whose moves oblige cannot have one either", "withpass(TopEntails(3) + Nim(1))", "a pass for a sum holding it is not played", ""},
	} {
		if !strings.Contains(string(page), c.says) {
			t.Errorf("limitations.md no longer says %q", c.says)
			continue
		}
		var out strings.Builder
		s := gamelang.NewSession(gamelang.Options{Out: &out})
		err := s.Exec(context.Background(), "lim.game", c.script)
		switch {
		case c.fails != "" && (err == nil || !strings.Contains(err.Error(), c.fails)):
			t.Errorf("%q: the page says it cannot be done, but %q gave %v (want an error with %q)", c.says, c.script, err, c.fails)
		case c.fails == "" && err != nil:
			t.Errorf("%q: %v", c.says, err)
		case c.fails == "" && strings.TrimSpace(out.String()) != c.prints:
			t.Errorf("%q: %q printed %q, want %q", c.says, c.script, out.String(), c.prints)
		}
	}
	// --each reads numbers only: a word in the input is an error.
	const says = "`--each` reads whole numbers only"
	if !strings.Contains(string(page), says) {
		t.Errorf("limitations.md no longer says %q", says)
	}
	var out, errs strings.Builder
	if code := cli.Main([]string{"--each", "a b: a"}, strings.NewReader("alice 2\n"), &out, &errs); code == 0 {
		t.Errorf("%q: --each read a word and printed %q", says, out.String())
	}
}
