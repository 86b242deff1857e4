// Package session is the playground's interpreter session, apart from the
// browser: it runs a script as `gamelang run` does and says what happens
// as a stream of events — the text the command line prints, each
// statement's value (for tables and pictures), errors with their
// positions, the moves of a game under way. web/worker hands the events to
// the page; the tests read them directly.
package session

import (
	"context"
	"fmt"
	"time"

	"github.com/gamelang/gamelang"
	"github.com/gamelang/gamelang/internal/match"
	"github.com/gamelang/gamelang/internal/svgplot"
	"github.com/gamelang/gamelang/internal/vocab"
	"github.com/gamelang/gamelang/solve"
)

// Event is something the page shows.
type Event struct {
	// Type is one of:
	//   out      Text is what the command line prints on stdout
	//   answer   a statement's value: Line, Kind and Value as --json
	//            writes them; SVG is the picture of a plot()
	//   error    Text is what the command line prints on stderr; Marks
	//            are the positions it names
	//   play     a game under way: Moves are the user's moves, by number
	//   progress Text says how far a long computation is
	//   done     the script, or a move, is over: Millis it took, and
	//            Status the command line's exit status (0, 1, or 130 when
	//            stopped)
	//   exercises, verdict, hint: a set of exercises (below)
	Type   string   `json:"type"`
	Text   string   `json:"text,omitempty"`
	Line   int      `json:"line,omitempty"`
	Kind   string   `json:"kind,omitempty"`
	Value  any      `json:"value,omitempty"`
	SVG    string   `json:"svg,omitempty"`
	Marks  []Mark   `json:"marks,omitempty"`
	Moves  []string `json:"moves,omitempty"`
	Millis int64    `json:"millis"`
	Status int      `json:"status"`
	// exercises: the questions of the set opened (Title, Items); verdict:
	// whether an answer to exercise ID is Right, and Text why; hint: Text
	Title string `json:"title,omitempty"`
	Items []Item `json:"items,omitempty"`
	ID    string `json:"id,omitempty"`
	Right bool   `json:"right,omitempty"`
}

// Item is an exercise as the page shows it.
type Item struct {
	ID       string `json:"id"`
	Question string `json:"question"`
}

// Mark is a position an error names: its line and column (from 1) in the
// script.
type Mark struct {
	Line   int    `json:"line"`
	Column int    `json:"column"`
	Msg    string `json:"msg"`
}

// MaxMemory is the memory a session's solvers may hold: a WebAssembly
// page has at most 4 GiB, and the browser less.
const MaxMemory = 1 << 30

// Session runs scripts and plays games for one page.
type Session struct {
	emit  func(Event)
	in    *gamelang.Session
	plots *svgplot.Plotter
	game  *match.Match
	rest  *gamelang.Program // the statements after the play() under way
	ex    *openSet          // the set of exercises open, if any
}

// New returns a session that tells emit what happens.
func New(emit func(Event)) *Session { return &Session{emit: emit} }

// writer sends what the interpreter prints as out events.
type writer struct{ s *Session }

func (w writer) Write(p []byte) (int, error) {
	w.s.emit(Event{Type: "out", Text: string(p)})
	return len(p), nil
}

// Run runs a script in a new interpreter, as `gamelang run NAME` does,
// except that play() starts a game (see Move) that the statements after it
// wait for.
func (s *Session) Run(ctx context.Context, name, src string) {
	start := time.Now()
	s.plots = &svgplot.Plotter{}
	s.game, s.rest = nil, nil
	s.in = gamelang.NewSession(gamelang.Options{Out: writer{s}, Plotter: s.plots, Interactive: true,
		MaxMemory: MaxMemory, Progress: &reporter{s: s}, Answered: s.answered})
	prog, err := s.in.Parse(ctx, name, src, 1)
	status := s.report(ctx, err)
	if err == nil {
		status = s.runFrom(ctx, prog)
	}
	s.emit(Event{Type: "done", Millis: time.Since(start).Milliseconds(), Status: status})
}

// runFrom runs statements until the end, or until play() starts a game.
func (s *Session) runFrom(ctx context.Context, prog *gamelang.Program) int {
	rest, err := s.in.RunUntilPlay(ctx, prog)
	status := s.report(ctx, err)
	if p, ok := s.in.TakePlay(); ok && status == 0 {
		s.rest = rest
		s.game = match.New(p, writer{s})
		s.game.Buttons = true
		over, err := s.game.Turn(ctx)
		return s.endGame(ctx, over, err)
	}
	return status
}

// Move answers the game under way with the user's choice: a move's
// number, or q to stop. When the game is over, the script goes on.
func (s *Session) Move(ctx context.Context, choice string) {
	start := time.Now()
	status := 0
	if s.game == nil {
		s.emit(Event{Type: "error", Text: "no game is under way: play(P) starts one"})
		status = 1
	} else {
		over, err := s.game.Input(ctx, choice)
		status = s.endGame(ctx, over, err)
	}
	s.emit(Event{Type: "done", Millis: time.Since(start).Milliseconds(), Status: status})
}

// endGame offers the moves of a game still under way, or ends it and runs
// the statements after the play() that started it.
func (s *Session) endGame(ctx context.Context, over bool, err error) int {
	status := s.report(ctx, err)
	if over || err != nil {
		s.game = nil
		s.emit(Event{Type: "play"})
		if rest := s.rest; rest != nil && err == nil {
			s.rest = nil
			return s.runFrom(ctx, rest)
		}
		return status
	}
	s.emit(Event{Type: "play", Moves: s.game.Moves()})
	return status
}

// report emits an error as the command line prints it, with the positions
// it names, and returns the command line's exit status.
func (s *Session) report(ctx context.Context, err error) int {
	if err == nil {
		return 0
	}
	e := Event{Type: "error", Text: s.in.Render(err)}
	for _, p := range gamelang.Errors(err) {
		e.Marks = append(e.Marks, Mark{Line: p.Line, Column: p.Column, Msg: p.Msg})
	}
	s.emit(e)
	if solve.Interrupted(err) || ctx.Err() != nil {
		return 130
	}
	return 1
}

// answered sends a statement's value, with its picture for plot().
func (s *Session) answered(line int, v gamelang.Value) {
	a := gamelang.AnswerOf(v)
	e := Event{Type: "answer", Line: line, Kind: a.Type, Value: a.Value}
	if p, ok := v.(gamelang.Plot); ok {
		e.SVG = s.plots.Drawn[p.File]
	}
	s.emit(e)
}

// reporter sends progress at most a few times a second.
type reporter struct {
	s    *Session
	last time.Time
}

func (r *reporter) Start() { r.last = time.Now() }
func (r *reporter) Done()  {}
func (r *reporter) Report(what, unit string, done, total int64) {
	if time.Since(r.last) < 250*time.Millisecond {
		return
	}
	r.last = time.Now()
	text := what
	switch {
	case unit == "":
	case total > 0:
		text = fmt.Sprintf("%s: %d of %d %s", what, done, total, unit)
	default:
		text = fmt.Sprintf("%s: %d %s", what, done, unit)
	}
	r.s.emit(Event{Type: "progress", Text: text})
}

// Words are the words the editor colours: the keywords, the builtin
// functions and the builtin games (the language's one vocabulary).
func Words() (keywords, functions, games []string) { return vocab.Lists() }
