package solve

import (
	"context"
	"testing"
)

// Positions of few candidates each still poll: the countdown goes on
// across Reset, so a cancelled query stops within a poll's worth of
// ticks, and the per-position count stays exact for the move cap.
func TestWorkPollsAcrossPositions(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	w := NewWork(ctx, &Limits{}, "G", func() int { return 0 })
	ticks := 0
	err := w.Do(func() error {
		for range 100_000 {
			w.Reset()
			for range 100 {
				ticks++
				w.Tick()
			}
		}
		return nil
	})
	if !Interrupted(err) || ticks > pollEvery+100 {
		t.Errorf("stopped with %v after %d ticks", err, ticks)
	}
	// the move cap counts the candidates of one position only
	lim := &Limits{MaxStates: 2 * pollEvery}
	w = NewWork(context.Background(), lim, "G", func() int { return 0 })
	err = w.Do(func() error {
		for range 50 {
			w.Reset()
			for range pollEvery + pollEvery/2 { // under the cap, for each position
				w.Tick()
			}
		}
		return nil
	})
	if err != nil {
		t.Errorf("positions under the cap: %v", err)
	}
	err = w.Do(func() error {
		w.Reset()
		for range 4 * pollEvery {
			w.Tick()
		}
		return nil
	})
	if err == nil {
		t.Error("a position past the cap was not stopped")
	}
}
