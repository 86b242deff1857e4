package lang

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"
)

// Pos is a 1-based source position.
type Pos struct {
	File   string
	Line   int
	Column int
}

// String formats the position as file:line:col.
func (p Pos) String() string { return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Column) }

// Before reports whether p comes before q in the same file.
func (p Pos) Before(q Pos) bool {
	if p.Line != q.Line {
		return p.Line < q.Line
	}
	return p.Column < q.Column
}

// File is a parsed script: a list of statements.
type File struct {
	Name  string
	Stmts []Stmt
}

// Stmt is a statement: *GameDecl, *LetStmt or *ExprStmt.
type Stmt interface{ stmtPos() Pos }

// GameDecl declares a ruleset: `game Name(params) [kind] { rules }` or
// `game Name(params) = expr`.
type GameDecl struct {
	Pos    Pos
	Name   string
	Params []*Ident
	Kind   *KindClause // nil: the default kind, heaps
	Rules  []Rule      // the body, when Alias is nil
	Alias  Expr        // `= expr`, a ruleset-valued expression
}

// KindClause names the kind of position a game declares, after its name:
// `state (a, b)`, `set`. Which words exist is not the syntax's business: the
// kinds of position register them (see package rules).
type KindClause struct {
	Pos  Pos
	Word string
	Vars []*Ident // the names in parentheses after the word, if any
}

// KindWord is the word of a declaration's kind, "" for heaps.
func (d *GameDecl) KindWord() string {
	if d.Kind == nil {
		return ""
	}
	return d.Kind.Word
}

// KindVars are the names given with a declaration's kind: a tuple's state
// variables.
func (d *GameDecl) KindVars() []*Ident {
	if d.Kind == nil {
		return nil
	}
	return d.Kind.Vars
}

// LetStmt binds a name: `let name = expr`, or defines a function:
// `let f(x, y) = expr` (Func; Params may be empty).
type LetStmt struct {
	Pos    Pos
	Name   *Ident
	Func   bool
	Params []*Ident
	Value  Expr
}

// ExprStmt is an expression whose value is printed.
type ExprStmt struct {
	Pos Pos
	X   Expr
}

func (s *GameDecl) stmtPos() Pos { return s.Pos }
func (s *LetStmt) stmtPos() Pos  { return s.Pos }
func (s *ExprStmt) stmtPos() Pos { return s.Pos }

// StmtPos returns the position of a statement.
func StmtPos(s Stmt) Pos { return s.stmtPos() }

// Rule is one rule of a game body: *TakeRule, *MoveRule, *LosesRule, *PickRule or
// *ForbidRule.
type Rule interface{ rulePos() Pos }

// TakeRule removes k tokens from a heap, for k in Amount; the remainder becomes
// as many heaps as Leaving allows (nil: 0 or 1; Split: 0, 1 or 2).
type TakeRule struct {
	Pos     Pos
	Amount  Expr
	Split   bool
	Leaving Expr
	Then    string // what its moves oblige: "", "entailing" or "again"
}

// MoveRule generates moves: `move (e1, ..., ek) for v in range ... [if guard]`.
// Result may instead be one generator (a *Comprehension, not Set), whose
// values are the parts the move leaves: `move (j for j in a..b)`.
type MoveRule struct {
	Pos    Pos
	Result []Expr
	Fors   []*ForClause
	Guard  Expr
	Then   string // what its moves oblige: "", "entailing" (the other player answers in what it leaves) or "again" (the mover moves again)
}

// RuleThen is what the moves of a rule oblige: "", "entailing" or "again".
func RuleThen(r Rule) string {
	switch r := r.(type) {
	case *TakeRule:
		return r.Then
	case *MoveRule:
		return r.Then
	}
	return ""
}

// Obliging splits d's rules by what their moves oblige (see RuleThen):
// three declarations, the plain rules, the entailing ones and the again
// ones, nil where there is none. ok is false when every rule is plain.
func (d *GameDecl) Obliging() (groups [3]*GameDecl, ok bool) {
	var by [3][]Rule
	for _, r := range d.Rules {
		i := map[string]int{"": 0, "entailing": 1, "again": 2}[RuleThen(r)]
		by[i] = append(by[i], r)
		ok = ok || i > 0
	}
	for i, rs := range by {
		if len(rs) > 0 {
			c := *d
			c.Rules = rs
			groups[i] = &c
		}
	}
	return groups, ok
}

