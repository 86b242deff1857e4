package exercise

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gamelang/gamelang"
)

// Every shipped set: each exercise's computed answer is accepted when the
// published solution (book:) is given as the student's answer, and a
// wrong answer is refused; a set's published winning moves are each
// accepted.
func TestShippedSetsAgainstTheBook(t *testing.T) {
	files, _ := filepath.Glob("../../exercises/*.exercises")
	if len(files) == 0 {
		t.Fatal("no exercise sets")
	}
	ctx := context.Background()
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		set, err := Parse(filepath.Base(file), string(src))
		if err != nil {
			t.Fatal(err)
		}
		c, err := NewChecker(ctx, set, gamelang.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, ex := range set.Exercises {
			if len(ex.Book) == 0 {
				t.Errorf("%s: exercise %s has no published solution", file, ex.ID)
			}
			for _, b := range ex.Book {
				v, err := c.Check(ctx, ex.ID, b)
				if err != nil || !v.Right {
					t.Errorf("%s %s: the book's %s is judged %+v %v", file, ex.ID, b, v, err)
				}
			}
			if _, err := c.Hint(ctx, ex.ID); err != nil {
				t.Errorf("%s %s: hint: %v", file, ex.ID, err)
			}
			// a wrong answer of the same kind is refused
			wrong := map[bool]string{true: ex.Winning, false: "{0}"}[ex.Winning != ""]
			if strings.HasPrefix(ex.Book[0], "P") || strings.HasPrefix(ex.Book[0], "N") {
				wrong = map[string]string{"P": "N", "N": "P"}[ex.Book[0][:1]]
			}
			if v, _ := c.Check(ctx, ex.ID, wrong); v.Right {
				t.Errorf("%s %s: the wrong answer %s is judged right", file, ex.ID, wrong)
			}
		}
	}
}

func TestVerdicts(t *testing.T) {
	set, err := Parse("t", `title: t
setup:
    game Take6 { take 1..6 }
    game S { take {2, 5} }
exercise p: P-positions below 15?
  answer: {n for n in 0..14 if outcome(S(n)) == P}
  hint: explain(S(7))
exercise w: a winning move from Nim(12) + Nim(19) + Nim(27)?
  winning: Nim(12) + Nim(19) + Nim(27)
exercise o: who wins S(7)?
  answer: outcome(S(7))
`)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	c, err := NewChecker(ctx, set, gamelang.Options{})
	if err != nil {
		t.Fatal(err)
	}
	// S-Nim {2, 5}: g = 0 0 1 1 0 2 1 0 0 1 1 0 2 1 0 (period 7): P at 0, 1, 4, 7, 8, 11, 14
	for _, c2 := range []struct {
		id, answer string
		right      bool
		says       string
	}{
		{"p", "{0, 1, 4, 7, 8, 11, 14}", true, "Right."},
		{"p", "{14, 11, 8, 7, 4, 1, 0}", true, "Right."},
		{"p", "{0, 1, 4, 7, 8, 11}", false, "1 of the answer's members is missing"},
		{"p", "{0, 1, 2, 4, 7, 8, 11, 14}", false, "2 should not be there"},
		{"p", "[0, 1, 4, 7, 8, 11, 14]", false, "the answer is a set, and yours is a list"},
		{"p", "{n for n in 0..14 if outcome(S(n)) == P}", false, "not run queries"},
		{"p", "grundy(S(3))", false, "not run queries"},
		{"p", "{0, 1", false, "could not be read"},
		{"w", "Nim(8) + Nim(19) + Nim(27)", true, "is a P-position"},
		{"w", "Nim(19) + Nim(27) + Nim(8)", true, "is a P-position"},
		{"w", "Nim(12) + Nim(19) + Nim(26)", false, "not a P-position"},
		{"w", "Nim(8) + Nim(18) + Nim(27)", false, "cannot be reached"},
		{"w", "3", false, "write the position your move leaves"},
		{"o", "P", true, "Right."},
		{"o", "N", false, "Not right."},
	} {
		v, err := c.Check(ctx, c2.id, c2.answer)
		if err != nil || v.Right != c2.right || !strings.Contains(v.Message, c2.says) {
			t.Errorf("%s %q: %+v %v; want right=%v and %q", c2.id, c2.answer, v, err, c2.right, c2.says)
		}
	}
	if h, err := c.Hint(ctx, "p"); err != nil || !strings.Contains(h, "S(7)") {
		t.Errorf("hint %q %v", h, err)
	}
	if _, err := c.Check(ctx, "nosuch", "1"); err == nil {
		t.Error("no error for an unknown exercise")
	}
}

func TestParseErrors(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"exercise a: q\n", "needs an answer: or a winning: line"},
		{"exercise a: q\n  answer: 1\n  winning: Nim(1)\n", "one of them"},
		{"exercise a: q\n  answer: 1\nexercise a: r\n  answer: 2\n", "given twice"},
		{"  answer: 1\n", "belongs to setup: or to an exercise"},
		{"bogus line\n", "expected title:"},
	} {
		if _, err := Parse("f", c.src); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q", c.src, err, c.want)
		}
	}
}

// The set's own expressions and setup are read at their places in the
// file: an error names the file's line and column.
func TestErrorsAtTheFilesLines(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"title: t\n\nexercise a: q\n  answer: grundy(Nim(3) +)\n", "f.exercises:4:25: "},
		{"exercise a: q\n  # a comment\n  hint: explain(Nim(\n  answer: 1\n", "f.exercises:3:"},
		{"exercise w: q\n\twinning:  Nim(3) + )\n", "f.exercises:2:21: "},
	} {
		if _, err := Parse("f.exercises", c.src); err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%q: %v, want an error at %q", c.src, err, c.want)
		}
	}
	// at run time too: the setup's errors, and an answer that fails
	set, err := Parse("f.exercises", "title: t\nsetup:\n    game S { take {2, 5} }\n\n    let x = nosuch\nexercise a: q\n  answer: grundy(S(x))\n")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := NewChecker(context.Background(), set, gamelang.Options{}); err == nil || !strings.Contains(err.Error(), "f.exercises:5:13: unknown name nosuch") {
		t.Errorf("setup error %v, want it at f.exercises:5:13", err)
	}
	set, err = Parse("f.exercises", "setup:\n    game S { take {2, 5} }\nexercise a: q\n  answer:   grundy(S(-1))\n")
	if err != nil {
		t.Fatal(err)
	}
	c, err := NewChecker(context.Background(), set, gamelang.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Check(context.Background(), "a", "0"); err == nil || !strings.Contains(err.Error(), "f.exercises:4:") {
		t.Errorf("answer error %v, want it at f.exercises:4", err)
	}
}
