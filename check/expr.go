package check

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"

	"github.com/gamelang/gamelang/builtin"
	"github.com/gamelang/gamelang/lang"
	"github.com/gamelang/gamelang/numeric"
)

// expr checks an expression. inRule: it is compiled into a rule.
func (c *Checker) expr(e lang.Expr, loc locals, inRule bool) {
	switch e := e.(type) {
	case *lang.Ident:
		c.ident(e, loc, inRule)
	case *lang.Paren:
		c.expr(e.X, loc, inRule)
	case *lang.SetLit:
		c.exprs(e.Elems, loc, inRule)
	case *lang.ListLit:
		c.noList(e.Pos, inRule)
		c.exprs(e.Elems, loc, inRule)
	case *lang.Index:
		c.noList(e.Pos, inRule)
		c.exprs([]lang.Expr{e.X, e.I}, loc, inRule)
	case *lang.RangeExpr:
		c.exprs([]lang.Expr{e.Lo, e.Hi}, loc, inRule) // Hi nil: a range with no end
	case *lang.Unary:
		c.expr(e.X, loc, inRule)
	case *lang.Binary:
		c.binary(e, loc, inRule)
	case *lang.Call:
		c.call(e, loc, inRule)
	case *lang.Comprehension:
		if e.List {
			c.noList(e.Pos, inRule)
		}
		c.comprehension(e, loc, inRule)
	case *lang.CondExpr:
		c.exprs([]lang.Expr{e.If, e.Then, e.Else}, loc, inRule)
	case *lang.SetCall:
		c.setCall(e, loc, inRule)
	case *lang.StringLit:
		if inRule {
			c.errorf(e.Pos, "a string cannot be used in a rule")
		}
	}
}

// binary checks a + b + c ...: down the left side without recursion, as
// such a chain may be long.
func (c *Checker) binary(e *lang.Binary, loc locals, inRule bool) {
	var rights []lang.Expr
	var x lang.Expr = e
	for b, ok := x.(*lang.Binary); ok; b, ok = x.(*lang.Binary) {
		rights = append(rights, b.Right)
		x = b.Left
	}
	c.expr(x, loc, inRule)
	for i := len(rights) - 1; i >= 0; i-- {
		c.expr(rights[i], loc, inRule)
	}
}

// noList refuses a list inside a rule: rules compile to numbers, ranges and
// sets.
func (c *Checker) noList(p lang.Pos, inRule bool) {
	if inRule {
		c.errorf(p, "a list cannot be used in a rule: rules read numbers, ranges and sets (a set: {x for x in xs})")
	}
}

func (c *Checker) exprs(es []lang.Expr, loc locals, inRule bool) {
	for _, e := range es {
		c.expr(e, loc, inRule)
	}
}

func (c *Checker) ident(e *lang.Ident, loc locals, inRule bool) {
	if loc[e.Name] {
		return
	}
	if e.Name == c.family {
		c.errorf(e.Pos, "%s is defined through itself: here %s is the family being defined", e.Name, e.Name)
		return
	}
	if sym := c.lookup(e.Name); sym != nil {
		if c.Resolved != nil {
			c.Resolved(e, sym)
		}
		if inRule && sym.Game {
			c.errorf(e.Pos, "game %s cannot be used inside a rule", e.Name)
		}
		return
	}
	if f, ok := c.Funcs[e.Name]; ok {
		c.errorf(e.Pos, "%s is a function: call it, as in %s", e.Name, f.Usage)
		return
	}
	c.errorf(e.Pos, "unknown name %s%s", e.Name, c.suggest(e.Name, loc))
}

// suggest returns ` (did you mean X?)` for the closest known name, if close.
func (c *Checker) suggest(name string, loc locals) string {
	var names []string
	for n := range loc {
		names = append(names, n)
	}
	for n := range c.Globals {
		names = append(names, n)
	}
	for n := range c.Funcs {
		names = append(names, n)
	}
	for n := range c.Values {
		names = append(names, n)
	}
	for n := range c.Consts {
		names = append(names, n)
	}
	for _, b := range builtin.All() {
		names = append(names, b.Name)
	}
	sort.Strings(names)
	if best := lang.Closest(name, names); best != "" {
		return fmt.Sprintf(" (did you mean %s?)", best)
	}
	return ""
}

