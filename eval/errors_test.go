package eval_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gamelang/gamelang/eval"
	"github.com/gamelang/gamelang/lang"
	"github.com/gamelang/gamelang/solve"
)

// TestBadScripts runs every script in testdata/errors; each names the errors it
// must produce in comment lines `# want: line:col: message`, in order.
var (
	memoryInUse = regexp.MustCompile(`[0-9.]+ [KMG]iB of memory in use`)
	storedIn    = regexp.MustCompile(`stored [0-9]+ states in`) // how far a search went in its time
)

func TestBadScripts(t *testing.T) {
	files, _ := filepath.Glob("testdata/errors/*.game")
	if len(files) < 60 {
		t.Fatalf("only %d bad scripts", len(files))
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			var want []string
			cfg := eval.Config{Out: new(strings.Builder)}
			for _, line := range strings.Split(string(src), "\n") {
				if w, ok := strings.CutPrefix(line, "# want: "); ok {
					want = append(want, w)
				}
				if v, ok := strings.CutPrefix(line, "# max-states: "); ok {
					cfg.MaxStates, _ = strconv.Atoi(v)
				}
				if v, ok := strings.CutPrefix(line, "# max-memory: "); ok {
					cfg.MaxMemory, _ = solve.ParseSize(v)
				}
				if v, ok := strings.CutPrefix(line, "# max-time: "); ok {
					cfg.MaxTime, _ = time.ParseDuration(v)
				}
			}
			got := runBad(t, filepath.Base(file), string(src), cfg)
			for i, g := range got { // the memory a process holds varies from run to run
				got[i] = storedIn.ReplaceAllString(memoryInUse.ReplaceAllString(g, "… of memory in use"), "stored … states in")
			}
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("errors:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
		})
	}
}

// runBad runs a script that must fail and returns its errors as line:col:
// message. A panic or a success fails the test.
func runBad(t *testing.T, name, src string, cfg eval.Config) (out []string) {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			t.Fatalf("panic: %v", r)
		}
	}()
	in := eval.New(cfg)
	err := in.Exec(context.Background(), name, src)
	if err == nil {
		t.Fatal("the script ran without error")
	}
	errs := lang.Positioned(err)
	if errs == nil {
		t.Fatalf("error without a position: %v", err)
	}
	for _, e := range errs {
		if e.Pos.File != name {
			t.Errorf("error in file %q, want %q", e.Pos.File, name)
		}
		out = append(out, fmt.Sprintf("%d:%d: %s", e.Pos.Line, e.Pos.Column, e.Msg))
	}
	rendered := in.Render(err)
	if !strings.Contains(rendered, "^") {
		t.Errorf("rendered error has no caret:\n%s", rendered)
	}
	return out
}
