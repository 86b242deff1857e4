package cli

import (
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/rogpeppe/go-internal/diff"

	"github.com/gamelang/gamelang/lang"
)

const fmtUsage = `usage: gamelang fmt [-w | -d | -l] FILE.game...

Writes each script in gamelang's one style (docs/language.md, "Style"):
a statement a line, a game's rules a line each, operators spaced, the
brackets the source has and no others, comments and blank lines kept.
Without a flag the formatted script goes to stdout; - reads stdin. A
script that does not parse is reported with its position and left alone.

flags:
`

// runFmt is gamelang fmt.
func runFmt(args []string, stdout, stderr io.Writer) int {
	return fmtFiles(args, os.Stdin, stdout, stderr)
}

func fmtFiles(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("gamelang fmt", flag.ContinueOnError)
	write := fs.Bool("w", false, "write the result back to each file instead of stdout")
	showDiff := fs.Bool("d", false, "print a diff of what formatting changes, and nothing for a formatted file")
	list := fs.Bool("l", false, "list the files whose formatting differs")
	fs.Usage = func() { fmt.Fprint(fs.Output(), fmtUsage); fs.PrintDefaults() }
	files, code, ok := parseInterleaved(fs, args, stdout, stderr)
	if !ok {
		return code
	}
	if len(files) == 0 {
		return subUsageError(stderr, "fmt", "which files? (- reads stdin)")
	}
	status := exitOK
	for _, name := range files {
		src, err := readSource(name, stdin)
		if err != nil {
			report(stderr, err)
			status = exitError
			continue
		}
		shown := name
		if name == "-" {
			shown = "<stdin>"
		}
		out, err := lang.Fmt(shown, src)
		if err != nil {
			report(stderr, err)
			status = exitError
			continue
		}
		switch {
		case *showDiff:
			if out != src {
				stdout.Write(diff.Diff(shown+" (as written)", []byte(src), shown+" (formatted)", []byte(out)))
			}
		case *list:
			if out != src {
				fmt.Fprintln(stdout, shown)
			}
		case *write && name != "-":
			if out != src {
				if err := os.WriteFile(name, []byte(out), 0o644); err != nil {
					report(stderr, err)
					status = exitError
				}
			}
		default:
			io.WriteString(stdout, out)
		}
	}
	return status
}
