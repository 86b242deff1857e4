package cli_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/gamelang/gamelang/internal/cli"
)

// The Slurm batch script runs as a task of an array would (without Slurm:
// the variables Slurm sets are set by hand), with this gamelang, and writes
// its shard's output and checkpoint where it says.
func TestSlurmBatchScript(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash")
	}
	dir := t.TempDir()
	wrapper := filepath.Join(dir, "gamelang")
	os.WriteFile(wrapper, []byte("#!/bin/sh\n"+asCLI+"=1 exec "+os.Args[0]+" \"$@\"\n"), 0o755)
	cmd := exec.Command("bash", "../../deploy/slurm/sweep.sbatch")
	cmd.Env = append(os.Environ(), "SLURM_ARRAY_TASK_ID=1", "SLURM_ARRAY_TASK_COUNT=3",
		"FAMILY=octal:1", "VALUES=500", "OUT="+dir+"/results", "GAMELANG="+wrapper, "TIMES=false")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%v\n%s", err, stderr.String())
	}
	out, err := os.ReadFile(filepath.Join(dir, "results", "shard-1-of-3.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	// octal:1 is 0.0 .. 0.7, then 4.0 .. 4.7; shard 1/3 has games 1, 4, 7, 10 and 13.
	if !bytes.HasPrefix(out, []byte(`{"sweep":{"family":"octal:1","items":16,"values":500,"shard":"1/3"`)) ||
		!bytes.Contains(out, []byte(`"index":1,"game":"0.1"`)) || !bytes.Contains(out, []byte(`"index":7,"game":"0.7"`)) ||
		!bytes.Contains(out, []byte(`"index":13,"game":"4.5"`)) || bytes.Count(out, []byte("\n")) != 6 {
		t.Errorf("shard 1/3 of octal:1:\n%s", out)
	}
	if _, err := os.Stat(filepath.Join(dir, "results", "shard-1-of-3.ck")); err != nil {
		t.Errorf("no checkpoint: %v", err)
	}
}

// The Kubernetes Job's command line is one this gamelang accepts: run with
// the pod index set, a small family and the volume in a temporary
// directory, it writes its shard; and its --shard N is the Job's
// completions.
func TestKubernetesJobArgs(t *testing.T) {
	yaml, err := os.ReadFile("../../deploy/k8s/sweep-job.yaml")
	if err != nil {
		t.Fatal(err)
	}
	completions := regexp.MustCompile(`(?m)^\s+completions: (\d+)`).FindSubmatch(yaml)
	block := regexp.MustCompile(`(?s)args:\n(.*?)\n\s+resources:`).FindSubmatch(yaml)
	if completions == nil || block == nil {
		t.Fatal("no completions or args in the manifest")
	}
	var args []string
	for _, line := range strings.Split(string(block[1]), "\n") {
		arg := strings.TrimPrefix(strings.TrimSpace(line), "- ")
		arg = strings.ReplaceAll(arg, "$(SHARD)", "2")
		args = append(args, arg)
	}
	joined := strings.Join(args, " ")
	if !strings.Contains(joined, "--shard=2/"+string(completions[1])) {
		t.Fatalf("--shard in %q does not count %s shards", joined, completions[1])
	}
	dir := t.TempDir()
	for i, a := range args {
		a = strings.ReplaceAll(a, "/results", dir)
		a = strings.ReplaceAll(a, "octal:3", "octal:1")
		args[i] = strings.ReplaceAll(a, "--values=1e6", "--values=300")
	}
	var stderr bytes.Buffer
	if code := cli.Main(args, nil, &bytes.Buffer{}, &stderr); code != 0 {
		t.Fatalf("gamelang %s: exit %d\n%s", strings.Join(args, " "), code, stderr.String())
	}
	if _, err := os.Stat(filepath.Join(dir, "shard-2-of-"+string(completions[1])+".jsonl")); err != nil {
		t.Error(err)
	}
}
