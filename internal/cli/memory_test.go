//go:build linux

package cli_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// runaway scripts, each of which would take gigabytes: a tuple game's
// memo, a set game's, the search stack and move lists of a chain, and the
// options of a position with a million moves.
var runaways = map[string]string{
	"tuple.game": `game T state (a, b, c) {
    move (a - 1, b, c) if a > 0
    move (a, b - 1, c) if b > 0
    move (a, b, c - 1) if c > 0
}
grundy(T(400, 400, 400))
`,
	"set.game":     "game G set { pick x in 1..4096 }\noutcome(G{1..4096})\n",
	"chain.game":   "game C state (a) { move (j) for j in 0..a-1 }\ngrundy(C(20000))\n",
	"options.game": "options(Bounded(10^6 - 1)(5 * 10^6))\n",
}

// --max-memory bounds the peak resident size of the process (the child's
// VmHWM): within the budget plus 10% and 32 MiB.
func TestMemoryBudgetBoundsPeakRSS(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector's shadow memory is outside any budget")
	}
	const budget = 256 << 20
	dir := t.TempDir()
	for name, src := range runaways {
		t.Run(name, func(t *testing.T) {
			script := filepath.Join(dir, name)
			if err := os.WriteFile(script, []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(os.Args[0], "--max-memory", "256MiB", "run", script)
			peakAt := filepath.Join(dir, name+".peak")
			cmd.Env = append(os.Environ(), asCLI+"=1", peakFile+"="+peakAt)
			var stderr strings.Builder
			cmd.Stderr = &stderr
			err := cmd.Run()
			if cmd.ProcessState == nil || cmd.ProcessState.ExitCode() != 1 || !strings.Contains(stderr.String(), "memory limit reached") {
				t.Fatalf("%v, stderr %q", err, stderr.String())
			}
			kib, err := os.ReadFile(peakAt)
			if err != nil {
				t.Fatal(err)
			}
			peak, err := strconv.ParseInt(string(kib), 10, 64)
			if err != nil {
				t.Fatalf("VmHWM %q: %v", kib, err)
			}
			peak <<= 10
			if limit := int64(budget)*11/10 + 32<<20; peak > limit {
				t.Errorf("peak resident size %d MiB, budget 256 MiB", peak>>20)
			}
			t.Logf("peak %d MiB", peak>>20)
		})
	}
}
