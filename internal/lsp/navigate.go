package lsp

import (
	"fmt"
	"slices"
	"strings"

	"github.com/gamelang/gamelang"
	"github.com/gamelang/gamelang/internal/vocab"
	"github.com/gamelang/gamelang/lang"
)

// References, rename, signature help and semantic tokens, from the check
// pass's analysis (which name refers to which definition) and the tokens
// of the text: both read past syntax errors.

// target is the name at p and the definition it refers to: a name the
// file defines (def.line > 0), or a builtin game (def.line == 0).
func (d *document) target(p position) (name string, def decl, ok bool) {
	line, off := d.offset(p)
	name, _ = wordAround(line, off)
	if name == "" {
		return "", decl{}, false
	}
	if def, ok := d.defs[name]; ok {
		return name, def, true
	}
	for _, u := range d.analysed().Uses {
		if u.Name == name && u.Kind == "builtin game" {
			return name, decl{}, true
		}
	}
	return "", decl{}, false
}

// uses are the places name is used for the definition def (builtin when
// def.line is 0).
func (d *document) uses(name string, def decl) []gamelang.Use {
	var out []gamelang.Use
	for _, u := range d.analysed().Uses {
		if u.Name == name && u.DefLine == def.line && (def.line > 0) == (u.Kind != "builtin game") {
			out = append(out, u)
		}
	}
	return out
}

func (d *document) span(line, col, n int) rangeT {
	return rangeT{d.at(line, col), d.at(line, col+n)}
}

func (d *document) references(uri string, p position, withDecl bool) any {
	name, def, ok := d.target(p)
	if !ok {
		return nil
	}
	out := []location{}
	if withDecl && def.line > 0 {
		out = append(out, location{URI: uri, Range: d.span(def.line, def.col, len(name))})
	}
	for _, u := range d.uses(name, def) {
		out = append(out, location{URI: uri, Range: d.span(u.Line, u.Column, len(name))})
	}
	return out
}

// rename renames a name the file defines, at its definition and every use,
// refusing a new name that is not a name, is taken, or would be captured
// by a parameter of the same name.
func (d *document) rename(uri string, p position, to string) (any, error) {
	name, def, ok := d.target(p)
	switch {
	case !d.clean:
		return nil, fmt.Errorf("the file has syntax errors: fix them first (a name inside a statement that does not parse cannot be renamed)")
	case !ok || def.line == 0:
		return nil, fmt.Errorf("only a name this file defines can be renamed")
	case to == name:
		return map[string]any{"changes": map[string][]textEdit{uri: {}}}, nil
	case !lang.IsName(to):
		return nil, fmt.Errorf("%q is not a name: a letter or _, then letters, digits and _, and not a keyword", to)
	case slices.Contains(vocab.Words(session), to):
		return nil, fmt.Errorf("%s is a word of the language (a builtin)", to)
	}
	if old, taken := d.defs[to]; taken {
		return nil, fmt.Errorf("%s is already defined at line %d", to, old.line)
	}
	uses := d.uses(name, def)
	edits := []textEdit{{Range: d.span(def.line, def.col, len(name)), NewText: to}}
	for _, u := range uses {
		edits = append(edits, textEdit{Range: d.span(u.Line, u.Column, len(name)), NewText: to})
	}
	// the renamed text must refer the same way: a use inside a game whose
	// parameter is called to would now be the parameter
	renamed := newDocument(d.uri, d.applied(name, def, uses, to), false, nil).parse()
	if after, ok := renamed.defs[to]; !ok || len(renamed.uses(to, after)) != len(uses) {
		return nil, fmt.Errorf("renaming %s to %s would change what a name refers to (a parameter or local named %s?)", name, to, to)
	}
	return map[string]any{"changes": map[string][]textEdit{uri: edits}}, nil
}

