package cli

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"

	"github.com/gamelang/gamelang"
	"github.com/gamelang/gamelang/internal/exercise"
)

const exerciseUsage = `usage:
  gamelang exercise FILE                 the exercises of a set, with their questions
  gamelang exercise FILE ID 'ANSWER'     check an answer: right (exit 0) or not (exit 1), and why
  gamelang exercise --hint FILE ID       a hint (the explanation the set gives)
  gamelang exercise --json ...           the same as one line of JSON, for a grader

A set of exercises (docs/exercises.md) poses questions about games; the
answers are computed by the solver. Write an answer as gamelang writes a
value: a number, a set {0, 7, 14}, a list [3, 3], P or N, or the position a
move leaves, Take6(28). exercises/ holds sets drawn from course texts.
`

// runExercise is gamelang exercise.
func runExercise(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("gamelang exercise", flag.ContinueOnError)
	hint := fs.Bool("hint", false, "print the exercise's hint instead of checking an answer")
	jsonOut := fs.Bool("json", false, "write the questions, the verdict or the hint as one line of JSON (docs/exercises.md), for a grader")
	fs.Usage = func() { fmt.Fprint(fs.Output(), exerciseUsage); fs.PrintDefaults() }
	if code, ok := parseFlags(fs, args, stdout, stderr); !ok {
		return code
	}
	pos := fs.Args()
	if len(pos) == 0 || len(pos) > 3 || *hint && len(pos) != 2 {
		return subUsageError(stderr, "exercise", "give a set of exercises, then an exercise and an answer (or --hint and an exercise)")
	}
	src, err := os.ReadFile(pos[0])
	if err != nil {
		report(stderr, err)
		return exitError
	}
	set, err := exercise.Parse(pos[0], string(src))
	if err != nil {
		report(stderr, err)
		return exitError
	}
	if len(pos) == 1 {
		if *jsonOut {
			type question struct {
				ID       string `json:"id"`
				Question string `json:"question"`
			}
			qs := []question{}
			for _, ex := range set.Exercises {
				qs = append(qs, question{ex.ID, ex.Question})
			}
			return writeJSON(stdout, stderr, map[string]any{"title": set.Title, "exercises": qs}, exitOK)
		}
		fmt.Fprintln(stdout, set.Title)
		for _, ex := range set.Exercises {
			fmt.Fprintf(stdout, "\n%s: %s\n", ex.ID, ex.Question)
		}
		return exitOK
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	out := func(v map[string]any, code int) int {
		if !*jsonOut {
			fmt.Fprintln(stdout, v["text"])
			return code
		}
		delete(v, "text")
		return writeJSON(stdout, stderr, v, code)
	}
	return checkExercise(ctx, set, pos, *hint, out, stderr)
}

// checkExercise answers gamelang exercise FILE ID [ANSWER] for the set
// read from FILE; after ctx ends (Ctrl-C), with status 130.
func checkExercise(ctx context.Context, set *exercise.Set, pos []string, hint bool, out func(map[string]any, int) int, stderr io.Writer) int {
	c, err := exercise.NewChecker(ctx, set, gamelang.Options{})
	if err != nil {
		report(stderr, err)
		return status(ctx) // 130 after Ctrl-C
	}
	if set.Find(pos[1]) == nil {
		fmt.Fprintf(stderr, "%s has no exercise %s\n", pos[0], pos[1])
		return exitError
	}
	if hint {
		h, err := c.Hint(ctx, pos[1])
		if err != nil {
			report(stderr, err)
			return exitError
		}
		return out(map[string]any{"exercise": pos[1], "hint": h, "text": h}, exitOK)
	}
	if len(pos) != 3 {
		return subUsageError(stderr, "exercise", "give the answer after the exercise, quoted: gamelang exercise FILE ID '{0, 7}'")
	}
	v, err := c.Check(ctx, pos[1], pos[2])
	if err != nil {
		report(stderr, err)
		return status(ctx) // 130 after Ctrl-C
	}
	code := exitOK
	if !v.Right {
		code = exitError
	}
	return out(map[string]any{"exercise": pos[1], "answer": pos[2], "right": v.Right, "message": v.Message, "text": v.Message}, code)
}

// writeJSON writes v as one line of JSON, and returns code.
func writeJSON(stdout, stderr io.Writer, v any, code int) int {
	b, err := json.Marshal(v)
	if err != nil {
		report(stderr, err)
		return exitError
	}
	fmt.Fprintln(stdout, string(b))
	return code
}
