package eval

import (
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"runtime/debug"
	"sort"
	"strings"
	"time"

	"github.com/gamelang/gamelang/check"
	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/lang"
	"github.com/gamelang/gamelang/play"
	"github.com/gamelang/gamelang/present"
	"github.com/gamelang/gamelang/rules"
	"github.com/gamelang/gamelang/solve"
)

// Config configures an interpreter.
type Config struct {
	Out       io.Writer     // where statements print; required
	MaxStates int           // the state cap of each solver; 0 means the default
	MaxMemory int64         // the memory budget of each solver in bytes; 0 means the default
	MaxTime   time.Duration // the time bound of each statement; 0: none
	// Redefine lets a name be defined again (the REPL allows it; scripts don't).
	Redefine bool
	// Generic solves every ruleset with the generic solvers, recognizing no
	// codes or closed forms, and walks every generator instead of compiling
	// it (compiled.go): slow, for checking the fast paths.
	Generic bool
	// ValuesDir, when set, is where the tables of take-and-break codes keep
	// their values, in files: past the memory budget, and resumed by a later
	// session (play.Env.ValuesDir).
	ValuesDir string
	// Tables writes the values of table(); nil gives plain tab-separated text.
	Tables present.TableRenderer
	// TableFormat is table()'s format when it is not given: text (the
	// default), markdown, latex, html, csv or json.
	TableFormat string
	// Plots draws plot()'s pictures; nil makes plot() an error.
	Plots present.Plotter
	// Create opens a file that a query writes (a certificate); nil makes
	// writing one an error.
	Create func(name string) (io.WriteCloser, error)
	// Progress, when set, follows long computations (a progress bar).
	Progress solve.Reporter
	// Interactive is set for line-by-line sessions (the prompt, piped
	// statements), where play() may take over the input.
	Interactive bool
	// Kinds are the kinds of position games may be declared on; nil means
	// the kinds registered (Register: package lib registers gamelang's).
	Kinds []rules.Kind
	// Conventions are the play conventions queries may name; nil means
	// the conventions registered. The first is the default.
	Conventions []play.Convention
	// JSON prints each statement's value as a line of JSON (see json.go).
	JSON bool
	// Answered, when set, is told of each statement's value once it is
	// printed: the playground shows tables and pictures from the values
	// themselves next to the text.
	Answered func(line int, v Value)
	// Display, when set, is offered each statement's value before it is
	// printed; when it shows the value itself (a notebook's rich output)
	// it says so, and the text is not written to Out.
	Display func(line int, v Value) bool
}

// Interp is an interpreter session: the names defined so far and the solvers
// (with what they have learnt) of every ruleset made.
type Interp struct {
	cfg     Config
	lim     *solve.Limits // shared by every solver of the session
	globals map[string]Value
	depth   int // calls of functions defined by let under way
	symbols map[string]*check.Symbol
	sources map[string][]string         // the lines of each input, at their line numbers
	made    map[string]game.Ruleset     // the builtin games made so far, by name and arguments
	solvers map[string]play.Solver      // by convention
	play    *Play                       // a game asked for by play(), for the session to take over
	old     map[string][][]game.Ruleset // replaced definitions of each name, the latest first
	// generators compiled (compiled.go), and those the walk runs
	gens     map[*lang.Call]*compiledGen
	slowGens map[*lang.Call]bool
}

// Play is a game that play() asks the session to play at the prompt.
type Play struct {
	Position game.Position
	Solver   play.Solver
}

// TakePlay returns the game play() asked to play, once.
func (in *Interp) TakePlay() (*Play, bool) {
	p := in.play
	in.play = nil
	return p, p != nil
}

