package kernel

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path"
	"slices"
	"strings"
	"sync"
	"unicode"

	"github.com/go-zeromq/zmq4"

	"github.com/gamelang/gamelang"
	"github.com/gamelang/gamelang/internal/match"
	"github.com/gamelang/gamelang/internal/plot"
	"github.com/gamelang/gamelang/internal/repl"
	"github.com/gamelang/gamelang/internal/version"
	"github.com/gamelang/gamelang/internal/vocab"
	"github.com/gamelang/gamelang/lang"
	"github.com/gamelang/gamelang/present"
)

// cells runs a notebook's cells in one session.
type cells struct {
	k     *Kernel
	in    *gamelang.Session
	plots *plots
	count int // execution count

	mu      sync.Mutex
	cancel  context.CancelFunc // of the cell under way, nil between cells
	current *Message           // the request of the cell under way
	// pending is the cell's last value so far: shown as display_data when
	// anything follows it, as the cell's execute_result (Out[n]) when it
	// ends the cell.
	pending map[string]any
	history []record // the cells run with store_history, in order
	// allowStdin: the cell under way may ask its front end for input
	// (play()'s moves).
	allowStdin bool
}

// record is a cell of the history: its code, and its Out[n] as text (nil
// when the cell had no value).
type record struct {
	code string
	out  *string
}

func newCells(k *Kernel) *cells {
	c := &cells{k: k, plots: &plots{drawn: map[string]*present.Plot{}}}
	c.in = gamelang.NewSession(gamelang.Options{
		Out:         streamWriter{c},
		Interactive: true, // play(): each move asked for with input_request
		Redefine:    true, // a cell runs again after an edit
		Display:     c.display,
		Plotter:     c.plots,
	})
	return c
}

func kernelInfo() map[string]any {
	return map[string]any{
		"status":                 "ok",
		"protocol_version":       protocolVersion,
		"implementation":         "gamelang",
		"implementation_version": strings.TrimPrefix(version.String(), "gamelang "),
		"language_info": map[string]any{
			"name":           "gamelang",
			"version":        strings.TrimPrefix(version.String(), "gamelang "),
			"mimetype":       "text/x-gamelang",
			"file_extension": ".game",
		},
		"banner":     version.String() + ": impartial games, solved exactly. :help lists what a cell may say.",
		"help_links": []map[string]string{{"text": "gamelang tutorial", "url": "https://github.com/gamelang/gamelang/blob/main/docs/tutorial.md"}},
	}
}

// interrupt stops the cell under way, as Ctrl-C at the prompt.
func (c *cells) interrupt() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.cancel != nil {
		c.cancel()
	}
}

// execute runs a cell and answers its request.
func (c *cells) execute(ctx context.Context, sock zmq4.Socket, m *Message) {
	var req struct {
		Code         string `json:"code"`
		Silent       bool   `json:"silent"`
		StoreHistory *bool  `json:"store_history"`
		AllowStdin   bool   `json:"allow_stdin"`
	}
	if err := json.Unmarshal(m.Content, &req); err != nil {
		c.k.answer(sock, m, "execute_reply", map[string]any{"status": "error", "ename": "BadRequest", "evalue": err.Error(), "traceback": []string{}, "execution_count": c.count})
		return
	}
	if !req.Silent && (req.StoreHistory == nil || *req.StoreHistory) {
		c.count++
		c.mu.Lock()
		c.history = append(c.history, record{code: req.Code})
		c.mu.Unlock()
	}
	cellCtx, cancel := context.WithCancel(ctx)
	c.mu.Lock()
	c.cancel, c.current = cancel, m // before execute_input: an interrupt sent once it is seen stops this cell
	c.mu.Unlock()
	if !req.Silent {
		c.k.publish(m, "execute_input", map[string]any{"code": req.Code, "execution_count": c.count})
	}
	c.allowStdin = req.AllowStdin
	err := c.run(cellCtx, req.Code)
	if err == nil && !req.Silent {
		c.flush("execute_result") // the cell's value: Out[n]
	}
	c.flush("display_data")
	interrupted := cellCtx.Err() != nil
	c.mu.Lock()
	c.cancel, c.current = nil, nil
	c.mu.Unlock()
	cancel()
	if err == nil {
		c.k.answer(sock, m, "execute_reply", map[string]any{"status": "ok", "execution_count": c.count, "payload": []any{}, "user_expressions": map[string]any{}})
		return
	}
	ename := "Error"
	switch {
	case interrupted:
		ename = "Interrupted"
	case gamelang.IsLimit(err):
		ename = "LimitError"
	case len(gamelang.Errors(err)) > 0:
		ename = "GamelangError"
	}
	text := c.in.Render(err)
	first, _, _ := strings.Cut(text, "\n")
	content := map[string]any{"ename": ename, "evalue": first, "traceback": strings.Split(text, "\n")}
	if !req.Silent {
		c.k.publish(m, "error", content)
	}
	content["status"] = "error"
	content["execution_count"] = c.count
	c.k.answer(sock, m, "execute_reply", content)
}

