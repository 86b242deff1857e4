// Package gamelang embeds gamelang, a small language for impartial
// combinatorial games solved by Sprague-Grundy theory, in a Go program.
//
// A script is compiled once (Compile: parsed and checked, every error at
// once with its position) and run in as many sessions as wanted; a Session
// keeps the games defined in it and what its solvers learn, and evaluates
// statements (Exec, Run) or one expression (Eval), returning typed values:
//
//	s := gamelang.NewSession(gamelang.Options{})
//	v, err := s.Eval(ctx, "grundy(Kayles(10^100))")
//	n := v.(gamelang.Int).V // a *big.Int: 1
//
// Each call takes a context.Context, which stops it (a solver checks it as
// it works), and may set limits of its own (WithMaxStates, WithMaxMemory,
// WithOutput). The language is described in docs/language.md; the values'
// JSON in docs/json.md. JSON, CSV, RenderTable and Session.WritePlot write
// values and pictures as the command line does, to any writer.
//
// # Where things are
//
// It is the public Go API, for programs that embed the language: `Compile`
// (a script parsed and checked once, errors as an `ErrorList` with
// positions) and `Session.Run` in as many sessions as wanted; `Session.Exec`
// and `Eval` with a context and per-call limits (`WithMaxStates`,
// `WithMaxMemory`, `WithOutput`); typed values (aliases of eval's and lib's
// types); `JSON`, `CSV`, `RenderTable`, `Session.WritePlot` to any writer;
// what a prompt or a page needs besides (`Options.Progress`,
// `Options.Width`, `Interactive` with `TakePlay` and `RunUntilPlay` (a
// page's statements wait for the game), `Answered`, a `Plotter` of its own,
// `Parse` then `Run`, `Names`, `Info`, `Funcs`, `Template`). The command
// line, the prompt, the playground's session and `sweep --query` are its
// clients. Runnable examples in `example_test.go`; `outside_test.go` builds
// a program in a module of its own against it.
package gamelang
