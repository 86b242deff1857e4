package cli

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math/big"
	"strings"

	"github.com/gamelang/gamelang"
	textlines "github.com/gamelang/gamelang/internal/lines"
	"github.com/gamelang/gamelang/lang"
)

// --each is the batch mode for contest input. Its spec is a pattern of
// input lines, a colon, and an expression:
//
//	a b: outcome(Wythoff(a, b))               a line of two numbers, until the end
//	T; a b: ...                               a header line (T, unused: a skip), then records
//	k s...: ...                               s is the rest of the line, a list
//	k s...; m; l h... * m: ...                a group: two header lines, then m records,
//	                                          groups until the end (or --end's line)
//	t; (n; a...) * t: ...                     records of two lines each
//
// Lines are separated by ';'. The record is the last line, or the
// bracketed lines at the end; the lines before it are the header. Without
// "* name" the header is read once and records follow until the end of the
// input; with it, the header's number name says how many records follow,
// and the whole group repeats while input remains. The expression is
// parsed and checked once and evaluated per record, with every name bound:
// numbers, and lists for the names written with "...". Each answer is a
// line (JSON with --json); with --join, the answers of a group share a
// line, joined by its text. Blank lines are skipped; a line equal to
// --end's, where a group or an uncounted record starts, ends the input.
type eachSpec struct {
	header, record []eachLine
	count          string   // the header name that counts a group's records; "": until the end
	names          []string // every name, in the order the lines bind them
	expr           string
}

// eachLine is one input line of the pattern: its numbers' names, and the
// name bound to the rest of the line as a list ("" when none).
type eachLine struct {
	names []string
	rest  string
}

func (l eachLine) String() string {
	s := strings.Join(l.names, " ")
	if l.rest != "" {
		s = strings.TrimSpace(s + " " + l.rest + "...")
	}
	return s
}

const eachExample = "'a b: outcome(Wythoff(a, b))'"

// parseEach reads --each's spec.
func parseEach(spec string) (*eachSpec, error) {
	pattern, expr, ok := strings.Cut(spec, ":")
	if !ok {
		return nil, fmt.Errorf("--each %q: write the names, a colon, then the expression, as in %s", spec, eachExample)
	}
	s := &eachSpec{expr: strings.TrimSpace(expr)}
	pattern = strings.TrimSpace(pattern)
	if i := strings.LastIndexByte(pattern, '*'); i >= 0 {
		s.count = strings.TrimSpace(pattern[i+1:])
		pattern = strings.TrimSpace(pattern[:i])
		if !lang.IsName(s.count) {
			return nil, fmt.Errorf("--each: after * comes the header's name that counts the records, as in 'm; a b * m: ...', not %q", s.count)
		}
	}
	var head, rec string
	if strings.HasSuffix(pattern, ")") {
		open := strings.LastIndexByte(pattern, '(')
		if open < 0 {
			return nil, fmt.Errorf("--each: a ')' without its '(' in %q", pattern)
		}
		head, rec = pattern[:open], pattern[open+1:len(pattern)-1]
		head = strings.TrimSpace(head)
		if head != "" && !strings.HasSuffix(head, ";") {
			return nil, fmt.Errorf("--each: a ';' goes between the header and the bracketed record lines, as in 't; (n; a...) * t: ...'")
		}
		head = strings.TrimSuffix(head, ";")
	} else if i := strings.LastIndexByte(pattern, ';'); i >= 0 {
		head, rec = pattern[:i], pattern[i+1:]
	} else {
		rec = pattern
	}
	if strings.ContainsAny(head, "()") || strings.ContainsAny(rec, "()") {
		return nil, fmt.Errorf("--each: brackets go around the record's lines, at the end of the pattern, as in 't; (n; a...) * t: ...'")
	}
	seen := map[string]bool{}
	read := func(text string) ([]eachLine, error) {
		if strings.TrimSpace(text) == "" {
			return nil, nil
		}
		var lines []eachLine
		for _, t := range strings.Split(text, ";") {
			var l eachLine
			fields := strings.Fields(t)
			for i, f := range fields {
				name, rest := strings.CutSuffix(f, "...")
				if rest && i != len(fields)-1 {
					return nil, fmt.Errorf("--each: %s... takes the rest of its line, so it comes last on the line", name)
				}
				if !lang.IsName(name) || seen[name] {
					return nil, fmt.Errorf("--each: %q is not a name, or is given twice", name)
				}
				seen[name] = true
				s.names = append(s.names, name)
				if rest {
					l.rest = name
				} else {
					l.names = append(l.names, name)
				}
			}
			if len(fields) == 0 {
				return nil, fmt.Errorf("--each: a line of the pattern has no names (%q)", text)
			}
			lines = append(lines, l)
		}
		return lines, nil
	}
	var err error
	if s.header, err = read(head); err != nil {
		return nil, err
	}
	if s.record, err = read(rec); err != nil {
		return nil, err
	}
	if len(s.record) == 0 {
		return nil, fmt.Errorf("--each: the pattern has no record line, as in %s", eachExample)
	}
	if s.count != "" {
		counted := false
		for _, l := range s.header {
			for _, n := range l.names {
				counted = counted || n == s.count
			}
		}
		if !counted {
			return nil, fmt.Errorf("--each: * %s: %s is not a number of the header (the lines before the record)", s.count, s.count)
		}
	}
	return s, nil
}