// ForClause is `for Var in Range`.
type ForClause struct {
	Pos   Pos
	Var   *Ident
	Range Expr
}

// LosesRule marks positions whose creator loses at once: `loses if cond`.
type LosesRule struct {
	Pos  Pos
	Cond Expr
}

// PickRule is the move of a set ruleset: `pick x in lo..hi`.
type PickRule struct {
	Pos      Pos
	Var      *Ident
	Universe Expr
}

// WithoutPass is d without its `pass once` rule, and whether it had one:
// the pass wraps whatever the other rules make, of any kind.
func (d *GameDecl) WithoutPass() (*GameDecl, bool) {
	var kept []Rule
	for _, r := range d.Rules {
		if _, ok := r.(*PassRule); !ok {
			kept = append(kept, r)
		}
	}
	if len(kept) == len(d.Rules) {
		return d, false
	}
	c := *d
	c.Rules = kept
	return &c, true
}

// PassRule is `pass once`: either player may pass, once in the game, from
// a position that has a move.
type PassRule struct {
	Pos Pos
}

// ForbidRule says which numbers a pick forbids: "sums" or "multiples".
type ForbidRule struct {
	Pos  Pos
	What *Ident
}

func (r *TakeRule) rulePos() Pos   { return r.Pos }
func (r *MoveRule) rulePos() Pos   { return r.Pos }
func (r *LosesRule) rulePos() Pos  { return r.Pos }
func (r *PickRule) rulePos() Pos   { return r.Pos }
func (r *ForbidRule) rulePos() Pos { return r.Pos }
func (r *PassRule) rulePos() Pos   { return r.Pos }

// RulePos returns the position of a rule.
func RulePos(r Rule) Pos { return r.rulePos() }

// RuleKeyword is the keyword a rule starts with: take, move, loses, pick or
// forbid.
func RuleKeyword(r Rule) string {
	switch r.(type) {
	case *TakeRule:
		return "take"
	case *MoveRule:
		return "move"
	case *LosesRule:
		return "loses"
	case *PickRule:
		return "pick"
	case *PassRule:
		return "pass"
	}
	return "forbid"
}

// Expr is an expression node.
type Expr interface{ exprPos() Pos }

// Ident is a name.
type Ident struct {
	Pos  Pos
	Name string
}

// IntLit is an integer literal (decimal digits, any length, or digits e
// digits: 2e7 is 2 * 10^7).
type IntLit struct {
	Pos    Pos
	Digits string
}

// MaxExponent bounds the exponent of a literal such as 2e7.
const MaxExponent = 100000

// Value is the literal's integer, or an error for an exponent past
// MaxExponent.
func (e *IntLit) Value() (*big.Int, error) {
	digits, exp, ok := strings.Cut(e.Digits, "e")
	v, _ := new(big.Int).SetString(digits, 10)
	if !ok {
		return v, nil
	}
	k, err := strconv.Atoi(exp)
	if err != nil || k > MaxExponent {
		return nil, Errorf(e.Pos, "the exponent of %s is past %d", e.Digits, MaxExponent)
	}
	return v.Mul(v, new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(k)), nil)), nil
}

// StringLit is a string literal, already unquoted.
type StringLit struct {
	Pos   Pos
	Value string
}

// SetLit is `{e1, e2, ...}`.
type SetLit struct {
	Pos   Pos
	Elems []Expr
}

// ListLit is `[e1, e2, ...]`: numbers in order, repeats kept.
type ListLit struct {
	Pos   Pos
	Elems []Expr
}

// Index is `X[I]`: the element of a list at I, counted from 0.
type Index struct {
	Pos  Pos
	X, I Expr
}

// RangeExpr is `lo..hi`, or `lo..` when Hi is nil (unbounded).
type RangeExpr struct {
	Pos    Pos
	Lo, Hi Expr
}

// Binary is a binary operation. Op is one of + - * / % ^ == != < <= > >= and or.
// Pos is where the expression starts, OpPos where the operator is.
type Binary struct {
	Pos         Pos
	OpPos       Pos
	Op          string
	Left, Right Expr
}

