package lang

import (
	"errors"
	"strings"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// Recovery: a script that does not parse is read again statement by
// statement, so that an editor, the check pass and run can report every
// syntax error and still see the statements that do parse.
//
// The script is cut where a statement surely starts: at a token that opens
// its line at column 1 and can begin a statement ('game', 'let', a name, a
// number, a string, an opening bracket, 'if', 'not'). gamelang fmt indents
// everything else (a game's rules, the lines a call or a value continues
// on), so a formatted script is cut at its statements. Each piece is
// parsed alone; one that ends too early is tried together with the pieces
// after it (an unindented continuation line), up to the next 'game' or
// 'let'. A line the lexer cannot read is reported once and left out, with
// the piece it belongs to.

// Recovered is what ParseAll reads of a script.
type Recovered struct {
	File *File // the statements that parse, in order: all of them when Errors is empty
	// Errors is every syntax error, sorted: first the one Parse reports,
	// then those of the statements after it.
	Errors ErrorList
	// Broken are the names that statements which do not parse declare
	// (game G ..., let x ...): the check pass takes them as defined.
	Broken []*Ident
}

// MaxRecoverBytes is the longest script ParseAll reads statement by
// statement; a longer one (a generated script) reports its first error only.
const MaxRecoverBytes = 1 << 20

// ParseAll parses src as ParseAt does, and when it does not parse, recovers
// at each statement.
func ParseAll(filename, src string, first int) *Recovered {
	f, err := ParseAt(filename, src, first)
	if err == nil {
		return &Recovered{File: f}
	}
	return recoverFrom(filename, src, first, err)
}

// recoverFrom is ParseAll past the error of the whole parse, err.
func recoverFrom(filename, src string, first int, err error) *Recovered {
	r := &Recovered{File: &File{Name: filename}}
	whole := Positioned(err)
	if len(whole) == 0 {
		whole = []*Error{{Pos: Pos{File: filename, Line: first, Column: 1}, Msg: err.Error()}}
	}
	r.Errors = append(r.Errors, whole[0])
	if len(src) > MaxRecoverBytes {
		return r
	}
	toks, lexErrs := lexRecovering(filename, src, first, nil)
	var later ErrorList
	add := func(e *Error) {
		if whole[0].Pos.Before(e.Pos) {
			later = append(later, e)
		}
	}
	for _, e := range lexErrs {
		add(e)
	}
	cuts := syncPoints(toks)
	for i := 0; i+1 < len(cuts); i++ {
		lo, hi := cuts[i], cuts[i+1]
		if spansBad(toks, lo, hi) {
			r.broken(toks, lo)
			continue
		}
		stmts, err := parseRange(filename, src, first, toks, lo, hi)
		if se, ok := err.(*SyntaxError); ok && se.Incomplete {
			for j := i + 2; j < len(cuts) && !startsDecl(toks[cuts[j-1]]) && !spansBad(toks, cuts[j-1], cuts[j]); j++ {
				if more, merr := parseRange(filename, src, first, toks, lo, cuts[j]); merr == nil {
					stmts, err, i = more, nil, j-1
					break
				}
			}
		}
		if err != nil {
			for _, e := range Positioned(err) {
				add(e)
			}
			r.broken(toks, lo)
			continue
		}
		r.File.Stmts = append(r.File.Stmts, stmts...)
	}
	r.Errors = append(r.Errors, later.Sorted()...)
	r.Errors = dedupe(r.Errors)
	return r
}

// dedupe drops an error reported again at the same position.
func dedupe(l ErrorList) ErrorList {
	out := l[:0]
	for i, e := range l {
		if i > 0 && e.Pos == out[len(out)-1].Pos {
			continue
		}
		out = append(out, e)
	}
	return out
}

// broken notes the name a statement that does not parse declares.
func (r *Recovered) broken(toks []lexer.Token, lo int) {
	t := toks[lo]
	if t.Type == tokKeyword && (t.Value == "game" || t.Value == "let") && lo+1 < len(toks) && toks[lo+1].Type == tokIdent {
		n := toks[lo+1]
		r.Broken = append(r.Broken, &Ident{Pos: pos(n.Pos), Name: n.Value})
	}
}

func startsDecl(t lexer.Token) bool {
	return t.Type == tokKeyword && (t.Value == "game" || t.Value == "let")
}

// tokBad is text the lexer cannot read, up to the end of its line: a
// piece that holds one is reported by the lexer's error and not parsed.
const tokBad = tokOp - 1

// lexRecovering lexes src, making the rest of each line the lexer cannot
// read one tokBad: it returns the tokens (ending with EOF) and the lexer's
// errors.
func lexRecovering(filename, src string, first int, comment func(lexer.Position, string)) ([]lexer.Token, []*Error) {
	var errs []*Error
	var toks []lexer.Token
	s := &scanner{src: src, pos: lexer.Position{Filename: filename, Line: first, Column: 1}, endLine: first - 1, comment: comment}
	for {
		t, err := s.Next()
		if err == nil {
			toks = append(toks, t)
			if t.EOF() {
				return toks, errs
			}
			continue
		}
		var lerr *lexer.Error
		if !errors.As(err, &lerr) {
			return append(toks, lexer.EOFToken(s.pos)), errs
		}
		errs = append(errs, Positioned(syntaxError(filename, src, first, err))...)
		p := lerr.Pos
		next := len(src)
		if i := strings.IndexByte(src[p.Offset:], '\n'); i >= 0 {
			next = p.Offset + i + 1
		}
		toks = append(toks, lexer.Token{Type: tokBad, Value: src[p.Offset:next], Pos: p})
		s = &scanner{src: src, pos: lexer.Position{Filename: filename, Offset: next, Line: p.Line + 1, Column: 1}, endLine: p.Line, comment: comment}
	}
}

// syncPoints lists where the script is cut (see above): the first token,
// each token that surely starts a statement, and the EOF token last.
func syncPoints(toks []lexer.Token) []int {
	out := []int{0}
	for i := 1; i+1 < len(toks); i++ {
		t := toks[i]
		if t.Pos.Column != 1 || toks[i-1].Pos.Line == t.Pos.Line {
			continue
		}
		switch {
		case t.Type == tokIdent, t.Type == tokInt, t.Type == tokBad, t.Type == tokString, t.Type == tokOpenBOL,
			t.Type == tokKeyword && (t.Value == "game" || t.Value == "let" || t.Value == "if" || t.Value == "not"):
			out = append(out, i)
		}
	}
	return append(out, len(toks)-1)
}

// spansBad reports whether the piece toks[lo:hi] holds text the lexer
// cannot read.
func spansBad(toks []lexer.Token, lo, hi int) bool {
	for _, t := range toks[lo:hi] {
		if t.Type == tokBad {
			return true
		}
	}
	return false
}

// parseRange parses and lowers the statements of toks[lo:hi], which end
// where toks[hi] starts, with the error Parse would give for that text.
func parseRange(filename, src string, first int, toks []lexer.Token, lo, hi int) ([]Stmt, error) {
	end := toks[hi].Pos
	peek, err := lexer.Upgrade(&sliceLexer{toks: toks[lo:hi], end: end})
	var g *gFile
	if err == nil {
		g, err = grammar().ParseFromLexer(peek)
	}
	if err != nil {
		var perr participle.Error
		if !errors.As(err, &perr) {
			return nil, err
		}
		return nil, syntaxError(filename, src[:end.Offset], first, err)
	}
	l := &lowerer{}
	var out []Stmt
	for _, s := range g.Stmts {
		out = append(out, l.lowerStmt(s))
	}
	if l.err != nil {
		return nil, l.err
	}
	return out, nil
}

// TokenKind is what a token is, for an editor's colours.
type TokenKind int

// The kinds of token.
const (
	TokNumber   TokenKind = iota
	TokString             // a string literal, quotes included
	TokKeyword            // one of Keywords
	TokName               // a name (contextual words such as entailing among them)
	TokOperator           // a binary operator, words such as mod and xor included
	TokPunct              // a bracket, comma, semicolon or =
	TokComment            // from # to the end of the line
	TokBad                // text the lexer cannot read, to the end of its line
)

// Token is a token of a script as an editor sees it.
type Token struct {
	Kind TokenKind
	Text string
	Pos  Pos // Column counts bytes on the token's line
}

// Tokens lexes src as an editor shows it: every token and comment, in
// order, reading on past text the lexer cannot read (one TokBad to the end
// of its line).
func Tokens(filename, src string) []Token {
	var comments []Token
	toks, _ := lexRecovering(filename, src, 1, func(p lexer.Position, text string) {
		comments = append(comments, Token{Kind: TokComment, Text: text, Pos: bytePos(src, p)})
	})
	out := make([]Token, 0, len(toks)+len(comments))
	for _, t := range toks[:len(toks)-1] {
		k := TokPunct
		switch t.Type {
		case tokInt:
			k = TokNumber
		case tokString:
			k = TokString
		case tokKeyword:
			k = TokKeyword
		case tokIdent:
			k = TokName
		case tokOp:
			k = TokOperator
		case tokBad:
			k = TokBad
		}
		for len(comments) > 0 && comments[0].Pos.Line < t.Pos.Line { // a comment ends its line
			out, comments = append(out, comments[0]), comments[1:]
		}
		out = append(out, Token{Kind: k, Text: t.Value, Pos: bytePos(src, t.Pos)})
	}
	return append(out, comments...)
}

// bytePos is p with its column counted in bytes (the lexer counts runes
// once a comment has held more than ASCII on the line).
func bytePos(src string, p lexer.Position) Pos {
	start := strings.LastIndexByte(src[:p.Offset], '\n') + 1
	return Pos{File: p.Filename, Line: p.Line, Column: p.Offset - start + 1}
}
