package eval

import (
	"context"
	"fmt"

	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/lang"
	"github.com/gamelang/gamelang/play"
	"github.com/gamelang/gamelang/rules"
)

// Plugin is what a package adds to the language: kinds of position,
// play conventions, builtin functions (the queries and constructors that
// belong to them) and explainers. The interpreter knows no kind, convention
// or engine of its own: package lib registers gamelang's, one line each,
// and a program that embeds eval imports it (or registers its own).
type Plugin struct {
	Name        string
	Kinds       []rules.Kind
	Conventions []play.Convention
	Funcs       map[string]Func
	// Explainers say how a convention finds the value of a position, for
	// explain(P) and explain(P, convention), by the convention's name.
	Explainers map[string]Explainer
	// Obliging joins the rules of a declaration whose moves oblige
	// (`take 1 entailing`, `move (...) again`) into one ruleset: groups
	// holds the kind's ruleset of the free, entailing and again rules, nil
	// where there are none. One plugin gives it (entailing play).
	Obliging func(name string, groups [3]game.Ruleset) game.Ruleset
	// Pass gives a declared ruleset its one-time pass (`pass once`). One
	// plugin gives it.
	Pass func(game.Ruleset) game.Ruleset
}

// Func is a builtin function: its arity (Max < 0 for no bound), how it is
// called and what it gives (for :help and the reference), and what it
// does. With Convention, its last argument may name a play convention.
type Func struct {
	Min, Max   int
	Usage, Doc string
	Call       func(in *Interp, ctx context.Context, call *lang.Call, args []Value) (Value, error)
	Convention bool
}

// Explainer is explain(P) under a convention; depth is how far down it
// goes where the convention goes down (normal play), 0 when not given.
type Explainer func(in *Interp, ctx context.Context, p game.Position, depth int) (string, error)

var (
	plugins     []Plugin
	explainers  = map[string]Explainer{}
	kindsReg    []rules.Kind
	obliging    func(string, [3]game.Ruleset) game.Ruleset
	passer      func(game.Ruleset) game.Ruleset
	conventReg  []play.Convention
	pluginNames = map[string]bool{}
)

// Register adds a plugin's kinds, conventions, functions and explainers
// to every session made after it (the first convention registered is the
// default). Call it from an init function; a name defined twice panics.
func Register(p Plugin) {
	if pluginNames[p.Name] {
		panic(fmt.Sprintf("eval: plugin %s registered twice", p.Name))
	}
	pluginNames[p.Name] = true
	for name, f := range p.Funcs {
		if _, ok := funcs[name]; ok {
			panic(fmt.Sprintf("eval: plugin %s defines %s, which is defined already", p.Name, name))
		}
		funcs[name] = &fn{f.Min, f.Max, f.Usage, f.Doc, f.Call, f.Convention}
	}
	if p.Obliging != nil {
		if obliging != nil {
			panic(fmt.Sprintf("eval: plugin %s joins obliging moves, which another plugin does already", p.Name))
		}
		obliging = p.Obliging
	}
	if p.Pass != nil {
		if passer != nil {
			panic(fmt.Sprintf("eval: plugin %s gives the pass, which another plugin does already", p.Name))
		}
		passer = p.Pass
	}
	for name, e := range p.Explainers {
		explainers[name] = e
	}
	kindsReg = append(kindsReg, p.Kinds...)
	conventReg = append(conventReg, p.Conventions...)
	plugins = append(plugins, p)
}

// Plugins are the plugins registered, in order.
func Plugins() []Plugin { return append([]Plugin(nil), plugins...) }

// Datum is a value that makes positions of kinds made from data
// (game.ValueMaker): a graph for a graph ruleset, a word for a word kind.
type Datum interface {
	Value
	Datum() any
}

// Datum is the string itself.
func (v Str) Datum() any { return string(v) }