// New returns an interpreter with nothing defined. Its solvers keep to
// cfg's budgets; the process-wide memory limit of the runtime is the
// caller's to set (solve.SetBudget), so that sessions with different
// budgets can share a process.
func New(cfg Config) *Interp {
	if cfg.Kinds == nil {
		cfg.Kinds = kindsReg
	}
	if cfg.Conventions == nil {
		cfg.Conventions = conventReg
	}
	if len(cfg.Conventions) == 0 || len(cfg.Kinds) == 0 {
		panic("eval: no play convention or kind of position is registered: import github.com/gamelang/gamelang/lib for gamelang's")
	}
	in := &Interp{cfg: cfg, lim: &solve.Limits{MaxStates: cfg.MaxStates, MaxMemory: cfg.MaxMemory, MaxTime: cfg.MaxTime, Progress: cfg.Progress},
		globals: map[string]Value{}, symbols: map[string]*check.Symbol{}, sources: map[string][]string{}, old: map[string][][]game.Ruleset{},
		made: map[string]game.Ruleset{}, solvers: map[string]play.Solver{},
		gens: map[*lang.Call]*compiledGen{}, slowGens: map[*lang.Call]bool{}}
	return in
}

// forget drops what the session's solvers have learnt, after a statement
// ran out of memory: their tables are what filled it.
func (in *Interp) forget() {
	in.solvers = map[string]play.Solver{}
	in.made = map[string]game.Ruleset{}
	debug.FreeOSMemory()
}

func (in *Interp) env() play.Env {
	return play.Env{Limits: in.lim, Generic: in.cfg.Generic, ValuesDir: in.cfg.ValuesDir}
}

func (in *Interp) limits() *solve.Limits { return in.lim }

// Made is the ruleset of the session made under that name, made by mk the
// first time: octal("0.07") is one ruleset however often it is written, so
// that its positions add up in one game and share what is learnt.
func (in *Interp) Made(name string, mk func() game.Ruleset) game.Ruleset {
	if r, ok := in.made[name]; ok {
		return r
	}
	r := mk()
	in.made[name] = r
	return r
}

// Tables is the session's renderer of table(); nil for plain text.
func (in *Interp) Tables() present.TableRenderer { return in.cfg.Tables }

// TableFormat is table()'s format when a call names none.
func (in *Interp) TableFormat() string { return in.cfg.TableFormat }

// Create opens a file for a query to write, when the session may write
// files.
func (in *Interp) Create(name string) (io.WriteCloser, error) {
	if in.cfg.Create == nil {
		return nil, fmt.Errorf("this session writes no files")
	}
	return in.cfg.Create(name)
}

// WriteFile writes a file through Create, with what write puts in it; the
// file is complete when it returns nil.
func (in *Interp) WriteFile(name string, write func(io.Writer) error) error {
	f, err := in.Create(name)
	if err != nil {
		return err
	}
	if err := write(f); err != nil {
		if a, ok := f.(interface{ Abort() }); ok {
			a.Abort() // the file as it was, not half written
		} else {
			f.Close()
		}
		return err
	}
	return f.Close()
}

// KindHelp is the help a kind of position gives for a word: its own word
// (list, graph) or a name its rules see (at, vertices).
func (in *Interp) KindHelp(word string) (string, bool) {
	for _, k := range in.cfg.Kinds {
		if d, ok := k.(rules.Documented); ok {
			if h, ok := d.Help()[word]; ok {
				return h, true
			}
		}
	}
	return "", false
}

// Plots is the session's plotter; nil when plot() is not available.
func (in *Interp) Plots() present.Plotter { return in.cfg.Plots }

// Limits returns the limits every solver of the session obeys; changing them
// applies to solvers already made.
func (in *Interp) Limits() *solve.Limits { return in.lim }

// Solver returns the session's solver of the convention of that name, nil
// when there is none, for programs and tests that ask it directly.
func (in *Interp) Solver(name string) play.Solver {
	for _, c := range in.cfg.Conventions {
		if c.Name() == name {
			return in.solver(c)
		}
	}
	return nil
}

// solver returns the session's solver of a convention.
func (in *Interp) solver(c play.Convention) play.Solver {
	if s, ok := in.solvers[c.Name()]; ok {
		return s
	}
	s := c.New(in.env())
	in.solvers[c.Name()] = s
	return s
}

// SetOut changes where statements print.
func (in *Interp) SetOut(w io.Writer) { in.cfg.Out = w }

// Names lists the names defined in the session, for completion.
func (in *Interp) Names() []string {
	var out []string
	for n := range in.symbols {
		out = append(out, n)
	}
	return out
}

