package solve

import (
	"os"
	"strings"
	"testing"
)

// freeTicks sums the idle, iowait and nice columns of the CPUs asked for.
func TestFreeTicks(t *testing.T) {
	stat := []byte("cpu  100 20 30 400 50 0 0 0 0 0\n" +
		"cpu0 10 1 3 40 5 0 0 0 0 0\n" +
		"cpu1 20 2 6 80 10 0 0 0 0 0\n" +
		"cpu2 30 4 9 160 20 0 0 0 0 0\n" +
		"intr 12345\nctxt 678\n")
	for _, c := range []struct {
		in    func(int) bool
		niced bool
		want  int64
	}{
		{func(int) bool { return true }, false, 46 + 92 + 184},
		{func(c int) bool { return c != 1 }, false, 46 + 184},
		{func(c int) bool { return c == 2 }, true, 180},
		{func(c int) bool { return c > 2 }, false, -1},
	} {
		if got := freeTicks(stat, c.in, c.niced); got != c.want {
			t.Errorf("niced %v: %d free ticks, want %d", c.niced, got, c.want)
		}
	}
	if freeTicks([]byte("cpu0 1 2\n"), func(int) bool { return true }, false) != -1 {
		t.Error("a short line counted")
	}
}

// FreeTime reads this machine's: a count that does not go back.
func TestFreeTime(t *testing.T) {
	if _, err := os.ReadFile("/proc/stat"); err != nil {
		t.Skip("no /proc/stat here:", err)
	}
	a := FreeTime()
	b := FreeTime()
	if a < 0 || b < a {
		t.Errorf("free CPU time %d, then %d", a, b)
	}
}

// Reading the free time makes no garbage past the open file: the engines
// read it between collections, and garbage then is memory touched.
func TestFreeTimeAllocates(t *testing.T) {
	if _, err := os.ReadFile("/proc/stat"); err != nil {
		t.Skip("no /proc/stat here:", err)
	}
	FreeTime() // the buffer grows once
	if a := testing.AllocsPerRun(20, func() { FreeTime() }); a > 4 {
		t.Errorf("FreeTime: %v allocations a call, want the open file's few", a)
	}
	stat := []byte("cpu  1 2 3 4 5\ncpu0 1 2 3 4 5 6\nintr" + strings.Repeat(" 0", 5000) + "\n")
	if a := testing.AllocsPerRun(20, func() { freeTicks(stat, func(int) bool { return true }, false) }); a != 0 {
		t.Errorf("freeTicks: %v allocations a call, want 0", a)
	}
}
