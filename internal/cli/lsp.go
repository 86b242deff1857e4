package cli

import (
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/gamelang/gamelang/internal/lsp"
)

const lspUsage = `usage: gamelang lsp

A language server for editors (the Language Server Protocol over stdin and
stdout): errors as you type, hover, completion, go to definition, the
outline, formatting. Editors start it themselves: editors/vscode for VS
Code, editors/README.md for the others.
`

// runLSP is gamelang lsp.
func runLSP(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("gamelang lsp", flag.ContinueOnError)
	fs.Usage = func() { fmt.Fprint(fs.Output(), lspUsage); fs.PrintDefaults() }
	if code, ok := parseFlags(fs, args, stdout, stderr); !ok {
		return code
	}
	if fs.NArg() > 0 {
		return subUsageError(stderr, "lsp", "takes no arguments")
	}
	if err := lsp.Serve(os.Stdin, stdout, stderr); err != nil {
		fmt.Fprintln(stderr, "gamelang lsp:", err)
		return exitError
	}
	return exitOK
}
