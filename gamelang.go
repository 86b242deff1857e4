package gamelang

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"time"

	"github.com/gamelang/gamelang/builtin"
	"github.com/gamelang/gamelang/check"
	"github.com/gamelang/gamelang/eval"
	"github.com/gamelang/gamelang/internal/files"
	"github.com/gamelang/gamelang/internal/plot"
	"github.com/gamelang/gamelang/internal/render"
	"github.com/gamelang/gamelang/lang"
	_ "github.com/gamelang/gamelang/lib" // gamelang's kinds, conventions and queries
	"github.com/gamelang/gamelang/present"
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
	// MaxTime bounds each statement: past it, the computation stops with
	// a limit error, as Ctrl-C stops it; 0: no bound.
	MaxTime time.Duration
	// JSON makes each statement print one line of JSON (docs/json.md)
	// rather than text.
	JSON bool
	// TableFormat is table()'s format when a script does not name one:
	// "text" (the default), "markdown", "csv" or "json".
	TableFormat string
	// Width is the columns a text table fits in, folded into blocks of
	// columns when wider (a terminal's width); 0: no limit.
	Width int
	// Generic solves every game with the generic solvers, ignoring closed
	// forms and the octal engines, and walks every generator instead of
	// compiling it: slow, for checking them.
	Generic bool
	// ValuesDir, when set, is a directory where the Grundy values of take-
	// and-break codes are kept in files, mapped into memory: a run goes on
	// past the memory budget, and a later session with the same directory
	// resumes from the values saved there (Unix systems).
	ValuesDir string
	// Progress follows long computations (a bar on a terminal); nil for
	// none.
	Progress Progress
	// Interactive is for sessions where play() may start a game for the
	// program to play (TakePlay): a prompt, a page.
	Interactive bool
	// Redefine lets a name be defined again, as at a prompt (a script may
	// not).
	Redefine bool
	// Answered, when set, is told of each statement's value as it is
	// printed: a page shows tables and pictures from the values themselves.
	Answered func(line int, v Value)
	// Display, when set, is offered each statement's value before it is
	// printed, and says whether it showed the value itself (a notebook's
	// rich output); a value it shows is not written to Out.
	Display func(line int, v Value) bool
	// Plotter draws plot()'s pictures; nil writes files in every format of
	// the file's extension (PNG, JPEG, TIFF, SVG, PDF, EPS).
	Plotter Plotter
	// Create opens the files that queries write (period(G, "file") and
	// quotient(G, "file") write certificates); nil is os.Create.
	Create func(name string) (io.WriteCloser, error)
}

// Types of the session's machinery that a program may hold.
type (
	// Progress is told of long computations as they go.
	Progress = solve.Reporter
	// Plotter draws plot()'s pictures.
	Plotter = present.Plotter
	// Limits are the limits every solver of a session obeys; changing them
	// applies at once (a prompt's :set).
	Limits = solve.Limits
	// Play is a game that play() asked the program to play: its position
	// and the solver that answers the moves.
	Play = eval.Play
	// Template is an expression with names bound per evaluation, checked
	// once (the command line's --each, a sweep's --query).
	Template = eval.Template
	// Doc documents a builtin function or a play convention.
	Doc = eval.Doc
	// Answer is a value as JSON: its type, its JSON form and its text.
	Answer = eval.Answer
)

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
	var plots Plotter = plot.Plotter{}
	if o.Plotter != nil {
		plots = o.Plotter
	}
	create := o.Create
	if create == nil {
		create = func(name string) (io.WriteCloser, error) { return files.Create(name) }
	}
	in := eval.New(eval.Config{Out: out, Create: create, MaxStates: o.MaxStates, MaxMemory: o.MaxMemory, MaxTime: o.MaxTime, Generic: o.Generic, ValuesDir: o.ValuesDir,
		JSON: o.JSON, TableFormat: o.TableFormat, Tables: render.Tables{Width: o.Width}, Plots: plots, Progress: o.Progress,
		Interactive: o.Interactive, Redefine: o.Redefine, Answered: o.Answered, Display: o.Display})
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

// ExecAt is Exec for a piece of a longer input that starts at line
// firstLine (the statements piped to a prompt), so that errors point into
// the whole input.
func (s *Session) ExecAt(ctx context.Context, name, src string, firstLine int, opts ...CallOption) error {
	defer s.with(opts)()
	return convert(s.in.ExecAt(ctx, name, src, firstLine))
}

// Load runs the definitions of a script — its game and let statements —
// and not its queries (the command line's -f). The whole script is
// checked.
func (s *Session) Load(ctx context.Context, name, src string, opts ...CallOption) error {
	defer s.with(opts)()
	return convert(s.in.Load(ctx, name, src))
}

