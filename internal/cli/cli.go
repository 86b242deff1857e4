package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/chzyer/readline"

	"github.com/gamelang/gamelang"
	"github.com/gamelang/gamelang/internal/each"
	"github.com/gamelang/gamelang/internal/progress"
	"github.com/gamelang/gamelang/internal/repl"
	"github.com/gamelang/gamelang/lang"
	"github.com/gamelang/gamelang/present"
	"github.com/gamelang/gamelang/solve"
)

const usage = `usage:
  gamelang                      interactive prompt (statements from stdin when it is not a terminal)
  gamelang run FILE.game...     run scripts, in one session (- reads stdin); flags may follow
  gamelang check FILE.game...   parse and check scripts without running them (- reads stdin)
  gamelang fmt [-w|-d|-l] FILE... format scripts in gamelang's one style (gamelang fmt -h)
  gamelang -e STATEMENT         run a statement (-e again: the next, as the next line)
  gamelang -f FILE ...          load the definitions of FILE first (with -e, --each, or the prompt)
  gamelang --each 'a b: EXPR'   the value of EXPR for the numbers of each line of stdin
                                (headers, lists, groups: docs/contest.md)
  gamelang sweep FAMILY ...     analyse every game of a family, one JSON line each (gamelang sweep -h)
  gamelang merge FILE...        join the outputs of a sweep's shards (gamelang merge -h)
  gamelang serve [--addr A]     serve the playground, a page that runs gamelang in the browser
  gamelang kernel install       register the Jupyter kernel (gamelang kernel -h)
  gamelang lsp                  the language server for editors (editors/README.md)
  gamelang exercise FILE ...    a set of exercises: its questions, an answer checked (gamelang exercise -h)
  gamelang version, --version   which gamelang this is
  gamelang help [COMMAND]       this text, or a command's (as gamelang COMMAND -h)
  gamelang completion SHELL     a completion script for bash, zsh or fish
  gamelang man                  the manual page, made from this text and each command's -h
flags (before or after the files; numbers as 1000000, 1e6 or 10^6, sizes as 2GiB):
`

// Exit statuses.
const (
	exitOK          = 0
	exitError       = 1
	exitUsage       = 2
	exitInterrupted = 130
)

// mainFlags are the general flags, which run, check, -e, --each and the
// prompt take.
type mainFlags struct {
	exprs                    lines
	file, each, end, format  *string
	join                     *string
	maxStates                countFlag
	maxMemory                byteSize
	timing, jsonOut, generic *bool
	showVersion              *bool
	valuesDir                *string
	maxTime                  *time.Duration
	width                    int
}

// define adds the general flags to fs.
func (m *mainFlags) define(fs *flag.FlagSet) {
	fs.Var(&m.exprs, "e", "run a `statement`; given again, the next statement, as the next line")
	m.file = fs.String("f", "", "load the definitions (game and let statements) of this `file` first: with -e, --each or the prompt")
	m.each = fs.String("each", "", "for each line of stdin, bind its numbers to the names of `'names: expression'` and print the value, as in 'a b: outcome(Wythoff(a, b))'; 'k s...: ...' binds the rest of a line as a list, 'T; a b: ...' reads a header line first, 'm; a b * m: ...' groups of m records (docs/contest.md)")
	fs.Func("join", "with --each, write the answers of a group (or all of them) on one line, joined by this `text` (--join '' for none between)", func(s string) error { m.join = &s; return nil })
	m.end = fs.String("end", "", "with --each, the `line` that ends the input where a group starts, such as 0 or '0 0'")
	fs.Var(&m.maxStates, "max-states", "most states a solver may store, such as 20000000, 2e7 or 10^7 (default 20000000)")
	m.timing = fs.Bool("time", false, "print the time the evaluation took to stderr (start-up excluded)")
	m.format = fs.String("format", "text", "the format of table(): text, markdown, latex, html, csv or json; csv also writes the answers a table fits (grundy(G, a..b), winning, options) as CSV")
	m.jsonOut = fs.Bool("json", false, "print each statement's value as one line of JSON, and each error as a line of type error (schema: docs/json-schema.json)")
	m.generic = fs.Bool("generic", false, "solve every ruleset with the generic solvers (no recognized codes or closed forms) and walk every generator (none compiled), to check the fast paths")
	m.valuesDir = fs.String("values-dir", "", "keep the Grundy values of take-and-break codes in files in this directory: runs go on past the memory budget, and a later run resumes from the values saved there")
	m.maxTime = fs.Duration("max-time", 0, "the longest one statement may take, such as 30s or 5m: past it the computation stops with a limit error (default: none; Ctrl-C stops it)")
	fs.Var(&m.maxMemory, "max-memory", "most memory the process may hold, such as 512MiB or 2GiB (default: a quarter of the machine's memory)")
	m.width = -1
	fs.Func("width", "the `columns` a text table fits in, folded into blocks of columns when wider (default: the terminal's width, or $COLUMNS, or 80; 0: no limit)", func(s string) error {
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 {
			return fmt.Errorf("%q is not a number of columns (0: no limit)", s)
		}
		m.width = n
		return nil
	})
	m.showVersion = fs.Bool("version", false, "print which gamelang this is")
}

