package check

import (
	"fmt"
	"math/big"
	"slices"
	"strings"

	"github.com/gamelang/gamelang/builtin"
	"github.com/gamelang/gamelang/lang"
	"github.com/gamelang/gamelang/rules"
)

// Func is what the check pass knows of a builtin function.
type Func struct {
	Min, Max int // arity; Max < 0: no upper bound
	Usage    string
	// Convention: its last argument, when it has Max of them, names a play
	// convention, so it must be a name.
	Convention bool
}

// Symbol is what the check pass knows of a global name.
type Symbol struct {
	Game    bool          // a game rather than a value
	Func    *lang.LetStmt // a function defined by let f(x) = ...
	Pos     lang.Pos
	Decl    *lang.GameDecl // for games declared in the session
	Builtin *builtin.Game  // for builtin games
}

// params are the parameters of a game symbol.
func (sym *Symbol) params() []string {
	if sym.Builtin != nil {
		return sym.Builtin.Params
	}
	var out []string
	for _, p := range sym.Decl.Params {
		out = append(out, p.Name)
	}
	return out
}

// Checker checks files against what a session has defined.
type Checker struct {
	Funcs    map[string]Func    // the builtin functions
	Globals  map[string]*Symbol // the names defined so far; File adds to it
	Consts   map[string]bool    // predeclared play conventions, which definitions shadow
	Values   map[string]bool    // predeclared values (true, false, P, N, D), which definitions shadow
	Kinds    []rules.Kind       // the kinds of position games are declared on
	Redefine bool               // names may be defined again (the REPL)
	errs     lang.ErrorList
	family   string // the family whose alias is being checked: its own name there is itself
	// Resolved, when set, is called for each name that refers to a global
	// (a definition of the session or file, a builtin game, a predeclared
	// value or convention), with what it refers to: the language server's
	// references, rename and highlighting.
	Resolved func(id *lang.Ident, sym *Symbol)
}

// File checks a file and returns its errors, sorted.
func (c *Checker) File(f *lang.File) lang.ErrorList {
	for _, s := range f.Stmts {
		c.stmt(s)
	}
	return c.errs.Sorted()
}

// Expr checks an expression in which names are bound besides the session's
// (the numbers of a template: gamelang --each).
func (c *Checker) Expr(e lang.Expr, names []string) lang.ErrorList {
	loc := locals{}
	for _, n := range names {
		loc[n] = true
	}
	c.expr(e, loc, false)
	return c.errs.Sorted()
}

// locals is the set of names bound inside a game declaration.
type locals map[string]bool

func (c *Checker) errorf(p lang.Pos, format string, args ...any) {
	c.errs = append(c.errs, lang.Errorf(p, format, args...))
}

// lookup finds a global name: a name defined in the session, or else a
// builtin game (user definitions shadow builtin games).
func (c *Checker) lookup(name string) *Symbol {
	if sym, ok := c.Globals[name]; ok {
		return sym
	}
	if c.Consts[name] || c.Values[name] {
		return &Symbol{}
	}
	if b, ok := builtin.Lookup(name); ok {
		return &Symbol{Game: true, Builtin: b}
	}
	return nil
}

func (c *Checker) stmt(s lang.Stmt) {
	switch s := s.(type) {
	case *lang.GameDecl:
		c.gameDecl(s)
	case *lang.LetStmt:
		if s.Func {
			c.funcDecl(s)
			return
		}
		c.expr(s.Value, nil, false)
		c.define(s.Name.Name, s.Name.Pos, &Symbol{Pos: s.Name.Pos})
	case *lang.ExprStmt:
		c.expr(s.X, nil, false)
	}
}

// funcDecl checks let f(x, ...) = body: the body sees the parameters, the
// names defined before, and f itself (a function may call itself).
func (c *Checker) funcDecl(s *lang.LetStmt) {
	c.define(s.Name.Name, s.Name.Pos, &Symbol{Pos: s.Name.Pos, Func: s})
	loc := locals{}
	for _, p := range s.Params {
		c.bindLocal(loc, p.Name, p.Pos, "parameter")
	}
	c.expr(s.Value, loc, false)
}

