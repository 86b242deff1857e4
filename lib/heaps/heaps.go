// Package heaps plugs heaps into the language: the heap kind of position
// (rules/heap: take-and-break rules, codes, bounded Nim) and the functions
// that make a ruleset of a game code, octal("0.07") and hex("4.8").
package heaps

import (
	"context"
	"fmt"

	"github.com/gamelang/gamelang/eval"
	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/lang"
	"github.com/gamelang/gamelang/octal"
	"github.com/gamelang/gamelang/rules"
	"github.com/gamelang/gamelang/rules/heap"
)

// Plugin is the heap kind and the game codes.
var Plugin = eval.Plugin{
	Name:  "heaps",
	Kinds: []rules.Kind{heap.Decl},
	Funcs: map[string]eval.Func{
		"octal": {Min: 1, Max: 1, Usage: `octal("0.07")`, Doc: "the heap ruleset of an octal code (Winning Ways digits: 1 whole heap, 2 one heap left, 4 two heaps left)", Call: fnCode(8)},
		"hex":   {Min: 1, Max: 1, Usage: `hex("4.8")`, Doc: "the heap ruleset of a hexadecimal code (digit 8: three heaps left)", Call: fnCode(16)},
	},
}

func fnCode(base int) func(*eval.Interp, context.Context, *lang.Call, []eval.Value) (eval.Value, error) {
	return func(in *eval.Interp, ctx context.Context, call *lang.Call, args []eval.Value) (eval.Value, error) {
		code, ok := args[0].(eval.Str)
		if !ok {
			return nil, lang.Errorf(call.Pos, "a game code is a string such as \"0.07\", not %s", args[0].What())
		}
		fn := map[int]string{8: "octal", 16: "hex"}[base]
		c, err := octal.Parse(string(code), base)
		if err != nil {
			return nil, lang.Errorf(lang.ExprPos(call.Args[0]), "%v", err)
		}
		name := fmt.Sprintf("%s(%q)", fn, string(code))
		r := in.Made(name, func() game.Ruleset { // one ruleset per code, so that its positions add up in one game
			return heap.NewCode(name, octal.Spec{Code: c, Origin: heap.OriginCode}, in.Limits())
		})
		return eval.RulesetVal{R: r}, nil
	}
}
