// Package passplay plugs the one-time pass into the language: `pass once`
// in a declaration and withpass(P) for a sum (rules/pass gives both their
// rulesets; play/normal answers sums of Nim heaps with a pass from a
// table).
package passplay

import (
	"context"

	"github.com/gamelang/gamelang/eval"
	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/lang"
	"github.com/gamelang/gamelang/rules/pass"
)

// Plugin is the pass.
var Plugin = eval.Plugin{
	Name: "pass",
	Pass: func(r game.Ruleset) game.Ruleset { return pass.Wrap(r) },
	Funcs: map[string]eval.Func{
		"withpass": {Min: 1, Max: 1, Usage: "withpass(P)", Doc: "the position P (a sum) with one pass for the whole of it: either player may pass once, not from a position without a move", Call: withPass},
	},
}

// withPass is withpass(P): the sum P with a one-time pass for the whole of
// it (rules/pass.WrapSum).
func withPass(_ *eval.Interp, _ context.Context, call *lang.Call, args []eval.Value) (eval.Value, error) {
	p, err := eval.PositionOf(args[0], call.Pos)
	if err != nil {
		return nil, err
	}
	c, err := pass.WrapSum(p)
	if err != nil {
		return nil, lang.At(call.Pos, err)
	}
	return eval.PositionVal{P: game.Position{c}}, nil
}
