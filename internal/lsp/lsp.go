package lsp

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
)

// message is a JSON-RPC request, notification or response.
type message struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method,omitempty"`
	Params  json.RawMessage `json:"params,omitempty"`
	Result  any             `json:"result,omitempty"`
	Error   *rpcError       `json:"error,omitempty"`
}

type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

// JSON-RPC error codes.
const (
	codeParse          = -32700
	codeInvalidRequest = -32600
	codeMethodNotFound = -32601
	codeInvalidParams  = -32602
	codeRequestFailed  = -32803 // the protocol's: a request that is valid but cannot be done
)

// conn reads and writes framed messages.
type conn struct {
	r  *bufio.Reader
	mu sync.Mutex
	w  io.Writer
}

// What a client may send: a message's headers and body are bounded before
// they are read, so that a forged length costs nothing.
const (
	maxHeaders = 32       // header lines in a message
	maxBody    = 64 << 20 // bytes in a message's body: a document of up to about 60 MB
)

// errFraming is a message the server cannot find the end of: the stream
// is lost, and the server stops.
type errFraming struct{ msg string }

func (e errFraming) Error() string { return "the client's messages cannot be read: " + e.msg }

// errTooLarge is a message over maxBody: skipped, the stream read on.
type errTooLarge struct{ n int64 }

func (e errTooLarge) Error() string {
	return fmt.Sprintf("skipped a message of %d bytes: at most %d MiB", e.n, maxBody>>20)
}

// read reads one message's body. Its header lines are at most the
// reader's buffer long (4 KiB), at most maxHeaders of them.
func (c *conn) read() ([]byte, error) {
	n, err := c.header()
	if err != nil {
		return nil, err
	}
	if n > maxBody {
		if _, err := io.CopyN(io.Discard, c.r, n); err != nil {
			return nil, io.ErrUnexpectedEOF
		}
		return nil, errTooLarge{n}
	}
	body := make([]byte, n)
	if _, err := io.ReadFull(c.r, body); err != nil {
		return nil, io.ErrUnexpectedEOF
	}
	return body, nil
}

// header reads a message's header lines, to the empty line, and returns
// its Content-Length.
func (c *conn) header() (int64, error) {
	n := int64(-1)
	for lines := 0; ; lines++ {
		line, err := c.r.ReadSlice('\n')
		switch {
		case err == io.EOF && lines == 0 && len(line) == 0:
			return 0, io.EOF
		case err == bufio.ErrBufferFull:
			return 0, errFraming{fmt.Sprintf("a header line of more than %d bytes", c.r.Size())}
		case err == io.EOF:
			return 0, io.ErrUnexpectedEOF
		case err != nil:
			return 0, err
		case lines == maxHeaders:
			return 0, errFraming{fmt.Sprintf("more than %d header lines", maxHeaders)}
		}
		h := strings.TrimRight(string(line), "\r\n")
		if h == "" {
			break
		}
		if v, ok, err := contentLength(h); err != nil {
			return 0, err
		} else if ok {
			n = v
		}
	}
	if n < 0 {
		return 0, errFraming{"a message without a Content-Length"}
	}
	return n, nil
}

// contentLength reads the header line h: ok when it is a Content-Length.
func contentLength(h string) (int64, bool, error) {
	name, value, ok := strings.Cut(h, ":")
	if !ok {
		return 0, false, errFraming{fmt.Sprintf("a header line %.40q", h)}
	}
	if !strings.EqualFold(strings.TrimSpace(name), "Content-Length") {
		return 0, false, nil
	}
	v, err := strconv.ParseInt(strings.TrimSpace(value), 10, 64)
	if err != nil || v < 0 {
		return 0, false, errFraming{fmt.Sprintf("a Content-Length of %.40q", value)}
	}
	return v, true, nil
}

