package cli_test

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// gamelang runs the test binary as gamelang in a process of its own, and
// returns its stdout; it fails the test on a non-zero exit.
func gamelang(t *testing.T, args ...string) string {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), asCLI+"=1")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("gamelang %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
	}
	return stdout.String()
}

// A sweep cut into N = 1, 4 and 7 shards, each run as a process of its own
// (as a Slurm job array or a Kubernetes indexed Job runs them), and merged,
// is byte for byte the sweep run whole.
func TestShardsAsProcesses(t *testing.T) {
	dir := t.TempDir()
	args := []string{"sweep", "octal:2", "--values", "5000", "--times=false"}
	whole := gamelang(t, args...)
	if !strings.HasPrefix(whole, `{"sweep":{"family":"octal:2","items":128,"values":5000,"shard":"0/1"`) || strings.Count(whole, "\n") != 129 {
		t.Fatalf("the whole sweep:\n%s", whole)
	}
	for _, n := range []int{1, 4, 7} {
		var files []string
		for i := range n {
			f := filepath.Join(dir, fmt.Sprintf("shard-%d-of-%d.jsonl", i, n))
			gamelang(t, append(args, "--shard", fmt.Sprintf("%d/%d", i, n), "-o", f)...)
			files = append(files, f)
		}
		merged := gamelang(t, append([]string{"merge"}, files...)...)
		if merged != whole {
			t.Errorf("%d shards merged differ from the whole sweep:\n%s\nwant\n%s", n, merged, whole)
		}
	}
}

// A sweep killed with SIGKILL while a game is under way, then run again with
// the same command, resumes from its last checkpoint and writes exactly the
// output of an uninterrupted run. The kill comes once the sweep has said it
// saved a checkpoint mid-game, not after a guess of how long that takes.
func TestCheckpointSurvivesSIGKILL(t *testing.T) {
	dir := t.TempDir()
	ck := filepath.Join(dir, "sweep.ck")
	args := []string{"sweep", "0.17,0.16,0.56", "--values", "1e6", "--times=false", "--checkpoint", ck, "--every", "5ms"}
	plain := gamelang(t, "sweep", "0.17,0.16,0.56", "--values", "1e6", "--times=false")
	for _, want := range []string{`"game":"0.16","values":509622,"max":23,"period":{"length":149459,"preperiod":105351,"last_exception":105350`, `"game":"0.56"`} {
		if !strings.Contains(plain, want) {
			t.Fatalf("the uninterrupted sweep lacks %s:\n%s", want, plain)
		}
	}

	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), asCLI+"=1")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(stderr)
	killed := false
	for sc.Scan() {
		if strings.Contains(sc.Text(), "values of 0.16") { // a checkpoint in the middle of 0.16
			cmd.Process.Kill() // SIGKILL: nothing is saved on the way out
			killed = true
			break
		}
	}
	cmd.Wait()
	if !killed {
		t.Fatal("the sweep ended without saving a checkpoint in the middle of 0.16")
	}

	resume := exec.Command(os.Args[0], args...)
	resume.Env = append(os.Environ(), asCLI+"=1")
	var out, errOut bytes.Buffer
	resume.Stdout, resume.Stderr = &out, &errOut
	if err := resume.Run(); err != nil {
		t.Fatalf("the resumed sweep: %v\n%s", err, errOut.String())
	}
	if !strings.Contains(errOut.String(), "resuming from "+ck+": 1 games done, 0.16 at ") {
		t.Errorf("the resumed sweep does not say it resumed 0.16:\n%s", errOut.String())
	}
	if out.String() != plain {
		t.Errorf("resumed:\n%s\nuninterrupted:\n%s", out.String(), plain)
	}
}
