package lsp

import (
	"encoding/json"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/gamelang/gamelang"
	"github.com/gamelang/gamelang/internal/vocab"
)

// The VS Code grammar highlights every keyword of the language and no
// other word as one.
func TestTextMateKeywords(t *testing.T) {
	b, err := os.ReadFile("../../editors/vscode/syntaxes/gamelang.tmLanguage.json")
	if err != nil {
		t.Fatal(err)
	}
	var g struct {
		ScopeName  string
		Repository map[string]struct{ Match string }
	}
	if err := json.Unmarshal(b, &g); err != nil {
		t.Fatalf("the grammar is not JSON: %v", err)
	}
	match := g.Repository["keywords"].Match
	inner := strings.TrimSuffix(strings.TrimPrefix(match, `\b(`), `)\b`)
	words := strings.Split(inner, "|")
	keywords, _, _ := vocab.Lists()
	if !sameWords(words, keywords) {
		t.Errorf("the grammar's keywords %v, the language's %v", words, keywords)
	}
	re := regexp.MustCompile(match)
	for _, kw := range keywords {
		if got := re.FindString("x " + kw + " y"); got != kw {
			t.Errorf("the grammar finds %q in %q", got, "x "+kw+" y")
		}
		if re.MatchString(kw + "x") {
			t.Errorf("the grammar highlights %q inside a longer name", kw)
		}
	}
	pkg, err := os.ReadFile("../../editors/vscode/package.json")
	if err != nil {
		t.Fatal(err)
	}
	if !json.Valid(pkg) || !strings.Contains(string(pkg), `"scopeName": "`+g.ScopeName+`"`) {
		t.Errorf("package.json does not name the grammar's scope %s", g.ScopeName)
	}
}

// The Vim syntax file knows the same keywords.
func TestVimKeywords(t *testing.T) {
	b, err := os.ReadFile("../../editors/vim/syntax/gamelang.vim")
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(b), "\n") {
		if f := strings.Fields(line); len(f) > 3 && f[0] == "syn" && f[1] == "keyword" && f[2] == "gamelangKeyword" {
			if keywords, _, _ := vocab.Lists(); !sameWords(f[3:], keywords) {
				t.Errorf("the Vim keywords %v, the language's %v", f[3:], keywords)
			}
			return
		}
	}
	t.Error("no gamelangKeyword line")
}

func sameWords(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}

// Both grammars scope every play convention and outcome as a constant, and
// the VS Code grammar tries a game's name (game N: a type, not the outcome
// N) before the keywords and constants.
func TestGrammarConstants(t *testing.T) {
	want := []string{"P", "N", "D", "true", "false"}
	for _, c := range gamelang.NewSession(gamelang.Options{}).Conventions() {
		want = append(want, c.Name)
	}
	b, err := os.ReadFile("../../editors/vscode/syntaxes/gamelang.tmLanguage.json")
	if err != nil {
		t.Fatal(err)
	}
	var g struct {
		Patterns   []struct{ Include string }
		Repository map[string]struct{ Match string }
	}
	if err := json.Unmarshal(b, &g); err != nil {
		t.Fatal(err)
	}
	inner := strings.TrimSuffix(strings.TrimPrefix(g.Repository["constants"].Match, `\b(`), `)\b`)
	if words := strings.Split(inner, "|"); !sameWords(words, want) {
		t.Errorf("the grammar's constants %v, the language's %v", words, want)
	}
	order := map[string]int{}
	for i, p := range g.Patterns {
		order[p.Include] = i
	}
	if order["#game-name"] > order["#keywords"] || order["#game-name"] > order["#constants"] {
		t.Errorf("the game's name is tried after the keywords or constants: %v", g.Patterns)
	}
	if re := regexp.MustCompile(g.Repository["numbers"].Match); re.FindString("x = 2e7") != "2e7" {
		t.Errorf("the grammar's numbers miss 2e7")
	}
	vim, err := os.ReadFile("../../editors/vim/syntax/gamelang.vim")
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(vim), "\n") {
		if f := strings.Fields(line); len(f) > 3 && f[0] == "syn" && f[1] == "keyword" && f[2] == "gamelangConstant" {
			if !sameWords(f[3:], want) {
				t.Errorf("the Vim constants %v, the language's %v", f[3:], want)
			}
			return
		}
	}
	t.Error("no gamelangConstant line")
}
