// Package each reads contest input for gamelang's --each: a pattern of
// input lines (Parse), and the input read record by record against it
// (Reader), each record's numbers bound to the pattern's names as the
// values a template is evaluated with. Evaluating and printing the
// answers is the command line's (internal/cli).
//
// A spec is a pattern of input lines, a colon, and an expression:
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
// numbers, and lists for the names written with "...". Blank lines are
// skipped; a line equal to --end's, where a group or an uncounted record
// starts, ends the input.
package each

import (
	"fmt"
	"strings"

	"github.com/gamelang/gamelang/lang"
)

// Spec is a parsed --each spec.
type Spec struct {
	Header, Record []Line
	Count          string   // the header name that counts a group's records; "": until the end
	Names          []string // every name, in the order the lines bind them
	Expr           string
}

// Line is one input line of the pattern: its numbers' names, and the
// name bound to the rest of the line as a list ("" when none).
type Line struct {
	Names []string
	Rest  string
}

func (l Line) String() string {
	s := strings.Join(l.Names, " ")
	if l.Rest != "" {
		s = strings.TrimSpace(s + " " + l.Rest + "...")
	}
	return s
}

const example = "'a b: outcome(Wythoff(a, b))'"

// Parse reads --each's spec.
func Parse(spec string) (*Spec, error) {
	pattern, expr, ok := strings.Cut(spec, ":")
	if !ok {
		return nil, fmt.Errorf("--each %q: write the names, a colon, then the expression, as in %s", spec, example)
	}
	s := &Spec{Expr: strings.TrimSpace(expr)}
	pattern = strings.TrimSpace(pattern)
	if i := strings.LastIndexByte(pattern, '*'); i >= 0 {
		s.Count = strings.TrimSpace(pattern[i+1:])
		pattern = strings.TrimSpace(pattern[:i])
		if !lang.IsName(s.Count) {
			return nil, fmt.Errorf("--each: after * comes the header's name that counts the records, as in 'm; a b * m: ...', not %q", s.Count)
		}
	}
	head, rec, err := cut(pattern)
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	if s.Header, err = s.lines(head, seen); err != nil {
		return nil, err
	}
	if s.Record, err = s.lines(rec, seen); err != nil {
		return nil, err
	}
	if len(s.Record) == 0 {
		return nil, fmt.Errorf("--each: the pattern has no record line, as in %s", example)
	}
	if s.Count != "" && !s.counted() {
		return nil, fmt.Errorf("--each: * %s: %s is not a number of the header (the lines before the record)", s.Count, s.Count)
	}
	return s, nil
}

// cut parts a pattern into its header's lines and its record's.
func cut(pattern string) (head, rec string, err error) {
	if strings.HasSuffix(pattern, ")") {
		open := strings.LastIndexByte(pattern, '(')
		if open < 0 {
			return "", "", fmt.Errorf("--each: a ')' without its '(' in %q", pattern)
		}
		head, rec = strings.TrimSpace(pattern[:open]), pattern[open+1:len(pattern)-1]
		if head != "" && !strings.HasSuffix(head, ";") {
			return "", "", fmt.Errorf("--each: a ';' goes between the header and the bracketed record lines, as in 't; (n; a...) * t: ...'")
		}
		head = strings.TrimSuffix(head, ";")
	} else if i := strings.LastIndexByte(pattern, ';'); i >= 0 {
		head, rec = pattern[:i], pattern[i+1:]
	} else {
		rec = pattern
	}
	if strings.ContainsAny(head, "()") || strings.ContainsAny(rec, "()") {
		return "", "", fmt.Errorf("--each: brackets go around the record's lines, at the end of the pattern, as in 't; (n; a...) * t: ...'")
	}
	return head, rec, nil
}

// lines reads the ';'-separated lines of a part of the pattern, adding
// their names to s.Names; seen holds the names given so far.
func (s *Spec) lines(text string, seen map[string]bool) ([]Line, error) {
	if strings.TrimSpace(text) == "" {
		return nil, nil
	}
	var lines []Line
	for _, t := range strings.Split(text, ";") {
		var l Line
		fields := strings.Fields(t)
		if len(fields) == 0 {
			return nil, fmt.Errorf("--each: a line of the pattern has no names (%q)", text)
		}
		for i, f := range fields {
			name, rest := strings.CutSuffix(f, "...")
			if rest && i != len(fields)-1 {
				return nil, fmt.Errorf("--each: %s... takes the rest of its line, so it comes last on the line", name)
			}
			if !lang.IsName(name) || seen[name] {
				return nil, fmt.Errorf("--each: %q is not a name, or is given twice", name)
			}
			seen[name] = true
			s.Names = append(s.Names, name)
			if rest {
				l.Rest = name
			} else {
				l.Names = append(l.Names, name)
			}
		}
		lines = append(lines, l)
	}
	return lines, nil
}

// counted says whether the group's count is a number of the header.
func (s *Spec) counted() bool {
	for _, l := range s.Header {
		for _, n := range l.Names {
			if n == s.Count {
				return true
			}
		}
	}
	return false
}
