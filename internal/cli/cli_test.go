package cli_test

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/gamelang/gamelang/internal/cli"
)

// asCLI in the environment makes the test binary run as gamelang itself, for
// the tests that need a process of their own (signals).
const asCLI = "GAMELANG_TEST_AS_CLI"

func TestMain(m *testing.M) {
	if os.Getenv(asCLI) == "1" {
		code := cli.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
		if f := os.Getenv(peakFile); f != "" {
			writePeak(f)
		}
		os.Exit(code)
	}
	testscript.Main(m, map[string]func(){
		"gamelang": func() { os.Exit(cli.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) },
	})
}

// peakFile in the environment of the test binary run as gamelang names a
// file it writes its peak resident size to as it exits (VmHWM, in KiB):
// the child's rusage would not do, as Linux counts in it the resident size
// of the parent it was forked from (a test binary grown by other tests).
const peakFile = "GAMELANG_TEST_PEAK_FILE"

func writePeak(file string) {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return
	}
	for _, l := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(l, "VmHWM:"); ok {
			os.WriteFile(file, []byte(strings.TrimSuffix(strings.TrimSpace(v), " kB")), 0o644)
		}
	}
}

// TestScripts runs the CLI sessions in testdata/script/*.txtar.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:           "testdata/script",
		UpdateScripts: os.Getenv("UPDATE_SCRIPTS") != "",
	})
}

// SIGINT stops a long computation cleanly: the error says what was being
// solved and how far it got, no Go stack trace is printed, and the exit
// status is 130. The signal is sent once the script says it has started the
// computation, not after a guess of how long that takes.
func TestInterruptStopsComputation(t *testing.T) {
	script := filepath.Join(t.TempDir(), "slow.game")
	os.WriteFile(script, []byte(`game Wythoff state (a, b) {
    move (a - k, b)     for k in 1..a
    move (a, b - k)     for k in 1..b
    move (a - k, b - k) for k in 1..min(a, b)
}
print("started")
grundy(Wythoff(5000, 5000))
`), 0o644)
	cmd := exec.Command(os.Args[0], "run", script)
	cmd.Env = append(os.Environ(), asCLI+"=1")
	var stderr strings.Builder
	cmd.Stderr = &stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil || line != "started\n" {
		t.Fatalf("first line %q, %v", line, err)
	}
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	err = cmd.Wait()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 130 {
		t.Fatalf("exit: %v, want status 130; stderr:\n%s", err, stderr.String())
	}
	want := regexp.MustCompile(`(?m)^.*slow.game:7:1: interrupted while solving Wythoff, after [0-9]+ stored states \(what was stored is kept\)$`)
	if !want.MatchString(stderr.String()) || strings.Contains(stderr.String(), "goroutine") {
		t.Fatalf("stderr:\n%s", stderr.String())
	}
}

func TestExitStatus(t *testing.T) {
	dir := t.TempDir()
	good := dir + "/good.game"
	bad := dir + "/bad.game"
	os.WriteFile(good, []byte("game Nim { take 1.. }\ngrundy(Nim(3))\n"), 0o644)
	os.WriteFile(bad, []byte("grundy(Nimm(3))\n"), 0o644)
	cases := []struct {
		args   []string
		stdin  string
		status int
	}{
		{[]string{"run", good}, "", 0},
		{[]string{"check", good}, "", 0},
		{[]string{"run", bad}, "", 1},
		{[]string{"check", bad}, "", 1},
		{[]string{"run", dir + "/missing.game"}, "", 1},
		{[]string{"-e", "1 + 1"}, "", 0},
		{[]string{"-e", "1 +"}, "", 1},
		{[]string{"-f", good, "-e", "grundy(Nim(5))"}, "", 0},
		{nil, "grundy(2)\n", 1},
		{nil, "1 + 2\n", 0},
		{[]string{"frobnicate"}, "", 2},
		{[]string{"run"}, "", 2},
		{[]string{"-f", good}, "grundy(Nim(4))\n", 0},
		{[]string{"-f", good, "run", good}, "", 2},
		{[]string{"-e", "1", "extra"}, "", 2},
		{[]string{"--no-such-flag"}, "", 2},
	}
	for _, c := range cases {
		var out, errOut strings.Builder
		got := cli.Main(c.args, strings.NewReader(c.stdin), &out, &errOut)
		if got != c.status {
			t.Errorf("gamelang %q: status %d, want %d (stderr %q)", c.args, got, c.status, errOut.String())
		}
	}
}

// The examples are formatted: gamelang fmt -d prints nothing for them.
func TestExamplesAreFormatted(t *testing.T) {
	files, err := filepath.Glob("../../examples/*.game")
	if err != nil || len(files) == 0 {
		t.Fatal("no examples")
	}
	var out, errs strings.Builder
	if code := cli.Main(append([]string{"fmt", "-d"}, files...), nil, &out, &errs); code != 0 || out.Len() > 0 || errs.Len() > 0 {
		t.Errorf("gamelang fmt -d examples/*.game: status %d\n%s%s", code, out.String(), errs.String())
	}
}