// Check parses and checks a script against what the session has defined,
// running nothing.
func (s *Session) Check(ctx context.Context, name, src string) error {
	return convert(s.in.Check(ctx, name, src))
}

// Parse parses a piece of input starting at line firstLine, without
// checking it: a prompt asks whether a statement is complete, then runs
// what it parsed with Run.
func (s *Session) Parse(ctx context.Context, name, src string, firstLine int) (*Program, error) {
	f, err := s.in.ParseAt(ctx, name, src, firstLine)
	if err != nil {
		return nil, convert(err)
	}
	return &Program{name: name, src: src, file: f, by: s.in}, nil
}

// Run checks and runs a program in the session, as Exec runs its source.
func (s *Session) Run(ctx context.Context, p *Program, opts ...CallOption) error {
	defer s.with(opts)()
	if p.by == s.in { // parsed here: its lines are kept at their numbers
		return convert(s.in.ExecFile(ctx, p.file))
	}
	return convert(s.in.ExecParsed(ctx, p.file, p.src))
}

// RunUntilPlay runs a program as Run does, but stops after a statement
// that starts a game with play(), returning the statements after it (nil
// when none are left): a page plays the game (TakePlay), then runs them.
// p must come from this session's Parse.
func (s *Session) RunUntilPlay(ctx context.Context, p *Program, opts ...CallOption) (*Program, error) {
	defer s.with(opts)()
	if p.by != s.in {
		return nil, errors.New("RunUntilPlay runs a program this session parsed (Session.Parse)")
	}
	rest, err := s.in.ExecUntilPlay(ctx, p.file)
	if rest == nil || err != nil {
		return nil, convert(err)
	}
	return &Program{name: p.name, src: p.src, file: rest, by: s.in}, nil
}

// TakePlay returns the game play() asked to play, once.
func (s *Session) TakePlay() (*Play, bool) { return s.in.TakePlay() }

// Limits are the session's limits; changing them applies to what runs
// next.
func (s *Session) Limits() *Limits { return s.in.Limits() }

// SetOutput sends what the session prints to w from now on.
func (s *Session) SetOutput(w io.Writer) { s.out.w = w }

// Names lists the names defined in the session, for completion.
func (s *Session) Names() []string { return s.in.Names() }

// KindHelp is what a kind of position says of a word: its own (list,
// graph) or a name its rules see (at, vertices).
func (s *Session) KindHelp(word string) (string, bool) { return s.in.KindHelp(word) }

// Info describes a name of the session: a game's definition and solver, a
// value, a function.
func (s *Session) Info(name string) (string, bool) { return s.in.Info(name) }

// Conventions documents the play conventions queries may name.
func (s *Session) Conventions() []Doc { return s.in.ConventionDocs() }

// GameDoc documents a builtin game.
type GameDoc struct {
	Name   string
	Params []string // nil for a ruleset (Nim), else a family's (Kayles(n))
	Doc    string
	Twin   string // the .game definition it answers like
}

// Games documents the builtin games, in the order the library lists them.
func Games() []GameDoc {
	var out []GameDoc
	for _, b := range builtin.All() {
		out = append(out, GameDoc{Name: b.Name, Params: b.Params, Doc: b.Doc, Twin: b.Twin})
	}
	return out
}

// Funcs documents the builtin functions, in alphabetical order.
func Funcs() []Doc { return eval.FuncDocs() }

// Template checks expr once, with names bound to numbers or strings for
// each evaluation; what names the template in its errors ("--each").
func (s *Session) Template(ctx context.Context, what string, names []string, expr string) (*Template, error) {
	t, err := s.in.TemplateFor(ctx, what, names, expr)
	return t, convert(err)
}

// AnswerOf is a value as the command line's --json writes it (without its
// line).
func AnswerOf(v Value) Answer { return eval.AnswerOf(v) }

// Eval returns the value of one expression, evaluated in the session.
func (s *Session) Eval(ctx context.Context, expr string, opts ...CallOption) (Value, error) {
	defer s.with(opts)()
	v, err := s.in.Eval(ctx, expr)
	return v, convert(err)
}

// EvalAt is Eval for an expression written in a file at line and column
// (from 1): its errors name that file, line and column.
func (s *Session) EvalAt(ctx context.Context, name, expr string, line, col int, opts ...CallOption) (Value, error) {
	defer s.with(opts)()
	v, err := s.in.EvalAt(ctx, name, expr, line, col)
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
	by        *eval.Interp // the session that parsed it, if one did
}