// Info says what a name of the session is: a game's definition as it was
// written (in canonical form) and which solver answers for it, or a
// name's value. It reports false for a name the session does not define.
func (in *Interp) Info(name string) (string, bool) {
	sym, ok := in.symbols[name]
	if !ok {
		return "", false
	}
	if sym.Func != nil {
		return fmt.Sprintf("%s  (defined at %s)", lang.PrettyStmt(sym.Func), sym.Pos), true
	}
	if !sym.Game {
		return fmt.Sprintf("let %s = %s  (%s)", name, in.globals[name], sym.Pos), true
	}
	text := fmt.Sprintf("%s  (defined at %s)", strings.TrimSpace(lang.PrettyStmt(sym.Decl)), sym.Pos)
	if rv, ok := in.globals[name].(RulesetVal); ok {
		text += "\nsolved by: " + in.solver(in.cfg.Conventions[0]).Describe(rv.R)
	}
	return text, true
}

// Doc is how to call a builtin function, or name a convention, and what it
// gives.
type Doc struct{ Name, Usage, Doc string }

// FuncDocs documents the builtin functions, in alphabetical order.
func FuncDocs() []Doc {
	var out []Doc
	for n, b := range funcs {
		out = append(out, Doc{n, b.usage, b.doc})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// ConventionDocs documents the play conventions, the default first.
func (in *Interp) ConventionDocs() []Doc {
	var out []Doc
	for _, c := range in.cfg.Conventions {
		out = append(out, Doc{c.Name(), "outcome(P, " + c.Name() + ")", c.Doc()})
	}
	return out
}

// parse parses src as (part of) file filename, starting at line firstLine,
// so that positions are those of the whole input; the lines are kept, at
// their numbers, for error reports.
func (in *Interp) parse(ctx context.Context, filename, src string, firstLine int) (*lang.File, error) {
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
	return in.parseLong(ctx, filename, src, max(firstLine, 1))
}

// parseLong parses src, and when it is long (a script of megabytes takes
// seconds) shows that it is reading, stops at Ctrl-C and holds the memory
// budget as it goes.
func (in *Interp) parseLong(ctx context.Context, filename, src string, first int) (*lang.File, error) {
	if len(src) < 1<<16 {
		return lang.ParseAt(filename, src, first)
	}
	if p := in.lim.Progress; p != nil {
		p.Start()
		defer p.Done()
	}
	what := "reading " + filename
	return lang.ParseWith(filename, src, first, func(line int) error {
		at := lang.Pos{File: filename, Line: line, Column: 1}
		if err := ctx.Err(); err != nil {
			return lang.At(at, fmt.Errorf("interrupted while reading %s: %w", filename, err))
		}
		in.lim.Report(what, "", 0)
		if h, budget := solve.Held(), in.lim.Memory(); h > budget/20*17 {
			return lang.At(at, &solve.LimitError{What: what, States: -1, Bytes: h, Limit: budget, Memory: true, Reading: true})
		}
		return nil
	})
}

// checker returns a check pass over what the session has defined.
func (in *Interp) checker() *check.Checker {
	fs := make(map[string]check.Func, len(funcs))
	for n, b := range funcs {
		fs[n] = check.Func{Min: b.min, Max: b.max, Usage: b.usage, Convention: b.convention}
	}
	consts := map[string]bool{}
	for _, c := range in.cfg.Conventions {
		consts[c.Name()] = true
	}
	values := map[string]bool{}
	for n := range builtinConsts {
		values[n] = true
	}
	return &check.Checker{Funcs: fs, Globals: maps.Clone(in.symbols), Consts: consts, Values: values, Kinds: in.cfg.Kinds, Redefine: in.cfg.Redefine}
}

// Check parses and checks src without running it or defining anything.
func (in *Interp) Check(ctx context.Context, filename, src string) error {
	_, err := in.checked(ctx, filename, src)
	return err
}

// checked parses and checks src.
func (in *Interp) checked(ctx context.Context, filename, src string) (*lang.File, error) {
	a := in.Analyze(ctx, filename, src, nil)
	if a.Err != nil {
		return nil, a.Err
	}
	return a.File, nil
}

// Analysis is what the check pass finds in a file without running it.
type Analysis struct {
	// File is the statements that parse: all of them when the file has no
	// syntax error.
	File *lang.File
	// Err is every error, syntax and check, sorted (an ErrorList), or the
	// one syntax error when it is the only one, or what stopped the parse
	// (Ctrl-C, the memory budget); nil when the file is correct.
	Err error
}

// Analyze parses src as a whole file, recovering at each statement that
// does not parse (lang.ParseAll), and checks the statements that do, taking
// the names the broken ones declare as defined: check and run report this
// same set of errors, and the language server shows it. resolved, when
// set, is called for each name that refers to a global (check.Checker's
// Resolved).
func (in *Interp) Analyze(ctx context.Context, filename, src string, resolved func(*lang.Ident, *check.Symbol)) *Analysis {
	c := in.checker()
	c.Resolved = resolved
	f, err := in.parse(ctx, filename, src, 1)
	var syntax lang.ErrorList
	if err != nil {
		var se *lang.SyntaxError
		if !errors.As(err, &se) {
			return &Analysis{File: &lang.File{Name: filename}, Err: err}
		}
		r := lang.ParseAll(filename, src, 1)
		f, syntax = r.File, r.Errors
		for _, b := range r.Broken {
			if _, ok := c.Globals[b.Name]; !ok {
				c.Globals[b.Name] = &check.Symbol{Pos: b.Pos}
			}
		}
	}
	errs := append(syntax, c.File(f)...).Sorted()
	switch {
	case len(errs) == 0:
		return &Analysis{File: f}
	case len(errs) == 1 && err != nil:
		return &Analysis{File: f, Err: err}
	}
	return &Analysis{File: f, Err: errs}
}

// Load parses and checks src, then runs its definitions — game and let
// statements — and not its queries: a file of definitions for -f. The whole
// file is checked, queries included.
func (in *Interp) Load(ctx context.Context, filename, src string) error {
	f, err := in.checked(ctx, filename, src)
	if err != nil {
		return err
	}
	defs := &lang.File{Name: f.Name}
	for _, s := range f.Stmts {
		if _, query := s.(*lang.ExprStmt); !query {
			defs.Stmts = append(defs.Stmts, s)
		}
	}
	return in.ExecFile(ctx, defs)
}

// Exec parses, checks and runs src, printing the value of each expression
// statement. Nothing runs when the check finds errors.
func (in *Interp) Exec(ctx context.Context, filename, src string) error {
	return in.ExecAt(ctx, filename, src, 1)
}

// ExecAt is Exec for a piece of a longer input that starts at line firstLine
// (piped statements, the REPL), so that errors point into the whole input.
func (in *Interp) ExecAt(ctx context.Context, filename, src string, firstLine int) error {
	f, err := in.parse(ctx, filename, src, firstLine)
	if err != nil {
		var se *lang.SyntaxError
		if firstLine <= 1 && errors.As(err, &se) {
			return in.Analyze(ctx, filename, src, nil).Err // every error, as check reports them
		}
		return err
	}
	return in.ExecFile(ctx, f)
}

// ParseAt parses a piece of a longer input that starts at line firstLine,
// and keeps its lines for error reports: the prompt parses a statement to
// know whether it is complete, then runs it with ExecFile.
//
// A whole input (firstLine 1) that does not parse gives every error, as
// check does (Analyze), unless it only ends too early: the prompt asks
// for more lines then.
func (in *Interp) ParseAt(ctx context.Context, filename, src string, firstLine int) (*lang.File, error) {
	f, err := in.parse(ctx, filename, src, firstLine)
	var se *lang.SyntaxError
	if err != nil && firstLine <= 1 && errors.As(err, &se) && !se.Incomplete {
		return nil, in.Analyze(ctx, filename, src, nil).Err
	}
	return f, err
}

// ExecParsed checks and runs a file parsed beforehand from src (a program
// compiled once and run in many sessions), keeping src's lines for error
// reports.
func (in *Interp) ExecParsed(ctx context.Context, f *lang.File, src string) error {
	in.sources[f.Name] = strings.Split(src, "\n")
	return in.ExecFile(ctx, f)
}

// ExecFile checks and runs a file that ParseAt parsed.
func (in *Interp) ExecFile(ctx context.Context, f *lang.File) error {
	_, err := in.execFile(ctx, f, false)
	return err
}

// ExecUntilPlay is ExecFile for a page that plays the game a play()
// starts before it goes on: it stops after the statement that starts one
// and returns the statements after it (nil when none are left), which the
// page runs once the game is over.
func (in *Interp) ExecUntilPlay(ctx context.Context, f *lang.File) (*lang.File, error) {
	return in.execFile(ctx, f, true)
}

// execFile checks f and runs its statements, stopping after one that
// starts a game when untilPlay says so (it returns the rest then).
func (in *Interp) execFile(ctx context.Context, f *lang.File, untilPlay bool) (*lang.File, error) {
	if errs := in.checker().File(f); len(errs) > 0 {
		return nil, errs
	}
	for i, s := range f.Stmts {
		if err := in.execTimed(ctx, s); err != nil {
			var lim *solve.LimitError
			if errors.As(err, &lim) && lim.Memory {
				in.forget()
			}
			return nil, err
		}
		if untilPlay && in.play != nil && i+1 < len(f.Stmts) {
			return &lang.File{Name: f.Name, Stmts: f.Stmts[i+1:]}, nil
		}
	}
	return nil, nil
}

// errTime is the cause of a statement's context ended by the time bound.
var errTime = errors.New("the time limit")

// execTimed runs a statement within the time bound, if any: past it, the
// computation under way stops as at Ctrl-C, and its error says which limit
// stopped it.
func (in *Interp) execTimed(ctx context.Context, s lang.Stmt) error {
	d := in.lim.MaxTime
	if d <= 0 {
		return in.exec(ctx, s)
	}
	sctx, cancel := context.WithTimeoutCause(ctx, d, errTime)
	defer cancel()
	err := in.exec(sctx, s)
	if err == nil || ctx.Err() != nil || context.Cause(sctx) != errTime {
		return err
	}
	lim := &solve.LimitError{What: "the statement", Time: d}
	var ie *solve.InterruptedError
	if errors.As(err, &ie) {
		lim.What, lim.States = ie.What, ie.States
	}
	var pe *lang.Error
	if errors.As(err, &pe) {
		return &lang.Error{Pos: pe.Pos, Msg: lim.Error(), Err: lim}
	}
	return lang.At(lang.StmtPos(s), lim)
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
		if old, ok := in.globals[s.Name]; ok {
			in.supersede(s.Name, old)
		}
		in.globals[s.Name] = v
		in.symbols[s.Name] = &check.Symbol{Game: true, Pos: s.Pos, Decl: s}
	case *lang.LetStmt:
		if s.Func {
			in.globals[s.Name.Name] = FuncVal{s}
			in.symbols[s.Name.Name] = &check.Symbol{Pos: s.Name.Pos, Func: s}
			return nil
		}
		v, err := in.eval(ctx, s.Value, nil)
		if err != nil {
			return err
		}
		in.globals[s.Name.Name] = v
		in.symbols[s.Name.Name] = &check.Symbol{Pos: s.Name.Pos}
	case *lang.ExprStmt:
		v, err := in.eval(ctx, s.X, nil)
		if err != nil {
			return err
		}
		if p := in.lim.Progress; p != nil {
			p.Done() // the bar's line is blanked before the answer is written, not after
		}
		if _, ok := v.(Nothing); !ok {
			return in.printValue(s.Pos.Line, v)
		}
	}
	return nil
}

// Eval returns the value of the expression expr, checked against what the
// session has defined: the API for programs and tests that want values
// rather than printed text.
func (in *Interp) Eval(ctx context.Context, expr string) (Value, error) {
	return in.EvalAt(ctx, "<eval>", expr, 1, 1)
}

// EvalAt is Eval for an expression written in a file at line and column
// (an exercise's answer): its errors are positioned there.
func (in *Interp) EvalAt(ctx context.Context, filename, expr string, line, col int) (Value, error) {
	f, err := in.parse(ctx, filename, strings.Repeat(" ", max(col-1, 0))+expr, max(line, 1))
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
	if errs := in.checker().File(f); len(errs) > 0 {
		return nil, errs
	}
	return in.eval(ctx, s.X, nil)
}
