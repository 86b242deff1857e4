package lib

import (
	"github.com/gamelang/gamelang/eval"
	"github.com/gamelang/gamelang/lib/entailplay"
	"github.com/gamelang/gamelang/lib/graphs"
	"github.com/gamelang/gamelang/lib/heaps"
	"github.com/gamelang/gamelang/lib/loopyplay"
	"github.com/gamelang/gamelang/lib/misereplay"
	"github.com/gamelang/gamelang/lib/normalplay"
	"github.com/gamelang/gamelang/lib/passplay"
	"github.com/gamelang/gamelang/play"
	"github.com/gamelang/gamelang/rules"
	"github.com/gamelang/gamelang/rules/list"
	"github.com/gamelang/gamelang/rules/set"
	"github.com/gamelang/gamelang/rules/tuple"
	_ "github.com/gamelang/gamelang/stdlib" // the builtin games, in package builtin's catalogue
)

func init() {
	for _, p := range []eval.Plugin{
		normalplay.Plugin, // the default convention, and the queries on sequences of values
		misereplay.Plugin,
		loopyplay.Plugin,
		entailplay.Plugin,
		passplay.Plugin,
		heaps.Plugin, // the default kind
		{Name: "tuples", Kinds: []rules.Kind{tuple.Decl}},
		{Name: "sets", Kinds: []rules.Kind{set.Decl}},
		graphs.Plugin,
		{Name: "lists", Kinds: []rules.Kind{list.Decl}},
	} {
		eval.Register(p)
	}
}

// Kinds are the kinds of position registered, heaps (the default) first.
func Kinds() []rules.Kind {
	var out []rules.Kind
	for _, p := range eval.Plugins() {
		out = append(out, p.Kinds...)
	}
	return out
}

// Conventions are the play conventions registered, normal play (the
// default) first.
func Conventions() []play.Convention {
	var out []play.Convention
	for _, p := range eval.Plugins() {
		out = append(out, p.Conventions...)
	}
	return out
}
