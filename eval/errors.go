package eval

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/gamelang/gamelang/lang"
)

// Error is a check or runtime error at a source position.
type Error struct {
	Pos lang.Pos
	Msg string
	Err error // the underlying error, if any
}

func (e *Error) Error() string { return e.Pos.String() + ": " + e.Msg }

// Unwrap returns the underlying error.
func (e *Error) Unwrap() error { return e.Err }

func errorf(p lang.Pos, format string, args ...any) *Error {
	return &Error{Pos: p, Msg: fmt.Sprintf(format, args...)}
}

// ErrorList is every error the check pass found, sorted by position.
type ErrorList []*Error

func (l ErrorList) Error() string {
	msgs := make([]string, len(l))
	for i, e := range l {
		msgs[i] = e.Error()
	}
	return strings.Join(msgs, "\n")
}

func (l ErrorList) sorted() ErrorList {
	sort.SliceStable(l, func(i, j int) bool { return l[i].Pos.Before(l[j].Pos) })
	return l
}

// Positioned lists the positioned errors inside err: an ErrorList, a single
// *Error or a *lang.SyntaxError. Other errors give nil.
func Positioned(err error) []*Error {
	var list ErrorList
	if errors.As(err, &list) {
		return list
	}
	var e *Error
	if errors.As(err, &e) {
		return []*Error{e}
	}
	var se *lang.SyntaxError
	if errors.As(err, &se) {
		return []*Error{{Pos: se.Pos, Msg: se.Msg}}
	}
	return nil
}

// Render formats err for a person: each positioned error as file:line:col:
// message, then the source line and a caret under the column.
func (in *Interp) Render(err error) string {
	errs := Positioned(err)
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
