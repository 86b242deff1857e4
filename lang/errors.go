package lang

import (
	"errors"
	"fmt"
	"sort"
	"strings"
)

// Error is an error at a source position: a check error, or a runtime error
// at the expression that failed.
type Error struct {
	Pos Pos
	Msg string
	Err error // the underlying error, if any
}

func (e *Error) Error() string { return e.Pos.String() + ": " + e.Msg }

// Unwrap returns the underlying error.
func (e *Error) Unwrap() error { return e.Err }

// Errorf returns an *Error at p.
func Errorf(p Pos, format string, args ...any) *Error {
	return &Error{Pos: p, Msg: fmt.Sprintf(format, args...)}
}

// At attaches position p to an error that has none.
func At(p Pos, err error) error {
	if err == nil || Positioned(err) != nil {
		return err
	}
	return &Error{Pos: p, Msg: err.Error(), Err: err}
}

// ErrorList is every error a pass found, sorted by position.
type ErrorList []*Error

func (l ErrorList) Error() string {
	msgs := make([]string, len(l))
	for i, e := range l {
		msgs[i] = e.Error()
	}
	return strings.Join(msgs, "\n")
}

// Sorted sorts the list by position, keeping the order of errors at one
// position.
func (l ErrorList) Sorted() ErrorList {
	sort.SliceStable(l, func(i, j int) bool { return l[i].Pos.Before(l[j].Pos) })
	return l
}

// Positioned lists the positioned errors inside err: an ErrorList, a single
// *Error or a *SyntaxError. Other errors give nil.
func Positioned(err error) []*Error {
	var list ErrorList
	if errors.As(err, &list) {
		return list
	}
	var e *Error
	if errors.As(err, &e) {
		return []*Error{e}
	}
	var se *SyntaxError
	if errors.As(err, &se) {
		return []*Error{{Pos: se.Pos, Msg: se.Msg}}
	}
	return nil
}
