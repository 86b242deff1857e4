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
	"strconv"
	"strings"
	"time"

	"github.com/chzyer/readline"

	"github.com/gamelang/gamelang"
	"github.com/gamelang/gamelang/internal/lines"
	"github.com/gamelang/gamelang/internal/match"
	"github.com/gamelang/gamelang/internal/vocab"
	"github.com/gamelang/gamelang/lang"
	"github.com/gamelang/gamelang/solve"
)

// Prompts.
const (
	Prompt       = "gamelang> "
	Continuation = "      ... "
	PlayPrompt   = "your move> "
)

// Session feeds lines to an interpreter.
type Session struct {
	In     *gamelang.Session
	Name   string    // the file name in error messages, such as <stdin>
	Stdout io.Writer // where commands print
	Stderr io.Writer
	JSON   bool // errors also as --json's answers of type "error", on Stdout
	buf    strings.Builder
	open   int // brackets the buffered lines leave open
	first  int // the line the buffered statement starts on
	line   int // lines read so far
	Failed bool
	game   *match.Match // a game under way (play()), which takes the lines
}

// fail reports err: on Stderr, and with JSON as an answer on Stdout too.
func (s *Session) fail(err error) {
	s.Failed = true
	if s.JSON {
		gamelang.WriteAnswers(s.Stdout, gamelang.ErrorAnswers(err, ""))
	}
	fmt.Fprintln(s.Stderr, s.In.Render(err))
}

// Playing reports whether a game is under way.
func (s *Session) Playing() bool { return s.game != nil }

// Pending reports whether a statement is waiting for more lines.
func (s *Session) Pending() bool { return s.buf.Len() > 0 }

// Reset drops a half-typed statement.
func (s *Session) Reset() { s.buf.Reset(); s.open = 0 }

// Interrupt is Ctrl-C at the prompt: it drops a half-typed statement and
// stops a game under way, so that the next line is a statement again.
func (s *Session) Interrupt() {
	s.Reset()
	if s.game != nil {
		s.game = nil
		fmt.Fprintln(s.Stdout, "Game stopped.")
	}
}

// Brackets is how many brackets a line opens, less those it closes,
// outside strings and comments: while the lines of a statement open more
// than they close, it goes on.
func Brackets(line string) int {
	n, inString, escaped := 0, false, false
	for _, r := range line {
		switch {
		case escaped:
			escaped = false
		case inString && r == '\\':
			escaped = true
		case inString:
			inString = r != '"'
		case r == '"':
			inString = true
		case r == '#':
			return n
		case r == '(' || r == '{' || r == '[':
			n++
		case r == ')' || r == '}' || r == ']':
			n--
		}
	}
	return n
}

// Feed adds one line; once the buffered text is a complete statement (or a
// definite error) it runs it. A line starting with ':' outside a statement is a
// command (:help, :load, :set, :quit); Feed returns true for :quit.
func (s *Session) Feed(ctx context.Context, line string) (quit bool) {
	s.line++
	if s.game != nil {
		over, err := s.game.Input(ctx, line)
		s.endGame(over, err)
		return false
	}
	if s.buf.Len() == 0 && strings.HasPrefix(strings.TrimSpace(line), ":") {
		return command(ctx, s, strings.TrimSpace(line))
	}
	if s.buf.Len() == 0 {
		if strings.TrimSpace(line) == "" {
			return false
		}
		s.first = s.line
	}
	s.buf.WriteString(line)
	s.buf.WriteByte('\n')
	if s.open += Brackets(line); s.open > 0 {
		return false // a bracket is open: more lines are needed, no need to parse
	}
	src := s.buf.String()
	f, err := s.In.Parse(ctx, s.Name, src, s.first) // parsed once: to know it is complete, and to run
	var se *lang.SyntaxError
	if errors.As(err, &se) && se.Incomplete {
		return false
	}
	s.Reset()
	if err == nil {
		err = s.In.Run(ctx, f)
	}
	if err != nil {
		s.fail(err)
	}
	if p, ok := s.In.TakePlay(); ok {
		s.game = match.New(p, s.Stdout)
		over, err := s.game.Turn(ctx)
		s.endGame(over, err)
	}
	return false
}

// endGame leaves play mode when the game is over, reporting an error.
func (s *Session) endGame(over bool, err error) {
	if err != nil {
		s.fail(err)
	}
	if over || err != nil {
		s.game = nil
	}
}

// Finish runs what is left at the end of input (reporting its syntax error).
func (s *Session) Finish(ctx context.Context) {
	if s.buf.Len() == 0 {
		return
	}
	src := s.buf.String()
	s.Reset()
	if err := s.In.ExecAt(ctx, s.Name, src, s.first); err != nil {
		s.fail(err)
	}
}

