package progress

import (
	"strings"
	"testing"
	"time"
)

// A bar appears only after Delay, says what is being solved, how many and
// how fast, and is cleared at the end of the statement.
func TestBarAfterDelay(t *testing.T) {
	var out strings.Builder
	clock := time.Unix(0, 0)
	b := &Bar{out: &out, now: func() time.Time { return clock }} // no throttle: every report draws
	b.Start()
	b.Report("Kayles", "values", 1000, 0)
	if out.Len() != 0 {
		t.Fatalf("a bar before the delay: %q", out.String())
	}
	clock = clock.Add(2 * time.Second)
	b.Report("Kayles", "values", 5_000_000, 0)
	b.Report("Kayles", "values", 6_000_000, 0)
	got := out.String()
	for _, want := range []string{"solving Kayles", "5000000", "values/s"} {
		if !strings.Contains(got, want) {
			t.Errorf("bar %q lacks %q", got, want)
		}
	}
	b.Done()
	if b.bar != nil {
		t.Error("the bar is still there after Done")
	}
	if after := out.String()[len(got):]; !strings.HasPrefix(after, "\r ") || !strings.HasSuffix(after, " \r") {
		t.Errorf("Done did not blank the line: %q", after)
	}
	b.Report("Kayles", "values", 7_000_000, 0)
	if b.bar != nil {
		t.Error("a bar outside a statement")
	}
}

// An activity with nothing to count is shown as it is said, with no count.
func TestBarActivity(t *testing.T) {
	var out strings.Builder
	clock := time.Unix(0, 0)
	b := &Bar{out: &out, now: func() time.Time { return clock }}
	b.Start()
	clock = clock.Add(2 * time.Second)
	b.Report("reading big.game", "", 0, 0)
	got := out.String()
	if !strings.Contains(got, "reading big.game") || strings.Contains(got, "solving") || strings.Contains(got, "/s") {
		t.Errorf("activity bar %q", got)
	}
	b.Done()
}

// A bar drawn under a throttle is still blanked at the end of its statement,
// not left glued to the answer.
func TestBarClearedUnderThrottle(t *testing.T) {
	var out strings.Builder
	clock := time.Unix(0, 0)
	b := &Bar{out: &out, now: func() time.Time { return clock }, throttle: time.Hour}
	b.Start()
	clock = clock.Add(2 * time.Second)
	b.Report("octal(\"0.16\")", "values", 560128, 0)
	b.Report("octal(\"0.16\")", "values", 600000, 0)
	drawn := out.Len()
	b.Done()
	if after := out.String()[drawn:]; !strings.HasSuffix(after, " \r") {
		t.Errorf("Done left the bar on its line: %q then %q", out.String()[:drawn], after)
	}
}

// With the total known, the bar says how much is done of it and the time
// left.
func TestBarWithTotal(t *testing.T) {
	var out strings.Builder
	clock := time.Unix(0, 0)
	b := &Bar{out: &out, now: func() time.Time { return clock }}
	b.Start()
	clock = clock.Add(2 * time.Second)
	b.Report("octal(\"0.16\")", "values", 250_000, 1_000_001)
	b.Report("octal(\"0.16\")", "values", 500_000, 1_000_001)
	got := out.String()
	for _, want := range []string{"solving octal(\"0.16\")", "49%", "500000/1000001"} {
		if !strings.Contains(got, want) {
			t.Errorf("bar %q lacks %q", got, want)
		}
	}
	b.Done()
}