// options are the session's options the flags set.
func (m *mainFlags) options(stdout, stderr io.Writer) gamelang.Options {
	cfg := gamelang.Options{Out: stdout, MaxStates: int(m.maxStates), MaxMemory: int64(m.maxMemory), MaxTime: *m.maxTime, Generic: *m.generic, ValuesDir: *m.valuesDir,
		TableFormat: *m.format, JSON: *m.jsonOut, Width: m.width}
	if cfg.Width < 0 {
		cfg.Width = defaultWidth(stdout)
	}
	if f, ok := stderr.(*os.File); ok && readline.IsTerminal(int(f.Fd())) {
		cfg.Progress = progress.New(stderr)
	}
	return cfg
}

// Main runs the command with the given arguments and streams, and returns the
// exit status.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("gamelang", flag.ContinueOnError)
	var m mainFlags
	m.define(fs)
	fs.Usage = func() { fmt.Fprint(fs.Output(), usage); fs.PrintDefaults() }
	// The flags before the first word; a subcommand with flags of its own
	// takes the rest, run and check take flags anywhere.
	if code, ok := parseFlags(fs, args, stdout, stderr); !ok {
		return code
	}
	rest := fs.Args()
	if len(rest) > 0 {
		if sub, ok := subcommands[rest[0]]; ok {
			// flags written before the command are the command's too
			// (gamelang --max-memory 1GiB sweep ...): it reads them first
			before := args[:len(args)-len(rest)]
			return sub(append(append([]string{}, before...), rest[1:]...), stdout, stderr)
		}
		if rest[0] == "help" {
			return help(rest[1:], stdout, stderr)
		}
		if page, ok := commandUsage[rest[0]]; ok { // run, check
			fs.Usage = func() { fmt.Fprint(fs.Output(), page); fs.PrintDefaults() }
			files, code, ok := parseInterleaved(fs, rest[1:], stdout, stderr)
			if !ok {
				return code
			}
			rest = append([]string{rest[0]}, files...)
		}
	}
	if *m.showVersion {
		return printVersion(stdout, *m.jsonOut)
	}
	if !slices.Contains(present.Formats, *m.format) {
		return usageError(stderr, fmt.Sprintf("--format %q: the formats are %s", *m.format, strings.Join(present.Formats, ", ")))
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if *m.timing {
		start := time.Now()
		defer func() { fmt.Fprintf(stderr, "evaluated in %.4f s\n", time.Since(start).Seconds()) }()
	}
	return m.run(ctx, rest, stdin, stdout, stderr)
}

