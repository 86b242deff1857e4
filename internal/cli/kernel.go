package cli

// gamelang kernel: the Jupyter kernel (internal/kernel), and its
// registration with Jupyter.

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"

	"github.com/gamelang/gamelang/internal/kernel"
)

const kernelUsage = `usage:
  gamelang kernel install [--data-dir DIR]   register gamelang with Jupyter (a kernel.json
                                             that starts this program)
  gamelang kernel -f CONNECTION_FILE         run as a Jupyter kernel (Jupyter starts it so)

Once installed, "gamelang" is a kernel in Jupyter (jupyter lab, notebook,
console, nbclient): a cell holds statements; each answer shows as text and
as JSON, tables as HTML, pictures of plot() as PNG and SVG. Tab completes,
Shift-Tab shows :help or :info, Interrupt stops a computation.
`

func runKernel(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "install" {
		return installKernel(args[1:], stdout, stderr)
	}
	fs := flag.NewFlagSet("kernel", flag.ContinueOnError)
	file := fs.String("f", "", "the Jupyter connection `file` to serve")
	fs.Usage = func() { fmt.Fprint(fs.Output(), kernelUsage); fs.PrintDefaults() }
	if code, ok := parseFlags(fs, args, stdout, stderr); !ok {
		return code
	}
	if *file == "" || fs.NArg() > 0 {
		fs.Usage()
		return exitUsage
	}
	conn, err := kernel.ReadConnection(*file)
	if err != nil {
		fmt.Fprintln(stderr, "gamelang kernel:", err)
		return exitError
	}
	// Ctrl-C (SIGINT, as a terminal or a signal-mode client sends it)
	// stops the cell under way, not the kernel; a shutdown request ends it.
	ctx := context.Background()
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt)
	defer signal.Stop(sig)
	if err := kernel.Serve(ctx, conn, stderr, sig); err != nil {
		report(stderr, err)
		return exitError
	}
	return exitOK
}

// installKernel is gamelang kernel install: the kernel spec written into
// Jupyter's data directory.
func installKernel(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("kernel install", flag.ContinueOnError)
	dataDir := fs.String("data-dir", "", "Jupyter's data `directory` (default: $JUPYTER_DATA_DIR, else the user's, ~/.local/share/jupyter on Linux)")
	fs.Usage = func() { fmt.Fprint(fs.Output(), kernelUsage); fs.PrintDefaults() }
	if code, ok := parseFlags(fs, args, stdout, stderr); !ok {
		return code
	}
	if fs.NArg() > 0 {
		fs.Usage()
		return exitUsage
	}
	dir := *dataDir
	if dir == "" {
		d, err := kernel.DataDir()
		if err != nil {
			fmt.Fprintln(stderr, "gamelang kernel install:", err)
			return exitError
		}
		dir = d
	}
	exe, err := os.Executable()
	if err == nil {
		exe, err = filepath.EvalSymlinks(exe)
	}
	if err != nil {
		fmt.Fprintln(stderr, "gamelang kernel install: where is this program?", err)
		return exitError
	}
	written, err := kernel.Install(dir, exe)
	if err != nil {
		fmt.Fprintln(stderr, "gamelang kernel install:", err)
		return exitError
	}
	fmt.Fprintf(stdout, "installed the gamelang kernel in %s\n", written)
	return exitOK
}
