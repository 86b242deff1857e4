package cli_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gamelang/gamelang/internal/cli"
)

// The manual page is made from the -h texts: every command has its
// section, every flag of every command is there, and groff reads it
// without a warning (groff: Debian's groff-base, which .ci/run installs).
func TestManPage(t *testing.T) {
	var page, errs bytes.Buffer
	if st := cli.Main([]string{"man"}, nil, &page, &errs); st != 0 {
		t.Fatalf("status %d: %s", st, errs.String())
	}
	text := page.String()
	var bash bytes.Buffer
	cli.Main([]string{"completion", "bash"}, nil, &bash, &errs)
	for _, line := range strings.Split(bash.String(), "\n") {
		// the bash script's lines "        cmd) opts="--a --b -h --help" ;;"
		cmd, opts, ok := strings.Cut(strings.TrimSpace(line), ") opts=")
		if !ok {
			continue
		}
		if cmd != "*" && cmd != "run" && cmd != "check" && cmd != "version" && !strings.Contains(text, ".SS "+cmd+"\n") {
			t.Errorf("no section for %s", cmd)
		}
		for _, f := range strings.Fields(strings.Trim(strings.TrimSuffix(opts, " ;;"), `"`)) {
			if f == "-h" || f == "--help" {
				continue
			}
			if want := `\fB` + strings.ReplaceAll(f, "-", `\-`) + `\fR`; !strings.Contains(text, want) {
				t.Errorf("%s's flag %s is not in the page", cmd, f)
			}
		}
	}
	for _, want := range []string{".TH GAMELANG 1", ".SH SYNOPSIS", ".SH EXIT STATUS", "gamelang \\-\\-each"} {
		if !strings.Contains(text, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	if _, err := exec.LookPath("groff"); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("no groff in CI (.ci/run installs groff-base)")
		}
		t.Skip("no groff on this machine: the page is not typeset")
	}
	file := filepath.Join(t.TempDir(), "gamelang.1")
	if err := os.WriteFile(file, page.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("groff", "-man", "-Tutf8", "-ww", "-z", file).CombinedOutput()
	if err != nil || len(out) > 0 {
		t.Errorf("groff: %v\n%s", err, out)
	}
	typeset, err := exec.Command("groff", "-man", "-Tutf8", "-P-cbou", file).Output() // no overstriking
	plain := strings.ReplaceAll(string(typeset), "\u2212", "-")                       // \- is a minus sign on a UTF-8 terminal
	if err != nil || !strings.Contains(plain, "misère") || !strings.Contains(plain, "--max-states") {
		t.Errorf("groff's page: %v\n%s", err, typeset)
	}
}
