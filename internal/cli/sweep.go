package cli

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/chzyer/readline"

	"github.com/gamelang/gamelang/internal/files"
	"github.com/gamelang/gamelang/internal/progress"
	"github.com/gamelang/gamelang/internal/version"
	"github.com/gamelang/gamelang/solve"
	"github.com/gamelang/gamelang/sweep"
)

const sweepUsage = `usage: gamelang sweep FAMILY [flags]
  FAMILY is octal:K (every code 0.d1…dK, then 4.d1…dK), hex:K, file:PATH (one code per
  line), C1,C2,… (codes), or A..B (numbers, with --query).
  Writes one JSON line per game (docs/sweep.md), then a summary to stderr.
flags:
`

const mergeUsage = `usage: gamelang merge [-o FILE] SHARD-OUTPUT...
  Joins the outputs of the shards of one sweep into the output of the whole
  sweep, checking that every shard is there once and complete; writes a
  summary to stderr.
flags:
`

// signals stop a sweep cleanly, saving its checkpoint: Ctrl-C, and SIGTERM,
// which Slurm (scancel, the time limit) and Kubernetes send before killing.
var signals = []os.Signal{os.Interrupt, syscall.SIGTERM}

// runSweep is gamelang sweep.
func runSweep(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("gamelang sweep", flag.ContinueOnError)
	values := fs.String("values", "", "compute at most this many values per game, such as 100000 or 1e6 (default 100000)")
	perGame := fs.Duration("time", 0, "stop a game after this long, such as 30s or 10m (default: no bound)")
	query := fs.String("query", "", "instead of the code analysis, the value of `'name: expression'` per game, the name bound to the game's code (a string) or number, as in 'c: period(octal(c))'")
	shard := fs.String("shard", "", "run only shard `i/N` of the games: those whose index is i mod N (0 <= i < N)")
	times := fs.Bool("times", true, "record the seconds each game took (false: the output is the same on every run)")
	checkpoint := fs.String("checkpoint", "", "save progress to this `file` and resume from it when it exists")
	every := fs.Duration("every", 10*time.Minute, "how often to save the checkpoint")
	outFile := fs.String("o", "", "write the output to this `file` (rewritten whole, also when resuming) instead of stdout")
	jobs := fs.Int("jobs", 0, "run this many games side by side; 1: one at a time (with --checkpoint, one at a time) (default: one a core)")
	var memory byteSize
	fs.Var(&memory, "max-memory", "most memory the process may hold while a game runs, such as 2GiB (default: a quarter of the machine's memory)")
	fs.Usage = func() { fmt.Fprint(fs.Output(), sweepUsage); fs.PrintDefaults() }
	pos, code, ok := parseInterleaved(fs, args, stdout, stderr)
	if !ok {
		return code
	}
	if len(pos) != 1 {
		fs.Usage()
		return exitUsage
	}
	o := sweep.Options{Times: *times, Checkpoint: *checkpoint, Every: *every, Time: *perGame,
		Memory: int64(memory), Query: *query, Log: stderr, Version: version.String(), Jobs: *jobs}
	solve.SetBudget(&solve.Limits{MaxMemory: o.Memory}) // the process's, for every game
	if msg := sweepOptions(&o, pos[0], *values, *shard); msg != "" {
		return subUsageError(stderr, "sweep", msg)
	}
	if f, ok := stderr.(*os.File); ok && readline.IsTerminal(int(f.Fd())) {
		o.Progress = progress.New(stderr)
	}
	return writeOut(*outFile, stdout, stderr, func(ctx context.Context, w io.Writer) error {
		recs, err := sweep.Run(ctx, o, w)
		if err == nil {
			err = sweep.Summary(stderr, recs)
		}
		if ctx.Err() != nil && o.Checkpoint != "" {
			err = fmt.Errorf("%w\nthe checkpoint %s is saved: the same command resumes", err, o.Checkpoint)
		}
		return err
	})
}

// sweepOptions reads the family and the flags that need parsing into o,
// and checks them; it returns what is wrong, or "".
func sweepOptions(o *sweep.Options, family, values, shard string) string {
	var err error
	if o.Family, err = sweep.ParseFamily(family); err != nil {
		return err.Error()
	}
	if values != "" {
		if o.Values, err = count(values); err != nil {
			return fmt.Sprintf("--values %s: %v", values, err)
		}
	}
	if shard != "" {
		if o.Shard, err = sweep.ParseShard(shard); err != nil {
			return err.Error()
		}
	}
	switch {
	case !o.Family.Codes && o.Query == "":
		return fmt.Sprintf("family %q is numbers: give a --query to run for each, as in --query 'n: grundy(Kayles(n))'", family)
	case o.Jobs < 0:
		return "--jobs is a number of games, 1 or more (0: one a core)"
	case o.Every <= 0 || o.Time < 0:
		return "--every and --time are positive durations, such as 10m"
	}
	return ""
}

