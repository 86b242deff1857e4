package lang

import "github.com/alecthomas/participle/v2/lexer"

// simpleStmt parses the simplest statements without the grammar's parser,
// which spends tens of microseconds on each: a long generated script is
// mostly lines such as grundy(Nim(5)), let x = 3 * k + 1, a + b or
// sum(grundy(G(x)) for x in 1..n). It takes the tokens of one statement, as
// starts cut them, and gives the structs the grammar would give for them,
// or false for anything else: an expression of names, numbers and strings,
// operators and ranges (open ones too), prefix - and not, brackets, sets
// and lists (comprehensions too), if-then-else, and calls (with a
// generator too), G{...} and indexes, as a statement or a let's value,
// then any ';'; and game declarations made of those (simpleGame). The
// tests check it against the grammar's parse of the same tokens, statement
// by statement.
func simpleStmt(toks []lexer.Token) (*gStmt, bool) {
	p := simple{toks: toks}
	var s *gStmt
	if p.keyword("game") {
		g, ok := p.game()
		if !ok {
			return nil, false
		}
		s = &gStmt{Game: g}
	} else if t := p.peek(); t != nil && t.Type == tokKeyword && t.Value == "let" {
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

// opens reports whether the next token is the bracket v, at the start of a
// line or not.
func (p *simple) opens(v string) bool {
	t := p.peek()
	return t != nil && (t.Type == tokPunct || t.Type == tokOpenBOL) && t.Value == v
}

// keyword reports whether the next token is the keyword v.
func (p *simple) keyword(v string) bool {
	t := p.peek()
	return t != nil && t.Type == tokKeyword && t.Value == v
}

func (p *simple) expr() (*gExpr, bool) {
	e := &gExpr{}
	if !p.operand(&e.gOperand) {
		return nil, false
	}
	for t := p.peek(); t != nil && t.Type == tokOp; t = p.peek() {
		if t.Value == ".." && !p.startsOperand(p.i+1) {
			break // a range with no high end, before a bracket: 1..)
		}
		p.i++
		b := &gBinary{Op: *t}
		if !p.operand(&b.gOperand) {
			return nil, false
		}
		e.Tail = append(e.Tail, b)
	}
	if t := p.peek(); t != nil && t.Value == ".." && (t.Type == tokPunct || t.Type == tokOp) { // a range with no high end
		e.Open = *t
		p.i++
	}
	return e, true
}

// startsOperand reports whether the token at i can start an operand.
func (p *simple) startsOperand(i int) bool {
	if i >= len(p.toks) {
		return false
	}
	t := p.toks[i]
	switch t.Type {
	case tokIdent, tokInt, tokString:
		return true
	case tokOp:
		return t.Value == "-"
	case tokKeyword:
		return t.Value == "not" || t.Value == "if"
	case tokPunct, tokOpenBOL:
		return t.Value == "(" || t.Value == "{" || t.Value == "["
	}
	return false
}

// exprs parses expressions separated by commas, none when the next token
// is end, and then a comprehension's tail when one follows.
func (p *simple) exprs(end string) ([]*gExpr, *gComp, bool) {
	var xs []*gExpr
	if !p.is(end) && !p.keyword("for") {
		for {
			x, ok := p.expr()
			if !ok {
				return nil, nil, false
			}
			xs = append(xs, x)
			if !p.is(",") {
				break
			}
			p.i++
		}
	}
	var comp *gComp
	if p.keyword("for") {
		var ok bool
		if comp, ok = p.comp(); !ok {
			return nil, nil, false
		}
	}
	if !p.is(end) {
		return nil, nil, false
	}
	p.i++
	return xs, comp, true
}

// comp parses the for clauses and condition of a comprehension.
func (p *simple) comp() (*gComp, bool) {
	c := &gComp{Pos: p.toks[p.i].Pos}
	var ok bool
	if c.Fors, ok = p.fors(); !ok {
		return nil, false
	}
	if c.Cond, ok = p.cond(); !ok {
		return nil, false
	}
	return c, true
}

// fors parses for clauses, for v in e, as many as there are.
func (p *simple) fors() ([]*gFor, bool) {
	var out []*gFor
	for p.keyword("for") {
		f := &gFor{Pos: p.toks[p.i].Pos}
		p.i++
		var ok bool
		if f.Var, ok = p.ident(); !ok || !p.keyword("in") {
			return nil, false
		}
		p.i++
		if f.Range, ok = p.expr(); !ok {
			return nil, false
		}
		out = append(out, f)
	}
	return out, true
}

// cond parses a condition, if e, when one follows (nil when none does).
func (p *simple) cond() (*gExpr, bool) {
	if !p.keyword("if") {
		return nil, true
	}
	p.i++
	return p.expr()
}

func (p *simple) operand(o *gOperand) bool {
	for t := p.peek(); t != nil && (t.Type == tokOp && t.Value == "-" || t.Type == tokKeyword && t.Value == "not"); t = p.peek() {
		o.Prefix = append(o.Prefix, &gPrefix{Op: *t})
		p.i++
	}
	return p.primary(o) && p.suffixes(o)
}

// primary parses an operand's atom, parenthesis, set, list or conditional.
func (p *simple) primary(o *gOperand) bool {
	t := p.peek()
	ok := true
	switch {
	case t == nil:
		return false
	case t.Type == tokIdent || t.Type == tokInt || t.Type == tokString:
		o.Atom = *t
		p.i++
	case p.opens("("):
		p.i++
		var x *gExpr
		if x, ok = p.expr(); !ok || !p.is(")") {
			return false
		}
		p.i++
		o.Paren = &gParen{Pos: t.Pos, X: x}
	case p.opens("{"):
		p.i++
		xs, comp, done := p.exprs("}")
		o.Set, ok = &gSetLit{Pos: t.Pos, Elems: xs, Comp: comp}, done
	case p.opens("["):
		p.i++
		xs, comp, done := p.exprs("]")
		o.List, ok = &gListLit{Pos: t.Pos, Elems: xs, Comp: comp}, done
	case p.keyword("if"):
		o.Cond, ok = p.condExpr(t.Pos)
	default:
		return false
	}
	return ok
}

// condExpr parses if c then a else b.
func (p *simple) condExpr(at lexer.Position) (*gCond, bool) {
	c := &gCond{Pos: at}
	for _, part := range []struct {
		kw string
		x  **gExpr
	}{{"if", &c.If}, {"then", &c.Then}, {"else", &c.Else}} {
		if !p.keyword(part.kw) {
			return nil, false
		}
		p.i++
		var ok bool
		if *part.x, ok = p.expr(); !ok {
			return nil, false
		}
	}
	return c, true
}

// suffixes parses an operand's suffixes: brackets on its line.
func (p *simple) suffixes(o *gOperand) bool {
	for {
		s := &gSuffix{}
		switch {
		case p.is("("): // a call
			s.Call = p.toks[p.i]
			p.i++
			var ok bool
			if s.Args, s.Gen, ok = p.exprs(")"); !ok {
				return false
			}
		case p.is("{"): // G{...}
			s.Set = true
			p.i++
			xs, comp, ok := p.exprs("}")
			if !ok || comp != nil {
				return false
			}
			s.Elems = xs
		case p.is("["): // an index
			p.i++
			x, ok := p.expr()
			if !ok || !p.is("]") {
				return false
			}
			p.i++
			s.Index = x
		default:
			return true
		}
		o.Suffix = append(o.Suffix, s)
	}
}

// Game declarations: game G [(params)] (= expr | [kind] { rules }), the
// rules take, move, loses if, pick, forbid and pass once, as the grammar
// writes them (grammar.go). A bracket at the start of a line where the
// grammar wants one is left to the grammar.

func (p *simple) game() (*gGame, bool) {
	g := &gGame{Kw: p.toks[p.i]}
	p.i++
	name, ok := p.ident()
	if !ok {
		return nil, false
	}
	g.Name = name.Name
	if p.is("(") {
		if g.Params, ok = p.params(); !ok {
			return nil, false
		}
	}
	if p.is("=") {
		p.i++
		g.Alias, ok = p.expr()
		return g, ok
	}
	if g.Kind, ok = p.kind(); !ok || !p.is("{") {
		return nil, false
	}
	p.i++
	for !p.is("}") {
		r, ok := p.rule()
		if !ok {
			return nil, false
		}
		g.Rules = append(g.Rules, r)
		for p.is(";") {
			p.i++
		}
	}
	p.i++
	return g, true
}

// params takes a declaration's parameters, (a, b) or ().
func (p *simple) params() ([]*gName, bool) {
	p.i++
	var names []*gName
	ok := true
	if !p.is(")") {
		if names, ok = p.names(); !ok {
			return nil, false
		}
	}
	if !p.is(")") {
		return nil, false
	}
	p.i++
	return names, true
}

// kind takes a declaration's kind clause, such as state (x, y), when there
// is one (nil when not).
func (p *simple) kind() (*gKind, bool) {
	t := p.peek()
	if t == nil || !(t.Type == tokIdent || t.Type == tokKeyword && (t.Value == "state" || t.Value == "set")) {
		return nil, true
	}
	k := &gKind{Pos: t.Pos, Word: t.Value}
	p.i++
	if p.is("(") {
		p.i++
		var ok bool
		if k.Vars, ok = p.names(); !ok || !p.is(")") {
			return nil, false
		}
		p.i++
	}
	return k, true
}

// ident takes a name.
func (p *simple) ident() (*gName, bool) {
	t := p.peek()
	if t == nil || t.Type != tokIdent {
		return nil, false
	}
	p.i++
	return &gName{Pos: t.Pos, Name: t.Value}, true
}

// names takes names separated by commas, at least one.
func (p *simple) names() ([]*gName, bool) {
	var out []*gName
	for {
		n, ok := p.ident()
		if !ok {
			return nil, false
		}
		out = append(out, n)
		if !p.is(",") {
			return out, true
		}
		p.i++
	}
}

// word reports whether the next token is the name v (a word of a rule that
// is not a keyword: entailing, again, pass, once).
func (p *simple) word(v string) bool {
	t := p.peek()
	return t != nil && t.Type == tokIdent && t.Value == v
}

// then takes the word after a take or move rule that says what it obliges.
func (p *simple) then() string {
	if p.word("entailing") || p.word("again") {
		p.i++
		return p.toks[p.i-1].Value
	}
	return ""
}

func (p *simple) rule() (*gRule, bool) {
	t := p.peek()
	if t == nil {
		return nil, false
	}
	var ok bool
	switch {
	case p.keyword("take"):
		return p.take(t.Pos)
	case p.keyword("move"):
		return p.move(t.Pos)
	case p.keyword("loses"):
		p.i++
		if !p.keyword("if") {
			return nil, false
		}
		p.i++
		r := &gLoses{Pos: t.Pos}
		if r.Cond, ok = p.expr(); !ok {
			return nil, false
		}
		return &gRule{Loses: r}, true
	case p.keyword("pick"):
		p.i++
		r := &gPick{Pos: t.Pos}
		if r.Var, ok = p.ident(); !ok || !p.keyword("in") {
			return nil, false
		}
		p.i++
		if r.Universe, ok = p.expr(); !ok {
			return nil, false
		}
		return &gRule{Pick: r}, true
	case p.keyword("forbid"):
		p.i++
		r := &gForbid{Pos: t.Pos}
		if r.What, ok = p.ident(); !ok {
			return nil, false
		}
		return &gRule{Forbid: r}, true
	case p.word("pass"):
		p.i++
		if !p.word("once") {
			return nil, false
		}
		p.i++
		return &gRule{Pass: &gPass{Pos: t.Pos, Once: true}}, true
	}
	return nil, false
}

// take parses take S [split | leaving L] [entailing | again].
func (p *simple) take(at lexer.Position) (*gRule, bool) {
	r := &gTake{Pos: at}
	p.i++
	var ok bool
	if r.Amount, ok = p.expr(); !ok {
		return nil, false
	}
	switch {
	case p.keyword("split"):
		r.Split = true
		p.i++
	case p.keyword("leaving"):
		p.i++
		if r.Leaving, ok = p.expr(); !ok {
			return nil, false
		}
	}
	r.Then = p.then()
	return &gRule{Take: r}, true
}

// move parses move (results) [for ...] [if guard] [entailing | again].
func (p *simple) move(at lexer.Position) (*gRule, bool) {
	r := &gMove{Pos: at}
	p.i++
	if !p.is("(") {
		return nil, false
	}
	p.i++
	if p.is(")") || p.keyword("for") { // the grammar wants a result first
		return nil, false
	}
	var ok bool
	if r.Result, r.Gen, ok = p.exprs(")"); !ok {
		return nil, false
	}
	if r.Fors, ok = p.fors(); !ok {
		return nil, false
	}
	if r.Guard, ok = p.cond(); !ok {
		return nil, false
	}
	r.Then = p.then()
	return &gRule{Move: r}, true
}
