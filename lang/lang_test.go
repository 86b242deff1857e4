package lang_test

import (
	"flag"
	"os"
	"strings"
	"testing"

	"github.com/gamelang/gamelang/lang"
)

var update = flag.Bool("update", false, "rewrite docs/grammar.ebnf")

// The grammar's EBNF is kept in docs/grammar.ebnf; the language reference
// points at it, so it must not drift from the parser.
func TestGrammarGolden(t *testing.T) {
	const golden = "../docs/grammar.ebnf"
	got := lang.Grammar() + "\n"
	if *update {
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("the grammar changed; run go test ./lang -update and review docs/grammar.ebnf\n%s", got)
	}
}

func TestParseFormat(t *testing.T) {
	cases := []struct{ src, want string }{
		{"1 + 2 * 3", "(1 + (2 * 3))"},
		{"1 - 2 - 3", "((1 - 2) - 3)"},
		{"-2^2", "(-(2 ^ 2))"},
		{"2^3^2", "(2 ^ (3 ^ 2))"},
		{"10 mod 3 % 2", "((10 % 3) % 2)"},
		{"a < b and not c or d", "(((a < b) and (not c)) or d)"},
		{"1..n-1", "(1..(n - 1))"},
		{"1..", "(1..)"},
		{"let r = 1..\ngrundy(Nim(3))", "let r = (1..)\ngrundy(Nim(3))"},
		{"let r = 1.. # open\ngrundy(Nim(3))", "let r = (1..)\ngrundy(Nim(3))"},
		{"let r = 1\n..5", "let r = (1..5)"},
		{"a + 1..", "((a + 1)..)"},
		{"x and 1..", "(x and (1..))"},
		{"f(1.., 2..3)", "f((1..), (2..3))"},
		{"- -3", "(- -3)"},
		{"-(-(3))", "(- -3)"},
		{"not -x", "(not -x)"},
		{"2^-3^2", "(2 ^ (-(3 ^ 2)))"},
		{"2 * -3", "(2 * (-3))"},
		{"not not a == b", "(not not (a == b))"},
		{"1..-2", "(1..(-2))"},
		{"a or b and c", "(a or (b and c))"},
		{"1 + 2 < 3 * 4", "((1 + 2) < (3 * 4))"},
		{"-Bounded(3)(10)", "(-Bounded(3)(10))"},
		{"Kayles(3) + Nim(4)", "(Kayles(3) + Nim(4))"},
		{"Bounded(3)(10)", "Bounded(3)(10)"},
		{"NumberGame{2, 3..5}", "NumberGame{2, (3..5)}"},
		{`octal("0.07")`, `octal("0.07")`},
		{"{}", "{}"},
		{"let x = 10^18", "let x = (10 ^ 18)"},
		{"game Nim { take 1.. }", "game Nim {\n    take (1..)\n}"},
		{"game K { take 1..2 split; take 3 leaving 0..1 }", "game K {\n    take (1..2) split\n    take 3 leaving (0..1)\n}"},
		{"game T(m) { take 1..m\n loses if odd(popcount(n)) }", "game T(m) {\n    take (1..m)\n    loses if odd(popcount(n))\n}"},
		{"game W state (a, b) { move (a - k, b) for k in 1..a if k != 2 }", "game W state (a, b) {\n    move ((a - k), b) for k in (1..a) if (k != 2)\n}"},
		{"game G set { pick x in 2..20 forbid sums }", "game G set {\n    pick x in (2..20)\n    forbid sums\n}"},
		{"game D = octal(\"0.137\")", "game D = octal(\"0.137\")"},
		{"# only a comment", ""},
		{"grundy(K, 0..7); grundy(K(3))", "grundy(K, (0..7))\ngrundy(K(3))"},
		{"{k^2 for k in 1..n if odd(k)}", "{(k ^ 2) for k in (1..n) if odd(k)}"},
		{"{a * b for a in 1..3 for b in a..3}", "{(a * b) for a in (1..3) for b in (a..3)}"},
		{"all(p % d != 0 for d in 2..p-1)", "all(((p % d) != 0) for d in (2..(p - 1)))"},
		{"game T { move (n - p) for p in 2..n if any(p == q for q in {2, 3}) }", "game T {\n    move ((n - p)) for p in (2..n) if any((p == q) for q in {2, 3})\n}"},
		{"{{k for k in 1..j} for j in 1..3}", "{{k for k in (1..j)} for j in (1..3)}"},
		{"a xor b | c & d << 2", "((a xor b) | (c & (d << 2)))"},
		{"a | b xor c & d", "(a | (b xor (c & d)))"},
		{"x & 1 == 0", "((x & 1) == 0)"},
		{"1 << n + 1", "(1 << (n + 1))"},
		{"0..a xor b", "(0..(a xor b))"},
		{"xor(a, b) xor c", "(xor(a, b) xor c)"},
		{"if a > b then a else b + 1", "(if (a > b) then a else (b + 1))"},
		{"1 + if c then 2 else 3", "(1 + (if c then 2 else 3))"},
		{"{k for k in 1.. if k < n}", "{k for k in (1..) if (k < n)}"},
		{"outcome(G) == P and true", "((outcome(G) == P) and true)"},
		{"let f(x, y) = x * y", "let f(x, y) = (x * y)"},
		{"let g() = 3", "let g() = 3"},
		{"game R { move (j for j in n-k+1..n-1) for k in 1..n }", "game R {\n    move (j for j in (((n - k) + 1)..(n - 1))) for k in (1..n)\n}"},
	}
	for _, c := range cases {
		f, err := lang.Parse("t.game", c.src)
		if err != nil {
			t.Errorf("%q: %v", c.src, err)
			continue
		}
		if got := strings.TrimSuffix(lang.Format(f), "\n"); got != c.want {
			t.Errorf("%q printed as\n%s\nwant\n%s", c.src, got, c.want)
		}
	}
}