// comprehension checks each range with the variables bound before it, and
// the element and condition with all of them.
func (c *Checker) comprehension(e *lang.Comprehension, loc locals, inRule bool) {
	inner := c.fors(e.Fors, loc, inRule, "%s is already a name here: give the comprehension's variable another")
	c.expr(e.Elem, inner, inRule)
	if e.Cond != nil {
		c.expr(e.Cond, inner, inRule)
	}
}

// fors checks for clauses, each range with the variables bound before it,
// and returns loc with all of them bound; a variable that hides a name is
// reported with hides.
func (c *Checker) fors(fs []*lang.ForClause, loc locals, inRule bool, hides string) locals {
	inner := maps.Clone(loc)
	if inner == nil {
		inner = locals{}
	}
	for _, f := range fs {
		c.expr(f.Range, inner, inRule)
		if inner[f.Var.Name] {
			c.errorf(f.Var.Pos, hides, f.Var.Name)
		}
		inner[f.Var.Name] = true
	}
	return inner
}

// Generators are the functions that take a generator, a comprehension
// without braces, as their only argument.
var Generators = map[string]bool{"all": true, "any": true, "sum": true, "min": true, "max": true, "xor": true}

func (c *Checker) call(e *lang.Call, loc locals, inRule bool) {
	c.exprs(e.Args, loc, inRule)
	c.generatorArg(e, loc)
	switch fn := e.Fn.(type) {
	case *lang.Ident:
		c.namedCall(e, fn, loc, inRule)
	case *lang.Call:
		c.call(fn, loc, inRule)
		if id, ok := fn.Fn.(*lang.Ident); ok && !loc[id.Name] {
			if sym := c.lookup(id.Name); sym != nil && sym.Game && len(sym.params()) > 0 {
				c.gameCall(e, id.Name, sym, false)
			}
		}
	default:
		c.expr(e.Fn, loc, inRule)
	}
}

// generatorArg checks that a comprehension without braces is the one
// argument of a function that takes one.
func (c *Checker) generatorArg(e *lang.Call, loc locals) {
	if len(e.Args) != 1 {
		return
	}
	if g, ok := e.Args[0].(*lang.Comprehension); ok && g.Generator() {
		if id, ok := e.Fn.(*lang.Ident); !ok || !Generators[id.Name] || loc[id.Name] {
			c.errorf(g.Pos, "a comprehension without braces goes only in all(), any(), sum(), xor(), min() or max(); for a set write {%s}, for a list [%s]", lang.FormatExpr(g), lang.FormatExpr(g))
		}
	}
}

// namedCall checks a call of a name: a builtin function, a game, or a
// function of the script (a local, bound in a rule, is not checked).
func (c *Checker) namedCall(e *lang.Call, fn *lang.Ident, loc locals, inRule bool) {
	if loc[fn.Name] {
		return
	}
	if f, ok := c.Funcs[fn.Name]; ok {
		c.funcCall(e, fn.Name, f, inRule)
		return
	}
	c.ident(fn, loc, inRule)
	if sym := c.lookup(fn.Name); sym != nil && sym.Game && !inRule {
		c.gameCall(e, fn.Name, sym, true)
	} else if sym != nil && sym.Func != nil && len(e.Args) != len(sym.Func.Params) {
		c.errorf(e.Pos, "%s takes %s, got %d", fn.Name, Plural(len(sym.Func.Params), "argument"), len(e.Args))
	}
}

