package gamelang_test

import (
	"bytes"
	"fmt"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// program is what a user writes in a module of their own: it uses only
// the public package.
const program = `package main

import (
	"context"
	"fmt"
	"os"

	"github.com/gamelang/gamelang"
)

func main() {
	ctx := context.Background()
	s := gamelang.NewSession(gamelang.Options{})
	if err := s.Exec(ctx, "games", "game Dawson { take 2 split }"); err != nil {
		panic(err)
	}
	g, _ := s.Eval(ctx, "grundy(Dawson(100))")
	o, _ := s.Eval(ctx, "outcome(Dawson(7) + Dawson(4), misere)")
	f, _ := os.Create("dawson.png")
	defer f.Close()
	if err := s.WritePlot(ctx, f, ".png", "Dawson", 0, 60, "title=Dawson's Kayles"); err != nil {
		panic(err)
	}
	j, _ := gamelang.JSON(o)
	fmt.Printf("%s %s\n%s\n", g, o, j)
}
`

// TestProgramOutsideTheModule writes program into a module of its own
// that requires gamelang (replaced by this tree), and runs it with go run:
// the public package is all an embedder needs. The answers are checked
// against brute forces written here.
func TestProgramOutsideTheModule(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program (slow)")
	}
	root, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	// the requirements are this tree's, as go mod tidy would write them
	// (tidy itself would look up the whole module graph on the network)
	own, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	_, reqs, _ := strings.Cut(string(own), "\nrequire")
	gomod := fmt.Sprintf("module example.com/games\n\ngo 1.26\n\nrequire github.com/gamelang/gamelang v0.0.0\n\nreplace github.com/gamelang/gamelang => %s\n\nrequire%s", root, reqs)
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	for name, text := range map[string]string{"go.mod": gomod, "go.sum": string(sum), "main.go": program} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on the PATH")
	}
	run := func(args ...string) string {
		cmd := exec.Command(gobin, args...)
		cmd.Dir = dir
		// the modules come from the cache this tree was built with
		cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off", "GOWORK=off")
		var out, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &stderr
		if err := cmd.Run(); err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
		}
		return out.String()
	}
	got := run("run", ".")
	want := fmt.Sprintf("%d %s\n{\"type\":\"outcome\",\"value\":\"%[2]s\",\"text\":\"%[2]s\"}\n", dawson(100), misereDawson(7, 4))
	if got != want {
		t.Errorf("the program printed\n%s\nwant\n%s", got, want)
	}
	f, err := os.Open(filepath.Join(dir, "dawson.png"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("dawson.png: %v", err)
	}
	if b := img.Bounds(); b.Dx() < 100 || b.Dy() < 100 {
		t.Errorf("dawson.png is %v", b)
	}
}

// dawson is g(n) of Dawson's Kayles (take two adjacent, splitting the
// row), by the mex rule.
func dawson(n int) int {
	g := make([]int, n+1)
	for m := 2; m <= n; m++ {
		seen := map[int]bool{}
		for a := 0; a <= m-2; a++ {
			seen[g[a]^g[m-2-a]] = true
		}
		for seen[g[m]] {
			g[m]++
		}
	}
	return g[n]
}

// misereDawson is the misère outcome of a sum of two rows of Dawson's
// Kayles, by search over the multisets of rows: whoever cannot move wins.
func misereDawson(a, b int) string {
	memo := map[string]bool{}
	var wins func(rows []int) bool // the player to move wins
	wins = func(rows []int) bool {
		key := fmt.Sprint(rows)
		if w, ok := memo[key]; ok {
			return w
		}
		win, moved := false, false
		for i, r := range rows {
			for x := 0; x+2 <= r && !win; x++ {
				moved = true
				next := append(append([]int{}, rows[:i]...), rows[i+1:]...)
				for _, part := range []int{x, r - 2 - x} {
					if part > 0 {
						next = append(next, part)
					}
				}
				sortInts(next)
				win = !wins(next)
			}
		}
		if !moved {
			win = true // no move: under misère play the player to move has won
		}
		memo[key] = win
		return win
	}
	if wins([]int{a, b}) {
		return "N"
	}
	return "P"
}

func sortInts(xs []int) {
	for i := 1; i < len(xs); i++ {
		for j := i; j > 0 && xs[j] < xs[j-1]; j-- {
			xs[j], xs[j-1] = xs[j-1], xs[j]
		}
	}
}
