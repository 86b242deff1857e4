package lang

import "github.com/alecthomas/participle/v2/lexer"

// simpleStmt parses the simplest statements without the grammar's parser,
// which spends tens of microseconds on each: a long generated script is
// mostly lines such as grundy(Nim(5)), let x = 3 * k + 1 or a + b. It takes
// the tokens of one statement, as starts cut them, and gives the structs
// the grammar would give for them, or false for anything else: an
// expression of names, numbers and strings, operators (but ..), prefix
// - and not, brackets, and calls, as a statement or a let's value, then
// any ';'. The tests check it against the grammar's parse of the same
// tokens, statement by statement.
func simpleStmt(toks []lexer.Token) (*gStmt, bool) {
	p := simple{toks: toks}
	var s *gStmt
	if t := p.peek(); t != nil && t.Type == tokKeyword && t.Value == "let" {
		if len(toks) < 4 || toks[1].Type != tokIdent || toks[2].Type != tokPunct || toks[2].Value != "=" {
			return nil, false
		}
		p.i = 3
		x, ok := p.expr()
		if !ok {
			return nil, false
		}
		s = &gStmt{Let: &gLet{Kw: toks[0], Name: &gName{Pos: toks[1].Pos, Name: toks[1].Value}, Value: x}}
	} else {
		x, ok := p.expr()
		if !ok {
			return nil, false
		}
		s = &gStmt{Expr: x}
	}
	for p.is(";") {
		p.i++
	}
	return s, p.i == len(toks)
}

type simple struct {
	toks []lexer.Token
	i    int
}

func (p *simple) peek() *lexer.Token {
	if p.i < len(p.toks) {
		return &p.toks[p.i]
	}
	return nil
}

// is reports whether the next token is the punctuation v.
func (p *simple) is(v string) bool {
	t := p.peek()
	return t != nil && t.Type == tokPunct && t.Value == v
}

func (p *simple) expr() (*gExpr, bool) {
	e := &gExpr{}
	if !p.operand(&e.gOperand) {
		return nil, false
	}
	for t := p.peek(); t != nil && t.Type == tokOp && t.Value != ".."; t = p.peek() {
		p.i++
		b := &gBinary{Op: *t}
		if !p.operand(&b.gOperand) {
			return nil, false
		}
		e.Tail = append(e.Tail, b)
	}
	return e, true
}

func (p *simple) operand(o *gOperand) bool {
	for t := p.peek(); t != nil && (t.Type == tokOp && t.Value == "-" || t.Type == tokKeyword && t.Value == "not"); t = p.peek() {
		o.Prefix = append(o.Prefix, &gPrefix{Op: *t})
		p.i++
	}
	t := p.peek()
	switch {
	case t == nil:
		return false
	case t.Type == tokIdent || t.Type == tokInt || t.Type == tokString:
		o.Atom = *t
		p.i++
	case t.Value == "(" && (t.Type == tokPunct || t.Type == tokOpenBOL):
		p.i++
		x, ok := p.expr()
		if !ok || !p.is(")") {
			return false
		}
		p.i++
		o.Paren = &gParen{Pos: t.Pos, X: x}
	default:
		return false
	}
	for p.is("(") { // a call: the bracket on the operand's line
		s := &gSuffix{Call: p.toks[p.i]}
		p.i++
		for !p.is(")") {
			x, ok := p.expr()
			if !ok {
				return false
			}
			s.Args = append(s.Args, x)
			if p.is(",") {
				p.i++
				if p.is(")") {
					return false
				}
			} else if !p.is(")") {
				return false
			}
		}
		p.i++
		o.Suffix = append(o.Suffix, s)
	}
	return true
}
