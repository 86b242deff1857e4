package lsp

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/gamelang/gamelang"
	"github.com/gamelang/gamelang/internal/vocab"
	"github.com/gamelang/gamelang/lang"
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

// The VS Code grammar, run as VS Code runs it (vscode-textmate over
// Oniguruma, editors/vscode/test/scopes.js), scopes every token of every
// example and of the tutorial's sessions as gamelang's own lexer reads it:
// game names as types, keywords and operators as keywords, the play
// conventions and outcomes as constants, numbers, strings and comments.
// It needs Node.js and `npm ci` in editors/vscode (.ci/run does both).
func TestTextMateScopesEveryExample(t *testing.T) {
	dir := vscodeModules(t)
	files := grammarCorpus(t)
	in, err := json.Marshal(files)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("node", "test/scopes.js")
	cmd.Dir = dir
	cmd.Stdin = bytes.NewReader(in)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node test/scopes.js: %v\n%s", err, stderr.Bytes())
	}
	var scoped [][][]struct {
		Start, End int
		Scopes     []string
	}
	if err := json.Unmarshal(out, &scoped); err != nil || len(scoped) != len(files) {
		t.Fatalf("scopes.js answered %d files for %d (%v)", len(scoped), len(files), err)
	}
	conventions := map[string]bool{"P": true, "N": true, "D": true, "true": true, "false": true}
	for _, c := range gamelang.NewSession(gamelang.Options{}).Conventions() {
		conventions[c.Name] = true
	}
	seen := map[string]int{}
	for i, f := range files {
		lines := strings.Split(f.Text, "\n")
		toks := lang.Tokens(f.Name, f.Text)
		for j, tok := range toks {
			want, what := "", ""
			switch {
			case tok.Kind == lang.TokKeyword || tok.Kind == lang.TokOperator:
				want, what = "keyword.", "keyword"
			case tok.Kind == lang.TokNumber:
				want, what = "constant.numeric.", "number"
			case tok.Kind == lang.TokString:
				want, what = "string.quoted.", "string"
			case tok.Kind == lang.TokComment:
				want, what = "comment.line.", "comment"
			case tok.Kind == lang.TokName && j > 0 && toks[j-1].Text == "game":
				want, what = "entity.name.type.", "game name"
			case tok.Kind == lang.TokName && conventions[tok.Text]:
				want, what = "constant.language.", tok.Text
			case tok.Kind == lang.TokName:
				want, what = "", "name"
			default:
				continue
			}
			seen[what]++
			line := lines[tok.Pos.Line-1]
			col := utf16Len(line[:tok.Pos.Column-1])
			scopes := scopesAt(scoped[i][tok.Pos.Line-1], col)
			if want == "" { // a plain name is neither keyword, constant nor number
				for _, s := range scopes {
					if strings.HasPrefix(s, "keyword.") || strings.HasPrefix(s, "constant.") || strings.HasPrefix(s, "entity.name.type.") {
						t.Errorf("%s: the name %s is scoped %s", tok.Pos, tok.Text, s)
					}
				}
				continue
			}
			if !slices.ContainsFunc(scopes, func(s string) bool { return strings.HasPrefix(s, want) }) {
				t.Errorf("%s: %s %q is scoped %v, not %s*", tok.Pos, what, tok.Text, scopes, want)
			}
		}
	}
	for _, what := range []string{"keyword", "number", "string", "comment", "game name", "name", "P", "N", "normal", "misere", "loopy", "entailing"} {
		if seen[what] == 0 {
			t.Errorf("no %s in the examples and the tutorial: the test shows nothing of it", what)
		}
	}
	t.Logf("%d files; tokens checked: %v", len(files), seen)
}

// source is a file to tokenize.
type source struct {
	Name string `json:"name"`
	Text string `json:"text"`
}