// MaxLine is the longest line the prompt reads from a pipe.
const MaxLine = 64 << 20

// RunPipe runs statements read from r, without prompts. It returns false if
// any statement failed.
func RunPipe(ctx context.Context, s *Session, r io.Reader) bool {
	// Answers are written in blocks, not a write each, and flushed whenever
	// reading would wait: a program that feeds one line and waits for its
	// answer gets it. What goes to stderr comes after the answers before it.
	stdout, stderr := s.Stdout, s.Stderr
	out := bufio.NewWriterSize(stdout, 64<<10)
	s.Stdout, s.Stderr = out, flushFirst{out, stderr}
	s.In.SetOutput(out)
	defer func() {
		out.Flush()
		s.Stdout, s.Stderr = stdout, stderr
		s.In.SetOutput(stdout)
	}()
	lr := lines.New(flushingReader{bufio.NewReaderSize(r, 64<<10), out}, MaxLine)
	for {
		line, err := lr.Next()
		var long *lines.TooLongError
		if errors.As(err, &long) {
			// refused alone, with the statement it was part of
			s.line++
			s.Failed = true
			s.Reset()
			fmt.Fprintf(s.Stderr, "%s:%d: a line longer than %s: refused, with the statement it is part of\n", s.Name, s.line, lines.Size(MaxLine))
			continue
		}
		if err != nil {
			if err != io.EOF {
				s.Failed = true
				fmt.Fprintln(s.Stderr, err)
			}
			break
		}
		if s.Feed(ctx, line) {
			break
		}
	}
	s.Finish(ctx)
	return !s.Failed
}

// flushingReader flushes out before a read that may wait for input.
type flushingReader struct {
	r   *bufio.Reader
	out *bufio.Writer
}

func (f flushingReader) Read(p []byte) (int, error) {
	if f.r.Buffered() == 0 {
		if err := f.out.Flush(); err != nil {
			return 0, err
		}
	}
	return f.r.Read(p)
}

// flushFirst writes to w after flushing out.
type flushFirst struct {
	out *bufio.Writer
	w   io.Writer
}

func (f flushFirst) Write(p []byte) (int, error) {
	f.out.Flush()
	return f.w.Write(p)
}

// RunTerminal is the interactive prompt on a terminal: history in
// ~/.gamelang_history, completion of keywords, builtins and defined names,
// Ctrl-C to drop the line being typed or stop a computation, Ctrl-D to leave.
func RunTerminal(s *Session) error {
	home, _ := os.UserHomeDir()
	rl, err := readline.NewEx(&readline.Config{
		Prompt:          Prompt,
		HistoryFile:     filepath.Join(home, ".gamelang_history"),
		AutoComplete:    Completer(s.In),
		InterruptPrompt: "^C",
		EOFPrompt:       "",
		// A statement typed over several lines is recalled as one line.
		DisableAutoSaveHistory: true,
	})
	if err != nil {
		return err
	}
	defer rl.Close()
	s.Stdout = rl.Stdout()
	fmt.Fprintln(rl.Stdout(), "gamelang — Sprague-Grundy games. :help for help, Ctrl-D to leave.")
	var typed []string // the lines of the statement being typed
	for {
		line, err := rl.Readline()
		switch {
		case errors.Is(err, readline.ErrInterrupt):
			s.Interrupt()
			typed = nil
			rl.SetPrompt(Prompt)
			continue
		case err != nil:
			return nil
		}
		if !s.Playing() && strings.TrimSpace(line) != "" {
			typed = append(typed, strings.TrimSpace(line))
		}
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
		quit := s.Feed(ctx, line) // an interruption is reported as the statement's error
		stop()
		if quit {
			return nil
		}
		if !s.Pending() && len(typed) > 0 {
			_ = rl.SaveHistory(strings.Join(typed, " "))
			typed = nil
		}
		switch {
		case s.Playing():
			rl.SetPrompt(PlayPrompt)
		case s.Pending():
			rl.SetPrompt(Continuation)
		default:
			rl.SetPrompt(Prompt)
		}
	}
}