// runEach is the batch mode; what it writes to stderr comes after the
// answers before the error, which it flushes first.
func runEach(ctx context.Context, in *gamelang.Session, spec string, join *string, end string, jsonOut bool, stdin io.Reader, stdout, stderr io.Writer) int {
	out := bufio.NewWriterSize(stdout, 64<<10) // a write per answer would cost more than the answer
	in.SetOutput(out)
	defer in.SetOutput(stdout)
	status := each(ctx, in, spec, join, end, jsonOut, stdin, stderr, out)
	if err := out.Flush(); err != nil && status == exitOK {
		report(stderr, err)
		return exitError
	}
	return status
}

// eachInput reads the input's lines that are not blank.
type eachInput struct {
	lr   *textlines.Reader
	err  error  // what stopped the reading, other than the end
	line int    // the number of the last line read
	end  string // the line that ends the input, fields joined by one blank; "": none
	done bool
}

// next is the next line that is not blank, as fields; ok is false at the end
// of the input, or at the end line when atEnd allows it there.
func (r *eachInput) next(atEnd bool) (fields []string, ok bool) {
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

// lineError is an error at a line of the input.
type lineError struct {
	line int
	msg  string
}

func (e *lineError) Error() string { return fmt.Sprintf("<stdin>:%d: %s", e.line, e.msg) }

func each(ctx context.Context, in *gamelang.Session, spec string, join *string, end string, jsonOut bool, stdin io.Reader, stderr io.Writer, out *bufio.Writer) int {
	s, err := parseEach(spec)
	if err != nil {
		return usageError(stderr, err.Error())
	}
	var jsonTo io.Writer // errors as JSON too, after the answers
	if jsonOut {
		jsonTo = out
	}
	t, err := in.Template(ctx, "--each", s.names, s.expr)
	if err != nil {
		return result(ctx, in, err, stderr, jsonTo)
	}
	r := &eachInput{lr: textlines.New(stdin, maxEachLine), end: strings.Join(strings.Fields(end), " ")}
	env := map[string]gamelang.Value{}
	vals := make([]gamelang.Value, len(s.names))
	fail := func(err error) int {
		writeErrorJSON(jsonTo, err)
		out.Flush()
		report(stderr, err)
		return exitError
	}
	// bind reads the lines of a part of the pattern into env; ok is false
	// when the input ends where the part starts (and may end there).
	start := 0 // the input line of the part's first line
	bind := func(lines []eachLine, mayEnd bool) (ok bool, err error) {
		for i, l := range lines {
			fields, ok := r.next(mayEnd && i == 0)
			if i == 0 {
				start = r.line
			}
			var long *textlines.TooLongError
			if errors.As(r.err, &long) {
				return false, &lineError{r.line + 1, fmt.Sprintf("a line longer than %s", textlines.Size(maxEachLine))}
			}
			if r.err != nil {
				return false, &lineError{r.line + 1, r.err.Error()}
			}
			if !ok {
				if mayEnd && i == 0 {
					return false, nil
				}
				return false, &lineError{r.line + 1, fmt.Sprintf("the input ends where a line of %s was due", l)}
			}
			if len(fields) != len(l.names) && (l.rest == "" || len(fields) < len(l.names)) {
				want := fmt.Sprint(len(l.names))
				if l.rest != "" {
					want = "at least " + want
				}
				return false, &lineError{r.line, fmt.Sprintf("expected %s numbers (%s), got %d", want, l, len(fields))}
			}
			nums := make([]*big.Int, len(fields))
			for j, f := range fields {
				n, ok := new(big.Int).SetString(f, 10)
				if !ok {
					return false, &lineError{r.line, fmt.Sprintf("%q is not a whole number", f)}
				}
				nums[j] = n
			}
			for j, n := range l.names {
				env[n] = gamelang.Int{V: nums[j]}
			}
			if l.rest != "" {
				env[l.rest] = gamelang.List{Elems: nums[len(l.names):]}
			}
		}
		return true, nil
	}
	var answers []string // a group's answers, with --join
	flush := func() {
		if len(answers) > 0 {
			out.WriteString(strings.Join(answers, *join) + "\n")
		}
		answers = answers[:0]
	}
	record := func() (bool, error) {
		ok, err := bind(s.record, s.count == "")
		if !ok || err != nil {
			return ok, err
		}
		for i, n := range s.names {
			vals[i] = env[n]
		}
		if ctx.Err() != nil {
			return false, fmt.Errorf("interrupted at line %d of the input: %w", r.line, ctx.Err())
		}
		v, err := t.EvalValues(ctx, vals)
		if err != nil {
			out.Flush()
			fmt.Fprintf(stderr, "<stdin>:%d: %s:\n", r.line, bindings(s, env))
			return false, err
		}
		if _, nothing := v.(gamelang.Nothing); nothing || join == nil || jsonOut {
			return true, t.Print(start, v)
		}
		answers = append(answers, v.String())
		return true, nil
	}
	evalErr := func(err error) int {
		if le, ok := err.(*lineError); ok {
			return fail(le)
		}
		return result(ctx, in, err, stderr, jsonTo)
	}
	for {
		if len(s.header) > 0 {
			ok, err := bind(s.header, true)
			if err != nil {
				return evalErr(err)
			}
			if !ok {
				break
			}
		}
		if s.count == "" {
			for {
				ok, err := record()
				if err != nil {
					return evalErr(err)
				}
				if !ok {
					break
				}
			}
			flush()
			break
		}
		n := env[s.count].(gamelang.Int).V
		if n.Sign() < 0 {
			return fail(&lineError{r.line, fmt.Sprintf("%s = %s records: a count cannot be negative", s.count, n)})
		}
		for i := int64(0); big.NewInt(i).Cmp(n) < 0; i++ {
			ok, err := record()
			if err == nil && !ok {
				err = &lineError{r.line + 1, fmt.Sprintf("the input ends after %d of the %s records that %s announced", i, n, s.count)}
			}
			if err != nil {
				return evalErr(err)
			}
		}
		flush()
		if len(s.header) == 0 {
			break
		}
	}
	return exitOK
}

// bindings writes the names of a record with their values, for an error.
func bindings(s *eachSpec, env map[string]gamelang.Value) string {
	parts := make([]string, len(s.names))
	for i, n := range s.names {
		parts[i] = n + " = " + env[n].String()
	}
	return strings.Join(parts, ", ")
}

// maxEachLine is the longest input line --each reads.
const maxEachLine = 64 << 20
