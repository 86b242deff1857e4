//go:build js && wasm

// Command worker is gamelang compiled to WebAssembly for the playground's
// Web Worker (web/static/worker.js loads it). It answers the page's
// messages with web/session's events:
//
//	{type: "run", name, source}   runs a script
//	{type: "move", choice}        answers the game play() started
//	{type: "exercises", name}     opens a set of exercises/
//	{type: "check", id, answer}   judges an answer to one of its exercises
//	{type: "hint", id}            gives its hint
//
// and says {type: "ready", scripts, keywords, functions, games, version}
// once loaded. A run in the worker never freezes the page. The page stops
// one by setting the first Int32 of a SharedArrayBuffer it handed over in
// {type: "stop-flag", buffer}: the interpreter's context then reports
// cancellation, as Ctrl-C does at the command line. (Without cross-origin
// isolation there is no SharedArrayBuffer, and the page ends the worker.)
package main

import (
	"context"
	"encoding/json"
	"syscall/js"

	"github.com/gamelang/gamelang/internal/version"
	"github.com/gamelang/gamelang/solve"
	"github.com/gamelang/gamelang/web/session"
)

// post sends a value to the page as JSON text (parsed there): one
// conversion, whatever the value holds.
func post(v any) {
	b, err := json.Marshal(v)
	if err != nil {
		b, _ = json.Marshal(session.Event{Type: "error", Text: "internal error: " + err.Error()})
	}
	js.Global().Call("postMessage", string(b))
}

// stopContext is cancelled when the page sets the stop flag. The solvers
// poll Err; Done is never closed (nothing here waits on it).
type stopContext struct {
	context.Context
	flag js.Value // an Int32Array over the shared buffer, or undefined
}

func (c stopContext) Err() error {
	if c.flag.Truthy() && js.Global().Get("Atomics").Call("load", c.flag, 0).Int() != 0 {
		return context.Canceled
	}
	return nil
}

// reset clears the flag before a run.
func (c stopContext) reset() {
	if c.flag.Truthy() {
		js.Global().Get("Atomics").Call("store", c.flag, 0, 0)
	}
}

func main() {
	solve.SetBudget(&solve.Limits{}) // the default budget, for the whole worker
	s := session.New(func(e session.Event) { post(e) })
	ctx := stopContext{Context: context.Background()}
	handle := js.FuncOf(func(this js.Value, args []js.Value) any {
		msg := args[0]
		switch msg.Get("type").String() {
		case "stop-flag":
			ctx.flag = js.Global().Get("Int32Array").New(msg.Get("buffer"))
		case "run":
			ctx.reset()
			s.Run(ctx, msg.Get("name").String(), msg.Get("source").String())
		case "move":
			ctx.reset()
			s.Move(ctx, msg.Get("choice").String())
		case "exercises":
			ctx.reset()
			s.OpenExercises(ctx, msg.Get("name").String())
		case "check":
			ctx.reset()
			s.Check(ctx, msg.Get("id").String(), msg.Get("answer").String())
		case "hint":
			ctx.reset()
			s.Hint(ctx, msg.Get("id").String())
		}
		return nil
	})
	js.Global().Set("gamelangHandle", handle)
	keywords, functions, games := session.Words()
	post(map[string]any{"type": "ready", "scripts": session.Scripts(), "exercises": session.ExerciseSets(), "keywords": keywords,
		"functions": functions, "games": games, "version": version.String()})
	select {} // the worker lives as long as the page
}