// applied is the text with the definition of name and its uses renamed to.
func (d *document) applied(name string, def decl, uses []gamelang.Use, to string) string {
	lines := slices.Clone(d.lines)
	at := append([]gamelang.Use{{Line: def.line, Column: def.col}}, uses...)
	slices.SortFunc(at, func(a, b gamelang.Use) int { // last first, so columns stay true
		if a.Line != b.Line {
			return b.Line - a.Line
		}
		return b.Column - a.Column
	})
	for _, u := range at {
		l := lines[u.Line-1]
		lines[u.Line-1] = l[:u.Column-1] + to + l[u.Column-1+len(name):]
	}
	return strings.Join(lines, "\n")
}

// signatureHelp shows the call the cursor is in: its signatures (the
// builtin's forms, or the file's game or function) and which argument the
// cursor is at.
func (d *document) signatureHelp(p position) any {
	_, off := d.offset(p)
	top, ok := d.callAt(lang.Pos{Line: p.Line + 1, Column: off + 1})
	if !ok {
		return nil
	}
	sigs := d.signatures(top.callee)
	if len(sigs) == 0 {
		return nil
	}
	var out []map[string]any
	active := -1
	for i, s := range sigs {
		params := paramsOf(s)
		if active < 0 && len(params) > top.commas {
			active = i
		}
		var ps []map[string]any
		for _, p := range params {
			ps = append(ps, map[string]any{"label": p})
		}
		out = append(out, map[string]any{"label": s, "parameters": ps})
	}
	if active < 0 {
		active = len(sigs) - 1
	}
	return map[string]any{"signatures": out, "activeSignature": active, "activeParameter": top.commas}
}

// openCall is a bracket open before the cursor: the name called, when it
// is a call's, and the commas since.
type openCall struct {
	callee string
	commas int
}

// callAt is the innermost call open at the position at, read from the
// tokens before it; false when the cursor is in no call.
func (d *document) callAt(at lang.Pos) (openCall, bool) {
	var stack []openCall
	prev := lang.Token{}
	for _, t := range lang.Tokens(d.name, d.text) {
		if !t.Pos.Before(at) {
			break
		}
		switch t.Text {
		case "(", "[", "{":
			callee := ""
			if t.Text == "(" && prev.Kind == lang.TokName && prev.Pos.Line == t.Pos.Line {
				callee = prev.Text
			}
			stack = append(stack, openCall{callee: callee})
		case ")", "]", "}":
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
		case ",":
			if len(stack) > 0 {
				stack[len(stack)-1].commas++
			}
		}
		prev = t
	}
	if len(stack) == 0 || stack[len(stack)-1].callee == "" {
		return openCall{}, false
	}
	return stack[len(stack)-1], true
}

// signatures are the ways to call name: the file's own definition first.
func (d *document) signatures(name string) []string {
	if def, ok := d.defs[name]; ok && def.stmt != nil {
		var params []*lang.Ident
		switch s := def.stmt.(type) {
		case *lang.GameDecl:
			params = s.Params
		case *lang.LetStmt:
			if !s.Func {
				return nil
			}
			params = s.Params
		}
		var names []string
		for _, p := range params {
			names = append(names, p.Name)
		}
		return []string{name + "(" + strings.Join(names, ", ") + ")"}
	}
	return vocab.Signatures(name)
}

// paramsOf are the parameters of a signature f(a, b..c, "file"): its
// arguments at the top level of its brackets.
func paramsOf(sig string) []string {
	open := strings.IndexByte(sig, '(')
	if open < 0 || !strings.HasSuffix(sig, ")") {
		return nil
	}
	inner := sig[open+1 : len(sig)-1]
	var out []string
	depth, start := 0, 0
	quoted := false
	for i, c := range inner {
		switch {
		case c == '"':
			quoted = !quoted
		case quoted:
		case c == '(' || c == '[' || c == '{':
			depth++
		case c == ')' || c == ']' || c == '}':
			depth--
		case c == ',' && depth == 0:
			out = append(out, strings.TrimSpace(inner[start:i]))
			start = i + 1
		}
	}
	if s := strings.TrimSpace(inner[start:]); s != "" {
		out = append(out, s)
	}
	return out
}

