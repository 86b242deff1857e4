// Command gamelang runs gamelang scripts, evaluates statements and starts the
// interactive prompt. See README.md and docs/usage.md.
package main

import (
	"os"

	"github.com/gamelang/gamelang/internal/cli"
)

func main() {
	os.Exit(cli.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
