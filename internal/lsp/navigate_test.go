package lsp

import (
	"slices"
	"strings"
	"testing"
)

// open starts a server, initializes it and opens text, returning the
// client and the document's first diagnostics.
func open(t *testing.T, uri, text string) (*client, []any) {
	c := start(t)
	c.call("initialize", map[string]any{"processId": nil, "capabilities": map[string]any{}})
	c.send("initialized", map[string]any{}, false)
	c.send("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "languageId": "gamelang", "version": 1, "text": text}}, false)
	return c, c.diagnostics()
}

func (c *client) change(uri, text string) []any {
	c.send("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": uri}, "contentChanges": []any{map[string]any{"text": text}}}, false)
	return c.diagnostics()
}

func (c *client) close() {
	c.call("shutdown", nil)
	c.send("exit", nil, false)
	if err := <-c.done; err != nil {
		c.t.Errorf("the server ended with %v", err)
	}
}

// lines lists each diagnostic as line:character message.
func lines(diags []any) []string {
	var out []string
	for _, d := range diags {
		d := d.(map[string]any)
		start := d["range"].(map[string]any)["start"].(map[string]any)
		out = append(out, strings.Join([]string{itoa(start["line"]), ":", itoa(start["character"]), " ", d["message"].(string)}, ""))
	}
	return out
}

func itoa(v any) string { return strings.TrimSuffix(asJSON(v), ".0") }

