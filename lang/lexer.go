package lang

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2/lexer"
)

// The lexer is written by hand: one pass over the source, no regular
// expressions, and no tokens for blanks and comments, which the parser
// would only skip (a sum of 10^5 parts is 700 000 tokens of them). Its
// tokens are:
//
//	Int      [0-9]+, or [0-9]+e[0-9]+ (2e7 is 20000000, as flags write it)
//	String   "..." on one line, with \ escapes
//	Op       a binary operator: or and == != <= >= < > .. + - * / % mod ^
//	         (a .. that ends its line is Punct: the end of an open range)
//	Keyword  one of Keywords that is not an operator, as a whole word
//	Ident    [A-Za-z_][A-Za-z0-9_]*, not a keyword
//	Punct    one of ( ) { } [ ] , ; =
//	OpenBOL  a (, { or [ that starts a line
//
// Operators are one type of token so that the grammar matches one with a
// single test, not one per operator: a sum of 10^5 parts has 10^5 of them,
// and each part ends where an operator is looked for and not found.
//
// A "(", "{" or "[" that starts a line (only blanks and comments before it
// since the previous token) is OpenBOL. The grammar lets call, set-position
// and index suffixes open only with a same-line bracket, so a statement on a
// new line that starts with "(" or "[" is never taken as a call or an index
// of the previous line's value.
type gameLexer struct{}

const (
	tokInt lexer.TokenType = -(iota + 2)
	tokString
	tokKeyword
	tokIdent
	tokPunct
	tokOpenBOL
	tokOp
)

func (gameLexer) Symbols() map[string]lexer.TokenType {
	return map[string]lexer.TokenType{
		"EOF": lexer.EOF, "Int": tokInt, "String": tokString, "Keyword": tokKeyword,
		"Ident": tokIdent, "Punct": tokPunct, "OpenBOL": tokOpenBOL, "Op": tokOp,
	}
}

func (d gameLexer) Lex(filename string, r io.Reader) (lexer.Lexer, error) {
	src, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return d.LexString(filename, string(src))
}

func (gameLexer) LexString(filename, src string) (lexer.Lexer, error) {
	return &scanner{src: src, pos: lexer.Position{Filename: filename, Line: 1, Column: 1}}, nil
}

var keywords = func() map[string]bool {
	m := map[string]bool{}
	for _, k := range Keywords {
		m[k] = true
	}
	return m
}()

var binaryOps = map[string]bool{
	"or": true, "and": true, "==": true, "!=": true, "<=": true, ">=": true, "<": true, ">": true,
	"..": true, "+": true, "-": true, "*": true, "/": true, "%": true, "mod": true, "^": true,
	"xor": true, "&": true, "|": true, "<<": true, ">>": true,
}

type scanner struct {
	src     string
	pos     lexer.Position // of src[pos.Offset]
	endLine int            // the line on which the last token ended
	depth   int            // brackets open
	prefix  int            // prefix operators and brackets in a row, with no operand between
	powers  int            // a ^ b ^ c ...: the ^'s in a row, which nest to the right
	operand bool           // the last token ended an operand: a word after it is an operator
	// poll, when set, is called every pollEvery tokens; the scan stops
	// with its error, kept in stopped.
	poll    func(line int) error
	tokens  int
	stopped error
	// comment, when set, is called for each comment skipped (Tokens).
	comment func(p lexer.Position, text string)
}

// MaxNesting bounds how deep brackets and prefix operators nest: the parser
// recurses on them, and an input nested 10^5 deep would exhaust its stack.
const MaxNesting = 1000

func (s *scanner) Next() (lexer.Token, error) {
	if s.poll != nil {
		if s.tokens++; s.tokens%pollEvery == 0 {
			if err := s.poll(s.pos.Line); err != nil {
				s.stopped = err
				return lexer.Token{}, err
			}
		}
	}
	s.skipBlanks()
	start := s.pos
	rest := s.src[start.Offset:]
	if rest == "" {
		return lexer.EOFToken(start), nil
	}
	typ, n := s.kind(rest, start)
	if n == 0 {
		sample := []rune(rest)
		if len(sample) > 16 {
			sample = append(sample[:16], []rune("...")...)
		}
		return lexer.Token{}, &lexer.Error{Msg: fmt.Sprintf("lexer: invalid input text %q", string(sample)), Pos: start}
	}
	tok := lexer.Token{Type: typ, Value: rest[:n], Pos: start}
	s.advance(n, false)
	if err := s.nest(tok); err != nil {
		return tok, err
	}
	if typ == tokPunct && (tok.Value == "(" || tok.Value == "{" || tok.Value == "[") && start.Line > s.endLine {
		tok.Type = tokOpenBOL
	}
	s.endLine = start.Line
	s.operand = endsOperand(tok)
	return tok, nil
}

// kind is the type and length of the token rest starts with, at start;
// n is 0 when no token starts there.
func (s *scanner) kind(rest string, start lexer.Position) (typ lexer.TokenType, n int) {
	switch c := rest[0]; {
	case isDigit(c):
		return tokInt, numberLen(rest)
	case isLetter(c):
		n = span(rest, isWordByte)
		return s.wordType(rest, n, start), n
	case c == '"':
		return tokString, stringLen(rest)
	}
	typ, n = tokPunct, punctLen(rest)
	if binaryOps[rest[:n]] && !(rest[:n] == ".." && (s.lineEndsAfter(start.Offset+n) || nextWord(rest[n:]) == "if")) {
		typ = tokOp
	}
	return typ, n
}

