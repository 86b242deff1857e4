package lang

import (
	"fmt"
	"strings"
	"testing"
)

func TestParseAllRecovers(t *testing.T) {
	tests := []struct {
		name, src string
		errs      []string // each error's line:col and a piece of its message
		stmts     int      // statements read
		broken    []string
	}{
		{"clean", "game G { take 1 }\ngrundy(G, 5)\n", nil, 2, nil},
		{"missing paren on the last line", "game G { take 1..2 }\nlet x = 3\ngrundy(G, 5\n",
			[]string{`3:12: syntax error: unexpected end of input (expected ")")`}, 2, nil},
		{"two broken statements", "game G { take 1..2 }\ngrundy(G, 5\ngame H { take }\nlet y = 2\nlet z = (1 +\n",
			[]string{"3:1:", "3:15:", "5:12:"}, 2, []string{"H", "z"}},
		{"a game that does not close", "game G {\n  take 1..2\n\ngrundy(G, 5)\n",
			[]string{"4:1:"}, 1, []string{"G"}},
		{"an unindented continuation", "let x = f(1,\n2)\ngrundy(Nim(x)\n",
			[]string{"3:14:"}, 1, nil},
		{"text the lexer cannot read", "let a = 1 $ 2\nlet b = 2\nlet c = @\ngrundy(Nim(b))\n",
			[]string{"1:11:", "3:9:"}, 2, []string{"a", "c"}},
		{"a lowering error after a syntax error", "grundy(\nlet b = 2\nlet c = {k for k in 1..3, 4}\n",
			[]string{"2:1:", "3:"}, 1, []string{"c"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := ParseAll("f.game", tt.src, 1)
			var got []string
			for _, e := range r.Errors {
				got = append(got, e.Error())
			}
			if len(got) != len(tt.errs) {
				t.Fatalf("errors %q, want %d like %q", got, len(tt.errs), tt.errs)
			}
			for i, want := range tt.errs {
				if !strings.Contains(got[i], want) {
					t.Errorf("error %d = %q, want it to hold %q", i, got[i], want)
				}
			}
			if len(r.File.Stmts) != tt.stmts {
				t.Errorf("%d statements, want %d", len(r.File.Stmts), tt.stmts)
			}
			var broken []string
			for _, b := range r.Broken {
				broken = append(broken, b.Name)
			}
			if strings.Join(broken, " ") != strings.Join(tt.broken, " ") {
				t.Errorf("broken %q, want %q", broken, tt.broken)
			}
			if len(r.Errors) > 0 {
				_, err := Parse("f.game", tt.src)
				if err == nil || err.Error() != r.Errors[0].Error() {
					t.Errorf("first error %v, Parse says %v", r.Errors[0], err)
				}
			}
		})
	}
}

func TestTokens(t *testing.T) {
	src := "game G { take 1..2 entailing } # a comment, déjà\nlet x = \"s\" $ 3\ngrundy(G, x mod 2) # two\n"
	var got []string
	for _, tok := range Tokens("f.game", src) {
		got = append(got, fmt.Sprintf("%d:%d %d %s", tok.Pos.Line, tok.Pos.Column, tok.Kind, tok.Text))
	}
	want := []string{
		"1:1 2 game", "1:6 3 G", "1:8 5 {", "1:10 2 take", "1:15 0 1", "1:16 4 ..", "1:18 0 2", "1:20 3 entailing", "1:30 5 }", "1:32 6 # a comment, déjà",
		"2:1 2 let", "2:5 3 x", "2:7 5 =", "2:9 1 \"s\"", "2:13 7 $ 3\n",
		"3:1 3 grundy", "3:7 5 (", "3:8 3 G", "3:9 5 ,", "3:11 3 x", "3:13 4 mod", "3:17 0 2", "3:18 5 )", "3:20 6 # two",
	}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("tokens\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// FuzzParseAll reads any text: recovery never panics, its first error is
// Parse's, and a text that parses is read whole and without errors.
//
//	go test ./lang -run '^$' -fuzz FuzzParseAll -fuzztime 5m
func FuzzParseAll(f *testing.F) {
	for _, s := range []string{
		"game G { take 1..2 split }\ngrundy(G, 0..5)\n",
		"grundy(\nlet x = 2\n$\ngame H {\n",
		"let f(x) = x +\n1\n(3)\n",
		"game K state (a, b) { move (a - 1, b) }\nK(1, 2",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		r := ParseAll("f.game", src, 1)
		_, err := Parse("f.game", src)
		if err == nil {
			if len(r.Errors) != 0 || len(r.Broken) != 0 {
				t.Fatalf("a text that parses gives %v", r.Errors)
			}
			return
		}
		if len(r.Errors) == 0 || r.Errors[0].Error() != err.Error() {
			t.Fatalf("first error %v, Parse says %v", r.Errors, err)
		}
		for i := 1; i < len(r.Errors); i++ {
			if !r.Errors[i-1].Pos.Before(r.Errors[i].Pos) {
				t.Fatalf("errors out of order: %v", r.Errors)
			}
		}
	})
}
