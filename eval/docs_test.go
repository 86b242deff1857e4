package eval_test

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/gamelang/gamelang/eval"
	"github.com/gamelang/gamelang/stdlib"
)

// The language reference documents every builtin function and game.
func TestReferenceDocumentsBuiltins(t *testing.T) {
	t.Parallel() // each owns its session
	src, err := os.ReadFile("../docs/language.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(src)
	for _, b := range eval.FuncDocs() {
		if !regexp.MustCompile("[` ]" + b.Name + "[(` ]").MatchString(doc) {
			t.Errorf("docs/language.md does not document the function %s (%s)", b.Name, b.Usage)
		}
	}
	for _, b := range stdlib.All() {
		if !strings.Contains(doc, "| `"+b.Name) {
			t.Errorf("docs/language.md has no row for the builtin game %s", b.Name)
		}
	}
}
