// Package lsp is gamelang's language server (gamelang lsp): the Language
// Server Protocol over stdin and stdout, JSON-RPC 2.0 messages framed by
// Content-Length headers. It keeps the text of each open document and
// answers from it: diagnostics from the check pass as the text changes,
// hover (the prompt's :help for a builtin, the definition for a name of
// the file), completion (the prompt's words and the file's names),
// go to definition, document symbols and formatting (gamelang fmt).
//
// Positions: the protocol counts lines from 0 and characters in UTF-16
// code units; gamelang counts lines from 1 and columns in bytes. The
// conversions are in document.go.
package lsp

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net/textproto"
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
)

// conn reads and writes framed messages.
type conn struct {
	r  *bufio.Reader
	mu sync.Mutex
	w  io.Writer
}

// read reads one message's body.
func (c *conn) read() ([]byte, error) {
	tp := textproto.NewReader(c.r)
	h, err := tp.ReadMIMEHeader()
	if err != nil {
		return nil, err
	}
	n, err := strconv.Atoi(h.Get("Content-Length"))
	if err != nil || n < 0 || n > 64<<20 {
		return nil, fmt.Errorf("a message without a usable Content-Length (%q)", h.Get("Content-Length"))
	}
	body := make([]byte, n)
	_, err = io.ReadFull(c.r, body)
	return body, err
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
func Serve(in io.Reader, out io.Writer, log io.Writer) error {
	s := &server{c: &conn{r: bufio.NewReader(in), w: out}, docs: map[string]*document{}, log: log}
	for {
		body, err := s.c.read()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		var m message
		if err := json.Unmarshal(body, &m); err != nil {
			s.c.write(message{ID: json.RawMessage("null"), Error: &rpcError{codeParse, err.Error()}})
			continue
		}
		if m.Method == "exit" {
			if s.shutdown {
				return nil
			}
			return fmt.Errorf("exit before shutdown")
		}
		result, rerr := s.handle(m)
		if m.ID == nil { // a notification: no answer
			if rerr != nil {
				fmt.Fprintf(log, "gamelang lsp: %s: %s\n", m.Method, rerr.Message)
			}
			continue
		}
		if rerr != nil {
			s.c.write(message{ID: m.ID, Error: rerr})
			continue
		}
		if result == nil {
			result = json.RawMessage("null")
		}
		s.c.write(message{ID: m.ID, Result: result})
	}
}

type server struct {
	c        *conn
	docs     map[string]*document
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

func (s *server) handle(m message) (any, *rpcError) {
	bad := func(err error) *rpcError { return &rpcError{codeInvalidParams, err.Error()} }
	switch m.Method {
	case "initialize":
		return map[string]any{
			"capabilities": map[string]any{
				"textDocumentSync":           1, // the whole text on each change
				"hoverProvider":              true,
				"completionProvider":         map[string]any{},
				"definitionProvider":         true,
				"documentSymbolProvider":     true,
				"documentFormattingProvider": true,
			},
			"serverInfo": map[string]any{"name": "gamelang"},
		}, nil
	case "initialized", "$/cancelRequest", "$/setTrace", "workspace/didChangeConfiguration", "textDocument/didSave":
		return nil, nil
	case "shutdown":
		s.shutdown = true
		return nil, nil
	case "textDocument/didOpen":
		var p struct{ TextDocument textDocumentItem }
		if err := json.Unmarshal(m.Params, &p); err != nil {
			return nil, bad(err)
		}
		s.update(p.TextDocument.URI, p.TextDocument.Text)
		return nil, nil
	case "textDocument/didChange":
		var p struct {
			TextDocument   docID
			ContentChanges []struct{ Text string }
		}
		if err := json.Unmarshal(m.Params, &p); err != nil {
			return nil, bad(err)
		}
		if n := len(p.ContentChanges); n > 0 {
			s.update(p.TextDocument.URI, p.ContentChanges[n-1].Text)
		}
		return nil, nil
	case "textDocument/didClose":
		var p struct{ TextDocument docID }
		if err := json.Unmarshal(m.Params, &p); err != nil {
			return nil, bad(err)
		}
		delete(s.docs, p.TextDocument.URI)
		s.publish(p.TextDocument.URI, []diagnostic{})
		return nil, nil
	case "textDocument/hover", "textDocument/completion", "textDocument/definition":
		var p positionParams
		if err := json.Unmarshal(m.Params, &p); err != nil {
			return nil, bad(err)
		}
		d, ok := s.docs[p.TextDocument.URI]
		if !ok {
			return nil, &rpcError{codeInvalidParams, "the document is not open: " + p.TextDocument.URI}
		}
		switch m.Method {
		case "textDocument/hover":
			return d.hover(p.Position), nil
		case "textDocument/completion":
			return d.completion(p.Position), nil
		}
		return d.definition(p.TextDocument.URI, p.Position), nil
	case "textDocument/documentSymbol", "textDocument/formatting":
		var p struct{ TextDocument docID }
		if err := json.Unmarshal(m.Params, &p); err != nil {
			return nil, bad(err)
		}
		d, ok := s.docs[p.TextDocument.URI]
		if !ok {
			return nil, &rpcError{codeInvalidParams, "the document is not open: " + p.TextDocument.URI}
		}
		if m.Method == "textDocument/formatting" {
			return d.formatting(), nil
		}
		return d.symbols(), nil
	}
	if strings.HasPrefix(m.Method, "$/") {
		return nil, nil // optional notifications
	}
	return nil, &rpcError{codeMethodNotFound, "gamelang lsp does not do " + m.Method}
}

// update keeps a document's new text and publishes its diagnostics.
func (s *server) update(uri, text string) {
	d := newDocument(uri, text)
	s.docs[uri] = d
	s.publish(uri, d.diagnostics())
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
