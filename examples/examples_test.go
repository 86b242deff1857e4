// Package examples_test runs every example script against its golden output
// in testdata/NAME.golden. Run `go test ./examples -update` to rewrite them.
package examples_test

import (
	"bytes"
	"context"
	"encoding/xml"
	"flag"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gamelang/gamelang/eval"
	"github.com/gamelang/gamelang/internal/plot"
	"github.com/gamelang/gamelang/internal/render"
)

var update = flag.Bool("update", false, "rewrite the golden files")

func TestExamples(t *testing.T) {
	scripts, err := filepath.Glob("*.game")
	if err != nil || len(scripts) == 0 {
		t.Fatalf("no example scripts: %v", err)
	}
	here, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for _, script := range scripts {
		t.Run(script, func(t *testing.T) {
			src, err := os.ReadFile(script)
			if err != nil {
				t.Fatal(err)
			}
			var out bytes.Buffer
			in := eval.New(eval.Config{Out: &out, Tables: render.Tables{}, Plots: plot.Plotter{}})
			t.Chdir(t.TempDir()) // pictures are written there
			if err := in.Exec(context.Background(), script, string(src)); err != nil {
				t.Fatalf("%s failed:\n%s", script, in.Render(err))
			}
			checkPictures(t)
			t.Chdir(here)
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

// checkPictures decodes every picture a script wrote: PNG by image/png,
// SVG by encoding/xml.
func checkPictures(t *testing.T) {
	t.Helper()
	files, _ := filepath.Glob("*")
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		switch filepath.Ext(f) {
		case ".png":
			if _, err := png.Decode(bytes.NewReader(data)); err != nil {
				t.Errorf("%s is not a PNG: %v", f, err)
			}
		case ".svg":
			dec := xml.NewDecoder(bytes.NewReader(data))
			for {
				if _, err := dec.Token(); err == io.EOF {
					break
				} else if err != nil {
					t.Errorf("%s is not well-formed SVG: %v", f, err)
					break
				}
			}
			if !bytes.Contains(data, []byte("<svg")) {
				t.Errorf("%s has no <svg> element", f)
			}
		}
	}
}
