//go:build unix

package repl_test

// The prompt on a real terminal, driven through tmux: tab completion, Ctrl-C
// dropping a half-typed line, Ctrl-C stopping a long computation without
// leaving the prompt (and the session still answering), the progress bar of
// a long computation, the history file, and Ctrl-D leaving. Skipped where
// tmux is missing.

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

type term struct {
	t    *testing.T
	name string
	// output has a value each time the program writes to the terminal
	// (tmux pipe-pane into a FIFO), and is closed when the pane ends: the
	// test waits on it, never on a clock.
	output chan struct{}
}

// watch sends the pane's output through a FIFO in dir to tm.output.
func (tm *term) watch(dir string) {
	fifo := filepath.Join(dir, "pane.fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		tm.t.Fatal(err)
	}
	tm.output = make(chan struct{}, 1)
	tm.tmux("pipe-pane", "-t", tm.name, "-o", "cat > "+fifo)
	f, err := os.Open(fifo) // blocks until tmux's cat opens it for writing
	if err != nil {
		tm.t.Fatal(err)
	}
	go func() {
		defer f.Close()
		defer close(tm.output)
		buf := make([]byte, 4096)
		for {
			if _, err := f.Read(buf); err != nil {
				return
			}
			select {
			case tm.output <- struct{}{}:
			default: // a wake-up is pending already
			}
		}
	}()
}

func (tm *term) tmux(args ...string) string {
	out, err := exec.Command("tmux", args...).CombinedOutput()
	if err != nil {
		tm.t.Fatalf("tmux %v: %v\n%s", args, err, out)
	}
	return string(out)
}

func (tm *term) keys(keys ...string) {
	tm.tmux(append([]string{"send-keys", "-t", tm.name}, keys...)...)
}

func (tm *term) screen() string { return tm.tmux("capture-pane", "-p", "-t", tm.name) }

// waitFor reads the screen each time the program writes, until it
// contains want; past within (a bound for a hung program, not a pace) the
// test fails.
func (tm *term) waitFor(want string, within time.Duration) string {
	tm.t.Helper()
	timeout := time.NewTimer(within)
	defer timeout.Stop()
	for {
		s := tm.screen()
		if strings.Contains(s, want) {
			return s
		}
		select {
		case _, open := <-tm.output:
			if !open {
				tm.t.Fatalf("the program ended; the screen never showed %q:\n%s", want, s)
			}
		case <-timeout.C:
			tm.t.Fatalf("the screen never showed %q:\n%s", want, s)
		}
	}
}

