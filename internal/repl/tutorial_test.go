package repl_test

// docs/tutorial.md is run: every ```session block, in one session, line by
// line; the output after each typed line must be the text that follows it.
// With -update the blocks are rewritten from a run (review the diff).

import (
	"context"
	"flag"
	"os"
	"strings"
	"testing"

	"github.com/gamelang/gamelang"
	"github.com/gamelang/gamelang/internal/repl"
)

var update = flag.Bool("update", false, "rewrite the sessions of docs/tutorial.md from a run")

// prompts are the prefixes of typed lines.
var prompts = []string{repl.Prompt, repl.Continuation, repl.PlayPrompt}

func typed(line string) (string, bool) {
	for _, p := range prompts {
		if s, ok := strings.CutPrefix(line, strings.TrimRight(p, " ")+" "); ok {
			return s, true
		}
	}
	return "", false
}

func TestTutorial(t *testing.T) {
	const doc = "../../docs/tutorial.md"
	src, err := os.ReadFile(doc)
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	in := gamelang.NewSession(gamelang.Options{Out: &out, Redefine: true, Interactive: true})
	s := &repl.Session{In: in, Name: "<tutorial>", Stdout: &out, Stderr: &out}
	lines := strings.Split(string(src), "\n")
	var rewritten []string
	inSession, blocks := false, 0
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		if !inSession {
			rewritten = append(rewritten, line)
			if line == "```session" {
				inSession, blocks = true, blocks+1
			}
			continue
		}
		if line == "```" {
			inSession = false
			rewritten = append(rewritten, line)
			continue
		}
		text, ok := typed(line)
		if !ok {
			t.Fatalf("%s:%d: output without a typed line before it: %q", doc, i+1, line)
		}
		rewritten = append(rewritten, line)
		out.Reset()
		s.Feed(context.Background(), text)
		var want []string
		for i+1 < len(lines) && lines[i+1] != "```" {
			if _, isTyped := typed(lines[i+1]); isTyped {
				break
			}
			i++
			want = append(want, lines[i])
		}
		got := strings.TrimRight(out.String(), "\n")
		if got != "" {
			rewritten = append(rewritten, strings.Split(got, "\n")...)
		}
		if !*update && got != strings.Join(want, "\n") {
			t.Errorf("%s: after %q the session printed\n%s\nthe tutorial says\n%s", doc, text, got, strings.Join(want, "\n"))
		}
	}
	if blocks < 10 {
		t.Errorf("only %d sessions in the tutorial", blocks)
	}
	if *update {
		if err := os.WriteFile(doc, []byte(strings.Join(rewritten, "\n")), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
