// Package loopyplay plugs loopy play into the language: the convention
// (play/loopy) and explain() under loopy play.
package loopyplay

import (
	"context"

	"github.com/gamelang/gamelang/eval"
	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/play"
	"github.com/gamelang/gamelang/play/loopy"
)

// Plugin is loopy play.
var Plugin = eval.Plugin{
	Name:        "loopy play",
	Conventions: []play.Convention{loopy.Convention},
	Explainers: map[string]eval.Explainer{loopy.Convention.Name(): func(in *eval.Interp, ctx context.Context, p game.Position, _ int) (string, error) {
		return ExplainLoopy(ctx, in.Solver(loopy.Convention.Name()).(*loopy.Solver), p)
	}},
}
