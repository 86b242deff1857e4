package heap

import (
	"fmt"

	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/lang"
	"github.com/gamelang/gamelang/octal"
	"github.com/gamelang/gamelang/rules"
)

// Decl is the kind of heap games as the language declares them: `game G {
// take ...; move ...; loses if ... }`, with the heap size n in the rules.
var Decl rules.Kind = decl{}

type decl struct{}

func (decl) Word() string     { return "" }
func (decl) Describe() string { return "heap" }
func (decl) Rules() []string  { return []string{"take", "move", "loses"} }

func (decl) Locals(*lang.GameDecl) []rules.Local {
	return []rules.Local{{Name: "n", What: "the heap size in a heap ruleset"}}
}

func (decl) Check(*lang.GameDecl, func(lang.Pos, string, ...any)) {}

// Parts is where the first rule of d that may leave several heaps is: a
// take that splits or leaves heaps, a move of more than one heap
// (rules.Parted).
func (decl) Parts(d *lang.GameDecl) (lang.Pos, bool) {
	for _, r := range d.Rules {
		switch r := r.(type) {
		case *lang.TakeRule:
			if r.Split || r.Leaving != nil {
				return r.Pos, true
			}
		case *lang.MoveRule:
			if len(r.Result) != 1 {
				return r.Pos, true
			}
			if _, ok := r.Result[0].(*lang.Comprehension); ok {
				return r.Pos, true
			}
		}
	}
	return lang.Pos{}, false
}

func (decl) Position(d *lang.GameDecl, n int, braces bool) string {
	switch {
	case braces:
		return fmt.Sprintf("%s is a heap ruleset: write its positions as %s(...), not with braces", d.Name, d.Name)
	case n != 1:
		return fmt.Sprintf("a position of %s is one heap: %s(n), not %d numbers", d.Name, d.Name, n)
	}
	return ""
}

func (decl) Compile(d *lang.GameDecl, name string, sc *rules.Scope, opt rules.Options) (game.Ruleset, error) {
	sc.Bind("n")
	var takes []take
	body, err := sc.CompileBody(d.Rules, func(r lang.Rule) error {
		t, err := compileTake(sc, r.(*lang.TakeRule))
		takes = append(takes, t)
		return err
	})
	if err != nil {
		return nil, err
	}
	if !opt.Generic {
		if r := recognize(name, takes, body, sc.Registers(), opt.Limits); r != nil {
			return r, nil
		}
	}
	return newRuleset(name, takes, body, sc.Registers(), opt.Limits), nil
}

func compileTake(sc *rules.Scope, r *lang.TakeRule) (take, error) {
	t := take{pos: r.Pos, leave: octal.LeaveNone | octal.LeaveOne}
	amount, err := sc.CompileColl(r.Amount)
	if err != nil {
		return t, err
	}
	t.amount = amount
	if amount.Constant() && !amount.IsRange {
		t.sorted = amount.SortedConst()
	}
	switch {
	case r.Split:
		t.leave |= octal.LeaveTwo
	case r.Leaving != nil:
		t.leave, err = compileLeaving(sc, r.Leaving)
	}
	return t, err
}

// compileLeaving reads `leaving 0..2`: a constant set of heap counts, 0 to 3.
func compileLeaving(sc *rules.Scope, e lang.Expr) (octal.Digit, error) {
	c, err := sc.CompileColl(e)
	if err != nil {
		return 0, err
	}
	if !c.Constant() {
		return 0, lang.Errorf(lang.ExprPos(e), "'leaving' needs constant heap counts (0 to 3)")
	}
	var l octal.Digit
	var bad *lang.Error
	c.Each(nil, func(k int64) bool {
		if k < 0 || k > 3 {
			bad = lang.Errorf(lang.ExprPos(e), "a take can leave 0, 1, 2 or 3 heaps, not %d", k)
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
