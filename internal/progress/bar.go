// Package progress shows long computations on a terminal: once a statement
// has run for a second, a bar on stderr with what is being solved, how many
// values (states, heaps) are done and how fast, cleared when it ends.
package progress

import (
	"io"
	"time"

	"github.com/schollz/progressbar/v3"
)

// Delay is how long a statement runs before its bar appears.
const Delay = time.Second

// Bar is a solve.Reporter drawing a progress bar.
type Bar struct {
	out      io.Writer
	now      func() time.Time
	throttle time.Duration // the least time between two drawings
	start    time.Time
	bar      *progressbar.ProgressBar
	what     string
	total    int64
}

// New returns a bar drawing on out (a terminal).
func New(out io.Writer) *Bar { return &Bar{out: out, now: time.Now, throttle: 100 * time.Millisecond} }

// Start marks the start of a statement.
func (b *Bar) Start() { b.start = b.now() }

// Report shows how far a solver is, once the statement has run for Delay:
// "solving what", done and the rate in units per second, and when the total
// is known (not 0) the share done and the time left. With no unit, what is
// an activity with nothing to count, shown as it is with the time spent.
func (b *Bar) Report(what, unit string, done, total int64) {
	if b.start.IsZero() || b.now().Sub(b.start) < Delay {
		return
	}
	if b.bar == nil || b.what != what || b.total != total {
		b.clear()
		b.what, b.total = what, total
		opts := []progressbar.Option{
			progressbar.OptionSetWriter(b.out),
			progressbar.OptionSetDescription("solving " + what),
			progressbar.OptionShowCount(),
			progressbar.OptionShowIts(),
			progressbar.OptionSetItsString(unit),
		}
		max := int64(-1) // a spinner
		switch {
		case unit == "": // an activity with nothing to count: "reading big.game"
			opts = []progressbar.Option{progressbar.OptionSetWriter(b.out), progressbar.OptionSetDescription(what)}
		case total > 0:
			max = total
			opts = append(opts, progressbar.OptionSetPredictTime(true), progressbar.OptionSetWidth(20))
		}
		b.bar = progressbar.NewOptions64(max, append(opts,
			progressbar.OptionSpinnerType(14),
			// No goroutine of its own redrawing the spinner: the bar is
			// drawn only when Report is called, so that nothing draws
			// after Done, nor at the same time as it.
			progressbar.OptionSetSpinnerChangeInterval(0),
			progressbar.OptionThrottle(b.throttle),
			progressbar.OptionSetElapsedTime(true),
			progressbar.OptionClearOnFinish(),
		)...)
	}
	if unit == "" {
		_ = b.bar.RenderBlank() // the spinner and the time spent
		return
	}
	b.bar.Set64(done)
}

// Done ends the statement: the bar, if shown, is cleared.
func (b *Bar) Done() {
	b.clear()
	b.start = time.Time{}
}

// clear erases the bar's line. (Finish would not: on a bar with no known
// total it fails before clearing, and left the bar glued to the answer.)
func (b *Bar) clear() {
	if b.bar != nil {
		_ = b.bar.Exit()
		_ = b.bar.Clear()
		b.bar = nil
	}
}
