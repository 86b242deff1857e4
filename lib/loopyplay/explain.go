package loopyplay

// explain(P, loopy): where a loopy value comes from. One position: its
// moves and their values, the least number m missing among them, and then
// either every move to a larger or infinite value answered by a move back
// to m (the value is m), or the move that cannot be answered (the value is
// ∞, and the outcome N or a draw). A sum: its parts' values and Smith's rule.

import (
	"context"
	"fmt"
	"github.com/gamelang/gamelang/present"
	"math/big"
	"strings"

	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/play"
	"github.com/gamelang/gamelang/play/loopy"
)

// ExplainLoopy is explain(P, loopy).
func ExplainLoopy(ctx context.Context, s *loopy.Solver, p game.Position) (string, error) {
	return present.ExplainBy(p, &loopyExplainer{ctx: ctx, s: s})
}

type loopyExplainer struct {
	present.Page
	ctx context.Context
	s   *loopy.Solver
}

func (x *loopyExplainer) value(p game.Position) (loopy.Value, error) {
	v, err := x.s.Value(x.ctx, p)
	if err != nil {
		return loopy.Value{}, err
	}
	return asLoopy(v), nil
}

// asLoopy is a value as loopy play has it: normal play's numbers for the
// games whose moves never loop.
func asLoopy(v play.Value) loopy.Value {
	if lv, ok := v.(loopy.Value); ok {
		return lv
	}
	return loopy.Value{G: v.(interface{ Nim() *big.Int }).Nim()}
}

func (x *loopyExplainer) Single(p game.Position) error {
	v, err := x.value(p)
	if err != nil {
		return err
	}
	opts, err := x.s.Options(x.ctx, p)
	if err != nil {
		return err
	}
	x.Printf("Under loopy play the player who cannot move loses, and play that goes on for ever is a draw.\n")
	if len(opts) == 0 {
		x.Printf("%s has no moves: its value is 0, and the player to move loses (outcome P).\n", p)
		return nil
	}
	x.Printf("%s has %s:\n", p, present.Plural(len(opts), "move"))
	have := map[string]bool{}
	width := 0
	for _, o := range opts {
		width = max(width, len(present.OptionText(play.Option{Move: o.Move})))
	}
	for i, o := range opts {
		if i == present.MaxExplained {
			x.Printf("  ... and %d more\n", len(opts)-i)
			break
		}
		x.Printf("  %-*s  value %s\n", width, present.OptionText(play.Option{Move: o.Move}), o.Value)
	}
	for _, o := range opts {
		have[o.Value.String()] = true
	}
	m := int64(0)
	for have[fmt.Sprint(m)] {
		m++
	}
	escape, err := x.escape(p, opts, m)
	if err != nil {
		return err
	}
	if escape == nil {
		x.Printf("%d is the least number not among the values of the moves, and every move to a larger or\ninfinite value can be answered by a move back to a position of value %d: the value of %s is %s.\n", m, m, p, v)
	} else {
		x.Printf("%d is the least number not among the values of the moves, but the move to %s (value %s)\ncannot be answered by a move back to a position of value %d: the value of %s is %s.\n",
			m, present.LeftText(escape.Move.To), escape.Value, m, p, v)
	}
	x.Printf("%s.\n", outcomeWords(v))
	return nil
}

// escape is a move from p to a larger or infinite value with no move back to m.
func (x *loopyExplainer) escape(p game.Position, opts []play.Option, m int64) (*play.Option, error) {
	for i, o := range opts {
		v := asLoopy(o.Value)
		if !v.Inf && v.G.Cmp(big.NewInt(m)) < 0 {
			continue
		}
		back, err := x.s.Options(x.ctx, o.Result(p))
		if err != nil {
			return nil, err
		}
		reversed := false
		for _, w := range back {
			reversed = reversed || w.Value.String() == fmt.Sprint(m)
		}
		if !reversed {
			return &opts[i], nil
		}
	}
	return nil, nil
}

// outcomeWords says what a value means for the player to move.
func outcomeWords(v loopy.Value) string {
	switch v.Outcome() {
	case game.P:
		return "The player to move loses (outcome P)"
	case game.N:
		return "The player to move wins (outcome N) by moving to a position of value 0"
	}
	return "Neither player can force a win: with best play the game goes on for ever (outcome D, a draw)"
}

// sum explains a sum by Smith's rule.
func (x *loopyExplainer) Sum(p game.Position) error {
	x.Printf("Under loopy play the player who cannot move loses, and play that goes on for ever is a draw.\n%s is a sum; its value follows from its parts' by Smith's rule: numbers add by XOR, a number a\nand ∞{K} make ∞{K xor a}, and two infinite values make ∞{} (a draw).\n", p)
	width := 0
	for _, c := range p {
		width = max(width, len(c.String()))
	}
	for _, c := range p {
		v, err := x.value(game.Position{c})
		if err != nil {
			return err
		}
		x.Printf("  %-*s  value %s\n", width, c, v)
	}
	v, err := x.value(p)
	if err != nil {
		return err
	}
	x.Printf("The sum has value %s. %s", v, outcomeWords(v))
	if v.Outcome() != game.N {
		x.Printf(".\n")
		return nil
	}
	win, err := x.s.Winning(x.ctx, p)
	if err != nil {
		return err
	}
	x.Printf(":\n  %s\n", strings.Join(present.MoveTexts(p, win, 6), "\n  "))
	return nil
}
