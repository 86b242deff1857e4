package eval_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/gamelang/gamelang/eval"
)

// bytesSource hands out fuzz bytes as small choices.
type bytesSource struct{ data []byte }

func (b *bytesSource) pick(n int) int {
	if len(b.data) == 0 {
		return 0
	}
	v := int(b.data[0])
	b.data = b.data[1:]
	return v % n
}

func (b *bytesSource) of(options ...string) string { return options[b.pick(len(options))] }

// expr is a random number expression, depth levels deep.
func (b *bytesSource) expr(depth int) string {
	if depth == 0 {
		return b.of("0", "1", "2", "7", "10^18", "2^64", "-3", "n", "x")
	}
	l, r := b.expr(depth-1), b.expr(depth-1)
	return b.of("("+l+" + "+r+")", l+" * "+r, l+" ^ "+b.of("2", "3", "63", "(2^62)"), "-"+l, l+" % "+r, l+" / "+r, "min("+l+", "+r+")", "xor("+l+", "+r+")", "popcount("+l+")", "abs("+l+")",
		"("+l+" xor "+r+")", "("+l+" & "+r+")", "("+l+" | "+r+")", "("+l+" << "+b.of("3", "70", "-1")+")", "("+l+" >> 2)",
		"(if "+l+" < "+r+" then "+l+" else "+r+")", "sq("+l+")", "gcd("+l+", "+r+")", "isqrt(abs("+l+"))", "nimmul(abs("+l+"), abs("+r+"))",
		"sum(k * "+l+" for k in 0..3)", "max(k for k in {1, "+l+"})")
}

// position is a random position of the games the script defines.
func (b *bytesSource) position() string {
	one := func() string {
		n := b.pick(12)
		return b.of(fmt.Sprintf("G(%d)", n), fmt.Sprintf("T(%d, %d)", n%5, b.pick(5)), fmt.Sprintf("S{%d, %d}", 2+n%5, 3+b.pick(7)),
			fmt.Sprintf("Kayles(%d)", n), fmt.Sprintf("Nim(%d)", n), fmt.Sprintf("Wythoff(%d, %d)", n, b.pick(9)), fmt.Sprintf("G(10^%d)", n),
			fmt.Sprintf("R(%d)", n), fmt.Sprintf("L(%d, %d, %d)", n%4, b.pick(4), b.pick(3)), b.of(`L("AB")`, `L("BBA")`, `L("")`, "L()"),
			fmt.Sprintf("V(path(%d))", n), fmt.Sprintf("V(grid(2, %d))", n%5), fmt.Sprintf("V(cycle(%d))", n), `V(graph("a-b-c-a c-d e"))`,
			fmt.Sprintf("Q(%d)", n), fmt.Sprintf("QT(%d, %d)", n%6, b.pick(6)),
			fmt.Sprintf("E(%d)", n), fmt.Sprintf("TopEntails(%d)", n), b.of(`Nimstring(graph("g-a a-b b-g"))`, `Nimstring(graph("g-a a-b b-c c-a"))`, `Nimstring(graph("g"))`),
			fmt.Sprintf("withpass(Nim(%d) + G(%d))", n%4, b.pick(5)), fmt.Sprintf("ET(%d, %d)", n%6, b.pick(6)))
	}
	p := one()
	for range b.pick(3) {
		p += " + " + one()
	}
	return p
}

