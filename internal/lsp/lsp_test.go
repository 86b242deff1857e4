package lsp

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/gamelang/gamelang/lang"
)

// client drives a server over pipes, as an editor does.
type client struct {
	t    *testing.T
	in   *io.PipeWriter
	out  *conn
	done chan error
	id   int
}

func start(t *testing.T) *client {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	c := &client{t: t, in: inW, out: &conn{r: bufio.NewReader(outR)}, done: make(chan error, 1)}
	go func() {
		err := Serve(inR, outW, io.Discard)
		outW.Close()
		c.done <- err
	}()
	return c
}

func (c *client) send(method string, params any, request bool) {
	c.t.Helper()
	m := map[string]any{"jsonrpc": "2.0", "method": method}
	if params != nil {
		m["params"] = params
	}
	if request {
		c.id++
		m["id"] = c.id
	}
	body, _ := json.Marshal(m)
	if _, err := fmt.Fprintf(c.in, "Content-Length: %d\r\n\r\n%s", len(body), body); err != nil {
		c.t.Fatal(err)
	}
}

// next reads the next message from the server.
func (c *client) next() map[string]any {
	c.t.Helper()
	body, err := c.out.read()
	if err != nil {
		c.t.Fatalf("reading the server: %v", err)
	}
	var m map[string]any
	if err := json.Unmarshal(body, &m); err != nil {
		c.t.Fatal(err)
	}
	return m
}

// call sends a request and returns its result (or error), checking the id.
func (c *client) call(method string, params any) (result any, rpcErr map[string]any) {
	c.t.Helper()
	c.send(method, params, true)
	m := c.next()
	if id, _ := m["id"].(float64); int(id) != c.id {
		c.t.Fatalf("%s: the answer has id %v, not %d: %v", method, m["id"], c.id, m)
	}
	e, _ := m["error"].(map[string]any)
	return m["result"], e
}

// diagnostics reads the publishDiagnostics notification an open or change
// sends.
func (c *client) diagnostics() []any {
	c.t.Helper()
	m := c.next()
	if m["method"] != "textDocument/publishDiagnostics" {
		c.t.Fatalf("expected diagnostics, got %v", m)
	}
	return m["params"].(map[string]any)["diagnostics"].([]any)
}

func pos(line, char int) map[string]any { return map[string]any{"line": line, "character": char} }

func at(uri string, line, char int) map[string]any {
	return map[string]any{"textDocument": map[string]any{"uri": uri}, "position": pos(line, char)}
}

// asJSON writes v as JSON with its keys sorted, for comparing shapes.
func asJSON(v any) string {
	b, _ := json.Marshal(v)
	var generic any
	json.Unmarshal(b, &generic)
	b, _ = json.Marshal(generic)
	return string(b)
}

