package lang

import (
	"strings"
	"unicode/utf8"
)

// Fmt writes a script in gamelang's one style: a statement a line; a
// game's rules a line each, indented four spaces, its closing brace on a
// line of its own; operators spaced, ranges not; the brackets the source
// has and no others (PrettyStmt). Comments stay where they were: a comment
// line before the statement or rule it came before (indented with it), a
// comment after code at the end of that code's line — the comments of
// consecutive lines aligned in the source kept in one column, two spaces
// after the longest line's code (as gofmt keeps them). Blank lines between
// statements or rules are kept, one at most. Formatting what Fmt wrote
// changes nothing.
func Fmt(name, src string) (string, error) {
	f, err := Parse(name, src)
	if err != nil {
		return "", err
	}
	items := fmtItems(f, src)
	comments := scanComments(src)
	w := fmtWriter{lines: strings.Split(src, "\n")}
	ci := 0
	for i, it := range items {
		// comment lines before the item; inside a game body they are indented
		for ; ci < len(comments) && comments[ci].line < it.line; ci++ {
			w.comment(comments[ci], it.inside || it.closing)
		}
		w.put(it.line, it.text)
		if i+1 < len(items) && items[i+1].line == it.line {
			continue // a comment at the end of the line goes after its last item
		}
		for ; ci < len(comments) && comments[ci].line == it.line; ci++ {
			w.trail(comments[ci])
		}
	}
	for ; ci < len(comments); ci++ {
		w.comment(comments[ci], false)
	}
	return w.String(), nil
}

// fmtItems are the lines Fmt writes, each with the line of the source it
// comes from: a statement, or a game's head, its rules and its closing
// brace.
func fmtItems(f *File, src string) []fmtItem {
	var items []fmtItem
	for _, s := range f.Stmts {
		d, ok := s.(*GameDecl)
		if !ok || d.Alias != nil {
			items = append(items, fmtItem{line: StmtPos(s).Line, text: PrettyStmt(s)})
			continue
		}
		pr := printer{faithful: true}
		end := closingLine(src, d.Pos)
		items = append(items, fmtItem{line: d.Pos.Line, text: pr.gameHead(d)})
		for _, r := range d.Rules {
			items = append(items, fmtItem{line: RulePos(r).Line, text: "    " + pr.wrappedRule(r), inside: true})
		}
		items = append(items, fmtItem{line: end, text: "}", closing: true})
	}
	return items
}

// ruleWidth is how long a rule's line may grow before its for clauses go
// on a line of their own.
const ruleWidth = 100

// wrappedRule is a rule, its for clauses and guard on a second line
// (indented eight spaces) when the rule is longer than ruleWidth.
func (pr printer) wrappedRule(r Rule) string {
	text := pr.rule(r)
	m, ok := r.(*MoveRule)
	if !ok || len(text) <= ruleWidth || len(m.Fors) == 0 {
		return text
	}
	tail := pr.fors(m.Fors)
	if m.Guard != nil {
		tail += " if " + pr.expr(m.Guard)
	}
	tail += then(m.Then)
	return strings.TrimSuffix(text, tail) + "\n        " + strings.TrimSpace(tail)
}

// fmtItem is a line Fmt writes: a statement, a game's head, one of its
// rules or its closing brace, with the source line it comes from.
type fmtItem struct {
	line    int
	text    string
	inside  bool // a rule
	closing bool // a game's closing brace
}

// fmtWriter writes lines, a blank one where the source had one or more
// between two things written.
type fmtWriter struct {
	lines    []string // the source's
	out      []string
	code     map[int]int // out[i] ends with a comment after code[i] bytes of code
	srcCol   map[int]int // and that comment's column in the source
	last     int         // the source line of the last thing written
	trailing bool        // the last line written ends with a comment
}

func (w *fmtWriter) put(line int, text string) {
	if len(w.out) > 0 && w.blankBetween(w.last, line) {
		w.out = append(w.out, "")
	}
	w.out = append(w.out, text)
	w.last, w.trailing = max(w.last, line), false
}

