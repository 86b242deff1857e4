// Package eval runs gamelang: a check pass over the AST, compilation of game
// declarations into rulesets (compile.go, heap.go, tuple.go, setgame.go), and
// evaluation of statements and queries.
package eval

import (
	"context"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/lang"
	"github.com/gamelang/gamelang/solve"
)

// Config configures an interpreter.
type Config struct {
	Out       io.Writer // where statements print; required
	MaxStates int       // the state cap of each solver; 0 means the default
	MaxMemory int64     // the memory budget of each solver in bytes; 0 means the default
	// Redefine lets a name be defined again (the REPL allows it; scripts don't).
	Redefine bool
	// Generic solves every ruleset with the generic solvers, recognizing no
	// codes or closed forms: slow, for checking the fast paths.
	Generic bool
	// Tables writes the values of table(); nil gives plain tab-separated text.
	Tables TableRenderer
	// TableFormat is table()'s format when it is not given: text (the
	// default), markdown, csv or json.
	TableFormat string
	// Plots draws plot()'s pictures; nil makes plot() an error.
	Plots Plotter
	// Progress, when set, follows long computations (a progress bar).
	Progress solve.Reporter
	// Interactive is set for line-by-line sessions (the prompt, piped
	// statements), where play() may take over the input.
	Interactive bool
}

// Interp is an interpreter session: the names defined so far and the solvers
// (with what they have learnt) of every ruleset made.
type Interp struct {
	cfg     Config
	lim     *solve.Limits // shared by every solver of the session
	globals map[string]Value
	symbols map[string]*symbol
	sources map[string][]string // the lines of each input, at their line numbers
	// the builtin games made so far, by name and arguments
	builtins map[string]game.Ruleset
	// a game asked for by play(), for the session to take over
	play game.Position
}

// TakePlay returns the position play() asked to play, once.
func (in *Interp) TakePlay() (game.Position, bool) {
	p := in.play
	in.play = nil
	return p, p != nil
}

// New returns an interpreter with nothing defined.
func New(cfg Config) *Interp {
	return &Interp{cfg: cfg, lim: &solve.Limits{MaxStates: cfg.MaxStates, MaxMemory: cfg.MaxMemory, Progress: cfg.Progress},
		globals: map[string]Value{}, symbols: map[string]*symbol{}, sources: map[string][]string{}, builtins: map[string]game.Ruleset{}}
}

func (in *Interp) limits() *solve.Limits { return in.lim }

// Limits returns the limits every solver of the session obeys; changing them
// applies to solvers already made.
func (in *Interp) Limits() *solve.Limits { return in.lim }

// Names lists the names defined in the session, for completion.
func (in *Interp) Names() []string {
	var out []string
	for n := range in.symbols {
		out = append(out, n)
	}
	return out
}

// BuiltinDoc is how to call a builtin function and what it gives.
type BuiltinDoc struct{ Name, Usage, Doc string }

// BuiltinDocs documents the builtin functions, in alphabetical order.
func BuiltinDocs() []BuiltinDoc {
	var out []BuiltinDoc
	for n, b := range builtins {
		out = append(out, BuiltinDoc{n, b.usage, b.doc})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// parse parses src as (part of) file filename, starting at line firstLine,
// so that positions are those of the whole input; the lines are kept, at
// their numbers, for error reports.
func (in *Interp) parse(filename, src string, firstLine int) (*lang.File, error) {
	lines := strings.Split(src, "\n")
	if firstLine <= 1 {
		in.sources[filename] = nil
	}
	have := in.sources[filename]
	for len(have) < firstLine-1+len(lines) {
		have = append(have, "")
	}
	copy(have[firstLine-1:], lines)
	in.sources[filename] = have
	if firstLine > 1 {
		src = strings.Repeat("\n", firstLine-1) + src
	}
	return lang.Parse(filename, src)
}

// Check parses and checks src without running it or defining anything.
func (in *Interp) Check(filename, src string) error {
	f, err := in.parse(filename, src, 1)
	if err != nil {
		return err
	}
	c := &checker{globals: copySymbols(in.symbols), redefine: in.cfg.Redefine}
	if errs := c.file(f); len(errs) > 0 {
		return errs
	}
	return nil
}

func copySymbols(m map[string]*symbol) map[string]*symbol {
	out := make(map[string]*symbol, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// Exec parses, checks and runs src, printing the value of each expression
// statement. Nothing runs when the check finds errors.
func (in *Interp) Exec(ctx context.Context, filename, src string) error {
	return in.ExecAt(ctx, filename, src, 1)
}

// ExecAt is Exec for a piece of a longer input that starts at line firstLine
// (piped statements, the REPL), so that errors point into the whole input.
func (in *Interp) ExecAt(ctx context.Context, filename, src string, firstLine int) error {
	f, err := in.parse(filename, src, firstLine)
	if err != nil {
		return err
	}
	c := &checker{globals: copySymbols(in.symbols), redefine: in.cfg.Redefine}
	if errs := c.file(f); len(errs) > 0 {
		return errs
	}
	for _, s := range f.Stmts {
		if err := in.exec(ctx, s); err != nil {
			return err
		}
	}
	return nil
}

func (in *Interp) exec(ctx context.Context, s lang.Stmt) error {
	if p := in.lim.Progress; p != nil {
		p.Start()
		defer p.Done()
	}
	switch s := s.(type) {
	case *lang.GameDecl:
		v, err := in.declare(ctx, s)
		if err != nil {
			return err
		}
		in.globals[s.Name] = v
		in.symbols[s.Name] = &symbol{kind: symGame, pos: s.Pos, game: s}
	case *lang.LetStmt:
		v, err := in.eval(ctx, s.Value, nil)
		if err != nil {
			return err
		}
		in.globals[s.Name.Name] = v
		in.symbols[s.Name.Name] = &symbol{kind: symValue, pos: s.Name.Pos}
	case *lang.ExprStmt:
		v, err := in.eval(ctx, s.X, nil)
		if err != nil {
			return err
		}
		if _, ok := v.(Nothing); !ok {
			fmt.Fprintln(in.cfg.Out, v)
		}
	}
	return nil
}

// Eval defines what defs declares (when it is not empty) and returns the value
// of the expression expr: the API for programs and tests that want values
// rather than printed text.
func (in *Interp) Eval(ctx context.Context, expr string) (Value, error) {
	f, err := in.parse("<eval>", expr, 1)
	if err != nil {
		return nil, err
	}
	if len(f.Stmts) != 1 {
		return nil, fmt.Errorf("Eval wants one expression, got %d statements", len(f.Stmts))
	}
	s, ok := f.Stmts[0].(*lang.ExprStmt)
	if !ok {
		return nil, fmt.Errorf("Eval wants an expression")
	}
	c := &checker{globals: copySymbols(in.symbols), redefine: in.cfg.Redefine}
	if errs := c.file(f); len(errs) > 0 {
		return nil, errs
	}
	return in.eval(ctx, s.X, nil)
}
