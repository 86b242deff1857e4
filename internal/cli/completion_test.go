package cli_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gamelang/gamelang/internal/cli"
)

// The bash script parses, and completing in bash gives commands, a
// command's own flags, gamelang's flags and .game files.
func TestBashCompletion(t *testing.T) {
	var out, errs strings.Builder
	if code := cli.Main([]string{"completion", "bash"}, nil, &out, &errs); code != 0 {
		t.Fatalf("status %d: %s", code, errs.String())
	}
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	dir := t.TempDir()
	script := filepath.Join(dir, "gamelang.bash")
	os.WriteFile(script, []byte(out.String()), 0o644)
	os.WriteFile(filepath.Join(dir, "nim.game"), nil, 0o644)
	os.WriteFile(filepath.Join(dir, "notes.txt"), nil, 0o644)
	for _, c := range []struct{ words, want string }{
		{"gamelang ru", "run"},
		{"gamelang sweep --va", "--values"},
		{"gamelang run n", "nim.game"},
		{"gamelang --js", "--json"},
		{"gamelang run x.game --max-m", "--max-memory"},
		{"gamelang fmt -", "-d -l -w -h --help"},
		{"gamelang completion f", "fish"},
	} {
		words := strings.Fields(c.words)
		if strings.HasSuffix(c.words, " ") {
			words = append(words, "")
		}
		cmd := exec.Command(bash, "-c", `source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($#-1)); _gamelang; echo "${COMPREPLY[*]}"`, "_", script)
		cmd.Args = append(cmd.Args, words...)
		cmd.Dir = dir
		got, err := cmd.Output()
		if err != nil {
			t.Fatalf("%s: %v", c.words, err)
		}
		if strings.TrimSpace(string(got)) != c.want {
			t.Errorf("completing %q: %q, want %q", c.words, strings.TrimSpace(string(got)), c.want)
		}
	}
}

// zsh and fish scripts name every command; an unknown shell is refused.
func TestOtherShells(t *testing.T) {
	for _, shell := range []string{"zsh", "fish"} {
		var out strings.Builder
		if code := cli.Main([]string{"completion", shell}, nil, &out, &strings.Builder{}); code != 0 {
			t.Fatalf("%s: status %d", shell, code)
		}
		for _, cmd := range []string{"run", "check", "fmt", "lsp", "sweep", "merge", "serve", "kernel", "version", "help", "completion"} {
			if !strings.Contains(out.String(), cmd) {
				t.Errorf("the %s script lacks %s", shell, cmd)
			}
		}
	}
	var out strings.Builder
	if !strings.Contains(func() string {
		cli.Main([]string{"completion", "fish"}, nil, &out, &strings.Builder{})
		return out.String()
	}(), "-l json") {
		t.Error("the fish script lacks --json")
	}
	var errs strings.Builder
	if code := cli.Main([]string{"completion", "tcsh"}, nil, &strings.Builder{}, &errs); code != 2 || !strings.Contains(errs.String(), "bash, zsh or fish") {
		t.Errorf("tcsh: status %d, %s", code, errs.String())
	}
}
