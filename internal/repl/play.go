package repl

// play(P) at the prompt: the user and the solver take turns. Each of the
// user's moves is judged — a winning move leaves a position of value 0; if it
// was not one, the winning moves are named — and the solver answers with a
// winning move when it has one. Moves are chosen by number.

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/gamelang/gamelang/eval"
	"github.com/gamelang/gamelang/game"
)

type play struct {
	pos   game.Position
	out   io.Writer
	moves []game.Option // the user's moves now
}

// maxPlayMoves bounds the moves listed for a choice.
const maxPlayMoves = 200

func newPlay(p game.Position, out io.Writer) *play { return &play{pos: p, out: out} }

func (p *play) printf(format string, args ...any) { fmt.Fprintf(p.out, format, args...) }

// turn shows the user's moves; it reports true when the game is over.
func (p *play) turn(ctx context.Context) (over bool, err error) {
	opts, err := options(ctx, p.pos)
	if err != nil {
		return true, err
	}
	if len(opts) == 0 {
		p.printf("%s: you have no move, so you lose. Well played by me.\n", p.pos)
		return true, nil
	}
	if len(opts) > maxPlayMoves {
		return true, fmt.Errorf("%s has %d moves, too many to choose from; play a smaller position", p.pos, len(opts))
	}
	p.moves = opts
	p.printf("%s. Your move:\n", p.pos)
	for i, o := range opts {
		p.printf("  %d. %s\n", i+1, eval.DescribeMove(p.pos, o))
	}
	p.printf("(type its number, or q to stop)\n")
	return false, nil
}

// options are the moves of a position, none once a part is decided.
func options(ctx context.Context, pos game.Position) ([]game.Option, error) {
	for _, c := range pos {
		if c.Rules.Decided(c.State) {
			return nil, nil
		}
	}
	return game.Options(ctx, pos)
}

// input takes the user's choice and answers it; it reports true when the
// game is over.
func (p *play) input(ctx context.Context, line string) (over bool, err error) {
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
	p.judge(chosen)
	p.pos = chosen.Result
	opts, err := options(ctx, p.pos)
	if err != nil {
		return true, err
	}
	if len(opts) == 0 {
		p.printf("%s: I have no move, so you win!\n", p.pos)
		return true, nil
	}
	mine := opts[0]
	for _, o := range opts {
		if o.Grundy.Sign() == 0 {
			mine = o
			break
		}
	}
	p.printf("I move: %s.\n", eval.DescribeMove(p.pos, mine))
	p.pos = mine.Result
	return p.turn(ctx)
}

// judge says whether the user's move was winning, and which moves were.
func (p *play) judge(chosen game.Option) {
	if chosen.Grundy.Sign() == 0 {
		p.printf("A winning move: it leaves a position of value 0, so every move I make can be answered.\n")
		return
	}
	var winning []string
	for _, o := range p.moves {
		if o.Grundy.Sign() == 0 {
			winning = append(winning, eval.DescribeMove(p.pos, o))
		}
	}
	if len(winning) == 0 {
		p.printf("No move could win here: %s has value 0, and every move leaves a value other than 0 (this one %s).\n", p.pos, chosen.Grundy)
		return
	}
	p.printf("Not a winning move: it leaves a position of value %s, and I can win from it. The winning moves were: %s.\n", chosen.Grundy, strings.Join(winning, "; "))
}