// A typo on one line blinds nothing else: every syntax error and the check
// errors of the statements that parse are diagnosed, and hover,
// completion, definition and symbols still answer from the rest — for the
// game being typed, from the last version that parsed.
func TestSurvivesATypo(t *testing.T) {
	const uri = "file:///work/t.game"
	good := "game Kayles { take 1..2 split }\nlet n = 5\ngrundy(Kayles(n))\n"
	c, diags := open(t, uri, good)
	if len(diags) != 0 {
		t.Fatalf("the good text: %v", diags)
	}
	broken := "game Kayles { take 1..2 split\nlet n = 5\ngrundy(Kayles(n)\ngrundy(Kaylse(3))\ngame Moves { take }\n"
	got := lines(c.change(uri, broken))
	want := []string{
		`1:0 syntax error: unexpected "let" (expected "}" to close the "{" at 1:13)`,
		`2:16 syntax error: unexpected end of input (expected ")")`,
		`3:7 unknown name Kaylse (did you mean Kayles?)`,
		`4:18 syntax error: unexpected "}" (expected expression)`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("diagnostics\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	res, _ := c.call("textDocument/hover", at(uri, 2, 8)) // Kayles, whose game does not parse now
	if v := asJSON(res); !strings.Contains(v, "take 1..2 split") || !strings.Contains(v, "does not parse now") {
		t.Errorf("hover on Kayles: %s", v)
	}
	res, _ = c.call("textDocument/hover", at(uri, 1, 4)) // n, whose let parses
	if v := asJSON(res); !strings.Contains(v, "let n = 5") {
		t.Errorf("hover on n: %s", v)
	}
	res, _ = c.call("textDocument/definition", at(uri, 2, 8))
	if got, want := asJSON(res), asJSON(location{URI: uri, Range: rangeT{position{0, 5}, position{0, 11}}}); got != want {
		t.Errorf("definition of Kayles\n got %s\nwant %s", got, want)
	}
	res, _ = c.call("textDocument/completion", at(uri, 3, 8)) // after "Ka"
	var labels []string
	for _, it := range res.([]any) {
		labels = append(labels, it.(map[string]any)["label"].(string))
	}
	if !slices.Contains(labels, "Kayles") {
		t.Errorf("completion of Ka: %v", labels)
	}
	res, _ = c.call("textDocument/documentSymbol", map[string]any{"textDocument": map[string]any{"uri": uri}})
	var names []string
	for _, s := range res.([]any) {
		names = append(names, s.(map[string]any)["name"].(string))
	}
	if strings.Join(names, " ") != "Kayles n Moves" {
		t.Errorf("symbols %v, want Kayles n Moves", names)
	}
	// a rename would miss the names inside the statements that do not parse
	if _, e := c.call("textDocument/rename", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": pos(1, 4), "newName": "size"}); e == nil || !strings.Contains(e["message"].(string), "syntax errors") {
		t.Errorf("rename in a file with syntax errors: %v", e)
	}
	c.close()
}

// References and rename find a definition's uses as the check pass
// resolves them: not a parameter of the same name, not a word inside a
// string or comment.
func TestReferencesAndRename(t *testing.T) {
	const uri = "file:///work/r.game"
	text := "let m = 3\ngame G(m) { take 1..m }   # m\ngame H { take 1..m }\nprint(\"m\", grundy(G(m), 0..m))\n"
	c, diags := open(t, uri, text)
	if len(diags) != 0 {
		t.Fatalf("diagnostics: %v", diags)
	}
	res, _ := c.call("textDocument/references", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": pos(0, 4), "context": map[string]any{"includeDeclaration": true}})
	var spans []string
	for _, l := range res.([]any) {
		r := l.(map[string]any)["range"].(map[string]any)["start"].(map[string]any)
		spans = append(spans, itoa(r["line"])+":"+itoa(r["character"]))
	}
	// the let, H's rule, the argument of G and the range's end; not G's
	// parameter or its uses, not the comment or the string
	if want := "0:4 2:17 3:20 3:27"; strings.Join(spans, " ") != want {
		t.Errorf("references of m: %v, want %s", spans, want)
	}
	res, e := c.call("textDocument/rename", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": pos(3, 28), "newName": "size"})
	if e != nil {
		t.Fatalf("rename: %v", e)
	}
	edits := res.(map[string]any)["changes"].(map[string]any)[uri].([]any)
	if len(edits) != 4 {
		t.Errorf("rename edits: %s", asJSON(edits))
	}
	for _, bad := range []struct{ to, why string }{
		{"k2 x", "is not a name"},
		{"take", "is not a name"},
		{"grundy", "a word of the language"},
		{"H", "already defined at line 3"},
	} {
		if _, e := c.call("textDocument/rename", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": pos(0, 4), "newName": bad.to}); e == nil || !strings.Contains(e["message"].(string), bad.why) {
			t.Errorf("rename to %q: %v, want %q", bad.to, e, bad.why)
		}
	}
	// H's rule would be captured by a parameter named like the new name
	c.change(uri, "let m = 3\ngame H(k) { take 1..m+k }\ngrundy(H(1))\n")
	if _, e := c.call("textDocument/rename", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": pos(0, 4), "newName": "k"}); e == nil || !strings.Contains(e["message"].(string), "would change what a name refers to") {
		t.Errorf("a captured rename: %v", e)
	}
	if _, e := c.call("textDocument/rename", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": pos(2, 1), "newName": "g"}); e == nil || !strings.Contains(e["message"].(string), "only a name this file defines") {
		t.Errorf("renaming a builtin: %v", e)
	}
	c.close()
}

// Signature help names the call the cursor is in and the argument it is
// at, for builtins (each of their forms) and the file's own games.
func TestSignatureHelp(t *testing.T) {
	const uri = "file:///work/s.game"
	text := "game G(a, b) { take 1..a+b }\ngrundy(G(1, 2), 0..5)\nplot(G(1, 2), 0..9, \"x.png\")\n"
	c, _ := open(t, uri, text)
	for _, tt := range []struct {
		line, char int
		want       string // label of the active signature, and the active parameter
	}{
		{1, 7, "grundy(P) 0"},
		{1, 16, "grundy(G, a..b) 1"},
		{1, 11, "G(a, b) 1"},
		{2, 22, `plot(G, a..b, "file.png") 2`},
	} {
		res, _ := c.call("textDocument/signatureHelp", at(uri, tt.line, tt.char))
		m, ok := res.(map[string]any)
		if !ok {
			t.Errorf("%d:%d: %v", tt.line, tt.char, res)
			continue
		}
		sigs := m["signatures"].([]any)
		active := sigs[int(m["activeSignature"].(float64))].(map[string]any)["label"].(string)
		if got := active + " " + itoa(m["activeParameter"]); got != tt.want {
			t.Errorf("%d:%d: %s, want %s", tt.line, tt.char, got, tt.want)
		}
	}
	if res, _ := c.call("textDocument/signatureHelp", at(uri, 0, 3)); res != nil {
		t.Errorf("outside a call: %v", res)
	}
	c.close()
}

// Semantic tokens colour each name by what the check pass says it is.
func TestSemanticTokens(t *testing.T) {
	const uri = "file:///work/c.game"
	text := "game G(k) { take 1..k entailing }  # €\nlet f(x) = x + 1\nprint(grundy(G(f(2)), misere), Nim(3))\n"
	c, _ := open(t, uri, text)
	res, _ := c.call("textDocument/semanticTokens/full", map[string]any{"textDocument": map[string]any{"uri": uri}})
	data := res.(map[string]any)["data"].([]any)
	var got []string
	line, char := 0, 0
	lines := strings.Split(text, "\n")
	for i := 0; i+4 < len(data); i += 5 {
		dl, dc, n := int(data[i].(float64)), int(data[i+1].(float64)), int(data[i+2].(float64))
		if dl > 0 {
			line, char = line+dl, dc
		} else {
			char += dc
		}
		units := utf16Units(lines[line])
		word := string(units[char : char+n])
		typ := tokenTypes[int(data[i+3].(float64))]
		if m := int(data[i+4].(float64)); m&modDeclaration != 0 {
			typ += "+decl"
		} else if m&modDefaultLibrary != 0 {
			typ += "+lib"
		}
		got = append(got, word+"="+typ)
	}
	want := "game=keyword G=type+decl k=variable take=keyword 1=number ..=operator k=variable entailing=keyword # €=comment " +
		"let=keyword f=function+decl x=variable x=variable +=operator 1=number " +
		"print=function+lib grundy=function+lib G=type f=function 2=number misere=enumMember+lib Nim=type+lib 3=number"
	if strings.Join(got, " ") != want {
		t.Errorf("tokens\n%s\nwant\n%s", strings.Join(got, " "), want)
	}
	c.close()
}
