package misereplay

// explain(P, misere): what misère play says of a position. One position:
// its moves with the misère value each reaches, their mex, what that says
// of the player to move, and its genus — whether it is tame. A sum: how
// its outcome is found (misère values do not add), the parts' genera, and
// the winning moves.

import (
	"context"
	"fmt"
	"github.com/gamelang/gamelang/present"
	"math/big"
	"sort"
	"strings"

	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/play"
	"github.com/gamelang/gamelang/play/misere"
)

// ExplainMisere is explain(P, misere).
func ExplainMisere(ctx context.Context, s *misere.Solver, p game.Position) (string, error) {
	return present.ExplainBy(p, &misereExplainer{ctx: ctx, s: s})
}

type misereExplainer struct {
	present.Page
	ctx context.Context
	s   *misere.Solver
}

// single explains one position by the mex of its moves' misère values.
func (x *misereExplainer) Single(p game.Position) error {
	v, err := x.s.Value(x.ctx, p)
	if err != nil {
		return err
	}
	opts, err := x.s.Options(x.ctx, p)
	if err != nil {
		return err
	}
	x.Printf("Under misère play the player who makes the last move loses.\n")
	if len(opts) == 0 {
		x.Printf("%s has no moves: the player to move cannot move, so the other player made the last move\nand lost. Its misère value is 1 (outcome N).\n", p)
		return x.genus(p)
	}
	x.Printf("%s has %s:\n", p, present.Plural(len(opts), "move"))
	var vals []*big.Int
	seen := map[string]bool{}
	rows := make([][2]string, 0, len(opts))
	width := 0
	for i, o := range opts {
		w, err := x.s.Value(x.ctx, o.Result(p))
		if err != nil {
			return err
		}
		g := w.(misere.Value).G
		if !seen[g.String()] {
			seen[g.String()] = true
			vals = append(vals, g)
		}
		if i < present.MaxExplained {
			t := present.OptionText(play.Option{Move: o.Move})
			rows = append(rows, [2]string{t, "misère value " + g.String()})
			width = max(width, len(t))
		}
	}
	if len(opts) > present.MaxExplained {
		rows = append(rows, [2]string{fmt.Sprintf("... and %d more", len(opts)-present.MaxExplained), ""})
	}
	for _, r := range rows {
		x.Printf("  %-*s  %s\n", width, r[0], r[1])
	}
	sort.Slice(vals, func(i, j int) bool { return vals[i].Cmp(vals[j]) < 0 })
	x.Printf("The misère values of the moves are {%s}; their mex is %s, so %s has misère value %s.\n", present.JoinInts(vals, ", "), v, p, v)
	if err := x.outcome(p, v.Outcome()); err != nil {
		return err
	}
	return x.genus(p)
}

// genus says p's genus and whether it is tame.
func (x *misereExplainer) genus(p game.Position) error {
	g, tame, err := x.s.Genus(x.ctx, p)
	if err != nil {
		return err
	}
	switch {
	case tame:
		x.Printf("Its genus is %s, and it is tame: in misère sums it plays like a position of Nim.\n", g)
	case g.Tame():
		x.Printf("Its genus is %s, that of a position of Nim, but a position it leads to has another: it is not tame,\nand misère sums with it do not play like Nim.\n", g)
	default:
		x.Printf("Its genus is %s. It is not tame: misère sums with it do not play like Nim.\n", g)
	}
	return nil
}

// outcome says who wins, and how.
func (x *misereExplainer) outcome(p game.Position, o game.Outcome) error {
	if o == game.P {
		x.Printf("The player to move loses (outcome P): every move leads to a position the other player wins.\n")
		return nil
	}
	win, err := x.s.Winning(x.ctx, p)
	if err != nil {
		return err
	}
	if len(win) == 0 {
		x.Printf("The player to move wins (outcome N).\n")
		return nil
	}
	x.Printf("The player to move wins (outcome N) by moving to a P-position:\n  %s\n", strings.Join(present.MoveTexts(p, win, 6), "\n  "))
	return nil
}

// sum explains how a sum's outcome is found.
func (x *misereExplainer) Sum(p game.Position) error {
	o, how, err := x.s.How(x.ctx, p)
	if err != nil {
		return err
	}
	x.Printf("Under misère play the player who makes the last move loses. %s is a sum, and the\nmisère values of its parts do not add up: the outcome comes from %s.\n", p, how)
	if !strings.HasPrefix(how, "the misère quotient") {
		if err := x.parts(p); err != nil {
			return err
		}
	}
	return x.outcome(p, o)
}

// parts lists the parts' genera.
func (x *misereExplainer) parts(p game.Position) error {
	width := 0
	for _, c := range p {
		width = max(width, len(c.String()))
	}
	for _, c := range p {
		g, tame, err := x.s.Genus(x.ctx, game.Position{c})
		text := ""
		switch {
		case err != nil && tame:
			text = "tame, like a large heap of Nim"
		case err != nil:
			return err
		case tame:
			text = "genus " + g.String() + ", tame"
		case g.Tame():
			text = "genus " + g.String() + ", not tame: a position it leads to is not"
		default:
			text = "genus " + g.String() + ", not tame"
		}
		x.Printf("  %-*s  %s\n", width, c, text)
	}
	return nil
}