// run is what the general flags and the words after them ask for: --each,
// -e, the prompt, or run and check of files.
func (m *mainFlags) run(ctx context.Context, rest []string, stdin io.Reader, stdout, stderr io.Writer) int {
	var jsonTo io.Writer // where errors go as JSON too: stdout with --json
	if *m.jsonOut {
		jsonTo = stdout
	}
	cfg := m.options(stdout, stderr)
	in := gamelang.NewSession(cfg)
	solve.SetBudget(in.Limits()) // the collector works harder as the budget nears
	file := *m.file
	switch {
	case *m.each != "":
		if len(rest) > 0 || len(m.exprs) > 0 {
			return usageError(stderr, "--each takes no other arguments, nor -e")
		}
		if !loadFile(ctx, in, file, stderr, jsonTo) {
			return status(ctx)
		}
		return runEach(ctx, in, *m.each, m.join, *m.end, *m.jsonOut, stdin, stdout, stderr)
	case m.join != nil || *m.end != "":
		return usageError(stderr, "--join and --end go with --each")
	case len(m.exprs) > 0:
		if len(rest) > 0 {
			return usageError(stderr, "-e takes no other arguments")
		}
		if !loadFile(ctx, in, file, stderr, jsonTo) {
			return status(ctx)
		}
		return result(ctx, in, in.Exec(ctx, "<-e>", strings.Join(m.exprs, "\n")), stderr, jsonTo)
	case len(rest) == 0:
		cfg.Redefine, cfg.Interactive = true, true
		return prompt(ctx, cfg, file, stdin, stderr)
	case file != "":
		return usageError(stderr, "-f goes with -e, --each or the prompt")
	case rest[0] == "run" || rest[0] == "check":
		return runFiles(ctx, in, rest[0], rest[1:], stdin, stderr, jsonTo)
	}
	return usageError(stderr, fmt.Sprintf("unknown command %q: a script is run with gamelang run %s", rest[0], rest[0]))
}

// runFiles is gamelang run (or check) of the files, in order, in one session.
func runFiles(ctx context.Context, in *gamelang.Session, cmd string, files []string, stdin io.Reader, stderr, jsonTo io.Writer) int {
	if len(files) == 0 {
		return usageError(stderr, fmt.Sprintf("%s needs a file (- for stdin)", cmd))
	}
	for _, name := range files {
		src, err := readSource(name, stdin)
		if err != nil {
			writeErrorJSON(jsonTo, err)
			report(stderr, err)
			return exitError
		}
		if name == "-" {
			name = "<stdin>"
		}
		if cmd == "check" {
			err = in.Check(ctx, name, src)
		} else {
			err = in.Exec(ctx, name, src)
		}
		if code := result(ctx, in, err, stderr, jsonTo); code != exitOK {
			return code
		}
	}
	return exitOK
}

// commandUsage is the -h page of run and check, which take the general
// flags.
var commandUsage = map[string]string{
	"run": `usage: gamelang run FILE.game... [flags]
  Runs the scripts in order, in one session: a game or let of one is known
  to the next. - reads a script from stdin. Each query prints its answer;
  the first error stops the run with file:line:col: message and exit status
  1 (130 after Ctrl-C). Examples:
    gamelang run examples/nim.game
    gamelang run --format markdown --max-time 30s study.game
flags (before or after the files):
`,
	"check": `usage: gamelang check FILE.game... [flags]
  Parses and checks the scripts without running their queries: the syntax,
  the names, the arguments of each call, and every game's rules. Prints each
  error as file:line:col: message and exits 1 when there is one, 0 when
  there is none (as an editor's language server sees them). - reads stdin.
flags (before or after the files):
`,
}

// subcommands are the commands with flags of their own.
var subcommands = map[string]func(args []string, stdout, stderr io.Writer) int{
	"sweep":    runSweep,
	"merge":    runMerge,
	"serve":    runServe,
	"kernel":   runKernel,
	"fmt":      runFmt,
	"lsp":      runLSP,
	"exercise": runExercise,
	"version":  runVersion,
}

func init() { subcommands["completion"], subcommands["man"] = runCompletion, runMan } // they list the others

// help is gamelang help [COMMAND].
func help(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "help" {
		return Main([]string{"-h"}, nil, stdout, stderr)
	}
	if _, ok := commandUsage[args[0]]; ok {
		return Main([]string{args[0], "-h"}, nil, stdout, stderr)
	}
	if sub, ok := subcommands[args[0]]; ok {
		return sub([]string{"-h"}, stdout, stderr)
	}
	return usageError(stderr, fmt.Sprintf("help: no command %q", args[0]))
}

