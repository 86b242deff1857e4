package kernel

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/go-zeromq/zmq4"

	_ "github.com/gamelang/gamelang/lib"
)

// client is the test's side of a kernel: a shell, a control and an iopub
// socket, as a Jupyter front end holds them.
type client struct {
	t                            *testing.T
	sign                         signer
	shell, control, iopub, stdin zmq4.Socket
	session                      string
}

// startKernel serves a kernel over ipc in a temporary directory and
// connects a client to it.
func startKernel(t *testing.T) *client {
	t.Helper()
	dir := t.TempDir()
	return serveKernel(t, &Connection{Transport: "ipc", IP: filepath.Join(dir, "k"), ShellPort: 1, IOPubPort: 2, StdinPort: 3, ControlPort: 4, HBPort: 5,
		Key: "a-secret", SignatureScheme: "hmac-sha256"})
}

// serveKernel serves a kernel on conn and connects a client to it.
func serveKernel(t *testing.T, conn *Connection) *client {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- Serve(ctx, conn, os.Stderr, nil) }()
	t.Cleanup(func() {
		cancel()
		<-done
	})
	return serveClient(t, conn)
}

// serveClient connects a client to the kernel on conn, as a front end
// does: its sockets, then a kernel_info_request until iopub carries the
// kernel's status.
func serveClient(t *testing.T, conn *Connection) *client {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	// shell and stdin share an identity, as a front end's do: the kernel's
	// input_request goes to the client whose request it serves
	id := zmq4.WithID(zmq4.SocketIdentity(newID()))
	c := &client{t: t, sign: signer{key: []byte(conn.Key)}, session: newID(),
		shell: zmq4.NewDealer(ctx, zmq4.WithTimeout(time.Minute), id), control: zmq4.NewDealer(ctx), iopub: zmq4.NewSub(ctx),
		stdin: zmq4.NewDealer(ctx, zmq4.WithTimeout(time.Minute), id)}
	for _, s := range []struct {
		sock zmq4.Socket
		port int
	}{{c.shell, conn.ShellPort}, {c.control, conn.ControlPort}, {c.iopub, conn.IOPubPort}, {c.stdin, conn.StdinPort}} {
		if err := s.sock.Dial(conn.endpoint(s.port)); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.sock.Close() })
	}
	if err := c.iopub.SetOption(zmq4.OptionSubscribe, ""); err != nil {
		t.Fatal(err)
	}
	// A subscription takes effect some time after it is made: ask for the
	// kernel's info until iopub carries the status it publishes.
	got := make(chan struct{})
	go func() {
		if _, err := c.iopub.Recv(); err == nil {
			close(got)
		}
	}()
	for i := 0; ; i++ {
		c.send(c.shell, "kernel_info_request", map[string]any{})
		c.recv(c.shell, "kernel_info_reply")
		select {
		case <-got:
			c.drain()
			return c
		case <-time.After(100 * time.Millisecond): // a wait for an event, bounded: the subscription is not yet made
		}
		if i == 100 {
			t.Fatal("iopub carries nothing")
		}
	}
}

// drain reads iopub until the kernel is idle again.
func (c *client) drain() {
	for {
		m := c.next()
		if m.Header.MsgType == "status" && strings.Contains(string(m.Content), "idle") {
			return
		}
	}
}

func (c *client) send(sock zmq4.Socket, typ string, content any) string {
	c.t.Helper()
	m, err := reply(c.session, nil, typ, content)
	if err != nil {
		c.t.Fatal(err)
	}
	frames, err := c.sign.encode(m)
	if err != nil {
		c.t.Fatal(err)
	}
	if err := sock.SendMulti(zmq4.NewMsgFrom(frames...)); err != nil {
		c.t.Fatal(err)
	}
	return m.Header.MsgID
}

func (c *client) recv(sock zmq4.Socket, typ string) *Message {
	c.t.Helper()
	raw, err := sock.Recv()
	if err != nil {
		c.t.Fatal(err)
	}
	m, err := c.sign.decode(raw.Frames)
	if err != nil {
		c.t.Fatal(err)
	}
	if m.Header.MsgType != typ {
		c.t.Fatalf("got %s, want %s: %s", m.Header.MsgType, typ, m.Content)
	}
	return m
}

func (c *client) next() *Message {
	c.t.Helper()
	raw, err := c.iopub.Recv()
	if err != nil {
		c.t.Fatal(err)
	}
	m, err := c.sign.decode(raw.Frames)
	if err != nil {
		c.t.Fatal(err)
	}
	return m
}

