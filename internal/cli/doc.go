// Package cli is the gamelang command line: run, check, -e and the prompt.
//
// Each command has a file of its own: running and checking scripts, -e
// and the prompt in cli.go (flags.go reads the global flags), --each in
// each.go (its patterns of header, record
// and group lines are docs/contest.md's), sweep and merge in sweep.go,
// serve in serve.go, the kernel in kernel.go, the language server in
// lsp.go, fmt, exercise, completion and man in theirs. Every -h text is
// the manual page's source (man.go).
package cli
