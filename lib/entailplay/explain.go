package entailplay

// explain(P, entailing): where a value under entailing play comes from.
// One part: each move with the values x of the rest it answers (a free
// move to a position worth v answers v; an again move every x but v; an
// entailing move the x for which the other player, obliged to answer in
// what it leaves, loses), then the least nimber no move answers, or ∞
// when they answer every one. A sum: its parts' values, ∞ if one is, else
// their XOR.

import (
	"context"
	"github.com/gamelang/gamelang/present"

	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/play/entailing"
)

// ExplainEntailing is explain(P, entailing).
func ExplainEntailing(ctx context.Context, s *entailing.Solver, p game.Position) (string, error) {
	return present.ExplainBy(p, &entailExplainer{ctx: ctx, s: s})
}

type entailExplainer struct {
	present.Page
	ctx context.Context
	s   *entailing.Solver
}

func (x *entailExplainer) Single(p game.Position) error {
	answers, v, err := x.s.Explain(x.ctx, p[0])
	if err != nil {
		return err
	}
	x.Printf("Under entailing play an entailing move obliges the other player to answer in what it leaves, an again move obliges the mover to move again, and the player who cannot move loses.\n")
	x.Printf("A move of %s wins when the rest of the sum is worth one of the values it answers:\n", p)
	if len(answers) == 0 {
		x.Printf("  (no move)\n")
	}
	for _, a := range answers {
		x.Printf("  %s%s answers %s\n", sayMove(p[0], a.Move), then(a.Move.Then), a.Answers)
	}
	if st, ok := p[0].Rules.(entailing.Structured); ok {
		if text, ok := st.Structure(p[0].State); ok {
			x.Printf("%s", text)
		}
	}
	if v.String() == "∞" {
		x.Printf("They answer every nimber: %s is loony, ∞: whoever moves in a sum holding it wins (outcome N), and a move to it loses.\n", p)
		return nil
	}
	x.Printf("The least nimber no move answers is %s: %s is worth %s (outcome %s).\n", v, p, v, v.Outcome())
	return nil
}

// then says what a move obliges.
func then(t game.Then) string {
	switch t {
	case game.Entail:
		return " (entailing)"
	case game.Again:
		return " (again)"
	}
	return ""
}

// sayMove writes a move as "cut a-b" or "to TopEntails(2) + TopEntails(2)".
func sayMove(c game.Component, m game.Move) string {
	if m.Label != "" {
		return m.Label
	}
	if len(m.To) == 0 {
		return "to nothing"
	}
	return "to " + game.Position(m.To).String()
}

func (x *entailExplainer) Sum(p game.Position) error {
	x.Printf("Under entailing play a sum is ∞ (loony) when a part is, else the XOR of its parts:\n")
	for _, c := range p {
		v, err := x.s.Value(x.ctx, game.Position{c})
		if err != nil {
			return err
		}
		x.Printf("  %s = %s\n", c, v)
	}
	v, err := x.s.Value(x.ctx, p)
	if err != nil {
		return err
	}
	x.Printf("%s = %s (outcome %s).\n", p, v, v.Outcome())
	return nil
}
