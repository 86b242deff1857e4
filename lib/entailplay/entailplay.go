// Package entailplay plugs entailing play into the language: the
// convention (play/entailing), explain() under it, declarations whose
// moves oblige (rules/entail), and the builtin games
// whose moves oblige (Top Entails, Nimstring) live in stdlib.
package entailplay

import (
	"context"

	"github.com/gamelang/gamelang/eval"
	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/play"
	"github.com/gamelang/gamelang/play/entailing"
	"github.com/gamelang/gamelang/rules/entail"
)

// Plugin is entailing play.
var Plugin = eval.Plugin{
	Name:        "entailing play",
	Conventions: []play.Convention{entailing.Convention},
	Obliging:    func(name string, groups [3]game.Ruleset) game.Ruleset { return entail.New(name, groups) }, // a declaration's entailing and again rules, joined
	Explainers: map[string]eval.Explainer{entailing.Convention.Name(): func(in *eval.Interp, ctx context.Context, p game.Position, _ int) (string, error) {
		return ExplainEntailing(ctx, in.Solver(entailing.Convention.Name()).(*entailing.Solver), p)
	}},
}
