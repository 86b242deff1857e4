package docs_test

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
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