// cellCount is the execution count of the last cell run.
func (c *client) cellCount() int {
	c.t.Helper()
	r, _ := c.execute("")
	return int(r["execution_count"].(float64)) - 1 // this empty cell counts too
}

// execute runs code and returns the reply and what iopub carried for it,
// the status messages left out.
func (c *client) execute(code string) (reply map[string]any, out []*Message) {
	c.t.Helper()
	id := c.send(c.shell, "execute_request", map[string]any{"code": code, "silent": false, "store_history": true, "allow_stdin": false})
	r := c.recv(c.shell, "execute_reply")
	if err := json.Unmarshal(r.Content, &reply); err != nil {
		c.t.Fatal(err)
	}
	return reply, c.outputs(id)
}

// outputs is what iopub carried for the request id until the kernel was
// idle again, the status messages left out.
func (c *client) outputs(id string) (out []*Message) {
	c.t.Helper()
	for {
		m := c.next()
		var parent Header
		_ = json.Unmarshal(m.Parent, &parent)
		if parent.MsgID != id {
			continue
		}
		if m.Header.MsgType == "status" {
			if strings.Contains(string(m.Content), "idle") {
				return out
			}
			continue
		}
		out = append(out, m)
	}
}

// TestPlayInACell plays Nim against the kernel: each move asked for with
// an input_request on stdin, answered with an input_reply; a move out of
// range is asked for again; the statement after play() runs when the game
// is over. Without allow_stdin, play() says why it cannot.
func TestPlayInACell(t *testing.T) {
	c := startKernel(t)
	id := c.send(c.shell, "execute_request", map[string]any{"code": "play(Nim(1) + Nim(3))\nprint(\"after\")", "silent": false, "store_history": true, "allow_stdin": true})
	var prompts []string
	for _, answer := range []string{"9", "2", "1"} {
		req := c.recv(c.stdin, "input_request")
		var parent Header
		_ = json.Unmarshal(req.Parent, &parent)
		if parent.MsgID != id {
			t.Fatalf("input_request answers %s, not the cell %s", parent.MsgID, id)
		}
		prompts = append(prompts, content(t, req)["prompt"].(string))
		m, err := reply(c.session, req, "input_reply", map[string]any{"value": answer})
		if err != nil {
			t.Fatal(err)
		}
		frames, err := c.sign.encode(m)
		if err != nil {
			t.Fatal(err)
		}
		if err := c.stdin.SendMulti(zmq4.NewMsgFrom(frames...)); err != nil {
			t.Fatal(err)
		}
	}
	r := c.recv(c.shell, "execute_reply")
	if st := content(t, r)["status"]; st != "ok" {
		t.Fatalf("the cell: %s", r.Content)
	}
	var text strings.Builder
	for _, m := range c.outputs(id) {
		if m.Header.MsgType == "stream" {
			text.WriteString(content(t, m)["text"].(string))
		}
	}
	// Nim(1) + Nim(3) has value 2: the winning move is Nim(3) -> Nim(1)
	// (3.); "2." (Nim(3) -> Nim(2)) is not, and the solver wins from there.
	got := text.String()
	for _, want := range []string{"Your move:", "Type the number of a move, 1 to 4", "Not a winning move", "I move:", "after\n"} {
		if !strings.Contains(got, want) {
			t.Errorf("the game's text lacks %q:\n%s", want, got)
		}
	}
	if len(prompts) != 3 || prompts[0] != "your move: " {
		t.Errorf("prompts %q", prompts)
	}
	r2, out := c.execute("play(Nim(3))")
	if r2["status"] != "error" || !strings.Contains(fmt.Sprint(r2["evalue"]), "allow_stdin is false") {
		t.Errorf("play without stdin: %v %v", r2, out)
	}
}

func content(t *testing.T, m *Message) map[string]any {
	var v map[string]any
	if err := json.Unmarshal(m.Content, &v); err != nil {
		t.Fatal(err)
	}
	return v
}

