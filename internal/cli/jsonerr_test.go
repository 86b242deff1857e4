package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gamelang/gamelang/internal/jsontest"
)

// With --json every error is a line of type "error" that follows the
// schema (docs/json-schema.json), after the answers before it, and the
// exit status is not 0: from run, check, -e, --each, the piped prompt, and
// an error at no line.
func TestJSONErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.game")
	if err := os.WriteFile(bad, []byte("game G { take 0 }\nlet x =\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	s := jsontest.Schema(t)
	for _, c := range []struct {
		args   []string
		stdin  string
		errors int
	}{
		{[]string{"check", "--json", bad}, "", 2},
		{[]string{"run", "--json", bad}, "", 2},
		{[]string{"run", "--json", filepath.Join(dir, "nosuch.game")}, "", 1},
		{[]string{"--json", "-e", "grundy(Nim(1))", "-e", "grundy(Nim, 5..1)"}, "", 1},
		{[]string{"--json", "--each", "a b: outcome(Wythoff(a, b))"}, "3 5\n1 x\n", 1},
		{[]string{"--json", "--each", "a: grundy(Nim(a) + 1)"}, "3\n", 1},
		{[]string{"--json"}, "grundy(Nim(2))\ngrundy(Nim, 3..1)\nlet y = (\n", 2},
	} {
		var stdout, stderr strings.Builder
		code := Main(c.args, strings.NewReader(c.stdin), &stdout, &stderr)
		if code == exitOK {
			t.Errorf("%q: exit 0", c.args)
		}
		errors := 0
		for _, line := range strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n") {
			if err := jsontest.Valid(s, line); err != nil {
				t.Errorf("%q: %s\ndoes not follow the schema: %v", c.args, line, err)
			}
			if strings.Contains(line, `"type":"error"`) {
				errors++
			}
		}
		if errors != c.errors || stderr.Len() == 0 {
			t.Errorf("%q: %d errors as JSON, want %d; stderr %q", c.args, errors, c.errors, stderr.String())
		}
	}
}