func (c *Checker) define(name string, p lang.Pos, sym *Symbol) {
	if _, ok := c.Funcs[name]; ok {
		c.errorf(p, "%s is a builtin function and cannot be redefined", name)
		return
	}
	if old, ok := c.Globals[name]; ok && !c.Redefine {
		c.errorf(p, "%s is already defined at %d:%d", name, old.Pos.Line, old.Pos.Column)
		return
	}
	c.Globals[name] = sym
}

func (c *Checker) gameDecl(d *lang.GameDecl) {
	loc := locals{}
	for _, p := range d.Params {
		c.bindLocal(loc, p.Name, p.Pos, "parameter")
	}
	if d.Alias != nil {
		if len(d.Params) > 0 { // evaluated when called, when its name is the family itself
			c.family = d.Name
			defer func() { c.family = "" }()
		}
		c.expr(d.Alias, loc, false)
	} else {
		c.gameBody(d, loc)
	}
	c.define(d.Name, d.Pos, &Symbol{Game: true, Pos: d.Pos, Decl: d})
}

func (c *Checker) bindLocal(loc locals, name string, p lang.Pos, what string) {
	if loc[name] {
		c.errorf(p, "%s %s is already bound in this game", what, name)
	}
	if _, ok := c.Funcs[name]; ok {
		c.errorf(p, "%s is a builtin function; choose another name for this %s", name, what)
	}
	loc[name] = true
}

// kind returns the kind of position a declaration names.
func (c *Checker) kind(d *lang.GameDecl) (rules.Kind, bool) {
	for _, k := range c.Kinds {
		if k.Word() == d.KindWord() {
			return k, true
		}
	}
	return nil, false
}

func (c *Checker) gameBody(d *lang.GameDecl, loc locals) {
	k, ok := c.kind(d)
	if !ok {
		c.errorf(d.Kind.Pos, "%s is not a kind of game; %s", d.Kind.Word, c.kindWords())
		return
	}
	for _, l := range k.Locals(d) {
		if l.Pos == (lang.Pos{}) {
			if loc[l.Name] {
				c.errorf(d.Pos, "%s is %s; give the parameter another name", l.Name, l.What)
			}
			loc[l.Name] = true
			continue
		}
		c.bindLocal(loc, l.Name, l.Pos, l.What)
	}
	counts := map[string]int{}
	for _, r := range d.Rules {
		c.rule(d, k, r, loc, counts)
	}
	plain, hasPass := d.WithoutPass() // a pass belongs to every kind: the kind checks the rest
	k.Check(plain, c.errorf)
	if hasPass {
		c.passable(d, k, plain)
	}
}

// passable reports why a game cannot have a pass: its moves oblige (only
// entailing play plays them, and it has no pass), or may leave several
// positions (a pass belongs to one game: which of them would keep it?).
func (c *Checker) passable(d *lang.GameDecl, k rules.Kind, plain *lang.GameDecl) {
	var at lang.Pos
	for _, r := range d.Rules {
		if _, ok := r.(*lang.PassRule); ok {
			at = lang.RulePos(r)
		}
	}
	if _, obliging := plain.Obliging(); obliging {
		c.errorf(at, "%s has moves that oblige the next move (entailing or again) and a pass: entailing play, which plays such moves, has no pass", d.Name)
		return
	}
	if pk, ok := k.(rules.Parted); ok {
		if p, parts := pk.Parts(plain); parts {
			c.errorf(at, "%s has a pass, and its rule at %d:%d leaves several heaps: a pass belongs to one game, so its moves must leave one position or nothing", d.Name, p.Line, p.Column)
		}
	}
}

// kindWords says how each kind is declared.
func (c *Checker) kindWords() string {
	var ws []string
	for _, k := range c.Kinds {
		if k.Word() == "" {
			ws = append(ws, k.Describe()+" games need no word (game G { ... })")
		} else {
			ws = append(ws, fmt.Sprintf("%s games are declared game G %s ...", k.Describe(), k.Word()))
		}
	}
	return strings.Join(ws, "; ")
}

