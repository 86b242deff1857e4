package repl_test

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/gamelang/gamelang"
	"github.com/gamelang/gamelang/internal/repl"
	"github.com/gamelang/gamelang/lang"
)

func pipeSession() (*repl.Session, *strings.Builder, *strings.Builder) {
	var out, errs strings.Builder
	in := gamelang.NewSession(gamelang.Options{Out: &out})
	return &repl.Session{In: in, Name: "<stdin>", Stdout: &out, Stderr: &errs}, &out, &errs
}

// A statement of thousands of lines runs once it is whole, and answers as
// the same text run as a script.
func TestPipedLongStatement(t *testing.T) {
	s, out, errs := pipeSession()
	var b strings.Builder
	b.WriteString("game W state (a, b) {\n")
	for i := range 3000 {
		fmt.Fprintf(&b, "    move (a - k, b) for k in 1..a if k < %d  # a comment with ( and \"{\"\n", i+2)
	}
	b.WriteString("    move (a, b - 1) if b > 0\n}\nprint(\"(\", \"{ [\")\ngrundy(W(3, 4))\n")
	var want strings.Builder
	if err := gamelang.NewSession(gamelang.Options{Out: &want}).Exec(context.Background(), "w.game", b.String()); err != nil {
		t.Fatal(err)
	}
	if !repl.RunPipe(context.Background(), s, strings.NewReader(b.String())) || out.String() != want.String() {
		t.Fatalf("out %q, want %q, errors %q", out, want.String(), errs)
	}
}

// endless is a line of x's that never ends.
type endless struct{}

func (endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = 'x'
	}
	return len(p), nil
}

// A line longer than the reader takes is refused alone, with the
// statement it is part of; the lines after it are read.
func TestPipedLineTooLong(t *testing.T) {
	s, out, errs := pipeSession()
	r := io.MultiReader(strings.NewReader("1 + 1\ngrundy(Nim(\n"), io.LimitReader(endless{}, 65<<20), strings.NewReader("\n2 + 2\n"))
	if repl.RunPipe(context.Background(), s, r) || !strings.Contains(errs.String(), "<stdin>:3: a line longer than 64 MiB: refused") {
		t.Fatalf("errors %q", errs)
	}
	if out.String() != "2\n4\n" {
		t.Errorf("out %q, want the answers before and after the long line", out)
	}
}

// Tab completes colon commands, and file names after :load.
func TestCompleteCommandsAndFiles(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"nim.game", "notes.txt", "sub/x.game"} {
		path := filepath.Join(dir, f)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	c := repl.Completer(gamelang.NewSession(gamelang.Options{Out: new(strings.Builder)}))
	for _, tc := range []struct{ line, want string }{
		{":lo", "ad"},
		{":h", "elp"},
		{":load " + filepath.Join(dir, "n"), "im.game"},
		{":load " + filepath.Join(dir, "s"), "ub/"},
		{"gru", "ndy"},
		{"grundy(Wyth", "off"},
	} {
		got, _ := c.Do([]rune(tc.line), len([]rune(tc.line)))
		var words []string
		for _, g := range got {
			words = append(words, string(g))
		}
		if len(words) != 1 || words[0] != tc.want {
			t.Errorf("%q completes to %q, want %q", tc.line, words, tc.want)
		}
	}
}

// A name the user defined is not completed into a longer builtin one: Tab
// after W offers W itself and Wythoff.
func TestCompleteKeepsDefinedName(t *testing.T) {
	in := gamelang.NewSession(gamelang.Options{Out: new(strings.Builder)})
	if err := in.Exec(context.Background(), "t", "game W { take 1 }"); err != nil {
		t.Fatal(err)
	}
	got, _ := repl.Completer(in).Do([]rune("grundy(W"), len("grundy(W"))
	if len(got) < 2 || string(got[0]) != "" || !slices.ContainsFunc(got, func(r []rune) bool { return string(r) == "ythoff" }) {
		t.Errorf("grundy(W completes to %q: want W itself and Wythoff", got)
	}
}

// :help knows every keyword, and :info shows what the session defined: a
// game as written (canonical form) with its solver, a name with its value.
func TestHelpKeywordsAndInfo(t *testing.T) {
	s, out, errs := pipeSession()
	var in strings.Builder
	for _, k := range lang.Keywords {
		fmt.Fprintf(&in, ":help %s\n", k)
	}
	in.WriteString("game Two {\n  take 1..2\n}\nlet n = 10^3\nlet sq(x) = x * x\n:info Two\n:info n\n:info sq\n:info nothere\n")
	repl.RunPipe(context.Background(), s, strings.NewReader(in.String()))
	for _, k := range lang.Keywords {
		if !strings.Contains(out.String(), k+": keyword\n  ") {
			t.Errorf(":help %s says nothing of the keyword", k)
		}
	}
	for _, want := range []string{"game Two {\n    take 1..2\n}  (defined at <stdin>:", "solved by: closed form: g(n) = n mod 3", "let n = 1000  (<stdin>:", "let sq(x) = x * x  (defined at <stdin>:"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf(":info lacks %q:\n%s", want, out)
		}
	}
	if !strings.Contains(errs.String(), `:info: "nothere" is not defined`) {
		t.Errorf("errors %q", errs)
	}
}

// A program that writes a statement and waits for its answer gets it before
// it writes the next: output is flushed whenever reading would wait.
func TestPipedConversation(t *testing.T) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	in := gamelang.NewSession(gamelang.Options{Out: outW})
	s := &repl.Session{In: in, Name: "<stdin>", Stdout: outW, Stderr: io.Discard}
	done := make(chan bool)
	go func() { done <- repl.RunPipe(context.Background(), s, inR); outW.Close() }()
	answers := bufio.NewReader(outR)
	for _, q := range []struct{ stmt, want string }{{"grundy(Nim(3))", "3"}, {"outcome(Wythoff(3, 5))", "P"}, {"grundy(Kayles(10^30))", "1"}} {
		if _, err := io.WriteString(inW, q.stmt+"\n"); err != nil {
			t.Fatal(err)
		}
		got, err := answers.ReadString('\n')
		if err != nil || strings.TrimSpace(got) != q.want {
			t.Fatalf("%s: got %q, %v; want %s", q.stmt, got, err, q.want)
		}
	}
	inW.Close()
	if !<-done {
		t.Fatal("the session failed")
	}
}

// A game redefined at the prompt: positions made before print with a prime
// (A'(5)), so that old and new never read alike, and both keep their rules.
func TestRedefinedGamesPrintApart(t *testing.T) {
	s, out, errs := pipeSession()
	s.In = gamelang.NewSession(gamelang.Options{Out: out, Redefine: true})
	src := "game A { take 1 }\nlet p = A(5)\ngame A { take 1..2 }\np + A(5)\ngrundy(p + A(5))\nlet q = A(4)\ngame A { take 1..3 }\np + q + A(5)\n" +
		"game B(m) { take 1..m }\nlet r = B(2)(5)\ngame B(m) { take m }\nr + B(2)(5)\n"
	repl.RunPipe(context.Background(), s, strings.NewReader(src))
	want := "A'(5) + A(5)\n3\nA''(5) + A'(4) + A(5)\nB'(2)(5) + B(2)(5)\n"
	if out.String() != want || errs.Len() > 0 {
		t.Fatalf("got %q, want %q; errors %q", out, want, errs)
	}
}
