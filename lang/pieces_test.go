package lang

import (
	"os"
	"reflect"

	"github.com/alecthomas/participle/v2/lexer"
	"path/filepath"
	"strings"
	"testing"
)

// pieceScripts are scripts whose statements meet at every kind of place a
// cut may or may not be made.
// gameDecls are game declarations of every form the grammar has.
const gameDecls = `game A(n) = Bounded(n)
game B() = A(3)
game C { take 1..3 split; take {1, 2} leaving 0 entailing; take 2 again }
game D state (a, b) { move (a - k, b) for k in 1..a if k != 2 again
  move (a - 1, b - 1) if a > 0 and b > 0 entailing; loses if a == 0 and b == 0 }
game E set { pick x in 1..9; forbid x }
game F { move (j for j in 1..n - 1 if j > 2); pass once }
game G { move (n - k, k) for k in 1..n for j in 1..k if if k > 1 then j > 0 else false }
game H
  (x) = Nim
game I state
  (a) { move (a - 1) }
game J state (a) {
  move
  (a - 1) }
game K { }
game L {}; game M { take 1;;; take 2 };
game N { move () }
game O { move (for j in 1..3) }
game P { pass }
game Q { take 1 split leaving 0 }
game R state (a,) { move (a - 1) }
game S { loses n == 0 }
game T(a, b) { take a..b }
game U word { move (w) }
game V { take 1 entailing again }`

var pieceScripts = []string{
	"let a = 1\nlet b = a + 2\ngame G { take {1, 2} }\ngrundy(G(5))\nG(3) + G(4)\nlet f(x) = x * 2\nf(3)",
	"x\ny\n3\n\"s\"\n(x)\n[1, 2]\n{3}\nif a then b else c\nnot x\n-y",
	"a\n- b\nc\n(d)\ne(f)\n[1][0]\nG{1, 2}\nxor(1, 2)\nx xor 3\n1..\nlet r = 1..\nr",
	"game A(n) = Bounded(n)\nA(3)\ngame T tuple (a, b) { move (a - 1, b) if a > 0 }\ngame S set\n{ pick x in 1..9 }\nS{}",
	"let g\n(x) = x\ng(1); g(2);; g(3)\nlet h = if x then\n1 else\n2\nh",
	"game H\n{ take 1..3\nloses if n == 0 }\ngrundy(H(7))\n[k for k in 1..9 if odd(k)]\nall(x > 0 for x in S)",
}

func exampleScripts(t *testing.T) []string {
	files, _ := filepath.Glob("../examples/*.game")
	if len(files) == 0 {
		t.Fatal("no examples found")
	}

	var out []string
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, string(b))
	}
	return out
}

// TestPiecesAgreeWithWholeParse cuts scripts at every place the cutter
// allows and checks that the pieces give the whole parse's statements.
func TestPiecesAgreeWithWholeParse(t *testing.T) {
	scripts := append(append([]string{}, pieceScripts...), exampleScripts(t)...)
	scripts = append(scripts, strings.Join(pieceScripts, "\n"))
	for i, src := range scripts {
		whole, err := parseWhole("p.game", src, 3)
		if err != nil {
			t.Fatalf("script %d does not parse: %v", i, err)
		}
		toks, ok := tokens("p.game", src, 3)
		if !ok {
			t.Fatalf("script %d does not lex", i)
		}
		if n := len(starts(toks)); n < 2 && len(whole.Stmts) > 1 {
			t.Errorf("script %d: %d statements, but no cut", i, len(whole.Stmts))
			continue
		}
		pieces, ok := parseInPieces("p.game", src, 3, 1, 2)
		if !ok {
			t.Fatalf("script %d parses whole but not in pieces", i)
		}
		if a, b := Format(whole), Format(pieces); a != b {
			t.Fatalf("script %d: in pieces\n%s\nwhole\n%s", i, b, a)
		}
		if len(whole.Stmts) != len(pieces.Stmts) {
			t.Fatalf("script %d: %d statements whole, %d in pieces", i, len(whole.Stmts), len(pieces.Stmts))
		}
		for j := range whole.Stmts {
			if a, b := StmtPos(whole.Stmts[j]), StmtPos(pieces.Stmts[j]); a != b {
				t.Fatalf("script %d statement %d: at %v whole, %v in pieces", i, j, a, b)
			}
		}
	}
}

