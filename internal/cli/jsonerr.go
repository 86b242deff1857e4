package cli

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/gamelang/gamelang"
	"github.com/gamelang/gamelang/internal/each"
	"github.com/gamelang/gamelang/internal/version"
)

// writeErrorJSON writes err as --json's lines of type "error", after the
// answers before it (gamelang.ErrorAnswers; a line of --each's input that
// cannot be read is an error at that line). w nil: not --json.
func writeErrorJSON(w io.Writer, err error) {
	if w == nil || err == nil {
		return
	}
	var le *each.LineError
	if errors.As(err, &le) {
		gamelang.WriteAnswers(w, []gamelang.Answer{{Line: le.Line, Type: "error", Text: le.Error(),
			Value: gamelang.ErrorJSON{File: "<stdin>", Line: le.Line, Message: le.Msg}}})
		return
	}
	gamelang.WriteAnswers(w, gamelang.ErrorAnswers(err, "gamelang: "))
}

// runVersion is gamelang version [--json].
func runVersion(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("version", flag.ContinueOnError)
	jsonOut := fs.Bool("json", false, "print the version, commit and Go release as a line of JSON")
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), "usage: gamelang version [--json]\n  Prints which gamelang this is: its version and, for a build from a\n  git checkout, the commit (+dirty when the tree had changes).\nflags:\n")
		fs.PrintDefaults()
	}
	if code, ok := parseFlags(fs, args, stdout, stderr); !ok {
		return code
	}
	if fs.NArg() > 0 {
		return usageError(stderr, "version takes no arguments")
	}
	return printVersion(stdout, *jsonOut)
}

func printVersion(stdout io.Writer, asJSON bool) int {
	if !asJSON {
		fmt.Fprintln(stdout, version.String())
		return exitOK
	}
	b, _ := json.Marshal(version.Info())
	fmt.Fprintf(stdout, "%s\n", b)
	return exitOK
}