// Compile parses and checks a script. Its errors are an ErrorList: every
// error the check finds, in order, each with its position (a statement
// that does not parse does not hide the errors after it).
func Compile(name, src string) (*Program, error) {
	in := eval.New(eval.Config{Out: io.Discard})
	a := in.Analyze(context.Background(), name, src, nil)
	if a.Err != nil {
		return nil, convert(a.Err)
	}
	return &Program{name: name, src: src, file: a.File}, nil
}

// Analysis is what the check pass finds in a script without running it:
// what an editor shows.
type Analysis struct {
	// Err is every error, as Compile reports them; nil when there is none.
	Err error
	// Uses are the names in the script that refer to a definition or a
	// builtin, in the order written (names bound inside a game or a
	// function, its parameters, are not among them).
	Uses []Use
}

// Use is a name written in a script, and what it refers to.
type Use struct {
	Name         string
	Line, Column int // of the name, from 1; Column counts bytes
	// Kind is what the name is: "game", "function" or "value" defined by
	// the script, "builtin game", or "predeclared" (a play convention, an
	// outcome, true or false).
	Kind string
	// DefLine and DefColumn are where the script defines the name (the
	// statement's game keyword, or the name after let); 0 for a builtin.
	DefLine, DefColumn int
}

// Analyze checks a script as Compile does, and says which definition each
// name refers to, so that an editor can find references, rename and
// colour names. A script with syntax errors is analysed in the statements
// that parse.
func Analyze(name, src string) *Analysis {
	in := eval.New(eval.Config{Out: io.Discard})
	out := &Analysis{}
	a := in.Analyze(context.Background(), name, src, func(id *lang.Ident, sym *check.Symbol) {
		u := Use{Name: id.Name, Line: id.Pos.Line, Column: id.Pos.Column, DefLine: sym.Pos.Line, DefColumn: sym.Pos.Column}
		switch {
		case sym.Builtin != nil:
			u.Kind, u.DefLine, u.DefColumn = "builtin game", 0, 0
		case sym.Game:
			u.Kind = "game"
		case sym.Func != nil:
			u.Kind = "function"
		case sym.Pos.Line > 0:
			u.Kind = "value"
		default:
			u.Kind = "predeclared"
		}
		out.Uses = append(out.Uses, u)
	})
	slices.SortStableFunc(out.Uses, func(a, b Use) int { return cmp.Or(cmp.Compare(a.Line, b.Line), cmp.Compare(a.Column, b.Column)) })
	out.Err = convert(a.Err)
	return out
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

// Unwrap is the errors of the list, so that errors.As(err, &e) with e an
// *Error finds the first.
func (l ErrorList) Unwrap() []error {
	out := make([]error, len(l))
	for i, e := range l {
		out[i] = e
	}
	return out
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

// Errors are the errors at places in err, from any call of a session:
// every error of an ErrorList, or the one *Error; none for an error that
// has no place (a program's own, a file that cannot be read).
func Errors(err error) ErrorList {
	var list ErrorList
	if errors.As(err, &list) {
		return list
	}
	var e *Error
	if errors.As(err, &e) {
		return ErrorList{e}
	}
	return nil
}

// ErrorJSON is the value of an answer of type "error" (docs/json.md).
type ErrorJSON struct {
	File    string `json:"file,omitempty"`
	Line    int    `json:"line,omitempty"`
	Column  int    `json:"column,omitempty"`
	Message string `json:"message"`
}

// ErrorAnswers is err as --json writes it: an answer of type "error" for
// each error at a place (every error of a check), else one at line 0 whose
// text is prefix and the error (a file that cannot be read).
func ErrorAnswers(err error, prefix string) []Answer {
	var out []Answer
	for _, e := range Errors(err) {
		out = append(out, Answer{Line: e.Line, Type: "error", Text: e.Error(),
			Value: ErrorJSON{File: e.File, Line: e.Line, Column: e.Column, Message: e.Msg}})
	}
	if out == nil && err != nil {
		out = append(out, Answer{Type: "error", Text: prefix + err.Error(), Value: ErrorJSON{Message: err.Error()}})
	}
	return out
}

// WriteAnswers writes answers as JSON Lines, as a session with
// Options.JSON writes its own.
func WriteAnswers(w io.Writer, answers []Answer) error {
	for _, a := range answers {
		if err := eval.WriteAnswer(w, a); err != nil {
			return err
		}
	}
	return nil
}

// IsLimit reports whether err is a solver stopping at a limit: the state
// cap or the memory budget.
func IsLimit(err error) bool {
	var lim *solve.LimitError
	return errors.As(err, &lim)
}
