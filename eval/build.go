package eval

import (
	"context"
	"fmt"
	"math/big"
	"strings"

	"github.com/gamelang/gamelang/builtin"
	"github.com/gamelang/gamelang/check"
	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/lang"
	"github.com/gamelang/gamelang/rules"
)

// gameDecl is a declared game; with parameters, each distinct argument list
// makes (and keeps) its own ruleset, so that solvers keep what they learnt.
type gameDecl struct {
	name      string
	params    []string
	decl      *lang.GameDecl
	instances map[string]game.Ruleset // by argKey
	making    map[string]bool         // the instances being made, by argKey
}

func (in *Interp) declare(ctx context.Context, d *lang.GameDecl) (Value, error) {
	gd := &gameDecl{name: d.Name, decl: d, instances: map[string]game.Ruleset{}, making: map[string]bool{}}
	for _, p := range d.Params {
		gd.params = append(gd.params, p.Name)
	}
	if len(gd.params) > 0 {
		return ParamGame{decl: gd}, nil
	}
	r, err := in.instantiate(ctx, gd, nil, d.Pos)
	if err != nil {
		return nil, err
	}
	return RulesetVal{r}, nil
}

// supersede renames the rulesets of a definition of name that a new one
// replaces at the prompt: A becomes A', an older A' becomes A”, and A(3)
// becomes A'(3), so that positions made before and after print apart.
func (in *Interp) supersede(name string, old Value) {
	var made []game.Ruleset
	switch v := old.(type) {
	case RulesetVal:
		made = []game.Ruleset{v.R}
	case ParamGame:
		if v.decl == nil {
			return
		}
		for _, r := range v.decl.instances {
			made = append(made, r)
		}
		v.decl.name += "'" // instances it makes from now on
	default:
		return
	}
	in.old[name] = append([][]game.Ruleset{made}, in.old[name]...)
	for i, gen := range in.old[name] {
		for _, r := range gen {
			if rn, ok := r.(game.Renamer); ok {
				rest := strings.TrimLeft(strings.TrimPrefix(r.Name(), name), "'")
				rn.Rename(name + strings.Repeat("'", i+1) + rest)
			}
		}
	}
}

// argKey tells argument lists apart: by type and value, so that G(3) and
// G("3") are different instances.
func argKey(args []Value) string {
	parts := make([]string, len(args))
	for i, a := range args {
		parts[i] = typeName(a) + " " + a.String()
	}
	return strings.Join(parts, "\x00")
}

// callName writes a ruleset made from a family with arguments: "Bounded(3)".
func callName(name string, args []Value) string {
	if len(args) == 0 {
		return name
	}
	parts := make([]string, len(args))
	for i, a := range args {
		parts[i] = a.String()
	}
	return name + "(" + strings.Join(parts, ", ") + ")"
}

// maxNestedInstances bounds how deep making a ruleset may make others of
// the same declaration: game S(T) = S(T + 1) would never end.
const maxNestedInstances = 64

// instantiate makes the ruleset of gd with its parameters bound to args.
func (in *Interp) instantiate(ctx context.Context, gd *gameDecl, args []Value, at lang.Pos) (game.Ruleset, error) {
	if len(args) != len(gd.params) {
		return nil, errorf(at, "%s takes %s (%s), got %d", gd.name, check.Plural(len(gd.params), "parameter"), strings.Join(gd.params, ", "), len(args))
	}
	key := argKey(args)
	if r, ok := gd.instances[key]; ok {
		return r, nil
	}
	env := map[string]Value{}
	for i, p := range gd.params {
		env[p] = args[i]
	}
	name := callName(gd.name, args)
	if gd.making[key] {
		return nil, errorf(at, "%s is defined through itself", name)
	}
	if len(gd.making) >= maxNestedInstances {
		return nil, errorf(at, "%s: the definition of %s makes rulesets of itself more than %d deep", name, gd.name, maxNestedInstances)
	}
	gd.making[key] = true
	defer delete(gd.making, key)
	r, err := in.compileGame(ctx, gd.decl, name, env)
	if err != nil {
		return nil, err
	}
	gd.instances[key] = r
	return r, nil
}

// builtin returns the ruleset of a builtin game for the arguments, made once
// per session and kept, with what its solvers learn.
func (in *Interp) builtin(b *builtin.Game, args []Value, at lang.Pos) (game.Ruleset, error) {
	key := b.Name + "\x00" + argKey(args)
	if r, ok := in.made[key]; ok {
		return r, nil
	}
	if b.Defined() {
		d := b.Decl()
		if d == nil {
			return nil, fmt.Errorf("builtin %s: its definition does not parse", b.Name)
		}
		r, err := in.compileGame(context.Background(), d, b.Name, nil)
		if err != nil {
			return nil, err
		}
		in.made[key] = r
		return r, nil
	}
	conv := make([]builtin.Arg, len(args))
	for i, a := range args {
		switch a := a.(type) {
		case Int:
			conv[i] = a.V
		case Set, Range, List:
			var xs []*big.Int
			if err := listInts(a, at, func(x *big.Int) error { xs = append(xs, x); return nil }); err != nil {
				return nil, err
			}
			conv[i] = newSet(xs).Elems
		default:
			return nil, errorf(at, "%s takes numbers, sets and lists, not %s", b.Name, typeName(a))
		}
	}
	r, err := b.Make(builtin.Env{Limits: in.limits()}, conv)
	if err != nil {
		return nil, errorf(at, "%v", err)
	}
	in.made[key] = r
	return r, nil
}