// grammarCorpus is every example script and every line typed in the
// tutorial's sessions.
func grammarCorpus(t *testing.T) []source {
	var files []source
	names, err := filepath.Glob("../../examples/*.game")
	if err != nil || len(names) < 10 {
		t.Fatalf("examples: %v %v", names, err)
	}
	for _, name := range names {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, source{filepath.Base(name), string(b)})
	}
	tut, err := os.ReadFile("../../docs/tutorial.md")
	if err != nil {
		t.Fatal(err)
	}
	var typed []string
	for _, line := range strings.Split(string(tut), "\n") {
		if rest, ok := strings.CutPrefix(line, "gamelang> "); ok {
			typed = append(typed, rest)
		}
	}
	if len(typed) < 20 {
		t.Fatalf("only %d lines typed in the tutorial", len(typed))
	}
	return append(files, source{"tutorial.md", strings.Join(typed, "\n")})
}

// scopesAt returns the scopes of the token holding column col.
func scopesAt(line []struct {
	Start, End int
	Scopes     []string
}, col int) []string {
	for _, tok := range line {
		if tok.Start <= col && col < tok.End {
			return tok.Scopes
		}
	}
	return nil
}

// vscodeModules returns editors/vscode once its npm packages are
// installed; without Node.js or them the test is skipped, except in CI.
func vscodeModules(t *testing.T) string {
	dir, err := filepath.Abs("../../editors/vscode")
	if err != nil {
		t.Fatal(err)
	}
	_, errNode := exec.LookPath("node")
	_, errMods := os.Stat(filepath.Join(dir, "node_modules", "vscode-textmate"))
	if errNode != nil || errMods != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("CI has no node or no editors/vscode/node_modules (.ci/run runs npm ci there)")
		}
		t.Skip("no node, or npm ci not run in editors/vscode")
	}
	return dir
}

// `vsce package` makes the extension without a warning: a bundle of the
// client (esbuild, npm run build) and the files the extension needs, no
// more.
func TestVSCodePackage(t *testing.T) {
	src := vscodeModules(t)
	if testing.Short() {
		t.Skip("packs the extension: slow")
	}
	dir := t.TempDir()
	entries, err := os.ReadDir(src)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries { // a copy, so that the build writes nothing in the tree
		switch name := e.Name(); {
		case name == "node_modules":
			if err := os.Symlink(filepath.Join(src, name), filepath.Join(dir, name)); err != nil {
				t.Fatal(err)
			}
		case name == "dist" || strings.HasSuffix(name, ".vsix"):
		case e.IsDir():
			if err := os.CopyFS(filepath.Join(dir, name), os.DirFS(filepath.Join(src, name))); err != nil {
				t.Fatal(err)
			}
		default:
			b, err := os.ReadFile(filepath.Join(src, name))
			if err == nil {
				err = os.WriteFile(filepath.Join(dir, name), b, 0o644)
			}
			if err != nil {
				t.Fatal(err)
			}
		}
	}
	vsix := filepath.Join(t.TempDir(), "gamelang.vsix")
	cmd := exec.Command("node", filepath.Join("node_modules", "@vscode", "vsce", "vsce"), "package", "--out", vsix)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("vsce package: %v\n%s", err, out)
	}
	if bytes.Contains(bytes.ToUpper(out), []byte("WARNING")) {
		t.Errorf("vsce package warns:\n%s", out)
	}
	z, err := zip.OpenReader(vsix)
	if err != nil {
		t.Fatal(err)
	}
	defer z.Close()
	var got []string
	for _, f := range z.File {
		if strings.HasPrefix(f.Name, "extension/") {
			got = append(got, strings.TrimPrefix(f.Name, "extension/"))
		}
	}
	want := []string{"LICENSE.txt", "dist/extension.js", "language-configuration.json", "package.json", "syntaxes/gamelang.tmLanguage.json"}
	if !sameWords(got, want) {
		t.Errorf("the package holds %v, want %v", got, want)
	}
	bundle, err := os.ReadFile(filepath.Join(dir, "dist", "extension.js"))
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(bundle, []byte(`require("vscode-languageclient`)) || !bytes.Contains(bundle, []byte(`require("vscode")`)) {
		t.Error("the bundle does not hold the language client, or holds VS Code's own module")
	}
}
