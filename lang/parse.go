package lang

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// SyntaxError is a parse error at a position.
type SyntaxError struct {
	Pos Pos
	Msg string
	// Incomplete is true when the input ended before the statement did: more
	// input could make it valid (the REPL asks for a continuation line).
	Incomplete bool
}

func (e *SyntaxError) Error() string { return e.Pos.String() + ": " + e.Msg }

// Parse parses a gamelang script.
func Parse(filename, src string) (*File, error) {
	g, err := parser.ParseString(filename, src)
	if err != nil {
		return nil, syntaxError(filename, src, err)
	}
	f := &File{Name: filename}
	for _, s := range g.Stmts {
		f.Stmts = append(f.Stmts, lowerStmt(s))
	}
	return f, nil
}

func syntaxError(filename, src string, err error) *SyntaxError {
	var perr participle.Error
	if !errors.As(err, &perr) {
		return &SyntaxError{Pos: Pos{File: filename, Line: 1, Column: 1}, Msg: err.Error()}
	}
	p := perr.Position()
	msg := perr.Message()
	incomplete := strings.Contains(msg, "unexpected token \"<EOF>\"") || p.Offset >= len(strings.TrimRight(src, " \t\r\n"))
	msg = strings.ReplaceAll(msg, `"<EOF>"`, "end of input")
	msg = strings.ReplaceAll(msg, "<ident>", "name")
	msg = strings.ReplaceAll(msg, "<int>", "number")
	if strings.Contains(msg, "invalid input text") {
		msg = badText(src, p.Offset)
	}
	msg = simplifyExpected(msg)
	if strings.HasPrefix(msg, "unexpected token ") {
		msg = "syntax error: unexpected " + strings.TrimPrefix(msg, "unexpected token ")
	} else if !strings.HasPrefix(msg, "syntax error") {
		msg = "syntax error: " + msg
	}
	line, col := p.Line, p.Column
	if incomplete || line == 0 {
		line, col = endOf(src)
	}
	return &SyntaxError{Pos: Pos{File: filename, Line: line, Column: col}, Msg: msg, Incomplete: incomplete}
}

func pos(p lexer.Position) Pos { return Pos{File: p.Filename, Line: p.Line, Column: p.Column} }

func ident(n *gName) *Ident { return &Ident{Pos: pos(n.Pos), Name: n.Name} }

func idents(ns []*gName) []*Ident {
	out := make([]*Ident, len(ns))
	for i, n := range ns {
		out[i] = ident(n)
	}
	return out
}

func lowerStmt(s *gStmt) Stmt {
	switch {
	case s.Game != nil:
		return lowerGame(s.Game)
	case s.Let != nil:
		return &LetStmt{Pos: pos(s.Let.Pos), Name: ident(s.Let.Name), Value: lowerExpr(s.Let.Value)}
	default:
		return &ExprStmt{Pos: pos(s.Expr.Pos), X: lowerExpr(s.Expr)}
	}
}

func lowerGame(g *gGame) *GameDecl {
	d := &GameDecl{Pos: pos(g.Pos), Name: g.Name, Params: idents(g.Params)}
	if g.Alias != nil {
		d.Alias = lowerExpr(g.Alias)
		return d
	}
	if k := g.Kind; k != nil {
		d.Kind = &KindClause{Pos: pos(k.Pos), Word: k.Word, Vars: idents(k.Vars)}
	}
	for _, r := range g.Rules {
		d.Rules = append(d.Rules, lowerRule(r))
	}
	return d
}

func lowerRule(r *gRule) Rule {
	switch {
	case r.Take != nil:
		t := &TakeRule{Pos: pos(r.Take.Pos), Amount: lowerExpr(r.Take.Amount), Split: r.Take.Split}
		if r.Take.Leaving != nil {
			t.Leaving = lowerExpr(r.Take.Leaving)
		}
		return t
	case r.Move != nil:
		m := &MoveRule{Pos: pos(r.Move.Pos), Result: lowerExprs(r.Move.Result)}
		for _, f := range r.Move.Fors {
			m.Fors = append(m.Fors, &ForClause{Pos: pos(f.Pos), Var: ident(f.Var), Range: lowerExpr(f.Range)})
		}
		if r.Move.Guard != nil {
			m.Guard = lowerExpr(r.Move.Guard)
		}
		return m
	case r.Loses != nil:
		return &LosesRule{Pos: pos(r.Loses.Pos), Cond: lowerExpr(r.Loses.Cond)}
	case r.Pick != nil:
		return &PickRule{Pos: pos(r.Pick.Pos), Var: ident(r.Pick.Var), Universe: lowerExpr(r.Pick.Universe)}
	default:
		return &ForbidRule{Pos: pos(r.Forbid.Pos), What: ident(r.Forbid.What)}
	}
}

func lowerExprs(es []*gExpr) []Expr {
	out := make([]Expr, len(es))
	for i, e := range es {
		out[i] = lowerExpr(e)
	}
	return out
}

func lowerExpr(e *gExpr) Expr {
	x := lowerAnd(e.Left)
	for _, r := range e.Rest {
		x = &Binary{Pos: ExprPos(x), OpPos: pos(r.Pos), Op: "or", Left: x, Right: lowerAnd(r.Right)}
	}
	return x
}