// scriptFrom is a random script: three games and a name, then statements.
func scriptFrom(data []byte) (string, []string) {
	b := &bytesSource{data}
	var s strings.Builder
	s.WriteString("let sq(v) = v * v\n")
	take := b.of("1..3", "{1, 4}", "2", "1..", "0..2", fmt.Sprint(b.pick(5)), "{k^2 for k in 1..3}", "{k for k in 1..n if isprime(k)}", "{sq(k) for k in 1..2}")
	fmt.Fprintf(&s, "game G { take %s%s%s }\n", take, b.of("", " split", " leaving 0..2", " leaving 3"), b.of("", "", "  loses if n == 0", "  loses if n % 3 == 1"))
	fmt.Fprintf(&s, "game T state (a, b) {\n    move (a - k, b) for k in 1..a if k <= %d%s\n    move (%s, b - 1) if b > 0\n}\n", 1+b.pick(3),
		b.of("", " and all(k % d != 0 for d in 2..k-1)", " and (a xor k) & 1 == 0"), b.of("a", "a + 1", "a + b", "if a > b then b else a"))
	fmt.Fprintf(&s, "game S set { pick x in 2..%d  %s }\n", 5+b.pick(20), b.of("forbid sums", "forbid multiples", ""))
	fmt.Fprintf(&s, "game R { move (%s for j in %s) for k in 1..n%s }\n", b.of("j", "sq(j) mod n", "j xor k", "if odd(j) then j else 0"),
		b.of("n-k+1..n-1", "1..k-1", "{k, n - 1}", "0..n"), b.of("", " if k <= 3", " if isprime(k)"))
	fmt.Fprintf(&s, "game L list (A, B) {\n    move (before(i), %s, after(i)) for i in 0..len - 1 for k in 1..at(i)%s\n    move (%s for r in 0..len - 1 if r != %d)\n}\n",
		b.of("at(i) - k", "k - 1", "at(i) - 1", "B"), b.of("", " if k <= 2", " if at(i) == B"), b.of("at(r)", "min(at(r), 1)", "A"), b.pick(3))
	fmt.Fprintf(&s, "game V graph { move (%s) for v in vertices%s }\n",
		b.of("vertices - {v} - neighbours(v)", "vertices - {v}", "connected(ground, vertices - {v})", "vertices - neighbours(v)", "vertices - {v, u}"),
		b.of("", " for u in neighbours(v)", " if degree(v) > 0", " if v != ground", " for u in neighbours(v) if u < v"))
	// games with a one-time pass: a heap game, and a pair game whose moves may loop
	fmt.Fprintf(&s, "game Q { take %s; pass once }\n", b.of("1..3", "{2, 12, 14}", "{1, 4}", "2"))
	fmt.Fprintf(&s, "game QT state (a, b) { move (a - 1, b) if a > 0; move (a, b - %s) if b > 0; pass once }\n", b.of("1", "b", "1 + a % 2"))
	// a game whose moves oblige: entailing and again rules
	fmt.Fprintf(&s, "game ET state (a, b) { move (a - 1, b) if a > 0 %s; move (a, b - %s) if b > 1 }\n", b.of("entailing", "again"), b.of("1", "2"))
	fmt.Fprintf(&s, "game E { take %s%s; take %s%s }\n", b.of("1", "{1, 2}", "3"), b.of(" entailing", " again", ""), b.of("2", "1..2", "{k for k in 1..3}"), b.of(" again", " split", " split again", " entailing"))
	fmt.Fprintf(&s, "let x = %s\n", b.expr(1+b.pick(3)))
	var stmts []string
	for range 1 + b.pick(6) {
		p := b.position()
		conv := b.of("", ", misere", ", loopy", ", normal", ", entailing")
		stmts = append(stmts, b.of("grundy("+p+conv+")", "outcome("+p+conv+")", "winning("+p+conv+")", "options("+p+conv+")",
			"explain("+p+conv+")", "genus("+p+")", "tame("+p+")", "period(G)", "table(G, 0..20)", "quotient(G, 30)",
			"checksum(G, 0..50)", "solver(G"+conv+")", "grundy(G, 0..30"+conv+")", "print("+b.expr(2)+")", "genus(G, 0..10)", "x + "+b.expr(2)))
	}
	return s.String(), stmts
}

// FuzzScripts runs random scripts under small limits: every statement
// answers or fails with a positioned error; none panics, and none runs on
// past a deadline (the context is honoured everywhere it can run long).
func FuzzScripts(f *testing.F) {
	for _, seed := range []string{"", "\x01\x02\x03\x04\x05\x06\x07\x08", "\x05\x04\x03\x02\x01\x00\x09\x0a\x0b", "\xff\xfe\xfd\xfc\xfb\xfa\xf9", "\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02"} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		defs, stmts := scriptFrom(data)
		in := eval.New(eval.Config{Out: new(strings.Builder), MaxStates: 20000, MaxMemory: 1 << 30})
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		run := func(src string) {
			if err := in.Exec(ctx, "f.game", src); err != nil {
				if r := in.Render(err); !strings.HasPrefix(r, "f.game:") {
					t.Fatalf("%s%s\nan error without a position: %s", defs, src, r)
				}
			}
		}
		run(defs)
		for _, s := range stmts {
			run(s)
		}
	})
}
