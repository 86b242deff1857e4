package eval

import (
	"context"
	"math"
	"math/big"
	"strings"

	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/lang"
	"github.com/gamelang/gamelang/stdlib"
)

// gameDecl is a declared game; with parameters, each distinct argument list
// makes (and keeps) its own ruleset, so that solvers keep what they learnt.
type gameDecl struct {
	name      string
	params    []string
	decl      *lang.GameDecl
	instances map[string]game.Ruleset
}

func (in *Interp) declare(ctx context.Context, d *lang.GameDecl) (Value, error) {
	gd := &gameDecl{name: d.Name, decl: d, instances: map[string]game.Ruleset{}}
	for _, p := range d.Params {
		gd.params = append(gd.params, p.Name)
	}
	if len(gd.params) > 0 {
		return Family{decl: gd}, nil
	}
	r, err := in.instantiate(ctx, gd, nil, d.Pos)
	if err != nil {
		return nil, err
	}
	return RulesetVal{r}, nil
}

// instantiate makes the ruleset of gd with its parameters bound to args.
func (in *Interp) instantiate(ctx context.Context, gd *gameDecl, args []Value, at lang.Pos) (game.Ruleset, error) {
	if len(args) != len(gd.params) {
		return nil, errorf(at, "%s takes %s (%s), got %d", gd.name, plural(len(gd.params), "parameter"), strings.Join(gd.params, ", "), len(args))
	}
	name := gd.name
	if len(args) > 0 {
		parts := make([]string, len(args))
		for i, a := range args {
			parts[i] = a.String()
		}
		name += "(" + strings.Join(parts, ", ") + ")"
	}
	if r, ok := gd.instances[name]; ok {
		return r, nil
	}
	env := map[string]Value{}
	for i, p := range gd.params {
		env[p] = args[i]
	}
	r, err := in.compileGame(ctx, gd.decl, name, env)
	if err != nil {
		return nil, err
	}
	gd.instances[name] = r
	return r, nil
}

// builtin returns the ruleset of a builtin game for the arguments, made once
// per session and kept, with what its solver learns.
func (in *Interp) builtin(b *stdlib.Builtin, args []Value, at lang.Pos) (game.Ruleset, error) {
	key := b.Name
	conv := make([]stdlib.Arg, len(args))
	if len(args) > 0 {
		parts := make([]string, len(args))
		for i, a := range args {
			parts[i] = a.String()
			switch a := a.(type) {
			case Int:
				conv[i] = a.V
			case Set, Range:
				var xs []*big.Int
				if err := eachInt(a, at, func(x *big.Int) error { xs = append(xs, x); return nil }); err != nil {
					return nil, err
				}
				conv[i] = newSet(xs).Elems
			default:
				return nil, errorf(at, "%s takes numbers and sets, not %s", b.Name, typeName(a))
			}
		}
		key += "(" + strings.Join(parts, ", ") + ")"
	}
	if r, ok := in.builtins[key]; ok {
		return r, nil
	}
	r, err := b.Make(stdlib.Env{Limits: in.limits()}, conv)
	if err != nil {
		return nil, errorf(at, "%v", err)
	}
	in.builtins[key] = r
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
	consts := make(map[string]Value, len(in.globals)+len(params))
	for k, v := range in.globals {
		consts[k] = v
	}
	for k, v := range params {
		consts[k] = v
	}
	sc := newScope(consts)
	switch d.Kind {
	case lang.HeapGame:
		return in.compileHeap(d, name, sc)
	case lang.TupleGame:
		return in.compileTuple(d, name, sc)
	}
	return in.compileSet(d, name, sc)
}

// rules is the compiled body of a heap or tuple ruleset.
type rules struct {
	takes      []takeRule
	moves      []moveRule
	loses      *compiled
	losesBlock *block // the 'loses if' condition over blocks of heaps, when it compiles so
}

func compileRules(sc *scope, body []lang.Rule) (rs rules, err error) {
	for _, r := range body {
		switch r := r.(type) {
		case *lang.TakeRule:
			var t takeRule
			t, err = compileTake(sc, r)
			rs.takes = append(rs.takes, t)
		case *lang.MoveRule:
			var m moveRule
			m, err = compileMove(sc, r)
			rs.moves = append(rs.moves, m)
		case *lang.LosesRule:
			rs.loses, err = compileCond(sc, r.Cond)
			if b, ok := sc.compileBlock(r.Cond); ok && err == nil {
				rs.losesBlock = &b
			}
		}
		if err != nil {
			return rs, err
		}
	}
	return rs, nil
}

