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
// It returns nil and no error when src cannot be cut or does not parse,
// and poll's error when poll stops it.
func parsePieces(filename, src string, first int, poll func(int) error) (*File, error) {
	if len(src) < minPiecesBytes {
		toks, ok := tokens(filename, src, first)
		if !ok {
			return nil, nil
		}
		bounds := starts(toks)
		if len(bounds) == 0 || bounds[0] != 0 {
			bounds = append([]int{0}, bounds...)
		}
		if stmts, ok := parsePiece(toks, append(bounds, len(toks)-1)); ok {
			return &File{Name: filename, Stmts: stmts}, nil
		}
		return nil, nil
	}
	workers := runtime.GOMAXPROCS(0)
	// about four pieces a worker, a script's tokens being about a quarter
	// of its bytes
	size := min(max(minPieceTokens, len(src)/4/(4*workers)), maxPieceTokens)
	return parseInPiecesPolled(filename, src, first, size, workers, poll)
}

// maxPieceTokens is the most tokens a piece holds: the pieces are lexed
// as the parse goes, a few at a time, so that a long script is never held
// as tokens whole (64 bytes each, about half the script's length in
// bytes: a script of 100 MB would take gigabytes).
const maxPieceTokens = 1 << 15

// parseInPieces parses src in pieces of at least size tokens (and, past
// size, up to the next statement's start), with that many workers. The
// pieces are lexed and cut in one pass (cutter), each handed to a worker
// as it is cut.
func parseInPieces(filename, src string, first, size, workers int) (*File, bool) {
	f, _ := parseInPiecesPolled(filename, src, first, size, workers, nil)
	return f, f != nil
}

// parseInPiecesPolled is parseInPieces under a poll (ParseWith).
func parseInPiecesPolled(filename, src string, first, size, workers int, poll func(int) error) (*File, error) {
	pp := &pieceParse{jobs: make(chan pieceJob, workers)}
	for range workers {
		pp.wg.Add(1)
		go pp.work()
	}
	sc := &scanner{src: src, pos: lexer.Position{Filename: filename, Line: first, Column: 1}, endLine: first - 1, poll: poll}
	lexed := pp.cut(sc, size)
	close(pp.jobs)
	pp.wg.Wait()
	if sc.stopped != nil {
		return nil, sc.stopped
	}
	if !lexed || pp.failed.Load() {
		return nil, nil
	}
	f := &File{Name: filename}
	n := 0
	for _, s := range pp.slots {
		n += len(*s)
	}
	f.Stmts = make([]Stmt, 0, n)
	for _, s := range pp.slots {
		f.Stmts = append(f.Stmts, *s...)
	}
	return f, nil
}

// pieceJob is a piece for a worker: its tokens, where its statements
// start, and where its statements go.
type pieceJob struct {
	toks   []lexer.Token
	bounds []int
	out    *[]Stmt
}

// pieceParse is a script parsed in pieces by workers.
type pieceParse struct {
	jobs   chan pieceJob
	failed atomic.Bool
	wg     sync.WaitGroup
	slots  []*[]Stmt // each piece's statements, in order
}

// work parses pieces until there are none, or one has failed.
func (pp *pieceParse) work() {
	defer pp.wg.Done()
	for j := range pp.jobs {
		if pp.failed.Load() {
			continue
		}
		s, ok := parsePiece(j.toks, j.bounds)
		if !ok {
			pp.failed.Store(true)
			continue
		}
		*j.out = s
	}
}

// send hands the piece toks to a worker: its statements start at bounds,
// and its last token, the next statement's first (or EOF), ends it.
func (pp *pieceParse) send(toks []lexer.Token, bounds []int) {
	if len(bounds) == 0 || bounds[0] != 0 {
		bounds = append([]int{0}, bounds...) // what comes first is the grammar's to judge
	}
	slot := new([]Stmt)
	pp.slots = append(pp.slots, slot)
	pp.jobs <- pieceJob{toks, append(bounds, len(toks)-1), slot}
}

// cut lexes the script and cuts it into pieces of at least size tokens,
// at statements' starts; false when it does not lex.
func (pp *pieceParse) cut(sc *scanner, size int) bool {
	var cut cutter
	toks := make([]lexer.Token, 0, size+1)
	var bounds []int
	for !pp.failed.Load() {
		t, err := sc.Next()
		if err != nil {
			return false
		}
		if t.EOF() {
			pp.send(append(toks, t), bounds)
			break
		}
		if cut.next(t) {
			if len(toks) >= size {
				pp.send(append(toks, t), bounds)
				toks, bounds = make([]lexer.Token, 0, size+1), nil
			}
			bounds = append(bounds, len(toks))
		}
		toks = append(toks, t)
	}
	return true
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
	var out []int
	var c cutter
	for i, t := range toks[:len(toks)-1] {
		if c.next(t) {
			out = append(out, i)
		}
	}
	return out
}

// cutter follows the brackets and the statement under way, token by
// token, for starts.
type cutter struct {
	depth, state int
	operand      bool // the last token ended an operand
}

// The states of a cutter.
const (
	cutStart = iota // before a statement
	cutHead         // a game or let before its '=' or '{'
	cutBody         // a game's rules
	cutExpr         // an expression at depth 0
)

// next reports whether t, the next token, starts a statement.
func (c *cutter) next(t lexer.Token) bool {
	starts := c.depth == 0 && c.top(t)
	c.brackets(t)
	c.operand = endsOperand(t)
	return starts
}

// top follows a token outside brackets; it reports whether the token
// starts a statement.
func (c *cutter) top(t lexer.Token) bool {
	switch {
	case t.Type == tokKeyword && (t.Value == "game" || t.Value == "let"):
		c.state = cutHead
		return true
	case t.Value == ";" && t.Type == tokPunct:
		c.state = cutStart
	case c.state == cutStart:
		c.state = cutExpr
		return true
	case c.state == cutExpr && c.operand:
		return startsOperand(t)
	case c.state == cutHead && t.Value == "=":
		c.state = cutExpr
	}
	return false
}

// startsOperand is whether t may start an operand: a number, string, name,
// bracket at the start of a line, if or not.
func startsOperand(t lexer.Token) bool {
	switch t.Type {
	case tokInt, tokString, tokIdent, tokOpenBOL:
		return true
	case tokKeyword:
		return t.Value == "if" || t.Value == "not"
	}
	return false
}

// brackets follows the depth of brackets, and a game's body.
func (c *cutter) brackets(t lexer.Token) {
	switch t.Value {
	case "(", "[", "{":
		if t.Type == tokPunct || t.Type == tokOpenBOL {
			if c.depth == 0 && c.state == cutHead && t.Value == "{" {
				c.state = cutBody
			}
			c.depth++
		}
	case ")", "]", "}":
		if t.Type == tokPunct {
			c.depth--
			if c.depth == 0 && c.state == cutBody {
				c.state = cutStart
			}
		}
	}
}
