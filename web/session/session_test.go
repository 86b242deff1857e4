package session

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gamelang/gamelang/docs"
)

// record runs a session and keeps its events.
type record struct{ events []Event }

func (r *record) emit(e Event) { r.events = append(r.events, e) }

func (r *record) text(typ string) string {
	var b strings.Builder
	for _, e := range r.events {
		if e.Type == typ {
			b.WriteString(e.Text)
		}
	}
	return b.String()
}

func (r *record) last() Event { return r.events[len(r.events)-1] }

func (r *record) of(typ string) []Event {
	var out []Event
	for _, e := range r.events {
		if e.Type == typ {
			out = append(out, e)
		}
	}
	return out
}

// Every example prints in a session what `gamelang run` prints: its golden
// file, which the examples' own test checks against the command line's
// interpreter.
func TestExamplesAsTheCommandLine(t *testing.T) {
	scripts := Scripts()
	n := 0
	for _, sc := range scripts {
		if sc.Group != "examples" {
			continue
		}
		n++
		if testing.Short() && sc.Name == "nim_with_pass.game" {
			continue // -short: the slowest example (its dense table of P-positions); examples/ runs it
		}
		t.Run(sc.Name, func(t *testing.T) {
			t.Parallel() // each owns its session
			want, err := os.ReadFile(filepath.Join("../../examples/testdata", strings.TrimSuffix(sc.Name, ".game")+".golden"))
			if err != nil {
				t.Fatal(err)
			}
			r := &record{}
			New(r.emit).Run(context.Background(), sc.Name, sc.Source)
			if got := r.text("out"); got != string(want) {
				t.Errorf("the session printed\n%s\nthe command line prints\n%s", got, want)
			}
			if e := r.last(); e.Type != "done" || e.Status != 0 {
				t.Errorf("last event %+v; errors: %s", e, r.text("error"))
			}
			// each answer is printed, and its value comes with it
			for _, a := range r.of("answer") {
				if a.Line < 1 || a.Kind == "" || a.Value == nil {
					t.Errorf("answer without line, kind or value: %+v", a)
				}
				if a.Kind == "plot" && !strings.HasPrefix(a.SVG, "<svg") {
					t.Errorf("a plot without its picture: %+v", a)
				}
			}
		})
	}
	if n < 10 {
		t.Errorf("only %d examples offered", n)
	}
}

func TestPictures(t *testing.T) {
	r := &record{}
	New(r.emit).Run(context.Background(), "p.game", `plot(Kayles, 0..40, "k.png")`+"\n"+`plot(Wythoff, 0..8, "w.svg")`)
	plots := r.of("answer")
	if len(plots) != 2 || plots[0].Kind != "plot" || plots[1].Kind != "plot" {
		t.Fatalf("answers %+v", plots)
	}
	if !strings.Contains(plots[0].SVG, "Kayles: Grundy values") || !strings.Contains(plots[1].SVG, "Grundy value") {
		t.Errorf("pictures without their titles:\n%s\n%s", plots[0].SVG, plots[1].SVG)
	}
}

func TestErrorMarks(t *testing.T) {
	r := &record{}
	New(r.emit).Run(context.Background(), "bad.game", "game A { take 1..3 }\n\ngrundy(A, 0..5)\noutcome(B(3))\n")
	if got := r.text("out"); got != "" { // checked before anything runs, as by gamelang run
		t.Errorf("out: %q", got)
	}
	errs := r.of("error")
	if len(errs) != 1 || len(errs[0].Marks) != 1 {
		t.Fatalf("errors %+v", errs)
	}
	m := errs[0].Marks[0]
	if m.Line != 4 || m.Column != 9 || !strings.Contains(errs[0].Text, "bad.game:4:9: ") || !strings.Contains(errs[0].Text, "^") {
		t.Errorf("mark %+v, text\n%s", m, errs[0].Text)
	}
	if e := r.last(); e.Status != 1 {
		t.Errorf("status %d", e.Status)
	}
}

func TestStop(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	r := &record{}
	s := New(func(e Event) {
		r.emit(e)
		if e.Type == "out" {
			cancel() // stopped once the first answer is out
		}
	})
	s.Run(ctx, "long.game", "grundy(Kayles(1))\nlet w = grundy(octal(\"0.1777\")(10^9))\ngrundy(Kayles(4))\n")
	if got := r.text("out"); got != "1\n" {
		t.Errorf("out %q", got)
	}
	if e := r.last(); e.Status != 130 || !strings.Contains(r.text("error"), "interrupted") {
		t.Errorf("status %d, error %q", e.Status, r.text("error"))
	}
	// the page stays usable: the next run runs
	r.events = nil
	s.Run(context.Background(), "next.game", "grundy(Kayles(4))")
	if got := r.text("out"); got != "1\n" {
		t.Errorf("after a stop: %q", got)
	}
}

