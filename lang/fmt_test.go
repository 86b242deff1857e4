package lang_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/gamelang/gamelang/lang"
)

func TestFmt(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"game W state (a, b) { move (a - k, b) for k in 1..a if k != 2 }",
			"game W state (a, b) {\n    move (a - k, b) for k in 1..a if k != 2\n}\n"},
		{"grundy(K, 0..7); grundy(K(3))", "grundy(K, 0..7)\ngrundy(K(3))\n"},
		{"let x = 10^18  # big\n\n\n\nlet y = (x + 1) * 2", "let x = 10^18  # big\n\nlet y = (x + 1) * 2\n"},
		{"# head\ngame G {   # what G is\n  # the rule\n  take 1..n-1   # all but one\n\n  # and more\n  take 3\n  # before the brace\n}\n# tail",
			"# head\ngame G {  # what G is\n    # the rule\n    take 1..n-1  # all but one\n\n    # and more\n    take 3\n    # before the brace\n}\n# tail\n"},
		{`print("a # not a comment")   # a comment`, `print("a # not a comment")  # a comment` + "\n"},
		{"{k^2 for k in 1..n if odd(k)}", "{k^2 for k in 1..n if odd(k)}\n"},
		{"x - -y; - -x; a-(b-c)", "x - -y\n- -x\na - (b - c)\n"},
		{"if a > b then a else b + 1", "if a > b then a else b + 1\n"},
		{"game S = octal(\"0.07\")  # Dawson", "game S = octal(\"0.07\")  # Dawson\n"},
		{"0..a xor b", "0..a xor b\n"},
		// aligned trailing comments stay aligned, two spaces after the longest code
		{"let a = 1       # one\nlet bb=22       # two\nlet ccc = 333   # three\nlet d = 4 # alone",
			"let a = 1      # one\nlet bb = 22    # two\nlet ccc = 333  # three\nlet d = 4  # alone\n"},
		{"game G {\n    take 1..3      # small\n    take 5 split   # and a split\n}",
			"game G {\n    take 1..3     # small\n    take 5 split  # and a split\n}\n"},
		// not aligned in the source: two spaces each
		{"let a = 1 # one\nlet bb = 22   # two", "let a = 1  # one\nlet bb = 22  # two\n"},
		// a blank line ends a run
		{"let a = 1   # one\n\nlet bbbbbb = 2   # two", "let a = 1  # one\n\nlet bbbbbb = 2  # two\n"},
		{"", ""},
	} {
		got, err := lang.Fmt("t.game", c.src)
		if err != nil {
			t.Errorf("%q: %v", c.src, err)
			continue
		}
		if got != c.want {
			t.Errorf("%q formatted as\n%s\nwant\n%s", c.src, got, c.want)
		}
	}
	if _, err := lang.Fmt("t.game", "game {"); err == nil {
		t.Error("a script that does not parse was formatted")
	}
}

// comments lists the comments of a source as a test sees them: the text
// from a '#' outside a string to the end of the line, blanks trimmed.
func comments(src string) []string {
	var out []string
	for _, line := range strings.Split(src, "\n") {
		in := false
		for i := 0; i < len(line); i++ {
			switch {
			case in && line[i] == '\\':
				i++
			case line[i] == '"':
				in = !in
			case !in && line[i] == '#':
				out = append(out, strings.TrimSpace(line[i:]))
				i = len(line)
			}
		}
	}
	return out
}

// FuzzFmt: what parses formats to a script with the same syntax tree and
// the same comments in the same order, and formatting it again changes
// nothing. Seeded with every example.
func FuzzFmt(f *testing.F) {
	files, _ := filepath.Glob("../examples/*.game")
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(b))
	}
	for _, s := range []string{"game G { take 1 # c\n}", "a # x\n# y\nb", "game G {\n# only a comment\n}", "x; y # z", "print(\"#\") # c"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		tree, err := lang.Parse("f.game", src)
		if err != nil {
			return
		}
		once, err := lang.Fmt("f.game", src)
		if err != nil {
			t.Fatalf("parses but does not format: %v", err)
		}
		again, err := lang.Parse("f.game", once)
		if err != nil {
			t.Fatalf("the formatted script does not parse: %v\n%s", err, once)
		}
		if a, b := lang.Format(tree), lang.Format(again); a != b {
			t.Fatalf("formatting changed the syntax tree:\n%s\n---\n%s", a, b)
		}
		if a, b := comments(src), comments(once); !slices.Equal(a, b) {
			t.Fatalf("comments %q became %q", a, b)
		}
		twice, err := lang.Fmt("f.game", once)
		if err != nil || twice != once {
			t.Fatalf("formatting twice changes it (%v):\n%s\n---\n%s", err, once, twice)
		}
	})
}
