package cli

import (
	"context"
	"strings"
	"testing"

	"github.com/gamelang/gamelang/internal/exercise"
)

// An exercise interrupted (Ctrl-C ends the context) exits with 130, as
// every other command does.
func TestExerciseInterruptedExits130(t *testing.T) {
	set, err := exercise.Parse("slow.exercises", "title: t\nexercise e: slow\n  answer: grundy(GrundysGame(10^9))\n")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var errs strings.Builder
	out := func(map[string]any, int) int { t.Error("a verdict after Ctrl-C"); return exitOK }
	if code := checkExercise(ctx, set, []string{"slow.exercises", "e", "3"}, false, out, &errs); code != exitInterrupted {
		t.Errorf("status %d, want %d: %s", code, exitInterrupted, errs.String())
	}
}
