package examples_test

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"

	"github.com/gamelang/gamelang/eval"
	"github.com/gamelang/gamelang/lang"
)

// The README's 30-second example is fmt-clean, runs, and each comment on a statement line
// states its answer: the comment's text up to " ..." or " — " (all of it
// when there is neither) begins the statement's output, lines joined by ", ".
func TestReadmeExample(t *testing.T) {
	src, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, block, ok := strings.Cut(string(src), "## 30 seconds\n\n```\n")
	block, _, ok2 := strings.Cut(block, "```")
	if !ok || !ok2 {
		t.Fatal("README.md has no 30-second example")
	}
	if f, err := lang.Fmt("README.md", block); err != nil || f != block {
		t.Errorf("the 30-second example is not as gamelang fmt writes it (%v):\n%s", err, f)
	}
	var out bytes.Buffer
	in := eval.New(eval.Config{Out: &out})
	var def strings.Builder
	checked := 0
	for i, line := range strings.Split(block, "\n") {
		code, comment, _ := strings.Cut(line, "#")
		if def.Len() > 0 || strings.HasPrefix(code, "game ") {
			def.WriteString(code + "\n")
			if strings.Count(def.String(), "{") == strings.Count(def.String(), "}") {
				if err := in.Exec(context.Background(), "README.md", def.String()); err != nil {
					t.Fatalf("line %d: %s", i+1, in.Render(err))
				}
				def.Reset()
			}
			continue
		}
		if strings.TrimSpace(code) == "" {
			continue
		}
		out.Reset()
		if err := in.Exec(context.Background(), "README.md", code); err != nil {
			t.Fatalf("line %d: %s", i+1, in.Render(err))
		}
		got := strings.Join(strings.Split(strings.TrimSpace(out.String()), "\n"), ", ")
		want, _, _ := strings.Cut(strings.TrimSpace(comment), " ...")
		want, _, _ = strings.Cut(want, " — ")
		if want == "" || !strings.HasPrefix(got, want) {
			t.Errorf("README: %s\n  says %q\n  gives %q", strings.TrimSpace(code), want, got)
		}
		checked++
	}
	if checked < 5 {
		t.Errorf("only %d statements of the README example checked", checked)
	}
}