// run runs a cell's code: statements, or one prompt command (:help NAME,
// :info NAME, :set max-states N).
func (c *cells) run(ctx context.Context, code string) error {
	if cmd := strings.TrimSpace(code); strings.HasPrefix(cmd, ":") && !strings.Contains(cmd, "\n") {
		name, arg, _ := strings.Cut(cmd, " ")
		arg = strings.TrimSpace(arg)
		var out bytes.Buffer
		switch name {
		case ":help", ":h":
			if err := vocab.Help(c.in, &out, arg); err != nil {
				return err
			}
		case ":info", ":i":
			text, ok := c.in.Info(arg)
			if !ok {
				return fmt.Errorf(":info: %q is not defined in this session", arg)
			}
			out.WriteString(text + "\n")
		case ":set":
			if err := repl.Set(c.in.Limits(), &out, strings.Fields(arg)); err != nil {
				return err
			}
		default:
			return fmt.Errorf("a cell's command is :help [NAME], :info NAME or :set [max-states N | max-memory SIZE | max-time DURATION], not %s", name)
		}
		c.stream(out.String())
		return nil
	}
	prog, err := c.in.Parse(ctx, c.name(), code, 1)
	for err == nil && prog != nil {
		var rest *gamelang.Program
		rest, err = c.in.RunUntilPlay(ctx, prog)
		if p, ok := c.in.TakePlay(); ok && err == nil {
			err = c.play(ctx, p)
		}
		prog = rest
	}
	return err
}

// play plays the game a play() of the cell started, as at the prompt:
// the position and the moves are printed, and each move is asked for with
// an input_request; the statements after the play() run once it is over.
func (c *cells) play(ctx context.Context, p *gamelang.Play) error {
	if !c.allowStdin {
		return errors.New("play() asks for each move in an input box, and this front end offers none (allow_stdin is false): play in Jupyter's notebook or console, at the prompt (gamelang) or in the playground")
	}
	c.mu.Lock()
	parent := c.current
	c.mu.Unlock()
	g := match.New(p, streamWriter{c})
	over, err := g.Turn(ctx)
	for !over && err == nil {
		c.flush("display_data")
		var line string
		if line, err = c.k.input(ctx, parent, "your move: "); err == nil {
			over, err = g.Input(ctx, line)
		}
	}
	return err
}

// name is the name errors give the cell under way: In[3]:2:5.
func (c *cells) name() string { return fmt.Sprintf("In[%d]", c.count) }

// stream publishes text the cell printed.
func (c *cells) stream(text string) {
	c.mu.Lock()
	m := c.current
	c.mu.Unlock()
	if m == nil || text == "" {
		return
	}
	c.flush("display_data") // what was shown before the text
	c.k.publish(m, "stream", map[string]string{"name": "stdout", "text": text})
}

// flush publishes the pending value, as typ.
func (c *cells) flush(typ string) {
	c.mu.Lock()
	m, content := c.current, c.pending
	c.pending = nil
	c.mu.Unlock()
	if m == nil || content == nil {
		return
	}
	if typ == "execute_result" {
		delete(content, "transient")
		content["execution_count"] = c.count
		if text, ok := content["data"].(map[string]any)["text/plain"].(string); ok {
			c.mu.Lock()
			if len(c.history) == c.count { // the cell is in the history
				c.history[c.count-1].out = &text
			}
			c.mu.Unlock()
		}
	}
	c.k.publish(m, typ, content)
}