// runMerge is gamelang merge.
func runMerge(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("gamelang merge", flag.ContinueOnError)
	outFile := fs.String("o", "", "write the merged output to this `file` instead of stdout")
	fs.Usage = func() { fmt.Fprint(fs.Output(), mergeUsage); fs.PrintDefaults() }
	files, code, ok := parseInterleaved(fs, args, stdout, stderr)
	if !ok {
		return code
	}
	if len(files) == 0 {
		fs.Usage()
		return exitUsage
	}
	var outs []*sweep.Output
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			report(stderr, err)
			return exitError
		}
		o, err := sweep.Read(name, bufio.NewReader(f))
		f.Close()
		if err != nil {
			report(stderr, err)
			return exitError
		}
		outs = append(outs, o)
	}
	// the whole output is made before anything is written: a refused merge
	// leaves no file, and an existing one as it was
	var merged bytes.Buffer
	recs, err := sweep.Merge(outs, &merged)
	if err != nil {
		fmt.Fprintln(stderr, "gamelang:", err)
		return exitError
	}
	if *outFile == "" {
		_, err = stdout.Write(merged.Bytes())
	} else {
		tmp := *outFile + ".tmp"
		if err = os.WriteFile(tmp, merged.Bytes(), 0o644); err == nil {
			err = os.Rename(tmp, *outFile)
		}
		if err != nil {
			os.Remove(tmp)
		}
	}
	if err == nil {
		err = sweep.Summary(stderr, recs)
	}
	if err != nil {
		fmt.Fprintln(stderr, "gamelang:", err)
		return exitError
	}
	return exitOK
}

// subUsageError reports a bad argument of a subcommand.
func subUsageError(stderr io.Writer, cmd, msg string) int {
	fmt.Fprintf(stderr, "gamelang %s: %s\n(gamelang %s -h lists the flags)\n", cmd, msg, cmd)
	return exitUsage
}

// writeOut runs f with the output going to the file name (or stdout), and
// reports its error.
func writeOut(name string, stdout, stderr io.Writer, f func(context.Context, io.Writer) error) int {
	ctx, stop := signal.NotifyContext(context.Background(), signals...)
	defer stop()
	w := stdout
	var file *files.File
	if name != "" { // written beside, put in place only when whole: a failed run leaves the old file
		var err error
		if file, err = files.Create(name); err != nil {
			report(stderr, err)
			return exitError
		}
		w = file
	}
	err := f(ctx, w)
	switch {
	case file == nil:
	case err == nil:
		err = file.Close()
	case file.Written() == 0:
		file.Abort()
	default: // the records so far, beside the file a whole run would have replaced
		if kerr := file.KeepAs(name + ".partial"); kerr == nil {
			fmt.Fprintf(stderr, "gamelang: the output so far is in %s.partial; %s is as it was\n", name, name)
		}
	}
	if err != nil {
		fmt.Fprintln(stderr, "gamelang:", err)
		if ctx.Err() != nil || solve.Interrupted(err) || errors.Is(err, context.Canceled) {
			return exitInterrupted
		}
		return exitError
	}
	return exitOK
}

// count reads a positive count written as 100000, 1e6 or 10^6.
func count(s string) (int, error) {
	var n float64
	if b, e, ok := cutPower(s); ok {
		n = pow(b, e)
	} else if v, err := strconv.ParseFloat(s, 64); err == nil {
		n = v
	} else {
		return 0, errors.New("not a count (write 100000, 1e6 or 10^6)")
	}
	if n < 1 || n > 1<<40 || n != float64(int64(n)) {
		return 0, errors.New("a count is a whole number from 1 to 2^40")
	}
	return int(n), nil
}

func cutPower(s string) (base, exp int, ok bool) {
	a, b, found := strings.Cut(s, "^")
	if !found {
		return 0, 0, false
	}
	x, err1 := strconv.Atoi(a)
	y, err2 := strconv.Atoi(b)
	return x, y, err1 == nil && err2 == nil && y >= 0 && y < 64
}

func pow(b, e int) float64 {
	r := 1.0
	for range e {
		r *= float64(b)
	}
	return r
}