// Unary is `-x` or `not x`.
type Unary struct {
	Pos Pos
	Op  string
	X   Expr
}

// Call is `f(args)`.
type Call struct {
	Pos  Pos
	Fn   Expr
	Args []Expr
}

// SetCall is `G{e1, e2}`: the position of set ruleset G with those numbers allowed.
type SetCall struct {
	Pos   Pos
	Fn    Expr
	Elems []Expr
}

// Comprehension is `{Elem for v in S ... if Cond}`, a set (Set), or
// `[Elem for ...]`, a list (List), or the same without brackets as the only
// argument of all, any, sum, min or max, a generator. Cond is nil when there
// is none.
type Comprehension struct {
	Pos  Pos
	Elem Expr
	Fors []*ForClause
	Cond Expr
	Set  bool
	List bool
}

// Generator reports whether c is a generator: neither a set nor a list.
func (c *Comprehension) Generator() bool { return !c.Set && !c.List }

// CondExpr is `if If then Then else Else`.
type CondExpr struct {
	Pos            Pos
	If, Then, Else Expr
}

// Paren is a parenthesised expression; kept so that printing round-trips.
type Paren struct {
	Pos Pos
	X   Expr
}

func (e *Ident) exprPos() Pos     { return e.Pos }
func (e *IntLit) exprPos() Pos    { return e.Pos }
func (e *StringLit) exprPos() Pos { return e.Pos }
func (e *SetLit) exprPos() Pos    { return e.Pos }
func (e *ListLit) exprPos() Pos   { return e.Pos }
func (e *Index) exprPos() Pos     { return e.Pos }
func (e *RangeExpr) exprPos() Pos { return e.Pos }
func (e *Binary) exprPos() Pos    { return e.Pos }
func (e *Unary) exprPos() Pos     { return e.Pos }
func (e *Call) exprPos() Pos      { return e.Pos }
func (e *SetCall) exprPos() Pos   { return e.Pos }
func (e *Paren) exprPos() Pos     { return e.Pos }

func (e *Comprehension) exprPos() Pos { return e.Pos }
func (e *CondExpr) exprPos() Pos      { return e.Pos }

// ExprPos returns the position of an expression.
func ExprPos(e Expr) Pos { return e.exprPos() }

// Mentions reports whether the name appears in e, other than as a variable
// bound inside e by a comprehension.
func Mentions(e Expr, name string) bool {
	found := false
	Inspect(e, func(x Expr) bool {
		switch x := x.(type) {
		case *Ident:
			found = found || x.Name == name
		case *Comprehension:
			found = found || comprehensionMentions(x, name)
			return false // walked there, with its bound variables
		}
		return !found
	})
	return found
}

// comprehensionMentions is Mentions of a comprehension: a variable it binds
// hides the name from there on.
func comprehensionMentions(e *Comprehension, name string) bool {
	for _, f := range e.Fors {
		if Mentions(f.Range, name) {
			return true
		}
		if f.Var.Name == name {
			return false // bound from here on
		}
	}
	return Mentions(e.Elem, name) || e.Cond != nil && Mentions(e.Cond, name)
}

// Inspect calls f for e and, when f returns true, for each expression
// inside it, depth first in the order written: a comprehension's element,
// then each for clause's range, then its condition.
func Inspect(e Expr, f func(Expr) bool) {
	if e == nil || !f(e) {
		return
	}
	each := func(es ...Expr) {
		for _, x := range es {
			Inspect(x, f)
		}
	}
	switch e := e.(type) {
	case *Paren:
		each(e.X)
	case *Unary:
		each(e.X)
	case *Binary:
		each(e.Left, e.Right)
	case *RangeExpr:
		each(e.Lo)
		if e.Hi != nil {
			each(e.Hi)
		}
	case *SetLit:
		each(e.Elems...)
	case *ListLit:
		each(e.Elems...)
	case *Index:
		each(e.X, e.I)
	case *Call:
		each(e.Fn)
		each(e.Args...)
	case *SetCall:
		each(e.Fn)
		each(e.Elems...)
	case *CondExpr:
		each(e.If, e.Then, e.Else)
	case *Comprehension:
		each(e.Elem)
		for _, fc := range e.Fors {
			each(fc.Range)
		}
		if e.Cond != nil {
			each(e.Cond)
		}
	}
}
