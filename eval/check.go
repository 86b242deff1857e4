package eval

// The check pass: resolves every name, checks the arity of builtin and game
// calls that can be seen statically, and checks that each rule belongs to its
// kind of ruleset. It reports every error at once, sorted by position, before
// anything runs.

import (
	"fmt"
	"sort"
	"strings"

	"github.com/gamelang/gamelang/lang"
	"github.com/gamelang/gamelang/stdlib"
)

type symKind int

const (
	symGame symKind = iota
	symValue
)

// symbol is what the checker knows of a global name.
type symbol struct {
	kind    symKind
	pos     lang.Pos
	game    *lang.GameDecl  // for games declared in the session
	builtin *stdlib.Builtin // for builtin games
}

// lookup finds a global name: a name defined in the session, or else a
// builtin game (user definitions shadow builtin games).
func (c *checker) lookup(name string) *symbol {
	if sym, ok := c.globals[name]; ok {
		return sym
	}
	if b, ok := stdlib.Lookup(name); ok {
		return &symbol{kind: symGame, builtin: b}
	}
	return nil
}

// params are the parameters of a game symbol.
func (sym *symbol) params() []string {
	if sym.builtin != nil {
		return sym.builtin.Params
	}
	var out []string
	for _, p := range sym.game.Params {
		out = append(out, p.Name)
	}
	return out
}

type checker struct {
	globals  map[string]*symbol
	errs     ErrorList
	redefine bool // the REPL may redefine names
}

// locals is the set of names bound inside a game declaration.
type locals map[string]bool

func (c *checker) errorf(p lang.Pos, format string, args ...any) {
	c.errs = append(c.errs, errorf(p, format, args...))
}

func (c *checker) file(f *lang.File) ErrorList {
	for _, s := range f.Stmts {
		c.stmt(s)
	}
	return c.errs.sorted()
}

func (c *checker) stmt(s lang.Stmt) {
	switch s := s.(type) {
	case *lang.GameDecl:
		c.gameDecl(s)
	case *lang.LetStmt:
		c.expr(s.Value, nil, false)
		c.define(s.Name.Name, s.Name.Pos, &symbol{kind: symValue, pos: s.Name.Pos})
	case *lang.ExprStmt:
		c.expr(s.X, nil, false)
	}
}

func (c *checker) define(name string, p lang.Pos, sym *symbol) {
	if _, ok := builtins[name]; ok {
		c.errorf(p, "%s is a builtin function and cannot be redefined", name)
		return
	}
	if old, ok := c.globals[name]; ok && !c.redefine {
		c.errorf(p, "%s is already defined at %d:%d", name, old.pos.Line, old.pos.Column)
		return
	}
	c.globals[name] = sym
}

func (c *checker) gameDecl(d *lang.GameDecl) {
	loc := locals{}
	for _, p := range d.Params {
		c.bindLocal(loc, p, "parameter")
	}
	if d.Alias != nil {
		c.expr(d.Alias, loc, false)
	} else {
		c.gameBody(d, loc)
	}
	c.define(d.Name, d.Pos, &symbol{kind: symGame, pos: d.Pos, game: d})
}

func (c *checker) bindLocal(loc locals, id *lang.Ident, what string) {
	if loc[id.Name] {
		c.errorf(id.Pos, "%s %s is already bound in this game", what, id.Name)
	}
	if _, ok := builtins[id.Name]; ok {
		c.errorf(id.Pos, "%s is a builtin function; choose another name for this %s", id.Name, what)
	}
	loc[id.Name] = true
}

func (c *checker) gameBody(d *lang.GameDecl, loc locals) {
	switch d.Kind {
	case lang.HeapGame:
		if loc["n"] {
			c.errorf(d.Pos, "n is the heap size in a heap ruleset; give the parameter another name")
		}
		loc["n"] = true
	case lang.TupleGame:
		for _, v := range d.Vars {
			c.bindLocal(loc, v, "state variable")
		}
	}
	counts := map[string]int{}
	for _, r := range d.Rules {
		c.rule(d, r, loc, counts)
	}
	if d.Kind == lang.SetGame && counts["pick"] == 0 {
		c.errorf(d.Pos, "set ruleset %s needs a rule 'pick x in lo..hi'", d.Name)
	}
}

// ruleKinds says in which kinds of ruleset each rule may appear.
var ruleKinds = map[string][]lang.GameKind{
	"take":   {lang.HeapGame},
	"move":   {lang.HeapGame, lang.TupleGame},
	"loses":  {lang.HeapGame, lang.TupleGame},
	"pick":   {lang.SetGame},
	"forbid": {lang.SetGame},
}

