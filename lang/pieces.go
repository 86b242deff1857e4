package lang

import (
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/alecthomas/participle/v2/lexer"
)

// A long script is parsed in pieces, side by side on the cores the process
// may use, and its simplest statements (calls, names, numbers, operators)
// by simpleStmt: the grammar's parser spends tens of microseconds on each
// statement, and a generated script of 10^4 statements would otherwise take
// half a second before its first statement runs.
//
// The pieces are cut only where the whole script's parse would start a
// statement, so their statements are the whole parse's, token for token
// (starts below). A piece that does not parse says nothing about the error
// a reader should see, so then the whole script is parsed again as one
// piece, and its error is the one reported.

// minPieceTokens is the fewest tokens a piece holds: fewer would cost more
// in goroutines and parser set-up than the parse they save.
const minPieceTokens = 2048

// minPiecesBytes is the shortest script parsed in pieces side by side;
// shorter ones (a line at the prompt, a file in an editor) are one piece,
// parsed on the caller's goroutine.
const minPiecesBytes = 4096

// parsePieces parses src in pieces, side by side when it is long enough to
// gain from it. Its simple statements are read by simpleStmt, so that a
// script made only of them never builds the grammar's parser (grammar.go).
// It reports false when src cannot be cut or does not parse.
func parsePieces(filename, src string, first int) (*File, bool) {
	if len(src) < minPiecesBytes {
		toks, ok := tokens(filename, src, first)
		if !ok {
			return nil, false
		}
		bounds := starts(toks)
		if len(bounds) == 0 || bounds[0] != 0 {
			bounds = append([]int{0}, bounds...)
		}
		stmts, ok := parsePiece(toks, append(bounds, len(toks)-1))
		return &File{Name: filename, Stmts: stmts}, ok
	}
	return parseInPieces(filename, src, first, minPieceTokens, runtime.GOMAXPROCS(0))
}

// parseInPieces parses src in pieces of at least size tokens (about four
// for each worker), with that many workers.
func parseInPieces(filename, src string, first, size, workers int) (*File, bool) {
	toks, ok := tokens(filename, src, first)
	if !ok {
		return nil, false
	}
	bounds := starts(toks) // statement i is toks[bounds[i]:bounds[i+1]]
	if len(bounds) == 0 || bounds[0] != 0 {
		bounds = append([]int{0}, bounds...) // what comes first is the grammar's to judge
	}
	bounds = append(bounds, len(toks)-1)
	pieces := group(bounds, max(size, len(toks)/(4*workers)))
	stmts := make([][]Stmt, len(pieces))
	var next atomic.Int64
	var failed atomic.Bool
	var wg sync.WaitGroup
	for range min(workers, len(pieces)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for !failed.Load() {
				i := int(next.Add(1)) - 1
				if i >= len(pieces) {
					return
				}
				s, ok := parsePiece(toks, bounds[pieces[i][0]:pieces[i][1]+1])
				if !ok {
					failed.Store(true)
					return
				}
				stmts[i] = s
			}
		}()
	}
	wg.Wait()
	if failed.Load() || len(pieces) == 0 {
		return nil, false
	}
	f := &File{Name: filename}
	n := 0
	for _, s := range stmts {
		n += len(s)
	}
	f.Stmts = make([]Stmt, 0, n)
	for _, s := range stmts {
		f.Stmts = append(f.Stmts, s...)
	}
	return f, true
}

// tokens lexes the whole of src, ending with its EOF token.
func tokens(filename, src string, first int) ([]lexer.Token, bool) {
	s := &scanner{src: src, pos: lexer.Position{Filename: filename, Line: first, Column: 1}, endLine: first - 1}
	toks := make([]lexer.Token, 0, len(src)/2)
	for {
		t, err := s.Next()
		if err != nil {
			return nil, false
		}
		toks = append(toks, t)
		if t.EOF() {
			return toks, true
		}
	}
}