func TestSyntaxErrors(t *testing.T) {
	cases := []struct {
		src, want  string
		incomplete bool
	}{
		{"game X { take }", `t.game:1:15: syntax error: unexpected "}" (expected expression)`, false},
		{"grundy(", `t.game:1:8: syntax error: unexpected end of input (expected expression)`, true},
		{"game W state (a, b) {\n move (a - 1, b) for k in 1..a", `t.game:2:31: syntax error: unexpected end of input (expected "}" to close the "{" at 1:21)`, true},
		{"game G { tkae 1 }", `t.game:1:10: syntax error: unexpected "tkae" (expected "}") (did you mean take?)`, false},
		{"game G {\n take 1\ngrundy(G(3))", `t.game:3:1: syntax error: unexpected "grundy" (expected "}" to close the "{" at 1:8)`, false},
		{"grundy(G(3)\nlet x = 2", `t.game:2:1: syntax error: unexpected "let" (expected ")" to close the "(" at 1:7)`, false},
		{"1 + * 2", `t.game:1:5: syntax error: unexpected "*" (expected expression)`, false},
		{"let 3 = x", `t.game:1:5: syntax error: unexpected "3" (expected name)`, false},
		{"game = 3", `t.game:1:6: syntax error: unexpected "=" (expected name)`, false},
		{`print("unterminated)`, `t.game:1:7: syntax error: unterminated string (a string ends with " on the same line)`, false},
		{"grundy(3) @ 4", `t.game:1:11: syntax error: unexpected text "@"`, false},
		{"1 < 2 < 3", `t.game:1:7: syntax error: unexpected "<" (comparisons do not chain: write a < b and b < c)`, false},
		{"a == b != c", `t.game:1:8: syntax error: unexpected "!=" (comparisons do not chain: write a < b and b < c)`, false},
		{"1..2..3", `t.game:1:5: syntax error: unexpected ".." (ranges do not chain)`, false},
		{"1..2..", `t.game:1:5: syntax error: unexpected ".." (ranges do not chain)`, false},
		{"1 + not x", `t.game:1:5: syntax error: unexpected "not" (put the not ... in brackets here)`, false},
		{"- not x", `t.game:1:3: syntax error: unexpected "not" (put the not ... in brackets here)`, false},
		{"1.. + 2", `t.game:1:5: syntax error: unexpected "+"`, false},
		{"1 +", `t.game:1:4: syntax error: unexpected end of input (expected expression)`, true},
		{"{a, b for k in 1..3}", `t.game:1:7: syntax error: a comprehension has one expression before its 'for', as in {k^2 for k in 1..n}`, false},
		{"max(a, b for k in 1..3)", `t.game:1:10: syntax error: a comprehension has one expression before its 'for', as in all(p % d != 0 for d in 2..p-1)`, false},
		{"{k for k in}", `t.game:1:12: syntax error: unexpected "}" (expected expression)`, false},
	}
	for _, c := range cases {
		_, err := lang.Parse("t.game", c.src)
		se, ok := err.(*lang.SyntaxError)
		if !ok {
			t.Errorf("%q: got %v, want a syntax error", c.src, err)
			continue
		}
		if se.Error() != c.want || se.Incomplete != c.incomplete {
			t.Errorf("%q:\n got %s (incomplete %v)\nwant %s (incomplete %v)", c.src, se, se.Incomplete, c.want, c.incomplete)
		}
	}
}

