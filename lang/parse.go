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
func Parse(filename, src string) (*File, error) { return ParseAt(filename, src, 1) }

// ParseAt parses a piece of a longer input that starts on line first (piped
// statements, the prompt): positions count from there.
func ParseAt(filename, src string, first int) (*File, error) {
	return ParseWith(filename, src, first, nil)
}

// ParseWith is ParseAt for a long input read under limits: poll, when
// set, is called every few thousand tokens with the line reached, and the
// parse stops with its error, if it returns one (Ctrl-C, the memory
// budget).
func ParseWith(filename, src string, first int, poll func(line int) error) (*File, error) {
	f, err := parsePieces(filename, src, first, poll)
	if f != nil || err != nil {
		return f, err
	}
	return parseWholePolled(filename, src, first, poll)
}

// pollEvery is how many tokens a parse reads between polls.
const pollEvery = 4096

// parseWhole parses src as one piece, and says what is wrong with it.
func parseWhole(filename, src string, first int) (*File, error) {
	return parseWholePolled(filename, src, first, nil)
}

// parseWholePolled is parseWhole under a poll (ParseWith).
func parseWholePolled(filename, src string, first int, poll func(int) error) (*File, error) {
	sc := &scanner{src: src, pos: lexer.Position{Filename: filename, Line: first, Column: 1}, endLine: first - 1, poll: poll}
	peek, err := lexer.Upgrade(sc)
	if sc.stopped != nil {
		return nil, sc.stopped
	}
	var g *gFile
	if err == nil {
		g, err = grammar().ParseFromLexer(peek)
	}
	if err != nil {
		return nil, syntaxError(filename, src, first, err)
	}
	f := &File{Name: filename}
	l := &lowerer{}
	for _, s := range g.Stmts {
		f.Stmts = append(f.Stmts, l.lowerStmt(s))
	}
	if l.err != nil {
		return nil, l.err
	}
	return f, nil
}

// lowerer turns the grammar's structs into the AST, keeping the first error
// (operators put together in a way the grammar alone does not rule out).
type lowerer struct{ err *SyntaxError }

func (l *lowerer) fail(p lexer.Position, format string, args ...any) {
	if l.err == nil {
		l.err = &SyntaxError{Pos: pos(p), Msg: fmt.Sprintf(format, args...)}
	}
}

