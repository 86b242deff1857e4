package eval

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/gamelang/gamelang/lang"
)

// errorf returns a positioned error.
func errorf(p lang.Pos, format string, args ...any) *lang.Error {
	return lang.Errorf(p, format, args...)
}

// at attaches a source position to an error that lacks one.
func at(p lang.Pos, err error) error { return lang.At(p, err) }

// Render formats err for a person: each positioned error as file:line:col:
// message, then the source line and a caret under the column.
func (in *Interp) Render(err error) string {
	errs := lang.Positioned(err)
	if errs == nil {
		return err.Error()
	}
	var b strings.Builder
	for _, e := range errs {
		line, ok := sourceLine(in.sources[e.Pos.File], e.Pos.Line)
		if ok && e.Pos.Column >= 1 && e.Pos.Column-1 <= len(line) {
			// a person counts characters: the column after "é" is 2, not 3
			p := e.Pos
			p.Column = utf8.RuneCountInString(line[:p.Column-1]) + 1
			b.WriteString(p.String() + ": " + e.Msg)
		} else {
			b.WriteString(e.Error())
		}
		b.WriteByte('\n')
		if ok {
			line, col := clip(line, e.Pos.Column)
			fmt.Fprintf(&b, "    %s\n    %s^\n", line, caretPad(line, col))
		}
	}
	return strings.TrimRight(b.String(), "\n")
}

func sourceLine(lines []string, n int) (string, bool) {
	if n < 1 || n > len(lines) {
		return "", false
	}
	return strings.TrimRight(lines[n-1], "\r"), true
}

// clipWidth is the most of a source line an error shows.
const clipWidth = 100

// clip cuts a long line to a window around column col (counted in bytes),
// marking what is cut with "...", and gives the column in the window.
func clip(line string, col int) (string, int) {
	if len(line) <= clipWidth {
		return line, col
	}
	start := max(0, min(col-1-clipWidth/2, len(line)-clipWidth))
	for start > 0 && !utf8.RuneStart(line[start]) {
		start--
	}
	end := min(len(line), start+clipWidth)
	for end < len(line) && !utf8.RuneStart(line[end]) {
		end++
	}
	out, col := line[start:end], col-start
	if start > 0 {
		out, col = "..."+out, col+3
	}
	if end < len(line) {
		out += "..."
	}
	return out, col
}

// caretPad is the white space that puts a caret under column col of line,
// keeping tabs so that the caret lines up.
func caretPad(line string, col int) string {
	var b strings.Builder
	for i, r := range line {
		if i >= col-1 {
			break
		}
		if r == '\t' {
			b.WriteByte('\t')
		} else {
			b.WriteByte(' ')
		}
	}
	return b.String()
}