func (c *Checker) funcCall(e *lang.Call, name string, f Func, inRule bool) {
	if _, numeric := numeric.Funcs[name]; inRule && !numeric { // only numbers inside rules
		c.errorf(e.Pos, "%s cannot be used inside a rule", name)
		return
	}
	if len(e.Args) < f.Min || f.Max >= 0 && len(e.Args) > f.Max {
		c.errorf(e.Pos, "%s takes %s, got %d (usage: %s)", name, CountArgs(f.Min, f.Max), len(e.Args), f.Usage)
		return
	}
	if f.Convention && len(e.Args) == f.Max && f.Max > f.Min {
		if _, ok := e.Args[f.Max-1].(*lang.Ident); !ok {
			last := e.Args[f.Max-1]
			c.errorf(lang.ExprPos(last), "the last argument of %s names a play convention (%s), not %s (usage: %s)", name, c.conventions(), lang.FormatExpr(last), f.Usage)
		}
	}
}

// conventions lists the play conventions by name.
func (c *Checker) conventions() string {
	names := slices.Sorted(maps.Keys(c.Consts))
	return strings.Join(names, ", ")
}

// Plural writes "1 parameter", "2 parameters".
func Plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// CountArgs writes how many arguments a function takes: "1 argument", "at
// least 1 argument", "1 to 2 arguments".
func CountArgs(lo, hi int) string {
	switch {
	case lo == hi:
		return Plural(lo, "argument")
	case hi < 0:
		return "at least " + Plural(lo, "argument")
	default:
		return fmt.Sprintf("%d to %d arguments", lo, hi)
	}
}

// gameCall checks a call of game sym: first says whether the call is the one
// that binds the parameters (the game has parameters) or makes a position.
func (c *Checker) gameCall(e *lang.Call, name string, sym *Symbol, first bool) {
	if params := sym.params(); first && len(params) > 0 {
		if len(e.Args) != len(params) {
			c.errorf(e.Pos, "%s takes %s (%s), got %d", name, Plural(len(params), "parameter"), strings.Join(params, ", "), len(e.Args))
		}
		return
	}
	if d := c.positionDecl(name, sym, 0); d != nil {
		if k, ok := c.kind(d); ok {
			if msg := k.Position(d, len(e.Args), false); msg != "" {
				c.errorf(e.Pos, "%s", msg)
			}
		}
	}
}

// positionDecl is a declaration that says what the positions of game sym
// are, named name: its own, the definition a builtin answers like, or for
// an alias (game K = octal("0.77"), game W2 = Wythoff) what it stands for;
// nil when that is not known before running.
func (c *Checker) positionDecl(name string, sym *Symbol, depth int) *lang.GameDecl {
	var d *lang.GameDecl
	switch {
	case sym.Builtin != nil:
		d = sym.Builtin.Decl()
	case sym.Decl != nil && sym.Decl.Alias == nil:
		d = sym.Decl
	case sym.Decl != nil && depth < 10:
		fn := sym.Decl.Alias
		if call, ok := fn.(*lang.Call); ok {
			fn = call.Fn
		}
		id, ok := fn.(*lang.Ident)
		if !ok {
			return nil
		}
		if id.Name == "octal" || id.Name == "hex" {
			d = &lang.GameDecl{Name: name} // heaps
		} else if target := c.lookup(id.Name); target != nil && target.Game && id.Name != sym.Decl.Name {
			d = c.positionDecl(name, target, depth+1)
		}
	}
	if d == nil {
		return nil
	}
	named := *d
	named.Name = name
	return &named
}

func (c *Checker) setCall(e *lang.SetCall, loc locals, inRule bool) {
	c.exprs(e.Elems, loc, inRule)
	c.expr(e.Fn, loc, inRule)
	id, ok := e.Fn.(*lang.Ident)
	if !ok || loc[id.Name] {
		return
	}
	sym := c.lookup(id.Name)
	if sym == nil || !sym.Game {
		return
	}
	if d := c.positionDecl(id.Name, sym, 0); d != nil {
		if k, ok := c.kind(d); ok {
			if msg := k.Position(d, len(e.Elems), true); msg != "" {
				c.errorf(e.Pos, "%s", msg)
			}
		}
	}
}