// comment writes a comment: a trailing one after the last line written,
// one of its own line indented when inside a game's body.
func (w *fmtWriter) comment(c comment, inside bool) {
	switch {
	case c.trailing:
		w.trail(c)
	case inside:
		w.put(c.line, "    "+c.text)
	default:
		w.put(c.line, c.text)
	}
}

// trail puts a comment at the end of the last line written, or on a line
// of its own when that line has one already.
func (w *fmtWriter) trail(c comment) {
	if len(w.out) == 0 || w.trailing {
		w.put(c.line, c.text)
		return
	}
	if w.code == nil {
		w.code, w.srcCol = map[int]int{}, map[int]int{}
	}
	w.code[len(w.out)-1] = len(w.out[len(w.out)-1])
	w.srcCol[len(w.out)-1] = c.col
	w.out[len(w.out)-1] += "  " + c.text
	w.last, w.trailing = max(w.last, c.line), true
}

func (w *fmtWriter) blankBetween(a, b int) bool {
	for l := a + 1; l < b; l++ {
		if l >= 1 && l <= len(w.lines) && strings.TrimSpace(w.lines[l-1]) == "" {
			return true
		}
	}
	return false
}

func (w *fmtWriter) String() string {
	if len(w.out) == 0 {
		return ""
	}
	w.align()
	return strings.Join(w.out, "\n") + "\n"
}

// align keeps the columns of aligned comments: the trailing comments of a
// run of consecutive lines that end with one, in one column in the source,
// go in one column, two spaces after the run's longest code. A rule wrapped
// on two lines counts by its last; widths count characters.
func (w *fmtWriter) align() {
	for i := 0; i < len(w.out); {
		if _, ok := w.code[i]; !ok {
			i++
			continue
		}
		j, widest := i, 0
		for ; j < len(w.out); j++ {
			n, ok := w.code[j]
			if !ok || w.srcCol[j] != w.srcCol[i] {
				break
			}
			widest = max(widest, lastLineWidth(w.out[j][:n]))
		}
		for k := i; k < j; k++ {
			n := w.code[k]
			pad := widest - lastLineWidth(w.out[k][:n])
			w.out[k] = w.out[k][:n] + strings.Repeat(" ", pad) + w.out[k][n:]
		}
		i = j
	}
}

// lastLineWidth is the characters of the last line of s.
func lastLineWidth(s string) int {
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		s = s[i+1:]
	}
	return utf8.RuneCountInString(s)
}

// comment is a comment of the source: its line, its text from '#' with
// trailing blanks dropped, and whether code comes before it on its line.
type comment struct {
	line     int
	col      int // characters before it on its line
	text     string
	trailing bool
}

// scanComments finds the comments of src, outside strings.
func scanComments(src string) []comment {
	var out []comment
	line, start, code, inString := 1, 0, false, false
	for i := 0; i < len(src); i++ {
		switch ch := src[i]; {
		case ch == '\n':
			line, start, code, inString = line+1, i+1, false, false
		case inString && ch == '\\':
			i++
		case ch == '"':
			inString, code = !inString, true
		case inString:
		case ch == '#':
			end := strings.IndexByte(src[i:], '\n')
			if end < 0 {
				end = len(src) - i
			}
			out = append(out, comment{line: line, col: utf8.RuneCountInString(src[start:i]), text: strings.TrimRight(src[i:i+end], " \t\r"), trailing: code})
			i += end - 1
		case ch != ' ' && ch != '\t' && ch != '\r':
			code = true
		}
	}
	return out
}

// closingLine is the line of the brace that closes the first '{' at or
// after p: braces of sets inside the body pair up on the way, strings and
// comments are skipped.
func closingLine(src string, p Pos) int {
	line, col, depth, inString := 1, 1, 0, false
	for i := 0; i < len(src); i++ {
		ch := src[i]
		after := line > p.Line || line == p.Line && col >= p.Column
		switch {
		case ch == '\n':
			line, col, inString = line+1, 0, false
		case inString && ch == '\\':
			i++
			col++
		case ch == '"':
			inString = !inString
		case inString:
		case ch == '#':
			for i+1 < len(src) && src[i+1] != '\n' {
				i++
			}
		case after && ch == '{':
			depth++
		case after && ch == '}':
			if depth--; depth == 0 {
				return line
			}
		}
		col++
	}
	return line
}