func syntaxError(filename, src string, first int, err error) *SyntaxError {
	var perr participle.Error
	if !errors.As(err, &perr) {
		return &SyntaxError{Pos: Pos{File: filename, Line: first, Column: 1}, Msg: err.Error()}
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
	var unexpected *participle.UnexpectedTokenError
	if errors.As(err, &unexpected) {
		msg = hints(src, first, unexpected.Unexpected, msg)
	}
	line, col := p.Line, p.Column
	if incomplete || line == 0 {
		line, col = endOf(src)
		line += first - 1
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

func (l *lowerer) lowerStmt(s *gStmt) Stmt {
	switch {
	case s.Game != nil:
		return l.lowerGame(s.Game)
	case s.Let != nil:
		let := &LetStmt{Pos: pos(s.Let.Kw.Pos), Name: ident(s.Let.Name), Func: s.Let.Func, Value: l.lowerExpr(s.Let.Value)}
		for _, p := range s.Let.Params {
			let.Params = append(let.Params, ident(p))
		}
		return let
	default:
		x := l.lowerExpr(s.Expr)
		return &ExprStmt{Pos: ExprPos(x), X: x}
	}
}

func (l *lowerer) lowerGame(g *gGame) *GameDecl {
	d := &GameDecl{Pos: pos(g.Kw.Pos), Name: g.Name, Params: idents(g.Params)}
	if g.Alias != nil {
		d.Alias = l.lowerExpr(g.Alias)
		return d
	}
	if k := g.Kind; k != nil {
		d.Kind = &KindClause{Pos: pos(k.Pos), Word: k.Word, Vars: idents(k.Vars)}
	}
	for _, r := range g.Rules {
		d.Rules = append(d.Rules, l.lowerRule(r))
	}
	return d
}

func (l *lowerer) lowerRule(r *gRule) Rule {
	switch {
	case r.Take != nil:
		t := &TakeRule{Pos: pos(r.Take.Pos), Amount: l.lowerExpr(r.Take.Amount), Split: r.Take.Split, Then: r.Take.Then}
		if r.Take.Leaving != nil {
			t.Leaving = l.lowerExpr(r.Take.Leaving)
		}
		return t
	case r.Move != nil:
		m := &MoveRule{Pos: pos(r.Move.Pos), Result: l.lowerExprs(r.Move.Result), Then: r.Move.Then}
		if g := r.Move.Gen; g != nil {
			m.Result = []Expr{l.comprehension(pos(r.Move.Result[0].start()), r.Move.Result, g, false)}
		}
		for _, f := range r.Move.Fors {
			m.Fors = append(m.Fors, &ForClause{Pos: pos(f.Pos), Var: ident(f.Var), Range: l.lowerExpr(f.Range)})
		}
		if r.Move.Guard != nil {
			m.Guard = l.lowerExpr(r.Move.Guard)
		}
		return m
	case r.Loses != nil:
		return &LosesRule{Pos: pos(r.Loses.Pos), Cond: l.lowerExpr(r.Loses.Cond)}
	case r.Pick != nil:
		return &PickRule{Pos: pos(r.Pick.Pos), Var: ident(r.Pick.Var), Universe: l.lowerExpr(r.Pick.Universe)}
	case r.Pass != nil:
		return &PassRule{Pos: pos(r.Pass.Pos)}
	default:
		return &ForbidRule{Pos: pos(r.Forbid.Pos), What: ident(r.Forbid.What)}
	}
}

func (l *lowerer) lowerExprs(es []*gExpr) []Expr {
	out := make([]Expr, len(es))
	for i, e := range es {
		out[i] = l.lowerExpr(e)
	}
	return out
}

// Binding powers of the operators, loosest first. A prefix operator's
// operand binds at its own power: not a and b is (not a) and b; -2^2 is
// -(2^2). The exponent of ^ may start with a minus: 2^-1.
const (
	powOr = iota + 1
	powAnd
	powNot
	powCmp // comparisons do not chain
	powRange
	powBitOr  // |
	powXor    // xor: the nim sum
	powBitAnd // &
	powShift  // << >>
	powSum
	powTerm
	powNeg
	powPower // right to left: 2^3^2 is 2^(3^2)
)

var binaryPow = map[string]int{
	"or": powOr, "and": powAnd,
	"==": powCmp, "!=": powCmp, "<": powCmp, "<=": powCmp, ">": powCmp, ">=": powCmp,
	"..": powRange, "|": powBitOr, "xor": powXor, "&": powBitAnd, "<<": powShift, ">>": powShift,
	"+": powSum, "-": powSum,
	"*": powTerm, "/": powTerm, "%": powTerm, "mod": powTerm, "^": powPower,
}

// lowerExpr gives a flat expression its structure by precedence climbing:
// one loop per precedence level in use, so a chain of a + b + ... of any
// length takes no recursion.
func (l *lowerer) lowerExpr(e *gExpr) Expr {
	c := climber{l: l, e: e}
	return c.expr(powOr)
}

// climber walks one flat expression: operand i is the head (i = 0) or the
// right side of Tail[i-1]; next is the index in Tail of the next operator.
type climber struct {
	l      *lowerer
	e      *gExpr
	next   int
	prefix int  // prefix operators of the current operand already taken
	closed bool // the open range at the end (1..) is made
}

func (c *climber) operand() *gOperand {
	if c.next == 0 {
		return &c.e.gOperand
	}
	return &c.e.Tail[c.next-1].gOperand
}

// expr reads an expression whose operators bind at least as tight as min.
func (c *climber) expr(min int) Expr {
	x := c.prefixed(min)
	var prev int // the power of the operator that made x, for the ones that do not chain
	for c.next < len(c.e.Tail) && c.l.err == nil {
		b := c.e.Tail[c.next]
		pow := binaryPow[b.Op.Value]
		if pow < min {
			break
		}
		if prev == pow && (pow == powCmp || pow == powRange) {
			c.unchained(b, pow)
			return x
		}
		prev = pow
		c.next++
		c.prefix = 0
		x = c.operation(x, b, pow)
	}
	if c.e.Open.Value == ".." && !c.closed && c.next == len(c.e.Tail) && min <= powRange && c.l.err == nil {
		if prev == powRange {
			c.l.fail(c.e.Open.Pos, "syntax error: unexpected \"..\" (ranges do not chain)")
		}
		c.closed = true
		x = &RangeExpr{Pos: ExprPos(x), Lo: x}
	}
	return x
}

// unchained refuses a comparison or a range after another.
func (c *climber) unchained(b *gBinary, pow int) {
	what := "comparisons do not chain: write a < b and b < c"
	if pow == powRange {
		what = "ranges do not chain"
	}
	c.l.fail(b.Op.Pos, "syntax error: unexpected %q (%s)", b.Op.Value, what)
}

// operation is x, then the operator of b, of power pow, and its right
// side, which binds tighter (the power operator binds right to left, and
// its exponent may be negated).
func (c *climber) operation(x Expr, b *gBinary, pow int) Expr {
	right := pow + 1
	if pow == powPower {
		right = powNeg
	}
	switch b.Op.Value {
	case "..":
		return &RangeExpr{Pos: ExprPos(x), Lo: x, Hi: c.expr(right)}
	case "mod":
		return &Binary{Pos: ExprPos(x), OpPos: pos(b.Op.Pos), Op: "%", Left: x, Right: c.expr(right)}
	}
	return &Binary{Pos: ExprPos(x), OpPos: pos(b.Op.Pos), Op: b.Op.Value, Left: x, Right: c.expr(right)}
}

// prefixed reads the current operand from its next prefix operator on.
func (c *climber) prefixed(min int) Expr {
	o := c.operand()
	if c.prefix == len(o.Prefix) {
		return c.l.lowerOperand(o)
	}
	t := o.Prefix[c.prefix].Op
	c.prefix++
	pow := powNeg
	if t.Value == "not" {
		pow = powNot
	}
	if pow < min {
		c.l.fail(t.Pos, "syntax error: unexpected %q (put the %s ... in brackets here)", t.Value, t.Value)
		return &Ident{Pos: pos(t.Pos), Name: t.Value}
	}
	return &Unary{Pos: pos(t.Pos), Op: t.Value, X: c.expr(pow)}
}

// start is where an operand starts: its first prefix operator, bracket or token.
func (o *gOperand) start() lexer.Position {
	switch {
	case len(o.Prefix) > 0:
		return o.Prefix[0].Op.Pos
	case o.Paren != nil:
		return o.Paren.Pos
	case o.Set != nil:
		return o.Set.Pos
	case o.List != nil:
		return o.List.Pos
	case o.Cond != nil:
		return o.Cond.Pos
	}
	return o.Atom.Pos
}

// lowerOperand lowers an operand without its prefix operators.
func (l *lowerer) lowerOperand(o *gOperand) Expr {
	x := l.lowerPrimary(o)
	for _, s := range o.Suffix {
		switch {
		case s.Call.Value != "" && s.Gen != nil:
			x = &Call{Pos: ExprPos(x), Fn: x, Args: []Expr{l.comprehension(pos(s.Call.Pos), s.Args, s.Gen, false)}}
		case s.Call.Value != "":
			x = &Call{Pos: ExprPos(x), Fn: x, Args: l.lowerExprs(s.Args)}
		case s.Index != nil:
			x = &Index{Pos: ExprPos(x), X: x, I: l.lowerExpr(s.Index)}
		default:
			x = &SetCall{Pos: ExprPos(x), Fn: x, Elems: l.lowerExprs(s.Elems)}
		}
	}
	return x
}

// lowerPrimary lowers an operand without its suffixes.
func (l *lowerer) lowerPrimary(o *gOperand) Expr {
	var x Expr
	switch t := o.Atom; {
	case o.Paren != nil:
		x = &Paren{Pos: pos(o.Paren.Pos), X: l.lowerExpr(o.Paren.X)}
	case o.Cond != nil:
		x = &CondExpr{Pos: pos(o.Cond.Pos), If: l.lowerExpr(o.Cond.If), Then: l.lowerExpr(o.Cond.Then), Else: l.lowerExpr(o.Cond.Else)}
	case o.Set != nil && o.Set.Comp != nil:
		x = l.comprehension(pos(o.Set.Pos), o.Set.Elems, o.Set.Comp, true)
	case o.Set != nil:
		x = &SetLit{Pos: pos(o.Set.Pos), Elems: l.lowerExprs(o.Set.Elems)}
	case o.List != nil && o.List.Comp != nil:
		x = l.comprehension(pos(o.List.Pos), o.List.Elems, o.List.Comp, false)
		if c, ok := x.(*Comprehension); ok {
			c.List = true
		}
	case o.List != nil:
		x = &ListLit{Pos: pos(o.List.Pos), Elems: l.lowerExprs(o.List.Elems)}
	case t.Type == tokInt:
		x = &IntLit{Pos: pos(t.Pos), Digits: t.Value}
	case t.Type == tokString:
		s, err := strconv.Unquote(t.Value)
		if err != nil {
			s = strings.Trim(t.Value, `"`)
		}
		x = &StringLit{Pos: pos(t.Pos), Value: s}
	default:
		x = &Ident{Pos: pos(t.Pos), Name: t.Value}
	}
	return x
}

// hints says more about an unexpected token: which bracket, opened on an
// earlier line, a missing closing one would close, and the keyword a
// misspelt word may be.
func hints(src string, first int, tok lexer.Token, msg string) string {
	if strings.HasSuffix(msg, `(expected ")")`) || strings.HasSuffix(msg, `(expected "}")`) {
		line := tok.Pos.Line
		if tok.EOF() {
			line, _ = endOf(src)
			line += first - 1
		}
		if open, ok := openBracket(src, first, tok.Pos.Offset); ok && open.Pos.Line < line {
			msg = strings.TrimSuffix(msg, ")") + fmt.Sprintf(" to close the %q at %d:%d)", open.Value, open.Pos.Line, open.Pos.Column)
		}
	}
	if tok.Type == tokIdent {
		if k := Closest(tok.Value, Keywords); k != "" {
			msg += fmt.Sprintf(" (did you mean %s?)", k)
		}
	}
	return msg
}

// openBracket finds the innermost bracket still open at offset; src starts
// on line first.
func openBracket(src string, first, offset int) (lexer.Token, bool) {
	s := &scanner{src: src, pos: lexer.Position{Line: first, Column: 1}}
	var open []lexer.Token
	for {
		tok, err := s.Next()
		if err != nil || tok.EOF() || tok.Pos.Offset >= offset {
			break
		}
		switch tok.Value {
		case "(", "{":
			open = append(open, tok)
		case ")", "}":
			if len(open) > 0 {
				open = open[:len(open)-1]
			}
		}
	}
	if len(open) == 0 {
		return lexer.Token{}, false
	}
	return open[len(open)-1], true
}

// Closest returns the word of words that name is most likely a misspelling
// of — a letter or two wrong, missing, extra or swapped — or "".
func Closest(name string, words []string) string {
	limit := max(1, len(name)/3) // a typo or two, not another word
	best, bestD := "", limit+1
	for _, w := range words {
		if d := distance(strings.ToLower(name), strings.ToLower(w)); d < bestD {
			best, bestD = w, d
		}
	}
	return best
}

// distance is the number of letters to change, insert, delete or swap with
// their neighbour to turn a into b (the optimal string alignment distance).
func distance(a, b string) int {
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
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
	if strings.Contains(exp, "GParen") { // what starts an operand
		return head + "(expected expression)"
	}
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

// comprehension lowers elems followed by a comprehension's tail: there must
// be exactly one element, the one the for clauses range over.
func (l *lowerer) comprehension(at Pos, elems []*gExpr, c *gComp, set bool) Expr {
	if len(elems) != 1 {
		what := "{k^2 for k in 1..n}"
		if !set {
			what = "all(p % d != 0 for d in 2..p-1)"
		}
		l.fail(c.Pos, "syntax error: a comprehension has one expression before its 'for', as in %s", what)
		return &SetLit{Pos: at}
	}
	x := &Comprehension{Pos: at, Elem: l.lowerExpr(elems[0]), Set: set}
	for _, f := range c.Fors {
		x.Fors = append(x.Fors, &ForClause{Pos: pos(f.Pos), Var: ident(f.Var), Range: l.lowerExpr(f.Range)})
	}
	if c.Cond != nil {
		x.Cond = l.lowerExpr(c.Cond)
	}
	return x
}