func ruleName(r lang.Rule) string {
	switch r.(type) {
	case *lang.TakeRule:
		return "take"
	case *lang.MoveRule:
		return "move"
	case *lang.LosesRule:
		return "loses"
	case *lang.PickRule:
		return "pick"
	}
	return "forbid"
}

func (c *checker) rule(d *lang.GameDecl, r lang.Rule, loc locals, counts map[string]int) {
	name := ruleName(r)
	p := lang.RulePos(r)
	if !kindAllows(name, d.Kind) {
		c.errorf(p, "a '%s' rule does not belong in a %s ruleset (%s)", name, kindWord(d.Kind), allowedIn(name))
		return
	}
	counts[name]++
	if counts[name] > 1 && name != "take" && name != "move" {
		c.errorf(p, "%s has more than one '%s' rule", d.Name, name)
	}
	switch r := r.(type) {
	case *lang.TakeRule:
		c.expr(r.Amount, loc, true)
		if r.Leaving != nil {
			c.expr(r.Leaving, loc, true)
		}
	case *lang.MoveRule:
		c.moveRule(d, r, loc)
	case *lang.LosesRule:
		c.expr(r.Cond, loc, true)
	case *lang.PickRule:
		c.expr(r.Universe, loc, true)
	case *lang.ForbidRule:
		if w := r.What; w.Name != "sums" && w.Name != "multiples" {
			c.errorf(w.Pos, "forbid %s: a set ruleset can forbid 'sums' or 'multiples'", w.Name)
		}
	}
}

func kindAllows(rule string, k lang.GameKind) bool {
	for _, ok := range ruleKinds[rule] {
		if ok == k {
			return true
		}
	}
	return false
}

func kindWord(k lang.GameKind) string {
	return [...]string{"heap", "tuple (state)", "set"}[k]
}

func allowedIn(rule string) string {
	var ws []string
	for _, k := range ruleKinds[rule] {
		ws = append(ws, kindWord(k))
	}
	return "it belongs in " + strings.Join(ws, " and ") + " rulesets"
}

func (c *checker) moveRule(d *lang.GameDecl, r *lang.MoveRule, loc locals) {
	if d.Kind == lang.TupleGame && len(r.Result) != len(d.Vars) {
		c.errorf(r.Pos, "a position of %s has %d numbers (%s), but this move gives %d", d.Name, len(d.Vars), joinIdents(d.Vars), len(r.Result))
	}
	inner := locals{}
	for k, v := range loc {
		inner[k] = v
	}
	for _, f := range r.Fors {
		c.expr(f.Range, inner, true)
		if inner[f.Var.Name] {
			c.errorf(f.Var.Pos, "loop variable %s hides another name of the same game", f.Var.Name)
		}
		inner[f.Var.Name] = true
	}
	if r.Guard != nil {
		c.expr(r.Guard, inner, true)
	}
	for _, e := range r.Result {
		c.expr(e, inner, true)
	}
}

func joinIdents(ids []*lang.Ident) string {
	names := make([]string, len(ids))
	for i, id := range ids {
		names[i] = id.Name
	}
	return strings.Join(names, ", ")
}

// expr checks an expression. inRule: it is compiled into a rule.
func (c *checker) expr(e lang.Expr, loc locals, inRule bool) {
	switch e := e.(type) {
	case *lang.Ident:
		c.ident(e, loc, inRule)
	case *lang.Paren:
		c.expr(e.X, loc, inRule)
	case *lang.SetLit:
		c.exprs(e.Elems, loc, inRule)
	case *lang.RangeExpr:
		c.expr(e.Lo, loc, inRule)
		if e.Hi != nil {
			c.expr(e.Hi, loc, inRule)
		}
	case *lang.Unary:
		c.expr(e.X, loc, inRule)
	case *lang.Binary:
		c.expr(e.Left, loc, inRule)
		c.expr(e.Right, loc, inRule)
	case *lang.Call:
		c.call(e, loc, inRule)
	case *lang.SetCall:
		c.setCall(e, loc, inRule)
	case *lang.StringLit:
		if inRule {
			c.errorf(e.Pos, "a string cannot be used in a rule")
		}
	}
}

func (c *checker) exprs(es []lang.Expr, loc locals, inRule bool) {
	for _, e := range es {
		c.expr(e, loc, inRule)
	}
}

func (c *checker) ident(e *lang.Ident, loc locals, inRule bool) {
	if loc[e.Name] {
		return
	}
	if sym := c.lookup(e.Name); sym != nil {
		if inRule && sym.kind == symGame {
			c.errorf(e.Pos, "game %s cannot be used inside a rule", e.Name)
		}
		return
	}
	if _, ok := builtins[e.Name]; ok {
		c.errorf(e.Pos, "%s is a function: call it, as in %s", e.Name, builtins[e.Name].usage)
		return
	}
	c.errorf(e.Pos, "unknown name %s%s", e.Name, c.suggest(e.Name, loc))
}

