package cli

import (
	"context"
	"io"
	"testing"

	"github.com/gamelang/gamelang/eval"
	"github.com/gamelang/gamelang/solve"
)

func TestInterruptionExitsWith130(t *testing.T) {
	in := eval.New(eval.Config{Out: io.Discard})
	err := &solve.InterruptedError{What: "Wythoff", States: 10, Err: context.Canceled}
	if got := result(context.Background(), in, err, io.Discard); got != exitInterrupted {
		t.Fatalf("status %d, want %d", got, exitInterrupted)
	}
}
