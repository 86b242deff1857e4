// Package examples_test runs every example script against its golden output
// in testdata/NAME.golden. Run `go test ./examples -update` to rewrite them.
package examples_test

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gamelang/gamelang/eval"
)

var update = flag.Bool("update", false, "rewrite the golden files")

func TestExamples(t *testing.T) {
	scripts, err := filepath.Glob("*.game")
	if err != nil || len(scripts) == 0 {
		t.Fatalf("no example scripts: %v", err)
	}
	for _, script := range scripts {
		t.Run(script, func(t *testing.T) {
			src, err := os.ReadFile(script)
			if err != nil {
				t.Fatal(err)
			}
			var out bytes.Buffer
			in := eval.New(eval.Config{Out: &out})
			if err := in.Exec(context.Background(), script, string(src)); err != nil {
				t.Fatalf("%s failed:\n%s", script, in.Render(err))
			}
			golden := filepath.Join("testdata", strings.TrimSuffix(script, ".game")+".golden")
			if *update {
				if err := os.WriteFile(golden, out.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("missing golden file (run go test ./examples -update): %v", err)
			}
			if got := out.String(); got != string(want) {
				t.Errorf("%s output differs from %s\n--- got\n%s\n--- want\n%s", script, golden, got, want)
			}
		})
	}
}
