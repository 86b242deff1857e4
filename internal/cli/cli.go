// Package cli is the gamelang command line: run, check, -e and the prompt.
package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"strings"
	"time"

	"github.com/chzyer/readline"

	"github.com/gamelang/gamelang"
	"github.com/gamelang/gamelang/internal/progress"
	"github.com/gamelang/gamelang/internal/repl"
	"github.com/gamelang/gamelang/internal/version"
	"github.com/gamelang/gamelang/present"
	"github.com/gamelang/gamelang/solve"
)

const usage = `usage:
  gamelang                      interactive prompt (statements from stdin when it is not a terminal)
  gamelang run FILE.game        run a script
  gamelang check FILE.game      parse and check a script without running it
  gamelang -e STATEMENT         run one statement
  gamelang -f FILE ...          load the definitions of FILE first (with -e, --each, or the prompt)
  gamelang --each 'a b: EXPR'   the value of EXPR for the numbers of each line of stdin
  gamelang sweep FAMILY ...     analyse every game of a family, one JSON line each (gamelang sweep -h)
  gamelang merge FILE...        join the outputs of a sweep's shards (gamelang merge -h)
  gamelang serve [--addr A]     serve the playground, a page that runs gamelang in the browser
  gamelang kernel install       register the Jupyter kernel (gamelang kernel -h)
  gamelang version              which gamelang this is
flags:
`

// Exit statuses.
const (
	exitOK          = 0
	exitError       = 1
	exitUsage       = 2
	exitInterrupted = 130
)

// Main runs the command with the given arguments and streams, and returns the
// exit status.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("gamelang", flag.ContinueOnError)
	fs.SetOutput(stderr)
	expr := fs.String("e", "", "run one `statement`")
	file := fs.String("f", "", "load the definitions (game and let statements) of this `file` first: with -e, --each or the prompt")
	each := fs.String("each", "", "for each line of stdin, bind its numbers to the names of `'names: expression'` and print the value, as in 'a b: outcome(Wythoff(a, b))'")
	maxStates := fs.Int("max-states", 0, "most states a solver may store (default 20000000)")
	timing := fs.Bool("time", false, "print the time the evaluation took to stderr (start-up excluded)")
	format := fs.String("format", "text", "the format of table(): text, markdown, latex, html, csv or json; csv also writes the answers a table fits (grundy(G, a..b), winning, options) as CSV")
	jsonOut := fs.Bool("json", false, "print each statement's value as one line of JSON (schema: docs/json-schema.json)")
	generic := fs.Bool("generic", false, "solve every ruleset with the generic solvers (no recognized codes or closed forms), to check the fast paths")
	var maxMemory byteSize
	fs.Var(&maxMemory, "max-memory", "most memory the process may hold, such as 512MiB or 2GiB (default: a quarter of the machine's memory)")
	fs.Usage = func() { fmt.Fprint(stderr, usage); fs.PrintDefaults() }
	if err := fs.Parse(args); err != nil {
		return exitUsage
	}
	cfg := gamelang.Options{Out: stdout, MaxStates: *maxStates, MaxMemory: int64(maxMemory), Generic: *generic,
		TableFormat: *format, JSON: *jsonOut}
	if f, ok := stderr.(*os.File); ok && readline.IsTerminal(int(f.Fd())) {
		cfg.Progress = progress.New(stderr)
	}
	if *maxStates < 0 {
		return usageError(stderr, fmt.Sprintf("--max-states %d: the cap is a positive number of states (0 for the default)", *maxStates))
	}
	if !slices.Contains(present.Formats, *format) {
		return usageError(stderr, fmt.Sprintf("--format %q: the formats are %s", *format, strings.Join(present.Formats, ", ")))
	}
	in := gamelang.NewSession(cfg)
	solve.SetBudget(in.Limits()) // the collector works harder as the budget nears
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if *timing {
		start := time.Now()
		defer func() { fmt.Fprintf(stderr, "evaluated in %.4f s\n", time.Since(start).Seconds()) }()
	}
	rest := fs.Args()
	if len(rest) > 0 {
		switch rest[0] {
		case "sweep":
			return runSweep(rest[1:], stdout, stderr)
		case "merge":
			return runMerge(rest[1:], stdout, stderr)
		case "serve":
			return runServe(rest[1:], stdout, stderr)
		case "kernel":
			return runKernel(rest[1:], stdout, stderr)
		case "version":
			fmt.Fprintln(stdout, version.String())
			return exitOK
		}
	}
	switch {
	case *each != "":
		if len(rest) > 0 || *expr != "" {
			return usageError(stderr, "--each takes no other arguments, nor -e")
		}
		if *file != "" && !loadFile(ctx, in, *file, stderr) {
			return status(ctx)
		}
		return runEach(ctx, in, *each, stdin, stdout, stderr)
	case *expr != "":
		if len(rest) > 0 {
			return usageError(stderr, "-e takes no other arguments")
		}
		if *file != "" && !loadFile(ctx, in, *file, stderr) {
			return status(ctx)
		}
		return result(ctx, in, in.Exec(ctx, "<-e>", *expr), stderr)
	case len(rest) == 0:
		cfg.Redefine, cfg.Interactive = true, true
		return prompt(ctx, cfg, *file, stdin, stderr)
	case *file != "":
		return usageError(stderr, "-f goes with -e, --each or the prompt")
	case len(rest) == 2 && rest[0] == "run":
		if !runFile(ctx, in, rest[1], stderr) {
			return status(ctx)
		}
		return exitOK
	case len(rest) == 2 && rest[0] == "check":
		src, err := os.ReadFile(rest[1])
		if err != nil {
			fmt.Fprintln(stderr, err)
			return exitError
		}
		return result(ctx, in, in.Check(ctx, rest[1], string(src)), stderr)
	}
	return usageError(stderr, fmt.Sprintf("unknown command %q", rest))
}

func usageError(stderr io.Writer, msg string) int {
	fmt.Fprintf(stderr, "gamelang: %s\n%s", msg, usage)
	return exitUsage
}

// runFile runs a script; loadFile runs only its definitions (its game and
// let statements), not its queries.
func runFile(ctx context.Context, in *gamelang.Session, name string, stderr io.Writer) bool {
	return readAnd(ctx, in, name, stderr, func(ctx context.Context, name, src string) error { return in.Exec(ctx, name, src) })
}

func loadFile(ctx context.Context, in *gamelang.Session, name string, stderr io.Writer) bool {
	return readAnd(ctx, in, name, stderr, func(ctx context.Context, name, src string) error { return in.Load(ctx, name, src) })
}

// readAnd reads a file and hands it to run, reporting what fails.
func readAnd(ctx context.Context, in *gamelang.Session, name string, stderr io.Writer, run func(context.Context, string, string) error) bool {
	src, err := os.ReadFile(name)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return false
	}
	return result(ctx, in, run(ctx, name, string(src)), stderr) == exitOK
}

func result(ctx context.Context, in *gamelang.Session, err error, stderr io.Writer) int {
	if err == nil {
		return exitOK
	}
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
	s := &repl.Session{In: gamelang.NewSession(cfg), Name: "<stdin>", Stdout: cfg.Out, Stderr: stderr}
	if defs != "" && !loadFile(ctx, s.In, defs, stderr) {
		return status(ctx)
	}
	if f, ok := stdin.(*os.File); ok && readline.IsTerminal(int(f.Fd())) {
		if err := repl.RunTerminal(s); err != nil {
			fmt.Fprintln(stderr, err)
			return exitError
		}
		return exitOK
	}
	if !repl.RunPipe(ctx, s, stdin) {
		return status(ctx)
	}
	return exitOK
}
