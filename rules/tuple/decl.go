package tuple

import (
	"fmt"

	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/lang"
	"github.com/gamelang/gamelang/rules"
)

// Decl is the kind of tuple games as the language declares them: `game G
// state (a, b) { move (a - k, b) for k in 1..a ... }`.
var Decl rules.Kind = decl{}

type decl struct{}

func (decl) Word() string     { return "state" }
func (decl) Describe() string { return "tuple (state)" }
func (decl) Rules() []string  { return []string{"move", "loses"} }

func (decl) Locals(d *lang.GameDecl) []rules.Local {
	var out []rules.Local
	for _, v := range d.KindVars() {
		out = append(out, rules.Local{Name: v.Name, Pos: v.Pos, What: "state variable"})
	}
	return out
}

func (decl) Check(d *lang.GameDecl, report func(lang.Pos, string, ...any)) {
	vars := d.KindVars()
	if len(vars) == 0 {
		report(d.Kind.Pos, "a tuple ruleset names its numbers: state (a, b)")
		return
	}
	for _, r := range d.Rules {
		if m, ok := r.(*lang.MoveRule); ok && len(m.Result) == 1 && isGenerator(m.Result[0]) {
			report(m.Pos, "a move of %s gives the %d numbers of a position (%s), not a generator", d.Name, len(vars), names(vars))
		} else if ok && len(m.Result) != len(vars) {
			report(m.Pos, "a position of %s has %d numbers (%s), but this move gives %d", d.Name, len(vars), names(vars), len(m.Result))
		}
	}
}

func (decl) Position(d *lang.GameDecl, n int, braces bool) string {
	vars := d.KindVars()
	switch {
	case braces:
		return fmt.Sprintf("%s is a tuple (state) ruleset: write its positions as %s(...), not with braces", d.Name, d.Name)
	case n != len(vars):
		return fmt.Sprintf("a position of %s has %d numbers (%s), not %d", d.Name, len(vars), names(vars), n)
	}
	return ""
}

func (decl) Compile(d *lang.GameDecl, name string, sc *rules.Scope, opt rules.Options) (game.Ruleset, error) {
	var vars []string
	for _, v := range d.KindVars() {
		sc.Bind(v.Name)
		vars = append(vars, v.Name)
	}
	body, err := sc.CompileBody(d.Rules, nil) // the check pass allows no other rules here
	if err != nil {
		return nil, err
	}
	// A move with a loop over a few constants is also compiled once for
	// each, for Shifts: the copies may be shifts where the move is not.
	unrolled := make([][]rules.Move, len(body.Moves))
	mi := 0
	for _, r := range d.Rules {
		if m, ok := r.(*lang.MoveRule); ok {
			if _, _, _, shift := body.Moves[mi].Shift(len(vars)); !shift && body.Loses == nil {
				unrolled[mi], _ = sc.Unrolled(m)
			}
			mi++
		}
	}
	t := newRuleset(name, vars, body, sc.Registers(), opt.Limits)
	t.unrolled = unrolled
	return t, nil
}

func names(ids []*lang.Ident) string {
	out := ""
	for i, id := range ids {
		if i > 0 {
			out += ", "
		}
		out += id.Name
	}
	return out
}

func isGenerator(e lang.Expr) bool {
	g, ok := e.(*lang.Comprehension)
	return ok && g.Generator()
}
