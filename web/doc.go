// Package web is the browser playground: the page (static/: index.html,
// app.js, style.css, worker.js), gamelang compiled to WebAssembly for its
// Web Worker (web/worker), and what serves them (`gamelang serve`).
//
// The WebAssembly file and Go's wasm_exec.js are built, not kept in git:
// `go generate ./web` writes them into static/ (to be embedded by the next
// build of gamelang), and `go run ./web/build -o DIR` writes a whole site
// into DIR for any web host. Both run Build. A gamelang built without them
// builds them on first use into the user's cache (Site).
//
// # Where things are
//
// It is the browser playground (`docs/playground.md`). `web/session` runs a
// script as `gamelang run` does and reports events (the printed text, each
// answer's JSON value through `eval.Config.Answered`, errors with positions,
// the moves of `play()`, whose game the statements after it wait for through
// `Session.RunUntilPlay`, progress, and a set of exercises' questions,
// verdicts and hints, `exercises.go`); `web/worker` is the WebAssembly
// program that hands the page's messages to a session, its context cancelled
// by a flag in memory shared with the page; `web/static` is the page (no
// framework, no npm); `web` embeds it, builds a site (`Build`: the page, the
// WebAssembly, Go's `wasm_exec.js`) and serves one (`Handler`, for `gamelang
// serve`, with cross-origin isolation). The WebAssembly is built by `go
// generate ./web`, not kept in git; a gamelang built without it builds it on
// first use into the user's cache (`Site`). The page keeps scripts in the
// browser's storage and shares them in a link's fragment (`app.js`, "work
// that survives").
package web
