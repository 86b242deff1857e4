package lsp

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestMain serves the protocol when the test binary is started as the
// server of an editor (TestNeovim): the server under test, no build.
func TestMain(m *testing.M) {
	if os.Getenv("GAMELANG_TEST_LSP") == "1" {
		if err := Serve(os.Stdin, os.Stdout, os.Stderr); err != nil {
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// TestNeovim drives the server from Neovim's built-in client, headless
// (Debian's neovim, which .ci/run installs): on a file with two syntax
// errors both are reported and hover, definition, symbols and completion
// of the file's names answer; once fixed, references and a rename that
// Neovim applies to the buffer, which leave alone the n a heap game's rule
// binds (the heap's size).
func TestNeovim(t *testing.T) {
	if testing.Short() {
		t.Skip("starts Neovim")
	}
	nvim, err := exec.LookPath("nvim")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("CI has no nvim (.ci/run installs neovim)")
		}
		t.Skip("no nvim")
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "k.game")
	src := "game Kayles { take 1..2 split }\nlet n = 5\ngrundy(Kayles(n)\ngame Moves { take }\nprint(grundy(Kayles(n + 1)))\n"
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out.json")
	script, err := filepath.Abs("testdata/neovim.lua")
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(nvim, "--headless", "-u", "NONE", "-i", "NONE", "-n", "-c", "luafile "+script)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GAMELANG_TEST_LSP=1", "LSP_CMD="+self, "LSP_FILE="+file, "LSP_OUT="+out, "XDG_STATE_HOME="+dir, "XDG_DATA_HOME="+dir)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("nvim: %v\n%s", err, b)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatalf("Neovim wrote no answers: %v", err)
	}
	var got struct {
		Diagnostics []string
		Hover       struct{ Contents struct{ Value string } }
		Definition  any
		Symbols     []struct{ Name string }
		Completion  []string
		Fixed       int
		References  []string
		Renamed     []string
	}
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatalf("%v: %s", err, b)
	}
	if len(got.Diagnostics) != 2 || !strings.HasPrefix(got.Diagnostics[0], "3:0 syntax error") || !strings.HasPrefix(got.Diagnostics[1], "3:18 syntax error") {
		t.Errorf("diagnostics %q, want the two syntax errors of line 4", got.Diagnostics)
	}
	if !strings.Contains(got.Hover.Contents.Value, "take 1..2 split") {
		t.Errorf("hover on Kayles: %q", got.Hover.Contents.Value)
	}
	if def, _ := json.Marshal(got.Definition); !strings.Contains(string(def), `"start":{"character":5,"line":0}`) {
		t.Errorf("definition of Kayles: %s", def)
	}
	var names []string
	for _, s := range got.Symbols {
		names = append(names, s.Name)
	}
	if strings.Join(names, " ") != "Kayles n Moves" {
		t.Errorf("symbols %q", names)
	}
	if !slices.Contains(got.Completion, "Kayles") {
		t.Errorf("completion of K: %q", got.Completion)
	}
	if got.Fixed != 0 {
		t.Errorf("%d diagnostics once fixed", got.Fixed)
	}
	// the n of Moves' rule is the heap's size, not the let's n
	if want := "1:4 2:14 4:20"; strings.Join(got.References, " ") != want {
		t.Errorf("references of n %q, want %s", got.References, want)
	}
	want := []string{"game Kayles { take 1..2 split }", "let size = 5", "grundy(Kayles(size))", "game Moves { take 1..n }", "print(grundy(Kayles(size + 1)))"}
	if !slices.Equal(got.Renamed, want) {
		t.Errorf("after the rename:\n%s\nwant\n%s", strings.Join(got.Renamed, "\n"), strings.Join(want, "\n"))
	}
}
