// Package match plays a game that play() asked for: the user and the solver
// take turns, at the prompt (internal/repl) or in the playground (web).
package match

// play(P): the user and the solver take turns. Each of the
// user's moves is judged — a winning move leaves a position from which the
// player to move loses; if it was not one, the winning moves are named —
// and the solver answers with a winning move when it has one. Moves are
// chosen by number. The play convention is the one play() was given.

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/gamelang/gamelang/eval"
	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/play"
	"github.com/gamelang/gamelang/present"
)

// Match is a game under way.
type Match struct {
	pos    game.Position
	solver play.Solver
	out    io.Writer
	moves  []play.Option // the user's moves now
	// Buttons: the user's moves are buttons (a page): the transcript does
	// not list them by number nor say how to type one.
	Buttons bool
}

// maxPlayMoves bounds the moves listed for a choice.
const maxPlayMoves = 200

// New starts the game play() asked for; it writes what it says to out.
func New(p *eval.Play, out io.Writer) *Match {
	return &Match{pos: p.Position, solver: p.Solver, out: out}
}

// Moves are the texts of the user's moves now, in the order Input numbers
// them from 1.
func (p *Match) Moves() []string {
	texts := make([]string, len(p.moves))
	for i, o := range p.moves {
		texts[i] = present.MoveText(p.pos, o)
	}
	return texts
}

func (p *Match) printf(format string, args ...any) { fmt.Fprintf(p.out, format, args...) }

// wins reports whether an option is a winning move: the player who moves
// there wins.
func wins(o play.Option) bool { return o.Value.Outcome() == game.P }

// Turn shows the user's moves; it reports true when the game is over.
func (p *Match) Turn(ctx context.Context) (over bool, err error) {
	opts, err := p.options(ctx)
	if err != nil {
		return true, err
	}
	if len(opts) == 0 {
		if p.moverWins(ctx) {
			p.printf("%s: you have no move, so I made the last move and lose: you win!\n", p.pos)
		} else {
			p.printf("%s: you have no move, so you lose. Well played by me.\n", p.pos)
		}
		return true, nil
	}
	if len(opts) > maxPlayMoves {
		return true, fmt.Errorf("%s has %d moves, too many to choose from; play a smaller position", p.pos, len(opts))
	}
	p.moves = opts
	p.printf("%s. Your move:\n", p.pos)
	if p.Buttons {
		return false, nil
	}
	for i, o := range opts {
		p.printf("  %d. %s\n", i+1, present.MoveText(p.pos, o))
	}
	p.printf("(type its number, or q to stop)\n")
	return false, nil
}

// options are the moves of the position, none once a part is decided.
func (p *Match) options(ctx context.Context) ([]play.Option, error) {
	if _, ok := p.pos.Decided(); ok {
		return nil, nil
	}
	return p.solver.Options(ctx, p.pos)
}

// Input takes the user's choice (a move's number, or q) and answers it; it reports true when the
// game is over.
func (p *Match) Input(ctx context.Context, line string) (over bool, err error) {
	line = strings.TrimSpace(line)
	if line == "q" || line == "quit" || line == ":quit" {
		p.printf("Game stopped.\n")
		return true, nil
	}
	k, convErr := strconv.Atoi(line)
	if convErr != nil || k < 1 || k > len(p.moves) {
		p.printf("Type the number of a move, 1 to %d, or q to stop.\n", len(p.moves))
		return false, nil
	}
	chosen := p.moves[k-1]
	p.judge(ctx, chosen)
	p.pos = chosen.Result(p.pos)
	opts, err := p.options(ctx)
	if err != nil {
		return true, err
	}
	if len(opts) == 0 {
		if p.moverWins(ctx) {
			p.printf("%s: I have no move, so you made the last move and lose. Well played by me.\n", p.pos)
		} else {
			p.printf("%s: I have no move, so you win!\n", p.pos)
		}
		return true, nil
	}
	mine, err := p.reply(ctx, opts, &chosen)
	if err != nil {
		return true, err
	}
	p.printf("I move: %s.\n", present.MoveText(p.pos, mine))
	p.pos = mine.Result(p.pos)
	return p.Turn(ctx)
}

// reply is the solver's move: its own choice when it makes one, else the
// first winning option, else the first that draws, else the first.
func (p *Match) reply(ctx context.Context, opts []play.Option, last *play.Option) (play.Option, error) {
	if r, ok := p.solver.(play.Replier); ok {
		o, found, err := r.Reply(ctx, p.pos, last)
		if err != nil || found {
			return o, err
		}
	}
	for _, o := range opts {
		if wins(o) {
			return o, nil
		}
	}
	for _, o := range opts {
		if o.Value.Outcome() == game.D { // a draw is better than a loss
			return o, nil
		}
	}
	return opts[0], nil
}

// moverWins reports whether the player to move wins a position without
// moves: under misère play he does, the other player having moved last.
func (p *Match) moverWins(ctx context.Context) bool {
	if _, ok := p.pos.Decided(); ok {
		return false
	}
	o, err := p.solver.Outcome(ctx, p.pos)
	return err == nil && o == game.N
}

// leaves says what a move leaves: a position of value 0 (normal play), or
// a P-position when the convention gives outcomes only.
func leaves(v play.Value) string {
	if v.Label() == "outcome" {
		if v.Outcome() == game.P {
			return "a P-position"
		}
		return "an N-position"
	}
	return "a position of value " + v.String()
}

// judge says whether the user's move was winning, and which moves were.
func (p *Match) judge(ctx context.Context, chosen play.Option) {
	if wins(chosen) {
		p.printf("A winning move: it leaves %s, so every move I make can be answered.\n", leaves(chosen.Value))
		return
	}
	after := "and I can win from it"
	if chosen.Value.Outcome() == game.D {
		after = "from which neither of us can force a win"
	}
	var winning []string
	for _, o := range p.moves {
		if wins(o) {
			winning = append(winning, present.MoveText(p.pos, o))
		}
	}
	if len(winning) > 0 {
		p.printf("Not a winning move: it leaves %s, %s. The winning moves were: %s.\n", leaves(chosen.Value), after, strings.Join(winning, "; "))
		return
	}
	own := "a losing value"
	v, err := p.solver.Value(ctx, p.pos)
	if err == nil {
		own = "value " + v.String()
	}
	if err == nil && v.Outcome() == game.D {
		if chosen.Value.Outcome() == game.D {
			p.printf("No move could win here: %s has %s, a draw with best play, and this move keeps it one.\n", p.pos, own)
		} else {
			p.printf("No move could win here: %s has %s, a draw with best play, but this move lets me win.\n", p.pos, own)
		}
		return
	}
	p.printf("No move could win here: %s has %s, and every move leaves a position that wins for the player to move (this one %s).\n", p.pos, own, leaves(chosen.Value))
}
