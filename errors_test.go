package gamelang_test

import (
	"context"
	"errors"
	"testing"

	"github.com/gamelang/gamelang"
)

// An error of Eval, Exec or Check is an *Error as errors.As finds it, with
// its place — also when the session found several (an ErrorList) — and
// Errors lists them, the first that one.
func TestErrorsAs(t *testing.T) {
	s := gamelang.NewSession(gamelang.Options{})
	ctx := context.Background()
	_, evalErr := s.Eval(ctx, "grundy(Nim, 5..1)")
	for _, err := range []error{
		evalErr,
		s.Exec(ctx, "a.game", "let x = 1\nnosuch(3)"),
		s.Check(ctx, "c.game", "game G { take 0 }\ngame H { move (n - 1) if q }\nfoo(1)\nbar(2)"),
		s.Check(ctx, "b.game", "game G { take 1..3 }\nlet y = ("),
	} {
		var e *gamelang.Error
		if !errors.As(err, &e) || e.Line < 1 || e.Column < 1 || e.Msg == "" {
			t.Errorf("%v: errors.As *Error = %v", err, e)
		}
		if l := gamelang.Errors(err); len(l) == 0 || l[0] != e {
			t.Errorf("%v: Errors = %v", err, l)
		}
	}
}

// The outcome constants compare with what Eval gives.
func TestOutcomeConstants(t *testing.T) {
	s := gamelang.NewSession(gamelang.Options{})
	for expr, want := range map[string]gamelang.Outcome{"outcome(Nim(0))": gamelang.P, "outcome(Nim(3))": gamelang.N, "outcome(Kayles(4) + Kayles(1))": gamelang.P} {
		v, err := s.Eval(context.Background(), expr)
		if err != nil || v != want {
			t.Errorf("%s = %v (%v), want %v", expr, v, err, want)
		}
	}
	if gamelang.P.String() != "P" || gamelang.N.String() != "N" || gamelang.D.String() != "D" {
		t.Error("the outcomes' names")
	}
}
