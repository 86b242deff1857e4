package set

import (
	"math"

	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/lang"
	"github.com/gamelang/gamelang/rules"
)

// Decl is the kind of set games as the language declares them: `game G set
// { pick x in 2..20  forbid sums }`.
var Decl rules.Kind = decl{}

type decl struct{}

func (decl) Word() string                        { return "set" }
func (decl) Describe() string                    { return "set" }
func (decl) Rules() []string                     { return []string{"pick", "forbid"} }
func (decl) Locals(*lang.GameDecl) []rules.Local { return nil }

// Position finds nothing: numbers outside the universe show only when the
// position is made, and parentheses are refused then too.
func (decl) Position(*lang.GameDecl, int, bool) string { return "" }

// ForbidWords are the words 'forbid' takes.
var ForbidWords = []string{ForbidSums, ForbidMultiples}

func (decl) Check(d *lang.GameDecl, report func(lang.Pos, string, ...any)) {
	if len(d.KindVars()) > 0 {
		report(d.Kind.Pos, "a set ruleset takes no variables: its positions are sets of numbers")
	}
	picks := 0
	for _, r := range d.Rules {
		switch r := r.(type) {
		case *lang.PickRule:
			picks++
		case *lang.ForbidRule:
			if w := r.What; w.Name != ForbidSums && w.Name != ForbidMultiples {
				report(w.Pos, "forbid %s: a set ruleset can forbid 'sums' or 'multiples'", w.Name)
			}
		}
	}
	if picks == 0 {
		report(d.Pos, "set ruleset %s needs a rule 'pick x in lo..hi'", d.Name)
	}
}

func (decl) Compile(d *lang.GameDecl, name string, sc *rules.Scope, _ rules.Options) (game.Ruleset, error) {
	var pick *lang.PickRule
	forbid := ForbidNothing
	for _, r := range d.Rules {
		switch r := r.(type) {
		case *lang.PickRule:
			pick = r
		case *lang.ForbidRule:
			forbid = r.What.Name
		}
	}
	u, err := sc.CompileColl(pick.Universe)
	if err != nil {
		return nil, err
	}
	p := lang.ExprPos(pick.Universe)
	if !u.IsRange || !u.Constant() || u.Hi.Val == math.MaxInt64 {
		return nil, lang.Errorf(p, "the numbers of a set ruleset are a bounded range such as 2..20")
	}
	lo, hi := u.Lo.Val, u.Hi.Val
	if lo < 1 || hi < lo || hi-lo >= MaxUniverse {
		return nil, lang.Errorf(p, "the numbers of a set ruleset must lie in 1..n with at most %d of them, not %d..%d", MaxUniverse, lo, hi)
	}
	return New(name, lo, hi, forbid), nil
}
