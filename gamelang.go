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
package gamelang

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/gamelang/gamelang/eval"
	"github.com/gamelang/gamelang/internal/plot"
	"github.com/gamelang/gamelang/internal/render"
	"github.com/gamelang/gamelang/lang"
	_ "github.com/gamelang/gamelang/lib" // gamelang's kinds, conventions and queries
	"github.com/gamelang/gamelang/solve"
)

// Options configure a session.
type Options struct {
	// Out is where statements print (their values, print()); nil prints
	// nothing.
	Out io.Writer
	// MaxStates caps the states each solver stores; 0 is the default
	// (20,000,000).
	MaxStates int
	// MaxMemory is the memory in bytes that the session's solvers let the
	// process hold before they stop with a limit error; 0 is the default,
	// a quarter of the machine's. It does not set the runtime's own limit,
	// which is the program's (SetMemoryLimit).
	MaxMemory int64
	// JSON makes each statement print one line of JSON (docs/json.md)
	// rather than text.
	JSON bool
	// TableFormat is table()'s format when a script does not name one:
	// "text" (the default), "markdown", "csv" or "json".
	TableFormat string
	// Generic solves every game with the generic solvers, ignoring closed
	// forms and the octal engines: slow, for checking them.
	Generic bool
}

// Session is a gamelang session: the games and names defined so far, and
// the solvers with what they have learnt. A Session is not safe for use by
// several goroutines at once; sessions are independent of each other.
type Session struct {
	in  *eval.Interp
	out *switchable
}

// switchable is a writer that a call may point elsewhere.
type switchable struct{ w io.Writer }

func (s *switchable) Write(p []byte) (int, error) { return s.w.Write(p) }

// NewSession returns a session with nothing defined but the builtins.
func NewSession(o Options) *Session {
	out := &switchable{w: o.Out}
	if out.w == nil {
		out.w = io.Discard
	}
	in := eval.New(eval.Config{Out: out, MaxStates: o.MaxStates, MaxMemory: o.MaxMemory, Generic: o.Generic,
		JSON: o.JSON, TableFormat: o.TableFormat, Tables: render.Tables{}, Plots: plot.Plotter{}})
	return &Session{in: in, out: out}
}

// SetMemoryLimit sets the Go runtime's soft memory limit to bytes (0: a
// quarter of the machine's memory), so that the collector works harder as
// a budget nears. It is process-wide: a program that embeds gamelang calls
// it once, if at all, as the command line does with --max-memory.
func SetMemoryLimit(bytes int64) { solve.SetBudget(&solve.Limits{MaxMemory: bytes}) }

// A CallOption sets a limit for one call.
type CallOption func(*call)

type call struct {
	states int
	memory int64
	out    io.Writer
}

// WithMaxStates caps the states each solver stores during the call.
func WithMaxStates(n int) CallOption { return func(c *call) { c.states = n } }

// WithMaxMemory bounds the memory the solvers let the process hold during
// the call, in bytes.
func WithMaxMemory(bytes int64) CallOption { return func(c *call) { c.memory = bytes } }

// WithOutput sends what the call prints to w.
func WithOutput(w io.Writer) CallOption { return func(c *call) { c.out = w } }

// with applies a call's options, and returns what undoes them.
func (s *Session) with(opts []CallOption) func() {
	var c call
	for _, o := range opts {
		o(&c)
	}
	lim := s.in.Limits()
	states, memory, out := lim.MaxStates, lim.MaxMemory, s.out.w
	if c.states > 0 {
		lim.MaxStates = c.states
	}
	if c.memory > 0 {
		lim.MaxMemory = c.memory
	}
	if c.out != nil {
		s.out.w = c.out
	}
	return func() { lim.MaxStates, lim.MaxMemory, s.out.w = states, memory, out }
}

// Exec runs a script in the session: its games and names are defined for
// later calls, and each statement prints its value. Nothing runs when the
// script has an error the check finds. name is the script's name in
// positions.
func (s *Session) Exec(ctx context.Context, name, src string, opts ...CallOption) error {
	defer s.with(opts)()
	return convert(s.in.Exec(ctx, name, src))
}

// Run runs a compiled program in the session, as Exec runs its source.
func (s *Session) Run(ctx context.Context, p *Program, opts ...CallOption) error {
	defer s.with(opts)()
	return convert(s.in.ExecParsed(ctx, p.file, p.src))
}

// Eval returns the value of one expression, evaluated in the session.
func (s *Session) Eval(ctx context.Context, expr string, opts ...CallOption) (Value, error) {
	defer s.with(opts)()
	v, err := s.in.Eval(ctx, expr)
	return v, convert(err)
}

// Render writes err for a person, as the command line does: each error as
// file:line:col: message, with the line of the source and a caret under
// the column.
func (s *Session) Render(err error) string { return s.in.Render(unconvert(err)) }

// Program is a script compiled once: parsed and checked against the
// builtins. Run it in any number of sessions.
type Program struct {
	name, src string
	file      *lang.File
}

// Compile parses and checks a script. Its errors are an ErrorList: every
// error the check finds, in order, each with its position.
func Compile(name, src string) (*Program, error) {
	in := eval.New(eval.Config{Out: io.Discard})
	f, err := in.ParseAt(context.Background(), name, src, 1)
	if err == nil {
		err = in.Check(context.Background(), name, src)
	}
	if err != nil {
		return nil, convert(err)
	}
	return &Program{name: name, src: src, file: f}, nil
}

// Name is the name the program was compiled under.
func (p *Program) Name() string { return p.name }

// Error is an error at a place in a script.
type Error struct {
	File         string
	Line, Column int // from 1; Column counts bytes
	Msg          string
	err          *lang.Error
}

func (e *Error) Error() string { return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Column, e.Msg) }

// Unwrap is the error under it, if any: a limit (IsLimit), a context's
// cancellation.
func (e *Error) Unwrap() error { return e.err.Err }

// ErrorList is every error found in a script, in order.
type ErrorList []*Error

func (l ErrorList) Error() string {
	if len(l) == 1 {
		return l[0].Error()
	}
	return fmt.Sprintf("%s (and %d more errors)", l[0].Error(), len(l)-1)
}

// convert turns the errors of eval into the package's: an ErrorList for
// several, an *Error for one at a place, others as they are.
func convert(err error) error {
	if err == nil {
		return nil
	}
	errs := lang.Positioned(err)
	if errs == nil {
		return err
	}
	out := make(ErrorList, len(errs))
	for i, e := range errs {
		out[i] = &Error{File: e.Pos.File, Line: e.Pos.Line, Column: e.Pos.Column, Msg: e.Msg, err: e}
	}
	var list lang.ErrorList
	if errors.As(err, &list) {
		return out
	}
	return out[0]
}

// unconvert gives back the errors of eval, for its renderer.
func unconvert(err error) error {
	var list ErrorList
	if errors.As(err, &list) {
		out := make(lang.ErrorList, len(list))
		for i, e := range list {
			out[i] = e.err
		}
		return out
	}
	var e *Error
	if errors.As(err, &e) {
		return e.err
	}
	return err
}

// IsLimit reports whether err is a solver stopping at a limit: the state
// cap or the memory budget.
func IsLimit(err error) bool {
	var lim *solve.LimitError
	return errors.As(err, &lim)
}
