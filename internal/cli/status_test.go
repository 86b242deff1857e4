package cli

import (
	"context"
	"io"
	"testing"

	"github.com/gamelang/gamelang"
	"github.com/gamelang/gamelang/solve"
)

func TestInterruptionExitsWith130(t *testing.T) {
	in := gamelang.NewSession(gamelang.Options{Out: io.Discard})
	err := &solve.InterruptedError{What: "Wythoff", States: 10, Err: context.Canceled}
	if got := result(context.Background(), in, err, io.Discard, nil); got != exitInterrupted {
		t.Fatalf("status %d, want %d", got, exitInterrupted)
	}
}
