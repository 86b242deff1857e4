package main

import (
	"bufio"
	"context"
	"fmt"
	"go/parser"
	"go/token"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/gamelang/gamelang"
)

// certify runs a statement that writes a certificate and returns its text.
func certify(t *testing.T, stmt string) string {
	t.Helper()
	file := filepath.Join(t.TempDir(), "c.cert")
	s := gamelang.NewSession(gamelang.Options{})
	if err := s.Exec(context.Background(), "t", fmt.Sprintf(stmt, strconv.Quote(file))); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func checkText(text string) (string, error) {
	c, err := parse(bufio.NewReader(strings.NewReader(text)))
	if err != nil {
		return "", err
	}
	return c.check()
}

// edit changes a certificate's text.
type edit struct {
	what string
	f    func(lines []string) []string
	want string // in the refusal
}

// field replaces the value of a field.
func field(key, value string) func([]string) []string {
	return func(lines []string) []string {
		for i, l := range lines {
			if strings.HasPrefix(l, key+" ") {
				lines[i] = key + " " + value
			}
		}
		return lines
	}
}

// num changes the i-th number of a list (0-based) by f.
func num(list string, i int, f func(int64) string) func([]string) []string {
	return func(lines []string) []string {
		in, seen := false, 0
		for li, l := range lines {
			if strings.HasPrefix(l, list+" ") {
				in = true
				continue
			}
			if !in || strings.HasPrefix(l, "#") {
				continue
			}
			if l != "" && l[0] >= 'a' && l[0] <= 'z' {
				break
			}
			words := strings.Fields(l)
			if i < seen+len(words) {
				v, _ := strconv.ParseInt(words[i-seen], 10, 64)
				words[i-seen] = f(v)
				lines[li] = strings.Join(words, " ")
				return lines
			}
			seen += len(words)
		}
		panic("no such number")
	}
}

func plus(d int64) func(int64) string { return func(v int64) string { return fmt.Sprint(v + d) } }

// lastNumber drops the last number of the file (the last list's last).
func dropLast(lines []string) []string {
	for i := len(lines) - 1; i >= 0; i-- {
		if w := strings.Fields(lines[i]); len(w) > 0 {
			lines[i] = strings.Join(w[:len(w)-1], " ")
			return lines
		}
	}
	return lines
}

func apply(text string, f func([]string) []string) string {
	return strings.Join(f(strings.Split(text, "\n")), "\n")
}

func refuse(t *testing.T, text string, edits []edit) {
	t.Helper()
	for _, e := range edits {
		_, err := checkText(apply(text, e.f))
		switch {
		case err == nil:
			t.Errorf("%s: accepted", e.what)
		case !strings.Contains(err.Error(), e.want):
			t.Errorf("%s: refused with %q, want it to say %q", e.what, err, e.want)
		}
	}
}

// TestPeriodCertificates: the certificates of the periods of 0.07 (Dawson's
// chess), 0.137 (Dawson's Kayles) and 0.33 (a subtraction game) are
// accepted; 0.07's is refused after each of these changes.
func TestPeriodCertificates(t *testing.T) {
	for _, code := range []string{"0.07", "0.137", "0.33", "4.07", "0.4", "0.7"} {
		if claim, err := checkText(certify(t, `period(octal("`+code+`"), %s)`)); err != nil {
			t.Errorf("%s: refused: %v", code, err)
		} else {
			t.Logf("%s: %s", code, claim)
		}
	}
	text := certify(t, `period(octal("0.07"), %s)`) // period 34 from 53, bound 176
	if !strings.Contains(text, "\nbound 176\n") || !strings.Contains(text, "\npreperiod 53\n") {
		t.Fatalf("0.07's certificate is not the one these edits are written for:\n%.400s", text)
	}
	refuse(t, text, []edit{
		{"a value in the period changed", num("values", 100, plus(1)), "g(100)"},
		{"a value in the preperiod changed", num("values", 20, plus(-1)), "g(20)"},
		{"the last value changed", num("values", 175, plus(2)), "wrong"},
		{"a value made huge", num("values", 90, func(int64) string { return "1000000000000" }), "fewer options"},
		{"a value not a number", num("values", 7, func(int64) string { return "x" }), "not a number"},
		{"the preperiod one smaller", field("preperiod", "52"), "bound"},
		{"the preperiod one larger", field("preperiod", "54"), "bound"},
		{"the preperiod one smaller, the bound to match", func(l []string) []string {
			return field("bound", "174")(field("preperiod", "52")(l))
		}, "fails at n = 52"},
		{"the period doubled", field("period", "68"), "bound"},
		{"the period one smaller, the bound to match", func(l []string) []string {
			return field("bound", "174")(field("period", "33")(l))
		}, "fails"},
		{"the bound one short", field("bound", "175"), "needs"},
		{"the bound and the values one short", func(l []string) []string {
			return dropLast(field("values", "175")(field("bound", "175")(l)))
		}, "needs"},
		{"a value missing", dropLast, "announced"},
		{"a value too many", func(l []string) []string { return append(l, "5") }, "more than"},
		{"the theorem of codes that do not split", field("theorem", "window"), "does not apply"},
		{"another code", field("code", "0.06"), "wrong"},
		{"an infinite code", field("code", "0.0(7)"), "infinite"},
		{"a split claimed for taking no tokens", field("code", "6.07"), "start"},
		{"another claim", field("claim", "arithmetic-period"), "no saltus"},
		{"an unknown claim", field("claim", "proof"), "none of"},
		{"another version", func(l []string) []string { l[0] = "gamelang-certificate 2"; return l }, "version 1"},
		{"a field twice", func(l []string) []string { return append(l[:5:5], append([]string{"period 34"}, l[5:]...)...) }, "twice"},
		{"a field missing", func(l []string) []string {
			var out []string
			for _, x := range l {
				if !strings.HasPrefix(x, "theorem ") {
					out = append(out, x)
				}
			}
			return out
		}, "no theorem"},
		{"an unknown field", func(l []string) []string { return append(l[:5:5], append([]string{"proof trust-me"}, l[5:]...)...) }, "unknown field"},
	})
}

// TestQuotientCertificates: the misère quotients of 0.75 and 0.31 with
// their periods are accepted; 0.75's is refused after each change.
func TestQuotientCertificates(t *testing.T) {
	for _, code := range []string{"0.75", "0.31", "0.77", "0.34"} {
		text := certify(t, `quotient(octal("`+code+`"), %s)`)
		if claim, err := checkText(text); err != nil {
			t.Errorf("%s: refused: %v", code, err)
		} else {
			t.Logf("%s: %s", code, claim)
		}
	}
	text := certify(t, `quotient(octal("0.75"), %s)`) // order 8, P = {a, b^2}, period 2 from heap 8, bound 22
	if !strings.Contains(text, "\norder 8\n") || !strings.Contains(text, "\nbound 22\n") {
		t.Fatalf("0.75's certificate is not the one these edits are written for:\n%s", text)
	}
	refuse(t, text, []edit{
		{"an image changed", num("images", 5, plus(1)), ""},
		{"the last image changed", num("images", 21, func(v int64) string { return fmt.Sprint((v + 1) % 8) }), "fails at"},
		{"an element left out of P", func(l []string) []string {
			return dropFirstNumber("p-portion")(field("p-portion", "1")(l))
		}, ""},
		{"the identity put in P", num("p-portion", 0, func(int64) string { return "0" }), "identity"},
		{"a product changed", num("table", 2*8+3, func(v int64) string { return fmt.Sprint((v + 1) % 8) }), "the table is not"},
		{"a product changed on both sides", func(l []string) []string {
			l = num("table", 2*8+3, func(v int64) string { return "0" })(l)
			return num("table", 3*8+2, func(v int64) string { return "0" })(l)
		}, ""},
		{"the preperiod one smaller, the bound to match", func(l []string) []string {
			return field("bound", "20")(field("preperiod", "7")(l))
		}, ""},
		{"the bound one short", field("bound", "21"), "needs"},
		{"the theorem of codes that do not split", field("theorem", "misere-window"), "does not apply"},
		{"another code", field("code", "0.76"), ""},
	})
}

// TestArithmeticCertificates: the arithmetic periods of Lasker's Nim
// (4.(3)) and of random infinite codes are accepted; Lasker's is refused
// after each change.
func TestArithmeticCertificates(t *testing.T) {
	codes := []string{"4.(3)", "0.(7)", "0.3(7)", "4.(7)", "0.1(3)", "0.05(3)"}
	rng := rand.New(rand.NewPCG(27, 1))
	for len(codes) < 60 {
		code := fmt.Sprintf("%d.", 4*rng.IntN(2))
		for k := rng.IntN(4); k > 0; k-- {
			code += fmt.Sprint(rng.IntN(8))
		}
		codes = append(codes, fmt.Sprintf("%s(%d)", code, 1+rng.IntN(7)))
	}
	accepted := 0
	for _, code := range codes {
		file := filepath.Join(t.TempDir(), "c.cert")
		s := gamelang.NewSession(gamelang.Options{})
		err := s.Exec(context.Background(), "t", fmt.Sprintf(`period(octal("%s"), 512, %q)`, code, file))
		if err != nil {
			if !strings.Contains(err.Error(), "nothing to certify") {
				t.Errorf("%s: %v", code, err)
			}
			continue
		}
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if claim, err := checkText(string(b)); err != nil {
			t.Errorf("%s: refused: %v", code, err)
		} else {
			accepted++
			t.Logf("%s: %s", code, claim)
		}
	}
	t.Logf("%d of %d codes certified", accepted, len(codes))
	if accepted < 25 {
		t.Errorf("only %d certificates of arithmetic periods", accepted)
	}
	text := certify(t, `period(octal("4.(3)"), %s)`) // g(n+4) = g(n) + 4 from 1; 256 values
	if !strings.Contains(text, "\nsaltus 4\n") || !strings.Contains(text, "\nbound 256\n") {
		t.Fatalf("Lasker's certificate is not the one these edits are written for:\n%.400s", text)
	}
	refuse(t, text, []edit{
		{"a value changed", num("values", 40, plus(4)), "g(40)"},
		{"two values swapped", func(l []string) []string {
			l = num("values", 2, func(int64) string { return "4" })(l) // g(2) = 2, g(3) = 4
			return num("values", 3, func(int64) string { return "2" })(l)
		}, "induction fails"},
		{"the saltus halved", field("saltus", "2"), "induction fails"},
		{"a saltus not a power of two", field("saltus", "3"), "power of two"},
		{"the period halved", field("period", "2"), ""},
		{"the preperiod one larger", field("preperiod", "2"), ""},
		{"the values cut to the first 20", func(l []string) []string {
			for len(strings.Fields(l[len(l)-1])) == 0 || !strings.HasPrefix(l[len(l)-2], "values") {
				l = l[:len(l)-1]
			}
			return field("bound", "20")(field("values", "20")(l))
		}, "needs the values"},
		{"a finite code", field("code", "4.333"), "finite"},
		{"a code that splits in three", field("code", "8.(3)"), "at most two heaps"},
		{"another theorem", field("theorem", "guy-smith-2"), "saltus-induction"},
	})
}

// dropFirstNumber removes the first number of a list.
func dropFirstNumber(list string) func([]string) []string {
	return func(lines []string) []string {
		for i, l := range lines {
			if strings.HasPrefix(l, list+" ") {
				w := strings.Fields(lines[i+1])
				lines[i+1] = strings.Join(w[1:], " ")
				return lines
			}
		}
		return lines
	}
}

// TestOctal376: the period of 0.376 (period 4 from 2268248, the Guy-Smith
// theorem needing 4.5 million values) is accepted, and refused with its
// bound one short or another theorem.
func TestOctal376(t *testing.T) {
	if testing.Short() {
		t.Skip("0.376's certificate lists 4.5 million values (slow)")
	}
	text := certify(t, `period(octal("0.376"), %s)`)
	claim, err := checkText(text)
	if err != nil {
		t.Fatalf("refused: %v", err)
	}
	t.Log(claim)
	if !strings.Contains(claim, "period 4 from n = 2268248") {
		t.Errorf("accepted %q", claim)
	}
	refuse(t, text, []edit{
		{"the bound one short", field("bound", "4536506"), "needs"},
		{"the theorem of codes that do not split", field("theorem", "window"), "does not apply"},
	})
}

// TestStandalone: the checker imports Go's standard library only.
func TestStandalone(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "main.go", nil, parser.ImportsOnly)
	if err != nil {
		t.Fatal(err)
	}
	for _, imp := range f.Imports {
		path, _ := strconv.Unquote(imp.Path.Value)
		if first, _, _ := strings.Cut(path, "/"); strings.Contains(first, ".") {
			t.Errorf("main.go imports %s: the checker must share no code with gamelang and need nothing but Go", path)
		}
	}
}