func TestTerminal(t *testing.T) {
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux is not installed")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "gamelang")
	if out, err := exec.Command("go", "build", "-o", bin, "github.com/gamelang/gamelang/cmd/gamelang").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	tm := &term{t: t, name: "gamelang-test-" + filepath.Base(dir)}
	// the program starts once the pane's output is watched (tmux waits for
	// a key before running it)
	tm.tmux("new-session", "-d", "-s", tm.name, "-x", "160", "-y", "40", "sh", "-c", "read go; exec env HOME="+dir+" TERM=xterm "+bin)
	defer exec.Command("tmux", "kill-session", "-t", tm.name).Run()
	tm.watch(dir)
	tm.keys("Enter")
	tm.waitFor("gamelang>", 10*time.Second)

	// completion of a builtin function and of a name defined in the session
	tm.keys("game Wythoff2 state (a, b) { move (a - k, b) for k in 1..a; move (a, b - k) for k in 1..b; move (a - k, b - k) for k in 1..min(a, b) }", "Enter")
	tm.keys("gru", "Tab")
	tm.waitFor("gamelang> grundy", 5*time.Second)
	tm.keys("(Wyth", "Tab")
	tm.waitFor("grundy(Wythoff", 5*time.Second)
	tm.keys("2(3, 5))", "Enter")
	tm.waitFor("\n0\n", 5*time.Second)

	// Ctrl-C drops the line being typed
	tm.keys("1 + 1 + this is not finished", "C-c")
	tm.keys("40 + 2", "Enter")
	s := tm.waitFor("42", 5*time.Second)
	if strings.Contains(s, "not finished") && strings.Contains(s, "unknown name") {
		t.Errorf("the dropped line ran:\n%s", s)
	}

	// a long computation shows its progress, and Ctrl-C stops it
	tm.keys("grundy(Wythoff2(3000, 3000))", "Enter")
	tm.waitFor("solving Wythoff2", 10*time.Second)
	tm.keys("C-c")
	tm.waitFor("interrupted while solving Wythoff2", 10*time.Second)
	tm.keys("grundy(Wythoff2(1, 2))", "Enter")
	tm.waitFor("gamelang> grundy(Wythoff2(1, 2))\n0", 10*time.Second)

	// a computation long enough for the progress bar ends with its answer
	// on a clean line: the bar is blanked, not left glued to the answer
	tm.keys("grundy(Wythoff2(300, 300))", "Enter")
	if s := tm.waitFor("\n440\n", 60*time.Second); strings.Contains(s, "solving Wythoff2 (") {
		t.Errorf("the progress bar is left on the screen:\n%s", s)
	}

	// Tab completes colon commands, and file names after :load
	if err := os.WriteFile(filepath.Join(dir, "defs.game"), []byte("game Two { take 1..2 }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tm.keys(":lo", "Tab")
	tm.waitFor("gamelang> :load", 5*time.Second)
	tm.keys(" "+filepath.Join(dir, "def"), "Tab")
	tm.waitFor("defs.game", 5*time.Second)
	tm.keys("Enter")
	tm.keys("grundy(Two(4))", "Enter")
	tm.waitFor("gamelang> grundy(Two(4))\n1", 5*time.Second)

	// a table wider than the terminal (160 columns) is folded to fit it
	tm.keys("table(DawsonKayles, 0..101)", "Enter")
	s = tm.waitFor("differs from the periodic one.", 10*time.Second)
	if !strings.Contains(s, "│ +33 │") || strings.Count(s, "┌") < 2 {
		t.Errorf("the table is not folded into blocks:\n%s", s)
	}
	for _, line := range strings.Split(s, "\n") {
		if n := len([]rune(strings.TrimRight(line, " "))); n > 160 {
			t.Errorf("a line of %d columns on a terminal of 160: %q", n, line)
		}
	}
	tm.keys("C-l")

	// Ctrl-C during a game stops the game: the next line is a statement
	tm.keys("play(Nim(2) + Nim(2))", "Enter")
	tm.waitFor("(type its number, or q to stop)", 5*time.Second)
	tm.keys("C-c")
	tm.waitFor("Game stopped.", 5*time.Second)
	tm.keys("grundy(Nim(5))", "Enter")
	s = tm.waitFor("gamelang> grundy(Nim(5))\n5", 5*time.Second)
	if strings.Contains(s, "Type the number of a move") {
		t.Errorf("the game took the statement after Ctrl-C:\n%s", s)
	}

	// a statement typed over several lines is recalled as one
	tm.keys("game Two {", "Enter")
	tm.keys("take 1..2", "Enter")
	tm.keys("}", "Enter")
	tm.keys("grundy(Two(5))", "Enter")
	tm.waitFor("gamelang> grundy(Two(5))\n2", 5*time.Second)
	tm.keys("Up", "Up")
	tm.waitFor("gamelang> game Two { take 1..2 }", 5*time.Second)
	tm.keys("C-c")

	// Ctrl-D leaves, and the history was kept
	tm.keys("C-d")
	timeout := time.NewTimer(10 * time.Second)
	defer timeout.Stop()
	for open := true; open; { // the pane's output ends when the program leaves
		select {
		case _, open = <-tm.output:
		case <-timeout.C:
			t.Fatalf("Ctrl-D did not leave:\n%s", tm.screen())
		}
	}
	hist, err := os.ReadFile(filepath.Join(dir, ".gamelang_history"))
	if err != nil || !strings.Contains(string(hist), "grundy(Wythoff2(1, 2))") {
		t.Errorf("history %q, %v", hist, err)
	}
}
