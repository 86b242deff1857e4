// Command build writes the playground as a static site, for any web host:
//
//	go run ./web/build -o DIR
//
// DIR then holds index.html, app.js, style.css, worker.js, wasm_exec.js
// and gamelang.wasm. `go generate ./web` runs it with -o static, so that
// the next build of gamelang embeds the WebAssembly for `gamelang serve`.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/gamelang/gamelang/web"
)

func main() {
	dir := flag.String("o", "", "the `directory` to write the site into")
	flag.Parse()
	if *dir == "" || flag.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "usage: go run ./web/build -o DIR")
		os.Exit(2)
	}
	if err := web.Build(*dir); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	info, err := os.Stat(filepath.Join(*dir, web.Wasm))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Printf("wrote the playground into %s (%s: %.1f MB)\n", *dir, web.Wasm, float64(info.Size())/1e6)
}