func (in *Interp) compileHeap(d *lang.GameDecl, name string, sc *scope) (game.Ruleset, error) {
	sc.bind("n")
	rs, err := compileRules(sc, d.Rules)
	if err != nil {
		return nil, err
	}
	if !in.cfg.Generic {
		if r := in.recognize(name, rs, sc.n); r != nil {
			return r, nil
		}
	}
	return newHeapRuleset(name, rs.takes, rs.moves, rs.loses, sc.n, in.limits()), nil
}

func compileCond(sc *scope, e lang.Expr) (*compiled, error) {
	c, err := sc.compileInt(e)
	return &c, err
}

func compileTake(sc *scope, r *lang.TakeRule) (takeRule, error) {
	t := takeRule{pos: r.Pos, leave: leave0 | leave1}
	amount, err := sc.compileColl(r.Amount)
	if err != nil {
		return t, err
	}
	t.amount = amount
	if amount.constant() && !amount.isRange {
		t.sorted = amount.sortedConst()
	}
	switch {
	case r.Split:
		t.leave |= leave2
	case r.Leaving != nil:
		t.leave, err = compileLeaving(sc, r.Leaving)
	}
	return t, err
}

// compileLeaving reads `leaving 0..2`: a constant set of heap counts, 0 to 3.
func compileLeaving(sc *scope, e lang.Expr) (leave, error) {
	c, err := sc.compileColl(e)
	if err != nil {
		return 0, err
	}
	if !c.constant() {
		return 0, errorf(lang.ExprPos(e), "'leaving' needs constant heap counts (0 to 3)")
	}
	var l leave
	var bad *Error
	c.each(nil, func(k int64) bool {
		if k < 0 || k > 3 {
			bad = errorf(lang.ExprPos(e), "a take can leave 0, 1, 2 or 3 heaps, not %d", k)
			return false
		}
		l |= 1 << k
		return true
	})
	if bad != nil {
		return 0, bad
	}
	return l, nil
}

func compileMove(sc *scope, r *lang.MoveRule) (m moveRule, err error) {
	m.pos = r.Pos
	var bound []string
	defer func() {
		for _, name := range bound { // loop variables end with their rule
			delete(sc.slots, name)
		}
	}()
	for _, f := range r.Fors {
		rng, err := sc.compileColl(f.Range)
		if err != nil {
			return m, err
		}
		m.fors = append(m.fors, forClause{rng: rng, slot: sc.bind(f.Var.Name)})
		bound = append(bound, f.Var.Name)
	}
	if r.Guard != nil {
		if m.guard, err = compileCond(sc, r.Guard); err != nil {
			return m, err
		}
	}
	for _, e := range r.Result {
		c, err := sc.compileInt(e)
		if err != nil {
			return m, err
		}
		m.result = append(m.result, c)
		m.resultPos = append(m.resultPos, lang.ExprPos(e))
	}
	return m, nil
}

func (in *Interp) compileTuple(d *lang.GameDecl, name string, sc *scope) (game.Ruleset, error) {
	var vars []string
	for _, v := range d.Vars {
		sc.bind(v.Name)
		vars = append(vars, v.Name)
	}
	rs, err := compileRules(sc, d.Rules) // the check pass allows no take rules here
	if err != nil {
		return nil, err
	}
	return newTupleRuleset(name, vars, rs.moves, rs.loses, sc.n, in.limits()), nil
}

func (in *Interp) compileSet(d *lang.GameDecl, name string, sc *scope) (game.Ruleset, error) {
	var pick *lang.PickRule
	forbid := ""
	for _, r := range d.Rules {
		switch r := r.(type) {
		case *lang.PickRule:
			pick = r
		case *lang.ForbidRule:
			forbid = r.What.Name
		}
	}
	u, err := sc.compileColl(pick.Universe)
	if err != nil {
		return nil, err
	}
	p := lang.ExprPos(pick.Universe)
	if !u.isRange || !u.constant() || u.hi.val == math.MaxInt64 {
		return nil, errorf(p, "the numbers of a set ruleset are a bounded range such as 2..20")
	}
	lo, hi := u.lo.val, u.hi.val
	if lo < 1 || hi < lo || hi-lo >= MaxUniverse {
		return nil, errorf(p, "the numbers of a set ruleset must lie in 1..n with at most %d of them, not %d..%d", MaxUniverse, lo, hi)
	}
	return newSetRuleset(name, lo, hi, forbid, in.limits()), nil
}
