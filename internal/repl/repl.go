// Package repl reads statements line by line — from a terminal through
// readline, or from a pipe without prompts — and runs each as soon as it is
// complete, asking for continuation lines while it is not.
package repl

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"sort"
	"strings"

	"github.com/chzyer/readline"

	"github.com/gamelang/gamelang/eval"
	"github.com/gamelang/gamelang/lang"
)

// Prompts.
const (
	Prompt       = "gamelang> "
	Continuation = "      ... "
)

// Session feeds lines to an interpreter.
type Session struct {
	In     *eval.Interp
	Name   string // the file name in error messages, such as <stdin>
	Stderr io.Writer
	buf    strings.Builder
	first  int // the line the buffered statement starts on
	line   int // lines read so far
	Failed bool
}

// Pending reports whether a statement is waiting for more lines.
func (s *Session) Pending() bool { return s.buf.Len() > 0 }

// Reset drops a half-typed statement.
func (s *Session) Reset() { s.buf.Reset() }

// Feed adds one line; once the buffered text is a complete statement (or a
// definite error) it runs it.
func (s *Session) Feed(ctx context.Context, line string) {
	s.line++
	if s.buf.Len() == 0 {
		if strings.TrimSpace(line) == "" {
			return
		}
		s.first = s.line
	}
	s.buf.WriteString(line)
	s.buf.WriteByte('\n')
	src := s.buf.String()
	if _, err := lang.Parse(s.Name, src); err != nil {
		var se *lang.SyntaxError
		if errors.As(err, &se) && se.Incomplete {
			return
		}
	}
	s.buf.Reset()
	if err := s.In.ExecAt(ctx, s.Name, src, s.first); err != nil {
		s.Failed = true
		fmt.Fprintln(s.Stderr, s.In.Render(err))
	}
}

// Finish runs what is left at the end of input (reporting its syntax error).
func (s *Session) Finish(ctx context.Context) {
	if s.buf.Len() == 0 {
		return
	}
	src := s.buf.String()
	s.buf.Reset()
	if err := s.In.ExecAt(ctx, s.Name, src, s.first); err != nil {
		s.Failed = true
		fmt.Fprintln(s.Stderr, s.In.Render(err))
	}
}

// RunPipe runs statements read from r, without prompts. It returns false if
// any statement failed.
func RunPipe(ctx context.Context, s *Session, r io.Reader) bool {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	for sc.Scan() {
		s.Feed(ctx, sc.Text())
	}
	s.Finish(ctx)
	return !s.Failed
}

// RunTerminal is the interactive prompt on a terminal: history in
// ~/.gamelang_history, completion of keywords, builtins and defined names,
// Ctrl-C to drop the line being typed or stop a computation, Ctrl-D to leave.
func RunTerminal(s *Session) error {
	home, _ := os.UserHomeDir()
	rl, err := readline.NewEx(&readline.Config{
		Prompt:          Prompt,
		HistoryFile:     filepath.Join(home, ".gamelang_history"),
		AutoComplete:    completer{s.In},
		InterruptPrompt: "^C",
		EOFPrompt:       "",
	})
	if err != nil {
		return err
	}
	defer rl.Close()
	fmt.Fprintln(rl.Stdout(), "gamelang — Sprague-Grundy games. :help for help, Ctrl-D to leave.")
	for {
		line, err := rl.Readline()
		switch {
		case errors.Is(err, readline.ErrInterrupt):
			s.Reset()
			rl.SetPrompt(Prompt)
			continue
		case err != nil:
			return nil
		}
		if !s.Pending() && strings.HasPrefix(strings.TrimSpace(line), ":") {
			if quit := command(s, rl.Stdout(), strings.TrimSpace(line)); quit {
				return nil
			}
			continue
		}
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
		s.Feed(ctx, line)
		if ctx.Err() != nil {
			fmt.Fprintln(s.Stderr, "interrupted")
		}
		stop()
		if s.Pending() {
			rl.SetPrompt(Continuation)
		} else {
			rl.SetPrompt(Prompt)
		}
	}
}

// command runs a colon command; it returns true for :quit.
func command(s *Session, out io.Writer, line string) bool {
	name, arg, _ := strings.Cut(line, " ")
	switch name {
	case ":quit", ":q":
		return true
	case ":load":
		src, err := os.ReadFile(strings.TrimSpace(arg))
		if err != nil {
			fmt.Fprintln(s.Stderr, err)
			return false
		}
		if err := s.In.Exec(context.Background(), strings.TrimSpace(arg), string(src)); err != nil {
			fmt.Fprintln(s.Stderr, s.In.Render(err))
		}
	default:
		fmt.Fprint(out, help)
	}
	return false
}

const help = `Statements:
  game Nim { take 1.. }                 define a ruleset (see docs/language.md)
  let x = 10^18                         bind a name
  grundy(Nim(3) + Nim(5))               any expression prints its value
Queries: grundy outcome options winning solver; functions: min max xor abs popcount odd even octal hex print
Commands: :load FILE   :help   :quit  (Ctrl-C drops the line or stops a computation, Ctrl-D leaves)
`

type completer struct{ in *eval.Interp }

var keywords = []string{"game", "let", "take", "split", "leaving", "loses", "if", "move", "for", "in", "state", "set", "pick", "forbid", "sums", "multiples", "and", "or", "not", "mod"}

// Do completes the word before the cursor.
func (c completer) Do(line []rune, pos int) ([][]rune, int) {
	start := pos
	for start > 0 && isWordRune(line[start-1]) {
		start--
	}
	prefix := string(line[start:pos])
	if prefix == "" {
		return nil, 0
	}
	words := append(append(append([]string{}, keywords...), eval.Builtins()...), c.in.Names()...)
	sort.Strings(words)
	var out [][]rune
	for _, w := range words {
		if strings.HasPrefix(w, prefix) && w != prefix {
			out = append(out, []rune(w[len(prefix):]))
		}
	}
	return out, len(prefix)
}

func isWordRune(r rune) bool {
	return r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9'
}