// TestSession is an editor's session: initialize, open a script with an
// error, see the diagnostic over the right characters (after a string with
// characters outside ASCII, counted in UTF-16 as the protocol says), fix
// it, hover, complete, go to a definition, list symbols, format, shut down.
func TestSession(t *testing.T) {
	c := start(t)
	res, _ := c.call("initialize", map[string]any{"processId": nil, "capabilities": map[string]any{}})
	caps := res.(map[string]any)["capabilities"].(map[string]any)
	for _, k := range []string{"hoverProvider", "completionProvider", "definitionProvider", "documentSymbolProvider", "documentFormattingProvider"} {
		if caps[k] == nil {
			t.Errorf("initialize does not offer %s: %v", k, caps)
		}
	}
	c.send("initialized", map[string]any{}, false)

	const uri = "file:///work/w.game"
	text := "game W state (a, b) {\n    move (a - k, b) for k in 1..a\n}\nprint(\"€𝄞\", grundy(W(3, 4)) + nosuch)\n"
	c.send("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "languageId": "gamelang", "version": 1, "text": text}}, false)
	diags := c.diagnostics()
	// "nosuch" starts after print("€𝄞", ... : € is one UTF-16 unit, 𝄞 two.
	want := `[{"message":"unknown name nosuch","range":{"end":{"character":37,"line":3},"start":{"character":31,"line":3}},"severity":1,"source":"gamelang"}]`
	if got := asJSON(diags); got != want {
		t.Errorf("diagnostics\n got %s\nwant %s", got, want)
	}
	if line := strings.Split(text, "\n")[3]; !strings.HasPrefix(string(utf16Units(line)[31:37]), "nosuch") {
		t.Fatalf("the test's own count is wrong: %q", line)
	}

	fixed := strings.Replace(text, " + nosuch", "", 1)
	c.send("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": uri, "version": 2}, "contentChanges": []any{map[string]any{"text": fixed}}}, false)
	if d := c.diagnostics(); len(d) != 0 {
		t.Errorf("after the fix: %v", d)
	}

	res, _ = c.call("textDocument/hover", at(uri, 3, 15)) // grundy
	if v := asJSON(res); !strings.Contains(v, "the nim value of a position") {
		t.Errorf("hover on grundy: %s", v)
	}
	res, _ = c.call("textDocument/hover", at(uri, 3, 20)) // W
	if v := asJSON(res); !strings.Contains(v, `game W state (a, b) {\n    move (a - k, b) for k in 1..a\n}`) || !strings.Contains(v, "defined at line 1") {
		t.Errorf("hover on W: %s", v)
	}
	if res, _ = c.call("textDocument/hover", at(uri, 1, 0)); res != nil {
		t.Errorf("hover on blanks: %v", res)
	}

	res, _ = c.call("textDocument/completion", at(uri, 3, 14)) // after the "g" of grundy
	labels := []string{}
	for _, it := range res.([]any) {
		labels = append(labels, it.(map[string]any)["label"].(string))
	}
	if !strings.Contains(strings.Join(labels, " "), "grundy") || strings.Contains(strings.Join(labels, " "), "outcome") {
		t.Errorf("completion of g: %v", labels)
	}
	res, _ = c.call("textDocument/completion", at(uri, 3, 21)) // just after W
	if first := res.([]any)[0].(map[string]any); first["label"] != "W" || first["kind"].(float64) != kindClass {
		t.Errorf("completing W offers first %v: the file's own game comes first", first)
	}

	res, _ = c.call("textDocument/definition", at(uri, 3, 20))
	if got, want := asJSON(res), asJSON(location{URI: uri, Range: rangeT{position{0, 5}, position{0, 6}}}); got != want {
		t.Errorf("definition of W\n got %s\nwant %s", got, want)
	}

	res, _ = c.call("textDocument/documentSymbol", map[string]any{"textDocument": map[string]any{"uri": uri}})
	if got := asJSON(res); !strings.Contains(got, `"name":"W"`) || !strings.Contains(got, `"kind":5`) {
		t.Errorf("symbols: %s", got)
	}

	messy := "game G {   # c\n  take 1..n-1}\ngrundy(G, 0..5); 1+1\n"
	c.send("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": uri, "version": 3}, "contentChanges": []any{map[string]any{"text": messy}}}, false)
	c.diagnostics()
	res, _ = c.call("textDocument/formatting", map[string]any{"textDocument": map[string]any{"uri": uri}, "options": map[string]any{"tabSize": 4, "insertSpaces": true}})
	tidy, _ := lang.Fmt("w.game", messy)
	if got, want := asJSON(res), asJSON([]textEdit{{Range: rangeT{position{0, 0}, position{3, 0}}, NewText: tidy}}); got != want {
		t.Errorf("formatting\n got %s\nwant %s", got, want)
	}

	if _, e := c.call("textDocument/codeLens", at(uri, 0, 0)); e == nil || e["code"].(float64) != codeMethodNotFound {
		t.Errorf("an unknown method: %v", e)
	}
	c.call("shutdown", nil)
	c.send("exit", nil, false)
	if err := <-c.done; err != nil {
		t.Errorf("the server ended with %v", err)
	}
}

func utf16Units(s string) []rune {
	var out []rune
	for _, r := range s {
		if r > 0xFFFF {
			out = append(out, r, r) // two units
			continue
		}
		out = append(out, r)
	}
	return out
}