type streamWriter struct{ c *cells }

func (w streamWriter) Write(p []byte) (int, error) {
	w.c.stream(string(p))
	return len(p), nil
}

// display shows a statement's value: its text, its JSON, and an HTML
// table or a picture where it is one. The value is held until the next
// output, so that a cell's last value is its execute_result.
func (c *cells) display(line int, v gamelang.Value) bool {
	c.mu.Lock()
	m := c.current
	c.mu.Unlock()
	if m == nil {
		return false
	}
	data := map[string]any{"text/plain": v.String()}
	if j, err := gamelang.JSON(v); err == nil {
		data["application/json"] = json.RawMessage(j)
	}
	switch v := v.(type) {
	case gamelang.Table:
		if h, err := gamelang.RenderTable(v, "html"); err == nil {
			data["text/html"] = h
		}
		if l, err := gamelang.RenderTable(v, "latex"); err == nil {
			data["text/latex"] = l
		}
	case gamelang.Plot:
		if d := c.plots.take(v.File); d != nil {
			for _, f := range []struct{ ext, mime string }{{".png", "image/png"}, {".svg", "image/svg+xml"}} {
				var b bytes.Buffer
				if err := plot.Write(&b, f.ext, d); err == nil {
					if f.ext == ".png" {
						data[f.mime] = b.Bytes() // JSON writes bytes as base64, as the protocol wants
					} else {
						data[f.mime] = b.String()
					}
				}
			}
		}
	}
	c.flush("display_data") // the value before this one
	c.mu.Lock()
	c.pending = map[string]any{"data": data, "metadata": map[string]any{"gamelang": map[string]int{"line": line}}, "transient": map[string]any{}}
	c.mu.Unlock()
	return true
}

// plots writes plot()'s files as the command line does, and keeps what it
// drew for the notebook to show.
type plots struct {
	mu    sync.Mutex
	drawn map[string]*present.Plot
}

func (p *plots) Formats() []string { return plot.Formats }

func (p *plots) Plot(d *present.Plot) error {
	if err := (plot.Plotter{}).Plot(d); err != nil {
		return err
	}
	p.mu.Lock()
	p.drawn[d.File] = d
	p.mu.Unlock()
	return nil
}

func (p *plots) take(file string) *present.Plot {
	p.mu.Lock()
	defer p.mu.Unlock()
	d := p.drawn[file]
	delete(p.drawn, file)
	return d
}

// cursorWord is the word of code around a cursor given in Unicode code
// points, with where it starts and ends.
func cursorWord(code string, cursor int) (word string, start, end int) {
	r := []rune(code)
	cursor = max(0, min(cursor, len(r)))
	start, end = cursor, cursor
	isWord := func(x rune) bool { return x == '_' || unicode.IsLetter(x) || unicode.IsDigit(x) }
	for start > 0 && isWord(r[start-1]) {
		start--
	}
	for end < len(r) && isWord(r[end]) {
		end++
	}
	return string(r[start:end]), start, end
}

// cursor is a request about code at a cursor (completion, inspection).
type cursor struct {
	Code      string `json:"code"`
	CursorPos int    `json:"cursor_pos"`
}

func cursorRequest(m *Message) cursor {
	var req cursor
	_ = json.Unmarshal(m.Content, &req)
	return req
}

// complete answers a complete_request from the prompt's words.
func (c *cells) complete(m *Message) map[string]any {
	req := cursorRequest(m)
	code := []rune(req.Code)
	before := string(code[:min(max(req.CursorPos, 0), len(code))])
	if cmd := strings.TrimLeft(before, " \t"); strings.HasPrefix(cmd, ":") && !strings.ContainsAny(cmd, " \t\n") {
		// a cell's command, as at the prompt: :he completes to :help, not hex
		matches := []string{}
		for _, w := range cellCommands {
			if strings.HasPrefix(w, cmd) {
				matches = append(matches, w)
			}
		}
		start := len([]rune(before)) - len([]rune(cmd))
		return map[string]any{"status": "ok", "matches": matches, "cursor_start": start, "cursor_end": req.CursorPos, "metadata": map[string]any{}}
	}
	_, start, _ := cursorWord(req.Code, req.CursorPos)
	prefix := string(code[start:max(start, min(req.CursorPos, len(code)))])
	matches := []string{}
	if prefix != "" {
		for _, w := range vocab.Words(c.in) {
			if strings.HasPrefix(w, prefix) {
				matches = append(matches, w)
			}
		}
	}
	return map[string]any{"status": "ok", "matches": matches, "cursor_start": start, "cursor_end": req.CursorPos, "metadata": map[string]any{}}
}