// FuzzParse: parsing never panics, and what parses prints to a canonical form
// that parses again to the same canonical form.
func FuzzParse(f *testing.F) {
	for _, seed := range []string{
		"game Nim { take 1.. }", "game W state (a, b) { move (a - k, b) for k in 1..a }",
		"game G set { pick x in 2..20 forbid sums }", "grundy(Kayles(3) + Nim(4))",
		"let x = -2^2 < 3 and not y", `game D = octal("0.137")`, "NumberGame{2, 3}", "1..", "(((",
		"{k^2 for k in 1..n if odd(k)}", "all(x > 0 for x in S for y in 1..x if y)",
		"a xor b | c & d >> 2 << 1", "let f(a, b) = if a then b else f(b, a)", "game R { move (j for j in 1..n if odd(j)) for k in 1..n }", "if a then b else if c then d else e", "xor(1, 2) xor 3",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, src string) {
		file, err := lang.Parse("f.game", src)
		if err != nil {
			return
		}
		once := lang.Format(file)
		again, err := lang.Parse("f.game", once)
		if err != nil && strings.Contains(err.Error(), "nested more than") {
			return // the canonical form brackets every operation: 1+2+...+1001 opens 1000
		}
		if err != nil {
			t.Fatalf("canonical form does not parse: %v\n%s", err, once)
		}
		if twice := lang.Format(again); twice != once {
			t.Fatalf("canonical form is not stable:\n%s\n---\n%s", once, twice)
		}
	})
}

// TestInspect walks every kind of expression: the names met, in the order
// written, and none inside a part whose visit says stop.
func TestInspect(t *testing.T) {
	f, err := lang.Parse("i.game", "sum(x * y for x in 1..n for y in S if x != y) + G{a, b}[i] + (if c then -d else [e, {h for h in 0..}]) + K(u)(v)")
	if err != nil {
		t.Fatal(err)
	}
	e := f.Stmts[0].(*lang.ExprStmt).X
	for _, c := range []struct {
		skip string // the kind of expression whose insides are not visited
		want string
	}{
		{"", "sum x y n S x y G a b i c d e h K u v"}, // a for's variable is not an expression inside
		{"comprehension", "sum G a b i c d e K u v"},
		{"call", "G a b i c d e h"},
		{"cond", "sum x y n S x y G a b i K u v"},
	} {
		var names []string
		lang.Inspect(e, func(x lang.Expr) bool {
			switch x := x.(type) {
			case *lang.Ident:
				names = append(names, x.Name)
			case *lang.Comprehension:
				return c.skip != "comprehension"
			case *lang.Call:
				return c.skip != "call"
			case *lang.CondExpr:
				return c.skip != "cond"
			}
			return true
		})
		if got := strings.Join(names, " "); got != c.want {
			t.Errorf("skipping %q: %s, want %s", c.skip, got, c.want)
		}
	}
}
