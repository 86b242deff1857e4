package lang

import (
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
}

func (l *lineLexer) Next() (lexer.Token, error) {
	tok, err := l.inner.Next()
	if err != nil || l.skip[tok.Type] {
		return tok, err
	}
	if tok.Type == l.punct && (tok.Value == "(" || tok.Value == "{") && tok.Pos.Line > l.endLine {
		tok.Type = openBOL
	}
	l.endLine = tok.Pos.Line + strings.Count(tok.Value, "\n")
	return tok, nil
}