// A client that goes away without shutdown ends the server without
// error; garbage between messages is answered with a parse error.
func TestEndsAndBadInput(t *testing.T) {
	c := start(t)
	fmt.Fprintf(c.in, "Content-Length: 5\r\n\r\n{nope")
	if m := c.next(); m["error"].(map[string]any)["code"].(float64) != codeParse {
		t.Errorf("bad JSON: %v", m)
	}
	c.in.Close()
	if err := <-c.done; err != nil {
		t.Errorf("the server ended with %v", err)
	}
}

// A burst of changes is checked once, at its last text: the server
// publishes diagnostics only when no message waits.
func TestBurstOfChangesCheckedOnce(t *testing.T) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan error, 1)
	const uri = "file:///b.game"
	var burst strings.Builder
	write := func(method string, params any) {
		body, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "method": method, "params": params})
		fmt.Fprintf(&burst, "Content-Length: %d\r\n\r\n%s", len(body), body)
	}
	write("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "text": "grundy(Nim(x0))"}})
	for i := 1; i <= 2000; i++ {
		write("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": uri, "version": i + 1},
			"contentChanges": []any{map[string]any{"text": fmt.Sprintf("game G { take 1..3 }\ngrundy(G(x%d))", i)}}})
	}
	// the whole burst is in the pipe's reader before the server starts
	go func() { inW.Write([]byte(burst.String())); inW.Close() }()
	go func() { done <- Serve(inR, outW, io.Discard); outW.Close() }()
	c := &conn{r: bufio.NewReader(outR)}
	var published []string
	for {
		body, err := c.read()
		if err != nil {
			break
		}
		published = append(published, string(body))
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	last := published[len(published)-1]
	if !strings.Contains(last, "unknown name x2000") {
		t.Errorf("the last diagnostics are not the last text's: %s", last)
	}
	// The reader may hand over the burst in several runs: a few checks,
	// never one a change.
	if len(published) > 50 {
		t.Errorf("%d diagnostics published for 2001 texts", len(published))
	}
}

// A message over the size limit is skipped, the next answered; a header
// that cannot be read ends the server with an error, not a panic or an
// allocation of what it announces.
func TestFramingLimits(t *testing.T) {
	c := start(t)
	fmt.Fprintf(c.in, "Content-Length: %d\r\n\r\n", maxBody+1)
	go func() {
		c.in.Write(make([]byte, maxBody+1))
		c.send("shutdown", nil, true)
		// a forged length: skipped as its bytes come, none allocated
		fmt.Fprintf(c.in, "Content-Length: 99999999999999999\r\n\r\n")
		c.in.Close()
	}()
	if m := c.next(); m["id"].(float64) != 1 {
		t.Errorf("after a skipped message: %v", m)
	}
	if err := <-c.done; err != io.ErrUnexpectedEOF {
		t.Errorf("a stream cut inside a message ended the server with %v", err)
	}
	for _, bad := range []string{
		strings.Repeat("x", 10000) + "\r\n\r\n",
		strings.Repeat("A: b\r\n", 40) + "\r\n",
		"Content-Length: -4\r\n\r\n",
		"no colon\r\n\r\n",
		"Content-Type: x\r\n\r\n",
	} {
		var errs strings.Builder
		err := Serve(strings.NewReader(bad), io.Discard, &errs)
		if err == nil || !strings.Contains(err.Error(), "cannot be read") {
			t.Errorf("%.30q: %v", bad, err)
		}
	}
}

// FuzzFraming reads any bytes as a client's stream: nothing panics, and
// no body is longer than the limit.
//
//	go test ./internal/lsp -run '^$' -fuzz FuzzFraming -fuzztime 5m
func FuzzFraming(f *testing.F) {
	f.Add([]byte("Content-Length: 2\r\n\r\n{}"))
	f.Add([]byte("Content-Length: 99999999999\r\n\r\n"))
	f.Add([]byte("content-length:3\n\n[1]Content-Length: 0\r\n\r\n"))
	f.Add([]byte("Content-Length: 52\r\n\r\n{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\"}  "))
	f.Fuzz(func(t *testing.T, b []byte) {
		c := &conn{r: bufio.NewReader(strings.NewReader(string(b)))}
		for range 100 {
			body, err := c.read()
			if err != nil {
				if _, ok := err.(errTooLarge); ok {
					continue
				}
				return
			}
			if len(body) > maxBody {
				t.Fatalf("a body of %d bytes", len(body))
			}
		}
	})
}