// command runs a colon command; it returns true for :quit.
func command(ctx context.Context, s *Session, line string) bool {
	out := s.Stdout
	name, arg, _ := strings.Cut(line, " ")
	switch name {
	case ":quit", ":q":
		return true
	case ":load":
		src, err := os.ReadFile(strings.TrimSpace(arg))
		if err != nil {
			s.fail(err)
			return false
		}
		if err := s.In.Exec(ctx, strings.TrimSpace(arg), string(src)); err != nil {
			s.fail(err)
		}
	case ":set":
		if err := Set(s.In.Limits(), out, strings.Fields(arg)); err != nil {
			s.Failed = true
			fmt.Fprintln(s.Stderr, err)
		}
	case ":info", ":i":
		if text, ok := s.In.Info(strings.TrimSpace(arg)); ok {
			fmt.Fprintln(out, text)
		} else if err := vocab.Help(s.In, out, strings.TrimSpace(arg)); err != nil {
			s.Failed = true
			fmt.Fprintf(s.Stderr, ":info: %q is not defined in this session, nor a function, keyword or builtin game\n", strings.TrimSpace(arg))
		}
	case ":help", ":h":
		if err := vocab.Help(s.In, out, strings.TrimSpace(arg)); err != nil {
			s.Failed = true
			fmt.Fprintln(s.Stderr, err)
		}
	default:
		s.Failed = true
		fmt.Fprintf(s.Stderr, "unknown command %s; the commands are :load, :set, :info, :help and :quit\n", name)
	}
	return false
}

// Set shows or changes the solver limits: `:set`, `:set max-states 1000000`,
// `:set max-memory 2GiB`.
func Set(l *solve.Limits, out io.Writer, args []string) error {
	switch {
	case len(args) == 0:
		fmt.Fprintf(out, "max-states %d\nmax-memory %s\n", l.States(), solve.MiB(l.Memory()))
		if l.MaxTime > 0 {
			fmt.Fprintf(out, "max-time %v\n", l.MaxTime)
		} else {
			fmt.Fprintln(out, "max-time none")
		}
		return nil
	case len(args) == 2 && args[0] == "max-time":
		d, err := time.ParseDuration(args[1])
		if err != nil || d < 0 {
			return fmt.Errorf(":set max-time needs a duration such as 30s or 5m (0 for none), not %q", args[1])
		}
		l.MaxTime = d
		return nil
	case len(args) == 2 && args[0] == "max-states":
		n, err := strconv.Atoi(args[1])
		if err != nil || n <= 0 {
			return fmt.Errorf(":set max-states needs a positive number, not %q", args[1])
		}
		l.MaxStates = n
		return nil
	case len(args) == 2 && args[0] == "max-memory":
		n, err := solve.ParseSize(args[1])
		if err != nil {
			return err
		}
		l.MaxMemory = n
		solve.SetBudget(l)
		return nil
	}
	return fmt.Errorf("usage: :set [max-states N | max-memory SIZE | max-time DURATION]")
}

type completer struct{ in *gamelang.Session }

// Completer is the prompt's tab completion for a session.
func Completer(in *gamelang.Session) readline.AutoCompleter { return completer{in} }

// commands are the colon commands, for completion.
var commands = []string{":help", ":info", ":load", ":quit", ":set"}

// Do completes the word before the cursor: a colon command, a file name
// after :load, else a keyword, builtin or name of the session.
func (c completer) Do(line []rune, pos int) ([][]rune, int) {
	typed := string(line[:pos])
	if strings.HasPrefix(typed, ":load ") {
		return completeFile(strings.TrimLeft(strings.TrimPrefix(typed, ":load "), " "))
	}
	if strings.HasPrefix(typed, ":") && !strings.Contains(typed, " ") {
		return completeFrom(commands, typed)
	}
	start := pos
	for start > 0 && isWordRune(line[start-1]) {
		start--
	}
	prefix := string(line[start:pos])
	if prefix == "" {
		return nil, 0
	}
	return completeFrom(vocab.Words(c.in), prefix)
}

// completeFrom completes prefix to the words that start with it. A prefix
// that is a word itself is offered too (as an empty completion), so that
// Tab lists W and Wythoff rather than turning a W the user defined into
// Wythoff.
func completeFrom(words []string, prefix string) ([][]rune, int) {
	var out [][]rune
	exact := false
	for _, w := range words {
		switch {
		case w == prefix:
			exact = true
		case strings.HasPrefix(w, prefix):
			out = append(out, []rune(w[len(prefix):]))
		}
	}
	if exact && len(out) > 0 {
		out = append([][]rune{{}}, out...)
	}
	return out, len([]rune(prefix))
}

// completeFile completes a path to the directories and .game files it
// may name.
func completeFile(prefix string) ([][]rune, int) {
	matches, _ := filepath.Glob(prefix + "*")
	var words []string
	for _, m := range matches {
		if fi, err := os.Stat(m); err == nil && fi.IsDir() {
			words = append(words, m+string(filepath.Separator))
		} else if strings.HasSuffix(m, ".game") {
			words = append(words, m)
		}
	}
	return completeFrom(words, prefix)
}

func isWordRune(r rune) bool {
	return r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9'
}
