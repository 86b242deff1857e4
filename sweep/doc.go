// Package sweep runs one analysis over a family of games — every octal code
// with up to k digits, a list of codes, a range of parameters — each game
// bounded in values, time and memory, and writes one JSON line per game. A
// sweep can be cut into shards that separate processes (a Slurm job array, a
// Kubernetes indexed Job) run unchanged, joined again by Merge, which checks
// that no game is missing or given twice; a long sweep saves checkpoints and
// resumes from them bit for bit. docs/sweep.md is the manual.
//
// # Where things are
//
// It runs research sweeps: a family of games (`family.go`: every code with K
// digits, prefixes 0. and 4., a file, a list, a range) run through one
// analysis (the octal table's period, or a query through eval's templates)
// with bounds per game; one JSON record per game (`record.go`); shards
// (`Shard`: item i in shard i mod N), `Merge` with its checks, the summary
// table, and checkpoints (`checkpoint.go`) that hand the values of the game
// under way back to `octal.Table.Preload`. `class.go` groups codes into
// classes as the published tables do (sequences equal once shifted to the
// first heap with a move; the representative in the tables' order),
// `census.go` writes a census (docs/census.md) from a sweep's records;
// `octal/rare.go` gives the rare values a record of an unsolved code
// carries. `internal/cli/sweep.go` is its command line; `deploy/` runs it on
// Slurm and Kubernetes.
package sweep