// numberLen is the length of the number rest starts with: digits, and an
// exponent (1e6) when a word does not go on after it.
func numberLen(rest string) int {
	n := span(rest, isDigit)
	if n+1 < len(rest) && rest[n] == 'e' && isDigit(rest[n+1]) {
		if m := n + 1 + span(rest[n+1:], isDigit); m == len(rest) || !isWordByte(rest[m]) {
			n = m
		}
	}
	return n
}

// wordType is the type of the word rest[:n]: an operator, a keyword or a
// name. The function xor(a, b) is a name, not the operator a xor b; xor(
// that starts a line is the function too, a statement of its own.
func (s *scanner) wordType(rest string, n int, start lexer.Position) lexer.TokenType {
	switch w := rest[:n]; {
	case w == "xor" && (!s.operand || start.Line > s.endLine && strings.HasPrefix(rest[n:], "(")):
	case binaryOps[w]:
		return tokOp
	case keywords[w]:
		return tokKeyword
	}
	return tokIdent
}

// endsOperand reports whether a token ends an operand: a number, string or
// name, or a closing bracket. A word after one is an operator.
func endsOperand(t lexer.Token) bool {
	return t.Type == tokInt || t.Type == tokString || t.Type == tokIdent || t.Value == ")" || t.Value == "}" || t.Value == "]"
}

// nextWord is the word that starts s after blanks, if any: a ".." before
// "if" ends an open range (take k for k in 1.. if ...), as "if" could
// otherwise start the range's high end (if c then a else b).
func nextWord(s string) string {
	s = strings.TrimLeft(s, " \t")
	return s[:span(s, isWordByte)]
}

// lineEndsAfter reports whether only blanks and a comment follow offset on
// its line. A ".." there ends an open range (let r = 1..) rather than
// taking the next line as its high end: it is then not an operator.
func (s *scanner) lineEndsAfter(offset int) bool {
	for i := offset; i < len(s.src); i++ {
		switch s.src[i] {
		case ' ', '\t', '\r':
		case '\n', '#':
			return true
		default:
			return false
		}
	}
	return true
}

// skipBlanks moves past blanks and comments.
func (s *scanner) skipBlanks() {
	for s.pos.Offset < len(s.src) {
		switch c := s.src[s.pos.Offset]; c {
		case ' ', '\t', '\r':
			s.pos.Offset++
			s.pos.Column++
		case '\n':
			s.pos.Offset++
			s.pos.Line++
			s.pos.Column = 1
		case '#':
			n := strings.IndexByte(s.src[s.pos.Offset:], '\n')
			if n < 0 {
				n = len(s.src) - s.pos.Offset
			}
			if s.comment != nil {
				s.comment(s.pos, strings.TrimRight(s.src[s.pos.Offset:s.pos.Offset+n], "\r"))
			}
			s.advance(n, true)
		default:
			return
		}
	}
}

// advance moves n bytes on the current line, counting columns in runes when
// the text may hold more than ASCII.
func (s *scanner) advance(n int, text bool) {
	if text {
		s.pos.Column += utf8.RuneCountInString(s.src[s.pos.Offset : s.pos.Offset+n])
	} else {
		s.pos.Column += n
	}
	s.pos.Offset += n
}

func isDigit(c byte) bool    { return '0' <= c && c <= '9' }
func isLetter(c byte) bool   { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_' }
func isWordByte(c byte) bool { return isLetter(c) || isDigit(c) }

func span(s string, ok func(byte) bool) int {
	n := 0
	for n < len(s) && ok(s[n]) {
		n++
	}
	return n
}

// stringLen is the length of the string literal s starts with, or 0 when it
// does not end on its line.
func stringLen(s string) int {
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '"':
			return i + 1
		case '\n':
			return 0
		case '\\':
			i++
		}
	}
	return 0
}

// punctLen is the length of the operator or bracket s starts with, or 0.
func punctLen(s string) int {
	if len(s) >= 2 {
		switch s[:2] {
		case "..", "==", "!=", "<=", ">=", "<<", ">>":
			return 2
		}
	}
	if strings.IndexByte("-+*/%^(){}[],;=<>&|", s[0]) >= 0 {
		return 1
	}
	return 0
}

// nest follows how deep tok nests, and refuses an input nested too deep.
func (s *scanner) nest(tok lexer.Token) error {
	if tok.Value == "^" {
		s.powers++
	} else if isOperator(tok.Value) {
		s.powers = 0
	}
	switch tok.Value {
	case "(", "[", "{":
		s.depth++
		s.prefix++
	case ")", "]", "}":
		s.depth--
		s.prefix = 0
	case "-", "not", "+", "*", "/", "%", "^", "==", "!=", "<", "<=", ">", ">=", "and", "or", ",", "..", "xor", "&", "|", "<<", ">>":
		s.prefix++
	default:
		s.prefix = 0
	}
	if s.depth > MaxNesting || s.prefix > MaxNesting || s.powers > MaxNesting {
		return &lexer.Error{Msg: fmt.Sprintf("brackets or operators nested more than %d deep", MaxNesting), Pos: tok.Pos}
	}
	return nil
}

// isOperator reports whether a token is an operator or a bracket: what
// ends a run of ^'s.
func isOperator(v string) bool {
	switch v {
	case "(", "[", "{", ")", "]", "}", "-", "not", "+", "*", "/", "%", "==", "!=", "<", "<=", ">", ">=", "and", "or", ",", "..", ";", "xor", "&", "|", "<<", ">>":
		return true
	}
	return false
}

// IsName reports whether s is a name: a letter or _, then letters, digits
// and _, and not a keyword.
func IsName(s string) bool {
	return s != "" && isLetter(s[0]) && span(s, isWordByte) == len(s) && !keywords[s] && !binaryOps[s]
}