func lowerAnd(e *gAnd) Expr {
	x := lowerNot(e.Left)
	for _, r := range e.Rest {
		x = &Binary{Pos: ExprPos(x), OpPos: pos(r.Pos), Op: "and", Left: x, Right: lowerNot(r.Right)}
	}
	return x
}

func lowerNot(e *gNot) Expr {
	if e.Not != nil {
		return &Unary{Pos: pos(e.Pos), Op: "not", X: lowerNot(e.Not)}
	}
	c := e.Cmp
	x := lowerRange(c.Left)
	if c.Op != nil {
		x = &Binary{Pos: ExprPos(x), OpPos: pos(c.Op.Pos), Op: c.Op.Op, Left: x, Right: lowerRange(c.Op.Right)}
	}
	return x
}

func lowerRange(e *gRange) Expr {
	lo := lowerSum(e.Lo)
	if !e.Dots {
		return lo
	}
	r := &RangeExpr{Pos: pos(e.Pos), Lo: lo}
	if e.Hi != nil {
		r.Hi = lowerSum(e.Hi)
	}
	return r
}

func lowerSum(e *gSum) Expr {
	x := lowerTerm(e.Left)
	for _, r := range e.Rest {
		x = &Binary{Pos: ExprPos(x), OpPos: pos(r.Pos), Op: r.Op, Left: x, Right: lowerTerm(r.Term)}
	}
	return x
}

func lowerTerm(e *gTerm) Expr {
	x := lowerUnary(e.Left)
	for _, r := range e.Rest {
		op := r.Op
		if op == "mod" {
			op = "%"
		}
		x = &Binary{Pos: ExprPos(x), OpPos: pos(r.Pos), Op: op, Left: x, Right: lowerUnary(r.Unary)}
	}
	return x
}

func lowerUnary(e *gUnary) Expr {
	if e.Neg != nil {
		return &Unary{Pos: pos(e.Pos), Op: "-", X: lowerUnary(e.Neg)}
	}
	p := e.Power
	x := lowerPostfix(p.Base)
	if p.Exp != nil {
		x = &Binary{Pos: ExprPos(x), OpPos: pos(p.Exp.Pos), Op: "^", Left: x, Right: lowerUnary(p.Exp.Exp)}
	}
	return x
}

func lowerPostfix(e *gPostfix) Expr {
	x := lowerPrimary(e.Primary)
	for _, s := range e.Suffix {
		if s.Call {
			x = &Call{Pos: ExprPos(x), Fn: x, Args: lowerExprs(s.Args)}
		} else {
			x = &SetCall{Pos: ExprPos(x), Fn: x, Elems: lowerExprs(s.Elems)}
		}
	}
	return x
}

func lowerPrimary(e *gPrimary) Expr {
	p := pos(e.Pos)
	switch {
	case e.Int != nil:
		return &IntLit{Pos: p, Digits: *e.Int}
	case e.String != nil:
		s, err := strconv.Unquote(*e.String)
		if err != nil {
			s = strings.Trim(*e.String, `"`)
		}
		return &StringLit{Pos: p, Value: s}
	case e.Ident != nil:
		return &Ident{Pos: p, Name: *e.Ident}
	case e.Paren != nil:
		return &Paren{Pos: p, X: lowerExpr(e.Paren)}
	default:
		return &SetLit{Pos: p, Elems: lowerExprs(e.Set.Elems)}
	}
}

var grammarName = regexp.MustCompile(`\bG[A-Z][A-Za-z]*`)

// simplifyExpected rewrites participle's "(expected GExpr ...)" into plain
// words and keeps only what is expected first.
func simplifyExpected(msg string) string {
	head, exp, ok := strings.Cut(msg, "(expected ")
	if !ok {
		return msg
	}
	exp = strings.TrimSuffix(exp, ")")
	exp = strings.TrimLeft(exp, "(")
	first := exp
	if strings.HasPrefix(first, `"`) {
		if end := strings.Index(first[1:], `"`); end >= 0 {
			first = first[:end+2]
		}
	} else if i := strings.IndexAny(first, ` ("|)?*`); i > 0 {
		first = first[:i]
	}
	first = grammarName.ReplaceAllStringFunc(first, func(name string) string {
		switch name {
		case "GName":
			return "name"
		case "GRule":
			return "rule"
		}
		return "expression"
	})
	return head + "(expected " + first + ")"
}

// badText describes the text the lexer could not read at offset: an
// unterminated string, or the characters up to the next blank.
func badText(src string, off int) string {
	if off >= len(src) {
		return "syntax error: unexpected end of input"
	}
	rest := src[off:]
	if rest[0] == '"' {
		return "syntax error: unterminated string (a string ends with \" on the same line)"
	}
	if i := strings.IndexAny(rest, " \t\r\n"); i >= 0 {
		rest = rest[:i]
	}
	return fmt.Sprintf("syntax error: unexpected text %q", rest)
}

// endOf returns the position just after the last non-blank character of src,
// where an unexpected end of input is best shown.
func endOf(src string) (line, col int) {
	text := strings.TrimRight(src, " \t\r\n")
	line = 1 + strings.Count(text, "\n")
	last := text[strings.LastIndex(text, "\n")+1:]
	return line, len([]rune(last)) + 1
}
