package eval

import (
	"fmt"
	"strings"

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
		b.WriteString(e.Error())
		b.WriteByte('\n')
		if line, ok := sourceLine(in.sources[e.Pos.File], e.Pos.Line); ok {
			fmt.Fprintf(&b, "    %s\n    %s^\n", line, caretPad(line, e.Pos.Column))
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