// TestPiecesCutAtStatements checks each cut against the whole parse: it is
// where one of its statements starts.
func TestPiecesCutAtStatements(t *testing.T) {
	for i, src := range append(append([]string{}, pieceScripts...), exampleScripts(t)...) {
		whole, err := parseWhole("p.game", src, 1)
		if err != nil {
			t.Fatal(err)
		}
		begins := map[Pos]bool{}
		for _, s := range whole.Stmts {
			begins[StmtPos(s)] = true
		}
		toks, _ := tokens("p.game", src, 1)
		for _, k := range starts(toks) {
			if at := pos(toks[k].Pos); !begins[at] {
				t.Errorf("script %d is cut at %v, where no statement starts", i, at)
			}
		}
	}
}

// TestLongScriptErrors checks that a long script with a mistake in it
// reports what the whole parse reports, wherever the mistake is.
func TestLongScriptErrors(t *testing.T) {
	var b strings.Builder
	for i := 0; i < 600; i++ {
		b.WriteString("let x = 3 * 4 + 1\ngrundy(Nim(5))\n")
	}
	good := b.String()
	if f, err := ParseAt("long.game", good, 1); err != nil || len(f.Stmts) != 1200 {
		t.Fatalf("the long script: %v", err)
	}
	for _, bad := range []string{"let = 3\n", "grundy(Nim(5)]\n", "1 < 2 < 3\n", "f(\n", "x @ y\n", "game G { take }\n"} {
		for _, at := range []int{0, len(good) / 2, len(good)} {
			src := good[:at] + bad + good[at:]
			_, want := parseWhole("long.game", src, 1)
			_, got := ParseAt("long.game", src, 1)
			if want == nil || got == nil || got.Error() != want.Error() {
				t.Errorf("%q at %d: got %v, want %v", bad, at, got, want)
			}
			if _, ok := parseInPieces("long.game", src, 1, 64, 2); ok {
				t.Errorf("%q at %d: the pieces parse", bad, at)
			}
		}
	}
}

// FuzzPieces checks that the pieces parse exactly when the whole does, to
// the same statements.
func FuzzPieces(f *testing.F) {
	for _, s := range pieceScripts {
		f.Add(s)
	}
	f.Add("a\n(b)\nc [1]\nlet d = e\n{f}")
	f.Add(generators)
	f.Add(gameDecls)
	f.Fuzz(func(t *testing.T, src string) {
		whole, err := parseWhole("f.game", src, 1)
		pieces, ok := parseInPieces("f.game", src, 1, 1, 2)
		switch {
		case err != nil && ok:
			t.Fatalf("the whole does not parse (%v), the pieces do:\n%s", err, Format(pieces))
		case err == nil && ok && Format(whole) != Format(pieces):
			t.Fatalf("in pieces\n%s\nwhole\n%s", Format(pieces), Format(whole))
		case err == nil && ok && len(whole.Stmts) > 0 && !reflect.DeepEqual(whole.Stmts, pieces.Stmts):
			t.Fatalf("the same statements, but not the same trees (positions?):\n%s", Format(whole))
		}
	})
}

