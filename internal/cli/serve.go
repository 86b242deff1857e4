package cli

// gamelang serve: the playground (package web) from the files built into
// this binary, or from a site built with go run ./web/build.

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	iofs "io/fs"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/gamelang/gamelang/web"
)

const serveUsage = `usage: gamelang serve [--addr HOST:PORT] [--dir DIR]

Serves the playground: a page to write gamelang scripts, run them, and see
their tables, pictures and explanations, the interpreter running in the
browser. Open the address it prints. Ctrl-C stops it. A gamelang built
without go generate ./web builds the page's WebAssembly on first use (a
minute, with the go command) into the user's cache directory.
`

func runServe(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	addr := fs.String("addr", "127.0.0.1:8080", "the `address` to listen on (0.0.0.0:8080 for every network interface)")
	dir := fs.String("dir", "", "serve the site in this `directory` (built by go run ./web/build -o DIR) rather than the one built into gamelang")
	fs.Usage = func() { fmt.Fprint(fs.Output(), serveUsage); fs.PrintDefaults() }
	if code, ok := parseFlags(fs, args, stdout, stderr); !ok {
		return code
	}
	if fs.NArg() > 0 {
		fs.Usage()
		return exitUsage
	}
	var site iofs.FS
	if *dir != "" {
		var err error
		if site, err = web.DirSite(*dir); err == nil {
			err = web.Check(site)
		}
		if err != nil {
			fmt.Fprintf(stderr, "gamelang serve: %v\n", err)
			return exitError
		}
	} else {
		cache, err := os.UserCacheDir()
		if err == nil {
			site, err = web.Site(cache, stderr)
		}
		if err != nil {
			fmt.Fprintf(stderr, "gamelang serve: %v\n", err)
			return exitError
		}
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintf(stderr, "gamelang serve: %v\n", err)
		return exitError
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return serve(ctx, ln, site, stdout, stderr)
}

// serve serves site on ln until ctx is done (Ctrl-C or SIGTERM).
func serve(ctx context.Context, ln net.Listener, site iofs.FS, stdout, stderr io.Writer) int {
	// a client that sends its headers slowly, or keeps an idle connection,
	// is cut off: a few hundred half-open connections cannot hold the server
	srv := &http.Server{Handler: web.Handler(site), ReadHeaderTimeout: 10 * time.Second, ReadTimeout: time.Minute,
		IdleTimeout: time.Minute, MaxHeaderBytes: 64 << 10}
	fmt.Fprintf(stdout, "serving the gamelang playground at http://%s/ (Ctrl-C stops)\n", ln.Addr())
	go func() {
		<-ctx.Done()
		srv.Close()
	}()
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		fmt.Fprintf(stderr, "gamelang serve: %v\n", err)
		return exitError
	}
	return exitOK
}