func (c *conn) write(m message) error {
	m.JSONRPC = "2.0"
	body, err := json.Marshal(m)
	if err != nil {
		return err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, err := fmt.Fprintf(c.w, "Content-Length: %d\r\n\r\n", len(body)); err != nil {
		return err
	}
	_, err = c.w.Write(body)
	return err
}

// Serve answers the messages of in on out until the client sends exit or
// in ends. It returns nil after shutdown then exit, as the protocol asks.
//
// The messages are read as they come, on a goroutine of their own, and
// answered in order; a document's diagnostics wait until no message is
// waiting, so that a burst of changes (typing, a paste, a replay) is
// checked once, at its last text.
func Serve(in io.Reader, out io.Writer, log io.Writer) error {
	s := &server{c: &conn{r: bufio.NewReader(in), w: out}, docs: map[string]*document{}, log: log}
	type read struct {
		body []byte
		err  error
	}
	msgs := make(chan read, 256)
	go func() {
		for {
			body, err := s.c.read()
			if _, ok := err.(errTooLarge); ok {
				fmt.Fprintf(log, "gamelang lsp: %v\n", err)
				continue
			}
			msgs <- read{body, err}
			if err != nil {
				return
			}
		}
	}()
	for {
		var r read
		select {
		case r = <-msgs:
		default:
			s.flush()
			r = <-msgs
		}
		if r.err == io.EOF {
			s.flush()
			return nil
		}
		if r.err != nil {
			return r.err
		}
		if done, err := s.answer(r.body, log); done {
			return err
		}
	}
}

// answer handles one message and writes its answer, if it has one; done
// is true at exit.
func (s *server) answer(body []byte, log io.Writer) (done bool, err error) {
	var m message
	if err := json.Unmarshal(body, &m); err != nil {
		s.c.write(message{ID: json.RawMessage("null"), Error: &rpcError{codeParse, err.Error()}})
		return false, nil
	}
	if m.Method == "exit" {
		if s.shutdown {
			return true, nil
		}
		return true, fmt.Errorf("exit before shutdown")
	}
	result, rerr := s.handle(m)
	switch {
	case m.ID == nil: // a notification: no answer
		if rerr != nil {
			fmt.Fprintf(log, "gamelang lsp: %s: %s\n", m.Method, rerr.Message)
		}
	case rerr != nil:
		s.c.write(message{ID: m.ID, Error: rerr})
	default:
		if result == nil {
			result = json.RawMessage("null")
		}
		s.c.write(message{ID: m.ID, Result: result})
	}
	return false, nil
}

type server struct {
	c        *conn
	docs     map[string]*document
	stale    []string // documents changed since their diagnostics, in order
	shutdown bool
	log      io.Writer
}

// Protocol types, as much of them as the server uses.
type (
	position struct {
		Line      int `json:"line"`
		Character int `json:"character"`
	}
	rangeT struct {
		Start position `json:"start"`
		End   position `json:"end"`
	}
	textDocumentItem struct {
		URI  string `json:"uri"`
		Text string `json:"text"`
	}
	docID struct {
		URI string `json:"uri"`
	}
	positionParams struct {
		TextDocument docID    `json:"textDocument"`
		Position     position `json:"position"`
	}
	diagnostic struct {
		Range    rangeT `json:"range"`
		Severity int    `json:"severity"`
		Source   string `json:"source"`
		Message  string `json:"message"`
	}
	location struct {
		URI   string `json:"uri"`
		Range rangeT `json:"range"`
	}
	textEdit struct {
		Range   rangeT `json:"range"`
		NewText string `json:"newText"`
	}
	markup struct {
		Kind  string `json:"kind"`
		Value string `json:"value"`
	}
	completionItem struct {
		Label  string `json:"label"`
		Kind   int    `json:"kind"`
		Detail string `json:"detail,omitempty"`
	}
	symbol struct {
		Name           string `json:"name"`
		Detail         string `json:"detail,omitempty"`
		Kind           int    `json:"kind"`
		Range          rangeT `json:"range"`
		SelectionRange rangeT `json:"selectionRange"`
	}
)

// handle answers a request or takes a notification.
func (s *server) handle(m message) (any, *rpcError) {
	switch m.Method {
	case "initialize":
		return capabilities(), nil
	case "initialized", "$/cancelRequest", "$/setTrace", "workspace/didChangeConfiguration", "textDocument/didSave":
		return nil, nil
	case "shutdown":
		s.shutdown = true
		return nil, nil
	case "textDocument/didOpen", "textDocument/didChange", "textDocument/didClose":
		return nil, s.sync(m)
	case "textDocument/hover", "textDocument/completion", "textDocument/definition",
		"textDocument/references", "textDocument/rename", "textDocument/signatureHelp":
		return s.atPosition(m)
	case "textDocument/documentSymbol", "textDocument/formatting", "textDocument/semanticTokens/full":
		return s.ofDocument(m)
	}
	if strings.HasPrefix(m.Method, "$/") {
		return nil, nil // optional notifications
	}
	return nil, &rpcError{codeMethodNotFound, "gamelang lsp does not do " + m.Method}
}

// badParams is the error of a request whose parameters do not parse.
func badParams(err error) *rpcError { return &rpcError{codeInvalidParams, err.Error()} }

// capabilities is the answer to initialize: what the server does.
func capabilities() map[string]any {
	return map[string]any{
		"capabilities": map[string]any{
			"textDocumentSync":           1, // the whole text on each change
			"hoverProvider":              true,
			"completionProvider":         map[string]any{},
			"definitionProvider":         true,
			"documentSymbolProvider":     true,
			"documentFormattingProvider": true,
			"referencesProvider":         true,
			"renameProvider":             true,
			"signatureHelpProvider":      map[string]any{"triggerCharacters": []string{"(", ","}},
			"semanticTokensProvider": map[string]any{
				"legend": map[string]any{"tokenTypes": tokenTypes, "tokenModifiers": tokenModifiers},
				"full":   true,
			},
		},
		"serverInfo": map[string]any{"name": "gamelang"},
	}
}

// sync takes the notifications that open, change and close documents.
func (s *server) sync(m message) *rpcError {
	switch m.Method {
	case "textDocument/didOpen":
		var p struct{ TextDocument textDocumentItem }
		if err := json.Unmarshal(m.Params, &p); err != nil {
			return badParams(err)
		}
		s.update(p.TextDocument.URI, p.TextDocument.Text)
	case "textDocument/didChange":
		var p struct {
			TextDocument   docID
			ContentChanges []struct{ Text string }
		}
		if err := json.Unmarshal(m.Params, &p); err != nil {
			return badParams(err)
		}
		if n := len(p.ContentChanges); n > 0 {
			s.update(p.TextDocument.URI, p.ContentChanges[n-1].Text)
		}
	case "textDocument/didClose":
		var p struct{ TextDocument docID }
		if err := json.Unmarshal(m.Params, &p); err != nil {
			return badParams(err)
		}
		delete(s.docs, p.TextDocument.URI)
		s.publish(p.TextDocument.URI, []diagnostic{})
	}
	return nil
}

// open is an open document, parsed.
func (s *server) open(uri string) (*document, *rpcError) {
	d, ok := s.docs[uri]
	if !ok {
		return nil, &rpcError{codeInvalidParams, "the document is not open: " + uri}
	}
	return d.parse(), nil
}

// atPosition answers the requests about a position of a document.
func (s *server) atPosition(m message) (any, *rpcError) {
	var p struct {
		positionParams
		NewName string `json:"newName"`
		Context struct {
			IncludeDeclaration bool `json:"includeDeclaration"`
		} `json:"context"`
	}
	if err := json.Unmarshal(m.Params, &p); err != nil {
		return nil, badParams(err)
	}
	d, rerr := s.open(p.TextDocument.URI)
	if rerr != nil {
		return nil, rerr
	}
	switch m.Method {
	case "textDocument/hover":
		return d.hover(p.Position), nil
	case "textDocument/completion":
		return d.completion(p.Position), nil
	case "textDocument/references":
		return d.references(p.TextDocument.URI, p.Position, p.Context.IncludeDeclaration), nil
	case "textDocument/rename":
		edit, err := d.rename(p.TextDocument.URI, p.Position, p.NewName)
		if err != nil {
			return nil, &rpcError{codeRequestFailed, err.Error()}
		}
		return edit, nil
	case "textDocument/signatureHelp":
		return d.signatureHelp(p.Position), nil
	}
	return d.definition(p.TextDocument.URI, p.Position), nil
}

// ofDocument answers the requests about a whole document.
func (s *server) ofDocument(m message) (any, *rpcError) {
	var p struct{ TextDocument docID }
	if err := json.Unmarshal(m.Params, &p); err != nil {
		return nil, badParams(err)
	}
	d, rerr := s.open(p.TextDocument.URI)
	if rerr != nil {
		return nil, rerr
	}
	switch m.Method {
	case "textDocument/formatting":
		return d.formatting(), nil
	case "textDocument/semanticTokens/full":
		return d.semanticTokens(), nil
	}
	return d.symbols(), nil
}

// update keeps a document's new text; its diagnostics are published by
// the next flush.
func (s *server) update(uri, text string) {
	if d, ok := s.docs[uri]; !ok || !d.stale {
		s.stale = append(s.stale, uri) // else it is listed already
	}
	s.docs[uri] = newDocument(uri, text, true, s.docs[uri])
}

// flush publishes the diagnostics of the documents changed since they
// were last published.
func (s *server) flush() {
	for _, uri := range s.stale {
		if d, ok := s.docs[uri]; ok && d.stale {
			d.stale = false
			s.publish(uri, d.parse().diagnostics())
		}
	}
	s.stale = s.stale[:0]
}

func (s *server) publish(uri string, diags []diagnostic) {
	s.c.write(message{Method: "textDocument/publishDiagnostics", Params: mustJSON(map[string]any{"uri": uri, "diagnostics": diags})})
}

func mustJSON(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}