// parsePiece parses and lowers the statements toks[bounds[i]:bounds[i+1]]:
// the simplest by simpleStmt, the runs of the others by the grammar.
func parsePiece(toks []lexer.Token, bounds []int) ([]Stmt, bool) {
	l := &lowerer{}
	out := make([]Stmt, 0, len(bounds)-1)
	pending := -1 // the first token of a run of statements left to the grammar
	flush := func(upto int) bool {
		if pending < 0 {
			return true
		}
		peek, err := lexer.Upgrade(&sliceLexer{toks: toks[pending:upto], end: toks[upto].Pos})
		if err != nil {
			return false
		}
		g, err := grammar().ParseFromLexer(peek)
		if err != nil {
			return false
		}
		for _, s := range g.Stmts {
			out = append(out, l.lowerStmt(s))
		}
		pending = -1
		return true
	}
	for i := 0; i+1 < len(bounds); i++ {
		lo, hi := bounds[i], bounds[i+1]
		if s, ok := simpleStmt(toks[lo:hi]); ok {
			if !flush(lo) {
				return nil, false
			}
			out = append(out, l.lowerStmt(s))
		} else if pending < 0 {
			pending = lo
		}
	}
	if !flush(bounds[len(bounds)-1]) {
		return nil, false
	}
	return out, l.err == nil
}

// sliceLexer hands the parser tokens already lexed, then EOF.
type sliceLexer struct {
	toks []lexer.Token
	i    int
	end  lexer.Position
}

func (s *sliceLexer) Next() (lexer.Token, error) {
	if s.i == len(s.toks) {
		return lexer.EOFToken(s.end), nil
	}
	s.i++
	return s.toks[s.i-1], nil
}

// starts lists the tokens of toks (which end with EOF) where the parse of
// the whole starts a statement, in order. Following the brackets and the
// statement under way, a token at depth 0 starts a statement when
//   - it is 'game' or 'let', words that start nothing else; or
//   - the statement under way is an expression (an expression statement, or
//     the value of a let or of a game alias, after its '='), the token before
//     ended an operand (a number, string or name, or a closing bracket), and
//     this one is a number, string, name, 'if', 'not' or a bracket that
//     opens a line. An expression continues after an operand only with an
//     operator, a call, set-position or index bracket on the same line, or
//     '..', so such a token ends it; or
//   - it follows a ';', or the '}' that closes a game's rules.
//
// Not every statement's start is found (a let's value that opens a line
// with a bracket, say): a run between two starts may hold several.
func starts(toks []lexer.Token) []int {
	const (
		start = iota // before a statement
		head         // a game or let before its '=' or '{'
		body         // a game's rules
		expr         // an expression at depth 0
	)
	var out []int
	depth, state := 0, start
	operand := false // the last token ended an operand
	for i, t := range toks[:len(toks)-1] {
		if depth == 0 {
			switch {
			case t.Type == tokKeyword && (t.Value == "game" || t.Value == "let"):
				out = append(out, i)
				state = head
			case t.Value == ";" && t.Type == tokPunct:
				state = start
			case state == start:
				out = append(out, i)
				state = expr
			case state == expr && operand:
				switch {
				case t.Type == tokInt, t.Type == tokString, t.Type == tokIdent, t.Type == tokOpenBOL,
					t.Type == tokKeyword && (t.Value == "if" || t.Value == "not"):
					out = append(out, i)
				}
			case state == head && t.Value == "=":
				state = expr
			}
		}
		switch t.Value {
		case "(", "[", "{":
			if t.Type == tokPunct || t.Type == tokOpenBOL {
				if depth == 0 && state == head && t.Value == "{" {
					state = body
				}
				depth++
			}
		case ")", "]", "}":
			if t.Type == tokPunct {
				depth--
				if depth == 0 && state == body {
					state = start
				}
			}
		}
		operand = endsOperand(t)
	}
	return out
}

// group gathers the statements of bounds (statement i is the tokens
// bounds[i] to bounds[i+1]) into pieces of at least size tokens, the last
// too: piece k is the statements pieces[k][0] to pieces[k][1] - 1.
func group(bounds []int, size int) [][2]int {
	var pieces [][2]int
	last := len(bounds) - 1
	lo := 0
	for i := 1; i < last; i++ {
		if bounds[i]-bounds[lo] >= size && bounds[last]-bounds[i] >= size {
			pieces = append(pieces, [2]int{lo, i})
			lo = i
		}
	}
	if lo < last {
		pieces = append(pieces, [2]int{lo, last})
	}
	return pieces
}
