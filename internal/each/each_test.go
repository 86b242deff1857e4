package each

import (
	"strings"
	"testing"

	"github.com/gamelang/gamelang"
)

func TestParse(t *testing.T) {
	for _, c := range []struct {
		spec, header, record, count, err string
	}{
		{spec: "a b: outcome(W(a, b))", record: "a b"},
		{spec: "T; a b: x", header: "T", record: "a b"},
		{spec: "k s...: x", record: "k s..."},
		{spec: "k s...; m; l h... * m: x", header: "k s...|m", record: "l h...", count: "m"},
		{spec: "t; (n; a...) * t: x", header: "t", record: "n|a...", count: "t"},
		{spec: "(n; a...): x", record: "n|a..."},
		{spec: "a b", err: "write the names, a colon"},
		{spec: "a * 3: x", err: "after * comes the header's name"},
		{spec: "a) : x", err: "without its '('"},
		{spec: "t (n; a): x", err: "a ';' goes between"},
		{spec: "(a); b: x", err: "brackets go around"},
		{spec: "s... a: x", err: "comes last on the line"},
		{spec: "a a: x", err: "given twice"},
		{spec: "a;;b: x", err: "has no names"},
		{spec: ": x", err: "has no record line"},
		{spec: "m; a * n: x", err: "n is not a number of the header"},
		{spec: "a * a: x", err: "is not a number of the header"},
	} {
		s, err := Parse(c.spec)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("Parse(%q) = %v, want an error with %q", c.spec, err, c.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("Parse(%q): %v", c.spec, err)
			continue
		}
		show := func(ls []Line) string {
			var parts []string
			for _, l := range ls {
				parts = append(parts, l.String())
			}
			return strings.Join(parts, "|")
		}
		if h, r := show(s.Header), show(s.Record); h != c.header || r != c.record || s.Count != c.count {
			t.Errorf("Parse(%q): header %q record %q count %q, want %q %q %q", c.spec, h, r, s.Count, c.header, c.record, c.count)
		}
	}
}

// The reader binds numbers and lists, skips blank lines, stops at the end
// line, and says which line is wrong and why.
func TestReader(t *testing.T) {
	s, err := Parse("m; k s... * m: x")
	if err != nil {
		t.Fatal(err)
	}
	r := NewReader(s, strings.NewReader("2\n\n1 5 6\n3\n0\n"), "0")
	if ok, err := r.Header(); !ok || err != nil {
		t.Fatal(ok, err)
	}
	if n, err := r.Count(); err != nil || n.Int64() != 2 {
		t.Fatal(n, err)
	}
	var got []string
	for i := 0; i < 2; i++ {
		if ok, err := r.Record(); !ok || err != nil {
			t.Fatal(i, ok, err)
		}
		got = append(got, r.Bindings()+"@"+string(rune('0'+r.Start())))
	}
	if want := "m = 2, k = 1, s = [5, 6]@3|m = 2, k = 3, s = []@4"; strings.Join(got, "|") != want {
		t.Errorf("got %q, want %q", strings.Join(got, "|"), want)
	}
	vals := make([]gamelang.Value, 3)
	r.Values(vals)
	if vals[1].String() != "3" {
		t.Errorf("values %v", vals)
	}
	if ok, err := r.Header(); ok || err != nil {
		t.Errorf("at the end line: %v %v, want the end", ok, err)
	}

	for _, c := range []struct{ spec, input, err string }{
		{"a b: x", "1 2\n3\n", "<stdin>:2: expected 2 numbers (a b), got 1"},
		{"a s...: x", "\n", ""},
		{"a s...: x", "x\n", `<stdin>:1: "x" is not a whole number`},
		{"(a; b): x", "1\n", "<stdin>:2: the input ends where a line of b was due"},
	} {
		s, err := Parse(c.spec)
		if err != nil {
			t.Fatal(err)
		}
		r := NewReader(s, strings.NewReader(c.input), "")
		var last error
		for {
			ok, err := r.Record()
			if err != nil || !ok {
				last = err
				break
			}
		}
		if got := ""; last != nil {
			got = last.Error()
			if got != c.err {
				t.Errorf("%q on %q: %q, want %q", c.spec, c.input, got, c.err)
			}
		} else if c.err != "" {
			t.Errorf("%q on %q: no error, want %q", c.spec, c.input, c.err)
		}
	}
}