func (in *Interp) compileGame(ctx context.Context, d *lang.GameDecl, name string, params map[string]Value) (game.Ruleset, error) {
	if d.Alias != nil {
		v, err := in.eval(ctx, d.Alias, params)
		if err != nil {
			return nil, err
		}
		rv, ok := v.(RulesetVal)
		if !ok {
			return nil, errorf(lang.ExprPos(d.Alias), "game %s = ... needs a ruleset, such as octal(\"0.07\"), not %s", d.Name, typeName(v))
		}
		return game.Renamed(rv.R, name), nil
	}
	k := in.kind(d)
	consts := func(n string) (rules.Const, bool) {
		v, ok := params[n]
		if !ok {
			v, ok = in.globals[n]
		}
		if !ok {
			v, ok = builtinConsts[n]
		}
		if !ok {
			return rules.Const{}, false
		}
		return constOf(v), true
	}
	scope := func() *rules.Scope { return rules.NewScope(consts) } // one per compile: a kind binds its variables in it
	sc := scope()
	plain, hasPass := d.WithoutPass()
	opts := rules.Options{Generic: in.cfg.Generic, Limits: in.limits()}
	var r game.Ruleset
	var err error
	if groups, ok := plain.Obliging(); ok {
		// entailing or again rules: each group compiled by the kind, joined
		if obliging == nil {
			return nil, errorf(d.Pos, "game %s has moves that oblige (entailing, again), and no plugin of this build plays them", d.Name)
		}
		var rs [3]game.Ruleset
		for i, g := range groups {
			if g != nil {
				if rs[i], err = k.Compile(g, name, scope(), opts); err != nil {
					return nil, err
				}
			}
		}
		r = obliging(name, rs)
	} else if r, err = k.Compile(plain, name, sc, opts); err != nil {
		return nil, err
	}
	if !hasPass {
		return r, nil
	}
	if passer == nil {
		return nil, errorf(d.Pos, "game %s has a pass, and no plugin of this build gives one", d.Name)
	}
	return passer(r), nil // pass once: the kind's ruleset, its positions carrying the pass
}

// kind is the kind of position a checked declaration names.
func (in *Interp) kind(d *lang.GameDecl) rules.Kind {
	for _, k := range in.cfg.Kinds {
		if k.Word() == d.KindWord() {
			return k
		}
	}
	panic(fmt.Sprintf("eval: the check pass let an unknown kind through: %q", d.KindWord()))
}

// constOf is a value as the rule compiler takes it.
func constOf(v Value) rules.Const {
	switch v := v.(type) {
	case Int:
		return rules.IntConst(v.V)
	case Bool:
		return rules.BoolConst(bool(v))
	case Set:
		return rules.SetConst(v.Elems)
	case List:
		return rules.ListConst(v.Elems)
	case Range:
		if v.Open {
			return rules.RangeConst(v.Lo, nil)
		}
		return rules.RangeConst(v.Lo, v.Hi)
	case FuncVal:
		return rules.FuncConst(v.Decl)
	}
	return rules.OtherConst(typeName(v))
}

// heapValue is the value of heap n of a ruleset whose positions are one
// number.
func (in *Interp) heapValue(ctx context.Context, r game.Ruleset, n *big.Int) (*big.Int, error) {
	return in.HeapValue(ctx, r, n)
}

// grundier is a solver that gives Grundy values as numbers: normal play's.
type grundier interface {
	Grundy(ctx context.Context, p game.Position) (*big.Int, error)
}

// HeapValue is the Grundy value of heap n of a ruleset whose positions are
// one number, from the default convention's solver (normal play).
func (in *Interp) HeapValue(ctx context.Context, r game.Ruleset, n *big.Int) (*big.Int, error) {
	s, err := r.Kind().Make(r.Name(), []*big.Int{n})
	if err != nil {
		return nil, err
	}
	g, ok := in.solver(in.cfg.Conventions[0]).(grundier)
	if !ok {
		return nil, fmt.Errorf("the default convention, %s, gives no Grundy values", in.cfg.Conventions[0].Name())
	}
	return g.Grundy(ctx, game.Position{{Rules: r, State: s}})
}