// cellCommands are the commands a cell may be (run).
var cellCommands = []string{":help", ":info", ":set"}

// inspect answers an inspect_request (Shift-Tab) with what :info or :help
// says of the word at the cursor.
func (c *cells) inspect(m *Message) map[string]any {
	req := cursorRequest(m)
	word, _, _ := cursorWord(req.Code, req.CursorPos)
	text, ok := "", false
	if word != "" {
		if text, ok = c.in.Info(word); !ok {
			var b bytes.Buffer
			if vocab.Help(c.in, &b, word) == nil {
				text, ok = b.String(), true
			}
		}
	}
	data := map[string]any{}
	if ok {
		data["text/plain"] = strings.TrimRight(text, "\n")
	}
	return map[string]any{"status": "ok", "found": ok, "data": data, "metadata": map[string]any{}}
}

// isComplete answers whether a cell's code is a whole statement (the
// console asks before it runs a line).
func (c *cells) isComplete(ctx context.Context, m *Message) map[string]any {
	var req struct {
		Code string `json:"code"`
	}
	_ = json.Unmarshal(m.Content, &req)
	open := 0
	for _, line := range strings.Split(req.Code, "\n") {
		open += repl.Brackets(line)
	}
	if open > 0 {
		return map[string]any{"status": "incomplete", "indent": "  "}
	}
	_, err := c.in.Parse(ctx, "<cell>", req.Code, 1)
	var se *lang.SyntaxError
	switch {
	case err == nil:
		return map[string]any{"status": "complete"}
	case errors.As(err, &se) && se.Incomplete:
		return map[string]any{"status": "incomplete", "indent": "  "}
	default:
		return map[string]any{"status": "invalid"}
	}
}

// historyReply answers a history_request from the cells run in this
// session (session 0, lines from 1): the last n (tail), lines start..stop-1
// (range), or those matching a glob pattern (search, * and ?), each as
// [session, line, code], or with output [session, line, [code, Out[n]]]
// (null for a cell without a value).
func (c *cells) historyReply(m *Message) map[string]any {
	var req struct {
		Access  string `json:"hist_access_type"`
		Start   int    `json:"start"`
		Stop    int    `json:"stop"`
		N       int    `json:"n"`
		Pattern string `json:"pattern"`
		Unique  bool   `json:"unique"`
		Output  bool   `json:"output"`
	}
	_ = json.Unmarshal(m.Content, &req)
	c.mu.Lock()
	all := slices.Clone(c.history)
	c.mu.Unlock()
	lo, hi := 0, len(all) // indices into all
	switch req.Access {
	case "tail":
		lo = max(0, len(all)-req.N)
	case "range":
		lo = min(max(req.Start-1, 0), len(all))
		if req.Stop > 0 {
			hi = min(max(req.Stop-1, lo), len(all))
		}
	}
	out := []any{}
	seen := map[string]bool{}
	for i := lo; i < hi; i++ {
		if req.Access == "search" {
			if ok, _ := path.Match(req.Pattern, all[i].code); req.Pattern != "" && !ok {
				continue
			}
			if req.Unique && seen[all[i].code] {
				continue
			}
			seen[all[i].code] = true
		}
		if req.Output {
			out = append(out, []any{0, i + 1, []any{all[i].code, all[i].out}})
		} else {
			out = append(out, []any{0, i + 1, all[i].code})
		}
	}
	if req.Access == "search" && req.N > 0 && len(out) > req.N {
		out = out[len(out)-req.N:]
	}
	return map[string]any{"status": "ok", "history": out}
}