// TestSimpleStatementsAgree checks the parser of the simplest statements
// against the grammar's, statement by statement: whatever simpleStmt takes,
// the grammar parses to the same structure.
func TestSimpleStatementsAgree(t *testing.T) {
	scripts := append(append([]string{statements(2000)}, pieceScripts...), exampleScripts(t)...)
	for _, glob := range []string{"../eval/testdata/*.game", "../eval/testdata/errors/*.game", "../bench/compare.d/*.game"} {
		files, _ := filepath.Glob(glob) // the error cases too: what the grammar refuses, simpleStmt must refuse
		for _, name := range files {
			b, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			if _, ok := tokens("s.game", string(b), 1); ok {
				scripts = append(scripts, string(b))
			}
		}
	}
	scripts = append(scripts, gameDecls)
	scripts = append(scripts, "-x; not y;; (a + b) * c\nf()\ng(1, -2, \"s\")(3)\nlet z = (((1)))\nf(1,)\nh(\n1)\nx mod 3 xor 4 ^ 2 ^ -1", generators)
	taken, games := 0, 0
	for i, src := range scripts {
		toks, ok := tokens("s.game", src, 1)
		if !ok {
			t.Fatalf("script %d does not lex", i)
		}
		bounds := append(starts(toks), len(toks)-1)
		for k := 0; k+1 < len(bounds); k++ {
			seg := toks[bounds[k]:bounds[k+1]]
			s, ok := simpleStmt(seg)
			if !ok {
				continue
			}
			taken++
			peek, _ := lexer.Upgrade(&sliceLexer{toks: seg, end: toks[bounds[k+1]].Pos})
			g, err := grammar().ParseFromLexer(peek)
			if err != nil || len(g.Stmts) != 1 {
				t.Fatalf("script %d: simpleStmt takes %q, the grammar says %v", i, text(seg), err)
			}
			l := &lowerer{}
			want, got := l.lowerStmt(g.Stmts[0]), l.lowerStmt(s)
			if a, b := Format(&File{Stmts: []Stmt{got}}), Format(&File{Stmts: []Stmt{want}}); a != b || StmtPos(got) != StmtPos(want) {
				t.Fatalf("script %d, %q: %s at %v, the grammar gives %s at %v", i, text(seg), a, StmtPos(got), b, StmtPos(want))
			}
			if !reflect.DeepEqual(got, want) { // every position of every part too
				t.Fatalf("script %d, %q: the same statement, but not the same tree:\n%#v\n%#v", i, text(seg), got, want)
			}
			if _, ok := got.(*GameDecl); ok {
				games++
			}
		}
		if i == 0 && taken != 2000 {
			t.Errorf("the generated script: %d of its 2000 statements taken", taken)
		}
	}
	if taken < 2100 {
		t.Errorf("only %d statements taken", taken)
	}
	if games < 100 {
		t.Errorf("only %d game declarations taken", games)
	}
	toks, _ := tokens("g.game", generators, 1)
	if n, want := len(starts(toks)), strings.Count(generators, "\n")+1; n != want {
		t.Fatalf("the generators are %d statements, not %d", n, want)
	}
	for _, line := range strings.Split(generators, "\n") {
		toks, _ := tokens("g.game", line, 1)
		if _, ok := simpleStmt(toks[:len(toks)-1]); !ok {
			t.Errorf("simpleStmt does not take %q", line)
		}
	}
}

// generators are statements with ranges, sets, lists, comprehensions and
// conditions, which simpleStmt takes, one a line.
const generators = `sum(grundy(K(x, y)) for x in 1..n for y in 1..x if x != y)
let s = {k^2 for k in 1..10 if odd(k)}
[h for h in hs if h > 0][0]
max(if odd(x) then x else -x for x in S) + min(1, 2)
all(any(p % d == 0 for d in 2..p - 1) for p in {4, 6, 8})
f(a, b for x in 1..)
{for x in S}
{}
[]
G{1, 2, x}[1](3)
let r = 1..
let t = a..b
if a then b else if c then d else e
{x for x in 0.. if x < 3}
(1..3)
not (a and b) or -c..d`

func text(toks []lexer.Token) string {
	var b strings.Builder
	for _, t := range toks {
		b.WriteString(t.Value + " ")
	}
	return b.String()
}
