package lsp

import (
	"cmp"
	"errors"
	"fmt"
	"path"
	"slices"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/gamelang/gamelang"
	"github.com/gamelang/gamelang/internal/vocab"
	"github.com/gamelang/gamelang/lang"
)

// document is an open document: its text, and what is read from it when
// first asked: the statements that parse (recovering at each statement
// that does not) and the check pass's analysis.
type document struct {
	uri, name string
	text      string
	lines     []string
	parsed    bool
	file      *lang.File      // the statements that parse
	clean     bool            // the text has no syntax error
	defs      map[string]decl // the names the file defines
	// last is the definitions of the last version of the document without
	// a syntax error: a name whose statement does not parse now (it is
	// being typed) is shown as it was there.
	last     map[string]decl
	analysis *gamelang.Analysis // nil until asked for
	stale    bool               // its diagnostics are not yet published
}

// decl is a name the file defines, and where.
type decl struct {
	stmt   lang.Stmt // nil for a statement that has never parsed
	line   int       // from 1
	col    int       // the name's column, from 1, in bytes
	game   bool
	broken bool // its statement does not parse now
}

// session answers :help and lists the words; it holds no document.
var session = gamelang.NewSession(gamelang.Options{})

// newDocument is a document of text, the next version of prev (nil for a
// document just opened); it is parsed when first asked about (parse).
func newDocument(uri, text string, stale bool, prev *document) *document {
	d := &document{uri: uri, name: path.Base(uri), text: text, lines: strings.Split(text, "\n"), stale: stale}
	switch {
	case prev != nil && prev.parsed:
		d.last = prev.good()
	case prev != nil: // a version never looked at, in a burst of changes
		d.last = prev.last
	}
	return d
}

// good is the definitions of the last version without a syntax error.
func (d *document) good() map[string]decl {
	if d.parse().clean {
		return d.defs
	}
	return d.last
}

// parse reads the document's statements and definitions, once.
func (d *document) parse() *document {
	if d.parsed {
		return d
	}
	d.parsed, d.defs = true, map[string]decl{}
	r := lang.ParseAll(d.name, d.text, 1)
	d.file, d.clean = r.File, len(r.Errors) == 0
	for _, s := range d.file.Stmts {
		switch s := s.(type) {
		case *lang.GameDecl:
			col := s.Pos.Column
			if l := d.line(s.Pos.Line); l != "" {
				if i := strings.Index(l[min(col-1, len(l)):], s.Name); i >= 0 {
					col += i
				}
			}
			d.defs[s.Name] = decl{stmt: s, line: s.Pos.Line, col: col, game: true}
		case *lang.LetStmt:
			d.defs[s.Name.Name] = decl{stmt: s, line: s.Name.Pos.Line, col: s.Name.Pos.Column}
		}
	}
	for _, b := range r.Broken {
		if _, ok := d.defs[b.Name]; ok {
			continue
		}
		def := decl{line: b.Pos.Line, col: b.Pos.Column, broken: true}
		if old, ok := d.last[b.Name]; ok {
			def.stmt, def.game = old.stmt, old.game
		} else {
			def.game = strings.HasPrefix(strings.TrimSpace(d.line(b.Pos.Line)), "game")
		}
		d.defs[b.Name] = def
	}
	return d
}

// analysed is the check pass's analysis of the text, once.
func (d *document) analysed() *gamelang.Analysis {
	if d.analysis == nil {
		d.analysis = gamelang.Analyze(d.name, d.text)
	}
	return d.analysis
}

func (d *document) line(n int) string {
	if n < 1 || n > len(d.lines) {
		return ""
	}
	return d.lines[n-1]
}

// at converts gamelang's line and byte column (from 1) to a protocol
// position.
func (d *document) at(line, col int) position {
	l := d.line(line)
	b := min(max(col-1, 0), len(l))
	return position{Line: max(line-1, 0), Character: utf16Len(l[:b])}
}

func utf16Len(s string) int {
	n := 0
	for _, r := range s {
		n += utf16.RuneLen(r)
	}
	return n
}

// offset is the byte offset in line p.Line of a protocol position.
func (d *document) offset(p position) (line string, off int) {
	line = d.line(p.Line + 1)
	units := 0
	for i, r := range line {
		if units >= p.Character {
			return line, i
		}
		units += utf16.RuneLen(r)
	}
	return line, len(line)
}

// diagnostics are the errors the check pass finds, each over the word it
// points at.
func (d *document) diagnostics() []diagnostic {
	out := []diagnostic{}
	err := d.analysed().Err
	var list gamelang.ErrorList
	var one *gamelang.Error
	switch {
	case errors.As(err, &list):
	case errors.As(err, &one):
		list = gamelang.ErrorList{one}
	case err != nil:
		return append(out, diagnostic{Severity: 1, Source: "gamelang", Message: err.Error()})
	}
	for _, e := range list {
		start := d.at(e.Line, e.Column)
		end := start
		l := d.line(e.Line)
		if b := e.Column - 1; b >= 0 && b < len(l) {
			w := wordAt(l, b)
			if w == "" {
				_, size := utf8.DecodeRuneInString(l[b:])
				w = l[b : b+size]
			}
			end = d.at(e.Line, e.Column+len(w))
		}
		out = append(out, diagnostic{Range: rangeT{start, end}, Severity: 1, Source: "gamelang", Message: e.Msg})
	}
	return out
}

func isWordByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// wordAt is the word that starts at byte b of line, "" if none does.
func wordAt(line string, b int) string {
	e := b
	for e < len(line) && isWordByte(line[e]) {
		e++
	}
	return line[b:e]
}

// wordAround is the word under or just before byte off, and where it
// starts.
func wordAround(line string, off int) (string, int) {
	s := off
	for s > 0 && isWordByte(line[s-1]) {
		s--
	}
	e := off
	for e < len(line) && isWordByte(line[e]) {
		e++
	}
	return line[s:e], s
}

func (d *document) hover(p position) any {
	line, off := d.offset(p)
	word, start := wordAround(line, off)
	if word == "" {
		return nil
	}
	var text string
	if def, ok := d.defs[word]; ok {
		switch {
		case def.stmt == nil:
			text = fmt.Sprintf("`%s`: defined at line %d, which does not parse yet", word, def.line)
		case def.broken:
			text = fmt.Sprintf("```gamelang\n%s\n```\nas last written without syntax errors; its definition at line %d does not parse now", lang.PrettyStmt(def.stmt), def.line)
		default:
			text = fmt.Sprintf("```gamelang\n%s\n```\ndefined at line %d", lang.PrettyStmt(def.stmt), def.line)
		}
	} else {
		var b strings.Builder
		if vocab.Help(session, &b, word) != nil {
			return nil
		}
		text = "```\n" + strings.TrimRight(b.String(), "\n") + "\n```"
	}
	r := rangeT{d.at(p.Line+1, start+1), d.at(p.Line+1, start+1+len(word))}
	return map[string]any{"contents": markup{Kind: "markdown", Value: text}, "range": r}
}

// Completion item kinds of the protocol.
const (
	kindFunction = 3
	kindVariable = 6
	kindClass    = 7
	kindKeyword  = 14
)

func (d *document) completion(p position) any {
	line, off := d.offset(p)
	word, _ := wordAround(line[:off], off)
	seen := map[string]bool{}
	items := []completionItem{}
	add := func(w string, kind int, detail string) {
		if strings.HasPrefix(w, word) && !seen[w] {
			seen[w] = true
			items = append(items, completionItem{Label: w, Kind: kind, Detail: detail})
		}
	}
	names := make([]string, 0, len(d.defs))
	for n := range d.defs {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, n := range names {
		if d.defs[n].game {
			add(n, kindClass, "game, line "+fmt.Sprint(d.defs[n].line))
		} else {
			add(n, kindVariable, "let, line "+fmt.Sprint(d.defs[n].line))
		}
	}
	for _, w := range vocab.Words(session) {
		kind := kindFunction
		if slices.Contains(lang.Keywords, w) {
			kind = kindKeyword
		}
		add(w, kind, "")
	}
	return items
}

func (d *document) definition(uri string, p position) any {
	line, off := d.offset(p)
	word, _ := wordAround(line, off)
	def, ok := d.defs[word]
	if !ok {
		return nil
	}
	return location{URI: uri, Range: rangeT{d.at(def.line, def.col), d.at(def.line, def.col+len(word))}}
}

// Symbol kinds of the protocol.
const (
	symbolClass    = 5
	symbolFunction = 12
	symbolVariable = 13
)

func (d *document) symbols() any {
	out := []symbol{}
	for _, s := range d.file.Stmts {
		var name string
		kind := symbolVariable
		switch s := s.(type) {
		case *lang.GameDecl:
			name, kind = s.Name, symbolClass
		case *lang.LetStmt:
			name = s.Name.Name
			if s.Func {
				kind = symbolFunction
			}
		default:
			continue
		}
		def := d.defs[name]
		if def.stmt != s {
			continue // defined again later: the later one is the symbol
		}
		out = append(out, d.symbol(name, kind, strings.SplitN(lang.PrettyStmt(s), "\n", 2)[0], def))
	}
	for name, def := range d.defs {
		if def.broken {
			kind := symbolVariable
			if def.game {
				kind = symbolClass
			}
			out = append(out, d.symbol(name, kind, "(does not parse)", def))
		}
	}
	slices.SortFunc(out, func(a, b symbol) int {
		return cmp.Or(cmp.Compare(a.Range.Start.Line, b.Range.Start.Line), cmp.Compare(a.Name, b.Name))
	})
	return out
}

func (d *document) symbol(name string, kind int, detail string, def decl) symbol {
	whole := rangeT{d.at(def.line, 1), d.at(def.line, len(d.line(def.line))+1)}
	sel := rangeT{d.at(def.line, def.col), d.at(def.line, def.col+len(name))}
	return symbol{Name: name, Detail: detail, Kind: kind, Range: whole, SelectionRange: sel}
}

// formatting replaces the whole text with gamelang fmt's, or changes
// nothing when the text does not parse (its diagnostics say why).
func (d *document) formatting() any {
	out, err := lang.Fmt(d.name, d.text)
	if err != nil || out == d.text {
		return []textEdit{}
	}
	last := len(d.lines)
	end := d.at(last, len(d.line(last))+1)
	return []textEdit{{Range: rangeT{position{0, 0}, end}, NewText: out}}
}
