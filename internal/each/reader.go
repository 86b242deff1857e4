package each

import (
	"errors"
	"fmt"
	"io"
	"math/big"
	"strings"

	"github.com/gamelang/gamelang"
	"github.com/gamelang/gamelang/internal/lines"
)

// MaxLine is the longest input line --each reads.
const MaxLine = 64 << 20

// LineError is an error at a line of the input.
type LineError struct {
	Line int
	Msg  string
}

func (e *LineError) Error() string { return fmt.Sprintf("<stdin>:%d: %s", e.Line, e.Msg) }

// Reader reads the input against a spec, binding each part's numbers to
// its names in Env.
type Reader struct {
	spec  *Spec
	lr    *lines.Reader
	err   error  // what stopped the reading, other than the end
	line  int    // the number of the last line read
	end   string // the line that ends the input, fields joined by one blank; "": none
	done  bool
	start int // the input line of the last part's first line
	Env   map[string]gamelang.Value
}

// NewReader reads in against s; a line equal to end (fields compared)
// ends the input where a group or an uncounted record starts.
func NewReader(s *Spec, in io.Reader, end string) *Reader {
	return &Reader{spec: s, lr: lines.New(in, MaxLine), end: strings.Join(strings.Fields(end), " "), Env: map[string]gamelang.Value{}}
}

// Line is the number of the last input line read; Start that of the first
// line of the last part read.
func (r *Reader) Line() int  { return r.line }
func (r *Reader) Start() int { return r.start }

// Values are the record's values in the order of the spec's names.
func (r *Reader) Values(vals []gamelang.Value) {
	for i, n := range r.spec.Names {
		vals[i] = r.Env[n]
	}
}

// Header reads the header's lines; ok is false when the input ends first.
func (r *Reader) Header() (ok bool, err error) { return r.bind(r.spec.Header, true) }

// Record reads a record's lines; ok is false when the input ends where the
// record starts and may end there (records not counted by a header).
func (r *Reader) Record() (ok bool, err error) { return r.bind(r.spec.Record, r.spec.Count == "") }

// Count is the number of records the last header announced.
func (r *Reader) Count() (*big.Int, error) {
	n := r.Env[r.spec.Count].(gamelang.Int).V
	if n.Sign() < 0 {
		return nil, &LineError{r.line, fmt.Sprintf("%s = %s records: a count cannot be negative", r.spec.Count, n)}
	}
	return n, nil
}

// Ended is the error of input that ends after i of the n records a header
// announced.
func (r *Reader) Ended(i int64, n *big.Int) error {
	return &LineError{r.line + 1, fmt.Sprintf("the input ends after %d of the %s records that %s announced", i, n, r.spec.Count)}
}

// bind reads the lines of a part of the pattern into Env; ok is false
// when the input ends where the part starts (and may end there).
func (r *Reader) bind(ls []Line, mayEnd bool) (ok bool, err error) {
	for i, l := range ls {
		fields, ok := r.next(mayEnd && i == 0)
		if i == 0 {
			r.start = r.line
		}
		var long *lines.TooLongError
		if errors.As(r.err, &long) {
			return false, &LineError{r.line + 1, fmt.Sprintf("a line longer than %s", lines.Size(MaxLine))}
		}
		if r.err != nil {
			return false, &LineError{r.line + 1, r.err.Error()}
		}
		if !ok {
			if mayEnd && i == 0 {
				return false, nil
			}
			return false, &LineError{r.line + 1, fmt.Sprintf("the input ends where a line of %s was due", l)}
		}
		if err := r.numbers(l, fields); err != nil {
			return false, err
		}
	}
	return true, nil
}

// numbers binds the fields of one input line to l's names.
func (r *Reader) numbers(l Line, fields []string) error {
	if len(fields) != len(l.Names) && (l.Rest == "" || len(fields) < len(l.Names)) {
		want := fmt.Sprint(len(l.Names))
		if l.Rest != "" {
			want = "at least " + want
		}
		return &LineError{r.line, fmt.Sprintf("expected %s numbers (%s), got %d", want, l, len(fields))}
	}
	nums := make([]*big.Int, len(fields))
	for j, f := range fields {
		n, ok := new(big.Int).SetString(f, 10)
		if !ok {
			return &LineError{r.line, fmt.Sprintf("%q is not a whole number", f)}
		}
		nums[j] = n
	}
	for j, n := range l.Names {
		r.Env[n] = gamelang.Int{V: nums[j]}
	}
	if l.Rest != "" {
		r.Env[l.Rest] = gamelang.List{Elems: nums[len(l.Names):]}
	}
	return nil
}

// next is the next line that is not blank, as fields; ok is false at the end
// of the input, or at the end line when atEnd allows it there.
func (r *Reader) next(atEnd bool) (fields []string, ok bool) {
	for !r.done {
		text, err := r.lr.Next()
		if err != nil {
			if err != io.EOF {
				r.err = err
			}
			break
		}
		r.line++
		if fields = strings.Fields(text); len(fields) == 0 {
			continue
		}
		if atEnd && r.end != "" && strings.Join(fields, " ") == r.end {
			r.done = true
			return nil, false
		}
		return fields, true
	}
	r.done = true
	return nil, false
}

// Bindings writes the names of the record with their values, for an error.
func (r *Reader) Bindings() string {
	parts := make([]string, len(r.spec.Names))
	for i, n := range r.spec.Names {
		parts[i] = n + " = " + r.Env[n].String()
	}
	return strings.Join(parts, ", ")
}