// The semantic token types and modifiers the server uses, in the order of
// the legend it sends.
var (
	tokenTypes     = []string{"keyword", "type", "function", "variable", "number", "string", "comment", "operator", "enumMember"}
	tokenModifiers = []string{"declaration", "defaultLibrary"}
)

const (
	modDeclaration = 1 << iota
	modDefaultLibrary
)

// contextual are words that are keywords only where a rule expects them.
var contextual = map[string]bool{"entailing": true, "again": true, "pass": true, "once": true}

// semanticTokens colours every token by what it is: a name by what it
// refers to (a game, a function, a value, a builtin), as the check pass
// resolved it.
func (d *document) semanticTokens() any {
	st := &semantic{d: d, uses: map[tokKey]gamelang.Use{}, defs: map[tokKey]string{}, funcs: map[string]bool{}, data: []int{}}
	for _, u := range d.analysed().Uses {
		st.uses[tokKey{u.Line, u.Column}] = u
	}
	for name, def := range d.defs {
		st.defs[tokKey{def.line, def.col}] = name
	}
	for _, f := range gamelang.Funcs() {
		st.funcs[f.Name] = true
	}
	toks := lang.Tokens(d.name, d.text)
	for i, t := range toks {
		switch t.Kind {
		case lang.TokKeyword:
			st.emit(t, "keyword", 0)
		case lang.TokNumber:
			st.emit(t, "number", 0)
		case lang.TokString:
			st.emit(t, "string", 0)
		case lang.TokComment:
			st.emit(t, "comment", 0)
		case lang.TokOperator:
			st.emit(t, "operator", 0)
		case lang.TokName:
			call := i+1 < len(toks) && toks[i+1].Text == "(" && toks[i+1].Pos.Line == t.Pos.Line
			typ, mods := st.name(t, call)
			st.emit(t, typ, mods)
		}
	}
	return map[string]any{"data": st.data}
}

// tokKey is where a token starts.
type tokKey struct{ line, col int }

// semantic is a document's semantic tokens being made: what the check
// pass resolved, the file's definitions, and the data so far.
type semantic struct {
	d                  *document
	uses               map[tokKey]gamelang.Use
	defs               map[tokKey]string
	funcs              map[string]bool
	data               []int
	lastLine, lastChar int
}

// emit adds a token, its position relative to the last one's.
func (st *semantic) emit(t lang.Token, typ string, mods int) {
	text := strings.TrimRight(t.Text, "\r\n")
	start := st.d.at(t.Pos.Line, t.Pos.Column)
	n := utf16Len(text)
	if n == 0 {
		return
	}
	dl, dc := start.Line-st.lastLine, start.Character
	if dl == 0 {
		dc -= st.lastChar
	}
	st.data = append(st.data, dl, dc, n, slices.Index(tokenTypes, typ), mods)
	st.lastLine, st.lastChar = start.Line, start.Character
}

// name is the token type of a name: what it resolves to, a definition, a
// builtin function called, a word of a kind, or a parameter.
func (st *semantic) name(t lang.Token, call bool) (string, int) {
	k := tokKey{t.Pos.Line, t.Pos.Column}
	if u, ok := st.uses[k]; ok {
		switch u.Kind {
		case "game":
			return "type", 0
		case "builtin game":
			return "type", modDefaultLibrary
		case "function":
			return "function", 0
		case "value":
			return "variable", 0
		}
		return "enumMember", modDefaultLibrary
	}
	if name, ok := st.defs[k]; ok && name == t.Text {
		def := st.d.defs[name]
		if def.game {
			return "type", modDeclaration
		}
		if let, ok := def.stmt.(*lang.LetStmt); ok && let.Func {
			return "function", modDeclaration
		}
		return "variable", modDeclaration
	}
	switch {
	case call && st.funcs[t.Text]:
		return "function", modDefaultLibrary
	case contextual[t.Text]:
		return "keyword", 0
	}
	return "variable", 0 // a parameter or a name bound in a rule
}
