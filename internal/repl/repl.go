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
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/chzyer/readline"

	"github.com/gamelang/gamelang"
	"github.com/gamelang/gamelang/internal/lines"
	"github.com/gamelang/gamelang/internal/match"
	"github.com/gamelang/gamelang/lang"
	setkind "github.com/gamelang/gamelang/rules/set"
	"github.com/gamelang/gamelang/solve"
	"github.com/gamelang/gamelang/stdlib"
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
	buf    strings.Builder
	open   int // brackets the buffered lines leave open
	first  int // the line the buffered statement starts on
	line   int // lines read so far
	Failed bool
	game   *match.Match // a game under way (play()), which takes the lines
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
		s.Failed = true
		fmt.Fprintln(s.Stderr, s.In.Render(err))
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
		s.Failed = true
		fmt.Fprintln(s.Stderr, s.In.Render(err))
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
		s.Failed = true
		fmt.Fprintln(s.Stderr, s.In.Render(err))
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
			s.Failed = true
			fmt.Fprintln(s.Stderr, err)
			return false
		}
		if err := s.In.Exec(ctx, strings.TrimSpace(arg), string(src)); err != nil {
			s.Failed = true
			fmt.Fprintln(s.Stderr, s.In.Render(err))
		}
	case ":set":
		if err := Set(s.In.Limits(), out, strings.Fields(arg)); err != nil {
			s.Failed = true
			fmt.Fprintln(s.Stderr, err)
		}
	case ":info", ":i":
		if text, ok := s.In.Info(strings.TrimSpace(arg)); ok {
			fmt.Fprintln(out, text)
		} else if err := Help(s.In, out, strings.TrimSpace(arg)); err != nil {
			s.Failed = true
			fmt.Fprintf(s.Stderr, ":info: %q is not defined in this session, nor a function, keyword or builtin game\n", strings.TrimSpace(arg))
		}
	case ":help", ":h":
		if err := Help(s.In, out, strings.TrimSpace(arg)); err != nil {
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

const statements = `Statements:
  game Nim { take 1.. }                 define a ruleset (see docs/language.md)
  let x = 10^18                         bind a name
  grundy(Nim(3) + Nim(5))               any expression prints its value
`

// Help writes :help, or :help NAME for one function, play convention,
// keyword or builtin game.
func Help(in *gamelang.Session, out io.Writer, topic string) error {
	docs := gamelang.Funcs()
	if topic == "" {
		fmt.Fprint(out, statements)
		var names []string
		for _, d := range docs {
			names = append(names, d.Name)
		}
		wrap(out, "Functions: "+strings.Join(names, " "), "  ")
		names = names[:0]
		for _, b := range stdlib.All() {
			names = append(names, signature(b))
		}
		wrap(out, "Builtin games: "+strings.Join(names, " "), "  ")
		names = names[:0]
		for _, c := range in.Conventions() {
			names = append(names, c.Name)
		}
		wrap(out, fmt.Sprintf("Play conventions: %s (the last argument of outcome, options, winning, play, grundy: outcome(P, %s))", strings.Join(names, " "), names[len(names)-1]), "  ")
		wrap(out, "Keywords: "+strings.Join(lang.Keywords, " "), "  ")
		fmt.Fprintln(out, "Commands: :load FILE   :info NAME   :set [max-states N | max-memory SIZE |")
		fmt.Fprintln(out, "  max-time DURATION]")
		fmt.Fprintln(out, "  :help [NAME]   :quit   (Ctrl-C drops the line or stops a computation,")
		fmt.Fprintln(out, "  Ctrl-D leaves)")
		wrap(out, ":help NAME tells more about a function, keyword or builtin game; :info NAME shows what you defined.", "")
		return nil
	}
	for _, d := range append(docs, in.Conventions()...) {
		if d.Name == topic {
			fmt.Fprintln(out, d.Usage)
			wrap(out, "  "+d.Doc, "  ")
			kindHelp(in, out, topic) // graph is a function and a kind
			return nil
		}
	}
	if d, ok := keywordDocs[topic]; ok {
		fmt.Fprintf(out, "%s: keyword\n", topic)
		wrap(out, "  "+d, "  ")
		return nil
	}
	if b, ok := stdlib.Lookup(topic); ok {
		fmt.Fprintf(out, "%s: builtin game\n", signature(b))
		wrap(out, "  "+b.Doc, "  ")
		fmt.Fprintf(out, "  answers like: %s\n", b.Twin) // code, not wrapped
		return nil
	}
	if kindHelp(in, out, topic) {
		return nil
	}
	return fmt.Errorf(":help: no function, keyword, builtin game or rule name is called %q", topic)
}

// kindHelp writes what a kind of position says of a word, if anything.
func kindHelp(in *gamelang.Session, out io.Writer, topic string) bool {
	h, ok := in.KindHelp(topic)
	if ok {
		usage, doc, _ := strings.Cut(h, ": ")
		fmt.Fprintln(out, usage)
		wrap(out, "  "+doc, "  ")
	}
	return ok
}

// keywordDocs says what each keyword does, with an example.
var keywordDocs = map[string]string{
	"game":    "defines a ruleset: game Nim { take 1.. }, game W state (a, b) { ... }, game G set { ... }, game D = octal(\"0.07\")",
	"let":     "binds a name to a value: let n = 10^18",
	"take":    "a heap rule: take AMOUNT (a number, range or set) from the heap: take 1..3, take {1, 3, 4}",
	"split":   "after take: the rest of the heap may be left as two heaps: take 2 split",
	"leaving": "after take: how many heaps the rest is left as: take 1 leaving 0..2",
	"loses":   "loses if COND: whoever leaves a position where COND holds loses at once: loses if n == 1",
	"if":      "a condition: loses if COND, the guard of a move rule: move (a - k, b) for k in 1..a if k != 2, the filter of a comprehension: {k for k in 1..9 if odd(k)}, and the conditional if COND then A else B",
	"then":    "in a conditional: if COND then A else B, as in if odd(n) then 3 * n + 1 else n / 2",
	"else":    "in a conditional: if COND then A else B",
	"move":    "a rule of a tuple (or heap) game: move (a - k, b) for k in 1..a, the position a move reaches",
	"for":     "binds a variable over a range or set in a move rule: for k in 1..a, or in a comprehension: {k^2 for k in 1..9}, all(n % d != 0 for d in 2..n-1)",
	"in":      "the range or set of a for clause or a pick: for k in 1..a, pick x in 2..20",
	"state":   "declares a game on tuples of numbers: game W state (a, b) { ... }",
	"set":     "declares a game whose position is a set of numbers: game G set { pick x in 2..20 }",
	"pick":    "a rule of a set game: pick x in RANGE, a number of the position is picked",
	"forbid":  "forbid sums: in a set game, a picked number and every sum of picked numbers are no longer available",
	"and":     "true when both sides are: a > 0 and b > 0",
	"or":      "true when either side is: a == 0 or b == 0",
	"not":     "negates a truth value: not odd(n)",
	"mod":     "the remainder, as %: n mod 3",
	"xor":     "the nim sum, as an operator: a xor b (also the function xor(a, b, ...)); & | << >> are the other bit operators",
}

// helpWidth is the width help text is wrapped to.
const helpWidth = 80

// wrap writes text in lines of at most helpWidth columns, broken between
// words; the lines after the first start with indent.
func wrap(out io.Writer, text, indent string) {
	line := ""
	for _, w := range strings.Fields(text) {
		switch {
		case line == "":
			line = strings.Repeat(" ", len(text)-len(strings.TrimLeft(text, " "))) + w
		case utf8.RuneCountInString(line)+1+utf8.RuneCountInString(w) > helpWidth:
			fmt.Fprintln(out, line)
			line = indent + w
		default:
			line += " " + w
		}
	}
	fmt.Fprintln(out, line)
}

// Signatures are the ways to call a builtin function or game, as its help
// writes them (grundy(P), grundy(G, a..b)), nil for another word.
func Signatures(name string) []string {
	for _, d := range gamelang.Funcs() {
		if d.Name == name {
			return calls(name, d.Usage)
		}
	}
	if b, ok := stdlib.Lookup(name); ok && b.Params != nil {
		return []string{signature(b)}
	}
	return nil
}

// calls lists the calls of name in a usage text: each "name(" up to its
// closing bracket.
func calls(name, usage string) []string {
	var out []string
	for rest := usage; ; {
		i := strings.Index(rest, name+"(")
		if i < 0 {
			return out
		}
		rest = rest[i:]
		depth, end := 0, -1
		for j, c := range rest {
			if c == '(' {
				depth++
			} else if c == ')' {
				if depth--; depth == 0 {
					end = j + 1
					break
				}
			}
		}
		if end < 0 {
			return out
		}
		out = append(out, rest[:end])
		rest = rest[end:]
	}
}

func signature(b *stdlib.Game) string {
	if b.Params == nil {
		return b.Name
	}
	return b.Name + "(" + strings.Join(b.Params, ", ") + ")"
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
	return completeFrom(Words(c.in), prefix)
}

// Words are the words a statement of the session may use, sorted: the
// keywords, the functions, the play conventions, the builtin games and
// the names defined. The prompt and the notebook complete from them.
func Words(in *gamelang.Session) []string {
	words := slices.Concat(lang.Keywords, setkind.ForbidWords, in.Names())
	for _, d := range append(gamelang.Funcs(), in.Conventions()...) {
		words = append(words, d.Name)
	}
	for _, b := range stdlib.All() {
		words = append(words, b.Name)
	}
	sort.Strings(words)
	return slices.Compact(words)
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