// The tutorial's sections run as scripts, and the one with play() offers
// its moves; choosing them plays the game out as at the prompt.
func TestTutorialScripts(t *testing.T) {
	scripts := Tutorial(docs.Tutorial)
	if len(scripts) < 6 {
		t.Fatalf("%d tutorial scripts", len(scripts))
	}
	played := false
	for _, sc := range scripts {
		r := &record{}
		s := New(r.emit)
		s.Run(context.Background(), sc.Name, sc.Source)
		if e := r.last(); e.Status != 0 {
			t.Errorf("%s: status %d\n%s", sc.Title, e.Status, r.text("error"))
		}
		if !strings.Contains(docs.Tutorial, strings.SplitN(r.text("out"), "\n", 2)[0]) {
			t.Errorf("%s: the first answer %q is not in the tutorial", sc.Title, strings.SplitN(r.text("out"), "\n", 2)[0])
		}
		plays := r.of("play")
		if len(plays) == 0 {
			continue
		}
		played = true
		for moves := plays[len(plays)-1].Moves; len(moves) > 0; {
			r.events = nil
			s.Move(context.Background(), "1")
			if e := r.last(); e.Type != "done" || e.Status != 0 {
				t.Fatalf("move: %+v", r.events)
			}
			p := r.of("play")
			if len(p) != 1 {
				t.Fatalf("after a move: %+v", r.events)
			}
			moves = p[0].Moves
			if len(moves) == 0 && !strings.Contains(r.text("out"), "no move") {
				t.Errorf("the game ended without saying so: %q", r.text("out"))
			}
		}
	}
	if !played {
		t.Error("no tutorial script plays a game")
	}
}

// play() holds the statements after it until the game is over; its
// transcript does not tell the user to type (the page has buttons).
func TestPlayBlocksTheScript(t *testing.T) {
	r := &record{}
	s := New(r.emit)
	ctx := context.Background()
	s.Run(ctx, "p.game", "print(\"before\")\nplay(Nim(1) + Nim(2))\nprint(\"after the game\")\ngrundy(Nim(5))\n")
	if out := r.text("out"); !strings.Contains(out, "before") || strings.Contains(out, "after the game") {
		t.Fatalf("before the game is over: %q", out)
	}
	if out := r.text("out"); strings.Contains(out, "type its number") || strings.Contains(out, "  1. ") {
		t.Errorf("the transcript speaks of typing: %q", out)
	}
	for moves := r.of("play")[0].Moves; len(moves) > 0; {
		r.events = nil
		s.Move(ctx, "1")
		if e := r.last(); e.Type != "done" || e.Status != 0 {
			t.Fatalf("move: %+v", r.events)
		}
		ps := r.of("play")
		moves = ps[len(ps)-1].Moves
	}
	out := r.text("out")
	if !strings.Contains(out, "after the game\n5\n") {
		t.Errorf("after the game: %q", out)
	}
	if i, j := strings.Index(out, "you"), strings.Index(out, "after the game"); i < 0 || j < i {
		t.Errorf("the statements after play() ran before the game's end: %q", out)
	}
}

// The page's scripts have names of their own, for ?example= links.
func TestScriptNamesAreUnique(t *testing.T) {
	seen := map[string]bool{}
	for _, s := range Scripts() {
		if seen[s.Name] {
			t.Errorf("two scripts are called %s", s.Name)
		}
		seen[s.Name] = true
		if strings.Contains(s.Title, "seed") {
			t.Errorf("%s's title speaks of seeds: %q", s.Name, s.Title)
		}
	}
}

// A set of exercises: its questions, answers judged, a hint.
func TestExercises(t *testing.T) {
	sets := ExerciseSets()
	if len(sets) == 0 {
		t.Fatal("no sets of exercises")
	}
	r := &record{}
	s := New(r.emit)
	ctx := context.Background()
	s.OpenExercises(ctx, sets[0].Name)
	ex := r.of("exercises")
	if len(ex) != 1 || len(ex[0].Items) < 5 || ex[0].Title == "" {
		t.Fatalf("%+v", r.events)
	}
	s.Check(ctx, "2a", "{0, 7, 14, 21, 28}")
	s.Check(ctx, "2a", "{0, 7, 14}")
	s.Check(ctx, "2b", "Take6(28)")
	v := r.of("verdict")
	if len(v) != 3 || !v[0].Right || v[1].Right || !strings.Contains(v[1].Text, "missing") || !v[2].Right {
		t.Errorf("verdicts %+v", v)
	}
	s.Hint(ctx, "2a")
	if h := r.of("hint"); len(h) != 1 || !strings.Contains(h[0].Text, "Take6(7)") {
		t.Errorf("hint %+v", h)
	}
}