func (c *Checker) rule(d *lang.GameDecl, k rules.Kind, r lang.Rule, loc locals, counts map[string]int) {
	name := lang.RuleKeyword(r)
	p := lang.RulePos(r)
	if _, ok := r.(*lang.PassRule); ok {
		if counts[name]++; counts[name] > 1 {
			c.errorf(p, "%s has more than one 'pass once' rule", d.Name)
		}
		return
	}
	if !slices.Contains(k.Rules(), name) {
		c.errorf(p, "a '%s' rule does not belong in a %s ruleset (%s)", name, k.Describe(), c.allowedIn(name))
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
		c.takeAmount(r)
	case *lang.MoveRule:
		c.moveRule(r, loc)
	case *lang.LosesRule:
		c.expr(r.Cond, loc, true)
	case *lang.PickRule:
		c.expr(r.Universe, loc, true)
	}
}

// takeAmount finds, in a take's written numbers, what the rules refuse once
// the game is played: taking 0 without a split (the heap would stay as it
// is), and a range that counts down (no move at all).
func (c *Checker) takeAmount(r *lang.TakeRule) {
	zeroOK := r.Split || r.Leaving != nil // a split may take nothing
	zero := func(e lang.Expr) {
		if v, ok := constInt(e); ok && v.Sign() == 0 && !zeroOK {
			c.errorf(r.Pos, "take 0: a take must remove at least one token, or split the heap (leaving 2 or 3)")
		}
	}
	switch a := r.Amount.(type) {
	case *lang.RangeExpr:
		lo, okLo := constInt(a.Lo)
		if hi, okHi := constInt(a.Hi); okLo && okHi && hi.Cmp(lo) < 0 {
			c.errorf(r.Pos, "take %s..%s: the range is empty, so the rule has no move (a range counts up: %s..%s)", lo, hi, hi, lo)
			return
		}
		zero(a.Lo)
	case *lang.SetLit:
		for _, e := range a.Elems {
			zero(e)
		}
	default:
		zero(a)
	}
}

// constInt is the value of a literal integer, when e is one.
func constInt(e lang.Expr) (*big.Int, bool) {
	if l, ok := e.(*lang.IntLit); ok && l != nil {
		v, err := l.Value()
		return v, err == nil
	}
	return nil, false
}

func (c *Checker) allowedIn(rule string) string {
	var ws []string
	for _, k := range c.Kinds {
		if slices.Contains(k.Rules(), rule) {
			ws = append(ws, k.Describe())
		}
	}
	return "it belongs in " + strings.Join(ws, " and ") + " rulesets"
}

func (c *Checker) moveRule(r *lang.MoveRule, loc locals) {
	inner := c.fors(r.Fors, loc, true, "loop variable %s hides another name of the same game")
	if r.Guard != nil {
		c.expr(r.Guard, inner, true)
	}
	for _, e := range r.Result {
		c.expr(e, inner, true)
	}
	c.unusedLoopVars(r)
}

// unusedLoopVars refuses a loop variable that only the guard uses, neither
// the move nor a later range. Such a move is made once for each value of the variable that
// passes the guard, so it is made when SOME value passes: 'move (n - p) for
// p in 2..n for d in 2..p-1 if p % d != 0' reads as "p has no divisor d"
// and means "p has a non-divisor". The quantifier must be written.
func (c *Checker) unusedLoopVars(r *lang.MoveRule) {
	for i, f := range r.Fors {
		used := false
		for _, e := range r.Result {
			used = used || lang.Mentions(e, f.Var.Name)
		}
		for _, g := range r.Fors[i+1:] {
			used = used || lang.Mentions(g.Range, f.Var.Name)
		}
		if used || r.Guard == nil || !lang.Mentions(r.Guard, f.Var.Name) {
			continue // used, or a mere repetition: no reading as 'every'
		}
		v := f.Var.Name
		c.errorf(f.Var.Pos, "the move does not use %s, so it is made when SOME %s passes the guard (once for each such %s), not when every %s does; put the loop in the guard: if all(... for %s in ...) for every %s, if any(... for %s in ...) for some",
			v, v, v, v, v, v, v)
	}
}
