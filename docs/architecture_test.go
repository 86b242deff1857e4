package docs_test

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// docs/architecture.md is the map of the code: it names every package
// (as **path**), stays short, and names no package that is gone; every
// package says what it is in a package comment (go doc).
func TestArchitectureMapsEveryPackage(t *testing.T) {
	page, err := os.ReadFile("architecture.md")
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(page), "\n"); n > 250 {
		t.Errorf("architecture.md has %d lines; the map keeps to 250, package detail goes to doc.go", n)
	}
	named := map[string]bool{}
	for _, m := range regexp.MustCompile(`\*\*([a-z][a-z0-9/]*)\*\*`).FindAllStringSubmatch(string(page), -1) {
		named[m[1]] = true
	}
	pkgs := map[string]bool{}
	err = filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() && path != ".." && (strings.HasPrefix(name, ".") || name == "testdata" || name == "node_modules") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			return nil
		}
		dir, _ := filepath.Rel("..", filepath.Dir(path))
		dir = filepath.ToSlash(dir)
		if dir == "." {
			dir = "gamelang"
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.PackageClauseOnly|parser.ParseComments)
		if err != nil {
			return err
		}
		if f.Doc != nil {
			pkgs[dir] = true
		} else if !pkgs[dir] {
			pkgs[dir] = false
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for dir, documented := range pkgs {
		if !documented && !strings.HasPrefix(dir, "bench/records/") && !strings.HasPrefix(dir, "web/worker") && dir != "docs" && dir != "examples" && dir != "exercises" {
			t.Errorf("package %s has no package comment", dir)
		}
		if strings.HasPrefix(dir, "bench/") || strings.HasPrefix(dir, "web/") || strings.HasPrefix(dir, "lib/") || strings.HasPrefix(dir, "cmd/gamelang") ||
			dir == "docs" || dir == "examples" || dir == "exercises" {
			continue // under a parent the map names
		}
		if !named[dir] {
			t.Errorf("architecture.md does not name package %s (as **%s**)", dir, dir)
		}
	}
	for name := range named {
		if strings.Contains(name, "/") || name == "lang" {
			if _, ok := pkgs[name]; !ok {
				t.Errorf("architecture.md names **%s**, which is not a package", name)
			}
		}
	}
}

// The pipeline's rooms hold: eval imports no kind, convention or engine,
// not even through another package; check does not link the game library;
// no internal package imports it.
func TestLayersHold(t *testing.T) {
	if testing.Short() {
		t.Skip("go list over the module")
	}
	deps := func(pkg string) []string {
		out, err := exec.Command("go", "list", "-deps", pkg).Output()
		if err != nil {
			t.Fatalf("go list -deps %s: %v", pkg, err)
		}
		return strings.Fields(string(out))
	}
	const mod = "github.com/gamelang/gamelang/"
	for _, d := range deps("../eval") {
		for _, banned := range []string{"play/", "rules/", "octal", "stdlib", "lib"} {
			if strings.HasPrefix(d, mod+banned) {
				t.Errorf("eval depends on %s", d)
			}
		}
	}
	for _, d := range deps("../check") {
		if d == mod+"stdlib" || d == mod+"octal" {
			t.Errorf("check depends on %s", d)
		}
	}
	out, err := exec.Command("go", "list", "-f", `{{.ImportPath}}{{range .Imports}} {{.}}{{end}}`, "../internal/...").Output()
	if err != nil {
		t.Fatalf("go list ../internal/...: %v", err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		if slices.Contains(f[1:], mod+"stdlib") {
			t.Errorf("%s imports stdlib", f[0])
		}
	}
}