// readSource reads a script, from stdin for "-".
func readSource(name string, stdin io.Reader) (string, error) {
	if name == "-" {
		b, err := io.ReadAll(stdin)
		return string(b), err
	}
	b, err := os.ReadFile(name)
	return string(b), err
}

// lines is a flag given once or more (-e): its values in order.
type lines []string

func (l *lines) String() string     { return strings.Join(*l, "\n") }
func (l *lines) Set(v string) error { *l = append(*l, v); return nil }

// defaultWidth is the columns text tables fit in without --width: the
// terminal's, or where the output is a file or a pipe $COLUMNS, else 80
// (as a terminal is by default, and as man and fmt fold).
func defaultWidth(stdout io.Writer) int {
	if f, ok := stdout.(*os.File); ok && readline.IsTerminal(int(f.Fd())) {
		if w, _, err := readline.GetSize(int(f.Fd())); err == nil && w > 0 {
			return w
		}
	}
	if n, err := strconv.Atoi(os.Getenv("COLUMNS")); err == nil && n > 0 {
		return n
	}
	return 80
}

// report prints a failure of the command line: an error in a script as
// file:line:col: message, as compilers write it; any other (a file that
// cannot be read or written, a bad input) after "gamelang: ", as go and
// git name themselves.
func report(stderr io.Writer, err error) {
	var ge *gamelang.Error
	var le *each.LineError // a line of --each's input
	if errors.As(err, &ge) || errors.As(err, &le) || lang.Positioned(err) != nil {
		fmt.Fprintln(stderr, err)
		return
	}
	fmt.Fprintf(stderr, "gamelang: %v\n", err)
}

func usageError(stderr io.Writer, msg string) int {
	fmt.Fprintf(stderr, "gamelang: %s\n%s", msg, usage)
	return exitUsage
}

// loadFile runs only the definitions of a script (its game and let
// statements), not its queries; no name, no file: nothing to do.
func loadFile(ctx context.Context, in *gamelang.Session, name string, stderr, jsonTo io.Writer) bool {
	if name == "" {
		return true // no -f
	}
	return readAnd(ctx, in, name, stderr, jsonTo, func(ctx context.Context, name, src string) error { return in.Load(ctx, name, src) })
}

// readAnd reads a file and hands it to run, reporting what fails.
func readAnd(ctx context.Context, in *gamelang.Session, name string, stderr, jsonTo io.Writer, run func(context.Context, string, string) error) bool {
	src, err := os.ReadFile(name)
	if err != nil {
		writeErrorJSON(jsonTo, err)
		report(stderr, err)
		return false
	}
	return result(ctx, in, run(ctx, name, string(src)), stderr, jsonTo) == exitOK
}

// result reports err, if any (as JSON too, to jsonTo when it is not nil),
// and gives the exit status.
func result(ctx context.Context, in *gamelang.Session, err error, stderr, jsonTo io.Writer) int {
	if err == nil {
		return exitOK
	}
	writeErrorJSON(jsonTo, err)
	fmt.Fprintln(stderr, in.Render(err))
	if solve.Interrupted(err) {
		return exitInterrupted
	}
	return status(ctx)
}

func status(ctx context.Context) int {
	if ctx.Err() != nil {
		return exitInterrupted
	}
	return exitError
}

func prompt(ctx context.Context, cfg gamelang.Options, defs string, stdin io.Reader, stderr io.Writer) int {
	s := &repl.Session{In: gamelang.NewSession(cfg), Name: "<stdin>", Stdout: cfg.Out, Stderr: stderr, JSON: cfg.JSON}
	if defs != "" && !loadFile(ctx, s.In, defs, stderr, nil) {
		return status(ctx)
	}
	if f, ok := stdin.(*os.File); ok && readline.IsTerminal(int(f.Fd())) {
		if err := repl.RunTerminal(s); err != nil {
			report(stderr, err)
			return exitError
		}
		return exitOK
	}
	if !repl.RunPipe(ctx, s, stdin) {
		return status(ctx)
	}
	return exitOK
}
