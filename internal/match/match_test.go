package match_test

import (
	"context"
	"strings"
	"testing"

	"github.com/gamelang/gamelang/eval"
	"github.com/gamelang/gamelang/internal/match"
	_ "github.com/gamelang/gamelang/lib"
)

// start begins the game a play() statement asks for.
func start(t *testing.T, stmt string, out *strings.Builder) *match.Match {
	t.Helper()
	in := eval.New(eval.Config{Out: out, Interactive: true})
	if err := in.Exec(context.Background(), "<test>", stmt); err != nil {
		t.Fatal(in.Render(err))
	}
	p, ok := in.TakePlay()
	if !ok {
		t.Fatalf("%s asked for no game", stmt)
	}
	return match.New(p, out)
}

// A game against the solver: the user's moves listed by number and
// judged by the values they leave (Nim: the XOR of the heaps), a bad
// choice asked again, the solver answering with a winning move, and the
// end said as it is.
func TestMatch(t *testing.T) {
	ctx := context.Background()
	var out strings.Builder
	m := start(t, "play(Nim(1) + Nim(2))", &out)
	if over, err := m.Turn(ctx); over || err != nil {
		t.Fatal(over, err)
	}
	if got := strings.Join(m.Moves(), "|"); got != "Nim(1) -> 0|Nim(2) -> Nim(1)|Nim(2) -> 0" {
		t.Errorf("moves: %s", got)
	}
	for _, line := range []string{"7", "x"} {
		out.Reset()
		if over, err := m.Input(ctx, line); over || err != nil || !strings.Contains(out.String(), "Type the number of a move, 1 to 3") {
			t.Errorf("input %q: %v %v %q", line, over, err, out.String())
		}
	}
	// Taking Nim(1) leaves Nim(2), value 2: not winning; 1 + 1 was.
	out.Reset()
	over, err := m.Input(ctx, "1")
	if !over || err != nil {
		t.Fatal(over, err, out.String())
	}
	want := []string{"Not a winning move: it leaves a position of value 2, and I can win from it. The winning moves were: Nim(2) -> Nim(1).",
		"I move: Nim(2) -> 0.", "0: you have no move, so you lose."}
	for _, w := range want {
		if !strings.Contains(out.String(), w) {
			t.Errorf("after move 1, no %q in:\n%s", w, out.String())
		}
	}

	// The winning line: 1 + 1, then the solver's only move, then the last.
	out.Reset()
	m = start(t, "play(Nim(1) + Nim(2))", &out)
	m.Turn(ctx)
	if over, err := m.Input(ctx, "2"); over || err != nil {
		t.Fatal(over, err)
	}
	if over, err := m.Input(ctx, "1"); !over || err != nil {
		t.Fatal(over, err)
	}
	for _, w := range []string{"A winning move: it leaves a position of value 0", "I move: Nim(1) -> 0.", "0: I have no move, so you win!"} {
		if !strings.Contains(out.String(), w) {
			t.Errorf("the winning line: no %q in:\n%s", w, out.String())
		}
	}

	// Misère play: the last mover loses, and the moves are judged so.
	out.Reset()
	m = start(t, "play(Nim(1), misere)", &out)
	if over, err := m.Turn(ctx); over || err != nil {
		t.Fatal(over, err)
	}
	if over, err := m.Input(ctx, "1"); !over || err != nil || !strings.Contains(out.String(), "you made the last move and lose") {
		t.Errorf("misère Nim(1): %v %v\n%s", over, err, out.String())
	}
	out.Reset()
	m = start(t, "play(Nim(3))", &out)
	m.Turn(ctx)
	if over, err := m.Input(ctx, "q"); !over || err != nil || !strings.Contains(out.String(), "Game stopped.") {
		t.Errorf("q: %v %v %q", over, err, out.String())
	}
}