// suggest returns ` (did you mean X?)` for the closest known name, if close.
func (c *checker) suggest(name string, loc locals) string {
	var names []string
	for n := range loc {
		names = append(names, n)
	}
	for n := range c.globals {
		names = append(names, n)
	}
	for n := range builtins {
		names = append(names, n)
	}
	for _, b := range stdlib.All() {
		names = append(names, b.Name)
	}
	sort.Strings(names)
	limit := max(1, len(name)/3) // a typo or two, not another word
	best, bestD := "", limit+1
	for _, n := range names {
		if d := editDistance(strings.ToLower(name), strings.ToLower(n)); d < bestD {
			best, bestD = n, d
		}
	}
	if best == "" {
		return ""
	}
	return fmt.Sprintf(" (did you mean %s?)", best)
}

func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)]
}

func (c *checker) call(e *lang.Call, loc locals, inRule bool) {
	c.exprs(e.Args, loc, inRule)
	switch fn := e.Fn.(type) {
	case *lang.Ident:
		if loc[fn.Name] {
			return
		}
		if b, ok := builtins[fn.Name]; ok {
			c.builtinCall(e, fn.Name, b, inRule)
			return
		}
		c.ident(fn, loc, inRule)
		if sym := c.lookup(fn.Name); sym != nil && sym.kind == symGame && !inRule {
			c.gameCall(e, fn.Name, sym, true)
		}
	case *lang.Call:
		c.call(fn, loc, inRule)
		if id, ok := fn.Fn.(*lang.Ident); ok && !loc[id.Name] {
			if sym := c.lookup(id.Name); sym != nil && sym.kind == symGame && len(sym.params()) > 0 {
				c.gameCall(e, id.Name, sym, false)
			}
		}
	default:
		c.expr(e.Fn, loc, inRule)
	}
}

func (c *checker) builtinCall(e *lang.Call, name string, b *builtin, inRule bool) {
	if inRule {
		if _, ok := ruleBuiltins[name]; !ok {
			c.errorf(e.Pos, "%s cannot be used inside a rule", name)
			return
		}
	}
	if len(e.Args) < b.min || b.max >= 0 && len(e.Args) > b.max {
		c.errorf(e.Pos, "%s takes %s, got %d (usage: %s)", name, countArgs(b.min, b.max), len(e.Args), b.usage)
	}
}

// plural writes "1 parameter", "2 parameters".
func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

func countArgs(lo, hi int) string {
	switch {
	case lo == hi:
		return plural(lo, "argument")
	case hi < 0:
		return "at least " + plural(lo, "argument")
	default:
		return fmt.Sprintf("%d to %d arguments", lo, hi)
	}
}

// gameCall checks a call of game sym: first says whether the call is the one
// that binds the parameters (the game has parameters) or makes a position.
func (c *checker) gameCall(e *lang.Call, name string, sym *symbol, first bool) {
	if params := sym.params(); first && len(params) > 0 {
		if len(e.Args) != len(params) {
			c.errorf(e.Pos, "%s takes %s (%s), got %d", name, plural(len(params), "parameter"), strings.Join(params, ", "), len(e.Args))
		}
		return
	}
	d := sym.game
	if d == nil || d.Alias != nil {
		return // builtin games check their positions when they are made
	}
	switch d.Kind {
	case lang.HeapGame:
		if len(e.Args) != 1 {
			c.errorf(e.Pos, "a position of %s is one heap: %s(n), not %d numbers", d.Name, d.Name, len(e.Args))
		}
	case lang.TupleGame:
		if len(e.Args) != len(d.Vars) {
			c.errorf(e.Pos, "a position of %s has %d numbers (%s), not %d", d.Name, len(d.Vars), joinIdents(d.Vars), len(e.Args))
		}
	}
}

func (c *checker) setCall(e *lang.SetCall, loc locals, inRule bool) {
	c.exprs(e.Elems, loc, inRule)
	c.expr(e.Fn, loc, inRule)
	id, ok := e.Fn.(*lang.Ident)
	if !ok || loc[id.Name] {
		return
	}
	if sym := c.lookup(id.Name); sym != nil && sym.kind == symGame && sym.game != nil && sym.game.Alias == nil && sym.game.Kind != lang.SetGame {
		c.errorf(e.Pos, "%s is a %s ruleset: write its positions as %s(...), not with braces", id.Name, kindWord(sym.game.Kind), id.Name)
	}
}
