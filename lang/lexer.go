package lang

import (
	"fmt"
	"io"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"
)

// lineAware wraps the simple lexer: a "(" or "{" that starts a line (only blanks
// and comments before it since the previous token) becomes an OpenBOL token.
// The grammar lets call and set-position suffixes open only with a same-line
// bracket, so a statement on a new line that starts with "(" is never taken as
// a call of the previous line's value.
type lineAware struct{ inner lexer.Definition }

func (d lineAware) Symbols() map[string]lexer.TokenType {
	syms := map[string]lexer.TokenType{}
	for k, v := range d.inner.Symbols() {
		syms[k] = v
	}
	syms["OpenBOL"] = openBOL
	return syms
}

const openBOL lexer.TokenType = -100

func (d lineAware) Lex(filename string, r io.Reader) (lexer.Lexer, error) {
	l, err := d.inner.Lex(filename, r)
	if err != nil {
		return nil, err
	}
	syms := d.inner.Symbols()
	return &lineLexer{inner: l, skip: map[lexer.TokenType]bool{syms["Whitespace"]: true, syms["Comment"]: true}, punct: syms["Punct"]}, nil
}

type lineLexer struct {
	inner   lexer.Lexer
	skip    map[lexer.TokenType]bool
	punct   lexer.TokenType
	endLine int // the line on which the last significant token ended
	depth   int // brackets open
	prefix  int // prefix operators and brackets in a row, with no operand between
	powers  int // a ^ b ^ c ...: the ^'s in a row, which nest to the right
}

// MaxNesting bounds how deep brackets and prefix operators nest: the parser
// recurses on them, and an input nested 10^5 deep would exhaust its stack.
const MaxNesting = 1000

func (l *lineLexer) Next() (lexer.Token, error) {
	tok, err := l.inner.Next()
	if err != nil || l.skip[tok.Type] {
		return tok, err
	}
	if err := l.nest(tok); err != nil {
		return tok, err
	}
	if tok.Type == l.punct && (tok.Value == "(" || tok.Value == "{") && tok.Pos.Line > l.endLine {
		tok.Type = openBOL
	}
	l.endLine = tok.Pos.Line + strings.Count(tok.Value, "\n")
	return tok, nil
}

// nest follows how deep tok nests, and refuses an input nested too deep.
func (l *lineLexer) nest(tok lexer.Token) error {
	if tok.Value == "^" {
		l.powers++
	} else if isOperator(tok.Value) {
		l.powers = 0
	}
	switch tok.Value {
	case "(", "[", "{":
		l.depth++
		l.prefix++
	case ")", "]", "}":
		l.depth--
		l.prefix = 0
	case "-", "not", "+", "*", "/", "%", "^", "==", "!=", "<", "<=", ">", ">=", "and", "or", ",", "..":
		l.prefix++
	default:
		l.prefix = 0
	}
	if l.depth > MaxNesting || l.prefix > MaxNesting || l.powers > MaxNesting {
		return &lexer.Error{Msg: fmt.Sprintf("brackets or operators nested more than %d deep", MaxNesting), Pos: tok.Pos}
	}
	return nil
}

// isOperator reports whether a token is an operator or a bracket: what
// ends a run of ^'s.
func isOperator(v string) bool {
	switch v {
	case "(", "[", "{", ")", "]", "}", "-", "not", "+", "*", "/", "%", "==", "!=", "<", "<=", ">", ">=", "and", "or", ",", "..", ";":
		return true
	}
	return false
}