func TestKernelSession(t *testing.T) {
	c := startKernel(t)
	t.Chdir(t.TempDir()) // plot() writes its file here

	// Definitions in one cell, questions in the next; print() is a stream,
	// every answer a display with its text and its JSON, the cell's last
	// its execute_result (Out[n]).
	if r, _ := c.execute("game S { take {1, 3, 4} }"); r["status"] != "ok" {
		t.Fatalf("definition: %v", r)
	}
	r, out := c.execute("print(\"values:\")\ngrundy(S, 0..9)\noutcome(S(2) + S(7))")
	if r["status"] != "ok" || r["execution_count"] != 2.0 {
		t.Fatalf("reply %v", r)
	}
	var kinds []string
	for _, m := range out {
		kinds = append(kinds, m.Header.MsgType)
	}
	if got := strings.Join(kinds, " "); got != "execute_input stream display_data execute_result" {
		t.Fatalf("messages: %s", got)
	}
	if n := content(t, out[3])["execution_count"]; n != 2.0 {
		t.Errorf("execute_result's execution_count %v, want 2", n)
	}
	if s := content(t, out[1]); s["text"] != "values:\n" || s["name"] != "stdout" {
		t.Errorf("stream %v", s)
	}
	want := bruteSubtraction([]int{1, 3, 4}, 10)
	data := content(t, out[2])["data"].(map[string]any)
	if data["text/plain"] != want {
		t.Errorf("grundy(S, 0..9) = %v, want %s", data["text/plain"], want)
	}
	j, _ := data["application/json"].(map[string]any)
	if j["type"] != "sequence" || j["text"] != want {
		t.Errorf("application/json %v", data["application/json"])
	}
	g2, g7 := bruteSubtractionValue([]int{1, 3, 4}, 2), bruteSubtractionValue([]int{1, 3, 4}, 7)
	wantOutcome := "N"
	if g2 == g7 {
		wantOutcome = "P"
	}
	if got := content(t, out[3])["data"].(map[string]any)["text/plain"]; got != wantOutcome {
		t.Errorf("outcome = %v, want %s", got, wantOutcome)
	}

	// A table shows as HTML (and LaTeX); a plot as PNG and SVG.
	_, out = c.execute("table(S, 0..19)\nplot(S, 0..30, \"s.png\", \"width=8cm; height=5cm; dpi=72\")")
	tbl := content(t, out[1])["data"].(map[string]any)
	if h, _ := tbl["text/html"].(string); !strings.Contains(h, "<table") || !strings.Contains(h, "<td style=\"text-align:right\">3</td>") {
		t.Errorf("table's HTML: %.300s", h)
	}
	if l, _ := tbl["text/latex"].(string); !strings.Contains(l, "\\toprule") {
		t.Errorf("table's LaTeX: %.300s", l)
	}
	pic := content(t, out[2])["data"].(map[string]any)
	raw, err := base64.StdEncoding.DecodeString(fmt.Sprint(pic["image/png"]))
	if err != nil {
		t.Fatalf("image/png: %v", err)
	}
	img, err := png.Decode(strings.NewReader(string(raw)))
	if err != nil || img.Bounds().Dx() < 100 {
		t.Fatalf("image/png is not a picture: %v", err)
	}
	if s, _ := pic["image/svg+xml"].(string); !strings.Contains(s, "<svg") {
		t.Errorf("image/svg+xml: %.100s", s)
	}
	if _, err := os.Stat("s.png"); err != nil {
		t.Errorf("plot() wrote no file: %v", err)
	}

	// An error names the cell, its line and column.
	r, out = c.execute("let x = 1\ngrundy(S(x +))")
	if r["status"] != "error" || !strings.HasPrefix(fmt.Sprint(r["evalue"]), "In[4]:2:13:") {
		t.Errorf("error reply %v", r)
	}
	if len(out) != 2 || out[1].Header.MsgType != "error" {
		t.Errorf("no error on iopub: %v", out)
	}

	// Completion and inspection, from the prompt's words and help.
	c.send(c.shell, "complete_request", map[string]any{"code": "grundy(Kay", "cursor_pos": 10})
	comp := content(t, c.recv(c.shell, "complete_reply"))
	if fmt.Sprint(comp["matches"]) != "[Kayles]" || comp["cursor_start"] != 7.0 {
		t.Errorf("complete %v", comp)
	}
	c.drain()
	for code, want := range map[string]string{":he": "[:help]", ":": "[:help :info :set]", "  :i": "[:info]", ":help Kay": "[Kayles]"} {
		c.send(c.shell, "complete_request", map[string]any{"code": code, "cursor_pos": len(code)})
		comp := content(t, c.recv(c.shell, "complete_reply"))
		if fmt.Sprint(comp["matches"]) != want {
			t.Errorf("complete %q: %v, want %s", code, comp["matches"], want)
		}
		c.drain()
	}
	c.send(c.shell, "inspect_request", map[string]any{"code": "outcome(S(3))", "cursor_pos": 9, "detail_level": 0})
	insp := content(t, c.recv(c.shell, "inspect_reply"))
	if text := fmt.Sprint(insp["data"].(map[string]any)["text/plain"]); insp["found"] != true || !strings.Contains(text, "take {1, 3, 4}") {
		t.Errorf("inspect %v", insp)
	}
	c.drain()
	c.send(c.shell, "is_complete_request", map[string]any{"code": "game G {"})
	if ic := content(t, c.recv(c.shell, "is_complete_reply")); ic["status"] != "incomplete" {
		t.Errorf("is_complete %v", ic)
	}
	c.drain()

	// An interrupt on the control channel stops a long computation; the
	// session goes on.
	c.execute(":set max-states 200000000")
	id := c.send(c.shell, "execute_request", map[string]any{"code": "grundy(GrundysGame(10^8))", "silent": false})
	for {
		m := c.next()
		var parent Header
		_ = json.Unmarshal(m.Parent, &parent)
		if parent.MsgID == id && m.Header.MsgType == "execute_input" {
			break
		}
	}
	start := time.Now()
	c.send(c.control, "interrupt_request", map[string]any{})
	c.recv(c.control, "interrupt_reply")
	r = content(t, c.recv(c.shell, "execute_reply"))
	t.Logf("interrupted in %v", time.Since(start))
	if r["status"] != "error" || r["ename"] != "Interrupted" {
		t.Errorf("interrupted cell: %v", r)
	}
	c.drain()
	if _, out := c.execute("grundy(S(4))"); content(t, out[1])["data"].(map[string]any)["text/plain"] != fmt.Sprint(bruteSubtractionValue([]int{1, 3, 4}, 4)) {
		t.Errorf("after the interrupt: %v", content(t, out[1]))
	}

	// The history: the cells run, in order, by tail, range and search.
	hist := func(req map[string]any) string {
		c.send(c.shell, "history_request", req)
		h := content(t, c.recv(c.shell, "history_reply"))
		c.drain()
		var lines []string
		for _, e := range h["history"].([]any) {
			e := e.([]any)
			lines = append(lines, fmt.Sprintf("%v:%v", e[1], e[2]))
		}
		return strings.Join(lines, " | ")
	}
	if got := hist(map[string]any{"hist_access_type": "tail", "n": 2, "output": false, "raw": true}); !strings.HasSuffix(got, ":grundy(GrundysGame(10^8)) | "+fmt.Sprint(c.cellCount())+":grundy(S(4))") || strings.Count(got, "|") != 1 {
		t.Errorf("history tail: %s", got)
	}
	if got := hist(map[string]any{"hist_access_type": "range", "session": 0, "start": 1, "stop": 2, "output": false, "raw": true}); got != "1:game S { take {1, 3, 4} }" {
		t.Errorf("history range: %s", got)
	}
	if got := hist(map[string]any{"hist_access_type": "search", "pattern": "grundy(S(*", "output": false, "raw": true}); !strings.HasSuffix(got, ":grundy(S(4))") {
		t.Errorf("history search: %s", got)
	}

	// A message with a wrong signature is dropped, not answered.
	bad := signer{key: []byte("wrong")}
	m, _ := reply(c.session, nil, "kernel_info_request", map[string]any{})
	frames, _ := bad.encode(m)
	if err := c.shell.SendMulti(zmq4.NewMsgFrom(frames...)); err != nil {
		t.Fatal(err)
	}
	c.send(c.shell, "kernel_info_request", map[string]any{})
	info := content(t, c.recv(c.shell, "kernel_info_reply"))
	if info["protocol_version"] != protocolVersion || info["language_info"].(map[string]any)["file_extension"] != ".game" {
		t.Errorf("kernel info %v", info)
	}
}

// bruteSubtraction writes the Grundy values of the subtraction game s
// for heaps 0..n-1 as grundy(G, a..b) prints them.
func bruteSubtraction(s []int, n int) string {
	var parts []string
	for h := range n {
		parts = append(parts, fmt.Sprint(bruteSubtractionValue(s, h)))
	}
	return strings.Join(parts, " ")
}

func bruteSubtractionValue(s []int, h int) int {
	seen := map[int]bool{}
	for _, k := range s {
		if k <= h {
			seen[bruteSubtractionValue(s, h-k)] = true
		}
	}
	g := 0
	for seen[g] {
		g++
	}
	return g
}
