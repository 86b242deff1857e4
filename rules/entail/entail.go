package entail

import (
	"context"
	"fmt"

	"github.com/gamelang/gamelang/game"
)

// Ruleset is a declared game whose rules fall into groups by what their
// moves oblige.
type Ruleset struct {
	name   string
	groups [3]game.Ruleset // by game.Then; nil for a group with no rule
	kind   game.Kind
}

// New joins the rulesets compiled from each group of rules (indexed by
// game.Then, nil where the group has no rule) into one.
func New(name string, groups [3]game.Ruleset) *Ruleset {
	r := &Ruleset{name: name, groups: groups}
	for _, g := range groups {
		if g != nil {
			r.kind = g.Kind()
			break
		}
	}
	return r
}

func (r *Ruleset) Name() string            { return r.name }
func (r *Ruleset) Kind() game.Kind         { return r.kind }
func (r *Ruleset) Decided(game.State) bool { return false }
func (r *Ruleset) Rename(name string)      { r.name = name }
func (r *Ruleset) Convention() string      { return game.EntailingConvention }

// Groups are the rulesets of each group of rules, by game.Then.
func (r *Ruleset) Groups() [3]game.Ruleset { return r.groups }

// Moves refuses: see game.Entailing.
func (r *Ruleset) Moves(context.Context, game.State) ([]game.Move, error) {
	return nil, game.EntailingError(r.name)
}

// EntailMoves lists the moves of every group, marked with what they
// oblige. An entailing move must leave one position or nothing: the
// other player answers in it.
func (r *Ruleset) EntailMoves(ctx context.Context, s game.State) ([]game.Move, error) {
	var out []game.Move
	for then, g := range r.groups {
		if g == nil {
			continue
		}
		moves, err := g.Moves(ctx, s)
		if err != nil {
			return nil, err
		}
		for _, m := range moves {
			if game.Then(then) == game.Entail && len(m.To) > 1 {
				return nil, fmt.Errorf("%s has an entailing move that leaves several positions (%s): the other player must answer in the position it leaves, so it must leave one or nothing", r.name, game.Position(m.To))
			}
			w := m
			w.Then = game.Then(then)
			w.To = make([]game.Component, len(m.To))
			for i, c := range m.To {
				w.To[i] = game.Component{Rules: r, State: c.State}
			}
			out = append(out, w)
		}
	}
	return out, nil
}
