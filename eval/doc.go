// Package eval runs gamelang: it parses a script (lang), checks it (check),
// defines its games (rules and its kinds of position) and evaluates its
// statements: values, expressions and the builtin functions, whose questions
// about positions go to the solvers of the play conventions (play/...).
//
// # Where things are
//
// It holds the values, expressions (comprehensions and generators in
// `comprehension.go`, lists, indexes and `len` in `list.go`, functions
// defined by `let` as `FuncVal`; a statement's generator over numbers,
// `sum(grundy(K(x, y)) for x in ... for y in ...)`, is compiled by the rule
// compiler into int64 closures when a type check (`typeOf`) says it means
// the same there, its `grundy(G(numbers))` asked of the solver without
// making positions (`play.NumberValuer`; a value the memo knows is read in
// place, `play.NumberQuery.Memo`), and walked again from the start whenever
// the compiled run cannot finish: `compiled.go`, checked against the walk by
// `compiled_test.go` and `FuzzGenerators`), the generic builtin functions
// (`grundy`, `outcome`, `options`, `winning`, `solver`, `play`, `explain`,
// `print`, and the numeric ones through one adapter), the session; templates
// checked once and evaluated per input line (`template.go`, for `--each` and
// a sweep's `--query`). Every value says what it is: `String`, `What` (its
// type in messages), `JSON` (its type in `docs/json-schema.json` and its
// form) and, where a table fits, `CSV` (`Tabular`); `json.go` writes them.
// `plugin.go` is the registry: a `Plugin` brings kinds, conventions, builtin
// functions and explainers; the first convention registered is the default.
// eval imports no kind, convention or engine package, and sets no
// process-wide limit (the command line and the WebAssembly worker call
// `solve.SetBudget`).
package eval
