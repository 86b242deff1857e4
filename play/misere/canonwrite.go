package misere

// Writing and reading misère canonical forms in CGSuite's notation. A
// nim-heap is its size (*[2]); a game of several options lists them,
// nested ones in brackets, from the last in CGSuite's order to the first
// (*[2#0] is {*2#, 0}); a single option is marked # (*[2#] = {*2}); a sum
// with a nim-heap that is born earlier is written as its part with the
// heap as a subscript, in brackets in plain text (*[2[2]] = *2 + *2, and
// a subscript -2 for the part that *2 must be added to), an odd game as
// its even part with the subscript 1. Heaps past 9 are written &10;.
//
// Read, the notation is CGSuite's for input: *[a, b, ...] is the game
// whose options are a, b, ..., each a number (a nim-heap), a list in
// brackets (the game of those options), or a sum of those with +; *[x]
// of one element is x itself, so that *[2] is a nim-heap and *[[2]] the
// game whose option is *[2]: *[[2],1], *[2] + *[2], *[[*[4] + *[2]]];
// and as written, a subscript -i read as the difference (parts.go).

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/gamelang/gamelang/solve"
)

// compare orders games as CGSuite lists options: by their even parts'
// birthdays, numbers of options, normal and misère nim values, options in
// this order, then even before odd.
func (f *Forms) compare(ctx context.Context, a, b MID) (int, error) {
	if a == b {
		return 0, nil
	}
	ea, oa, err := f.even(ctx, a)
	if err != nil {
		return 0, err
	}
	eb, _, err := f.even(ctx, b)
	if err != nil {
		return 0, err
	}
	if ea == eb {
		if oa {
			return 1, nil
		}
		return -1, nil
	}
	ga, gb := &f.games[ea], &f.games[eb]
	switch {
	case ga.bday != gb.bday:
		return int(ga.bday - gb.bday), nil
	case len(ga.opts) != len(gb.opts):
		return len(ga.opts) - len(gb.opts), nil
	case ga.gplus != gb.gplus:
		return int(ga.gplus) - int(gb.gplus), nil
	case ga.gminus != gb.gminus:
		return int(ga.gminus) - int(gb.gminus), nil
	}
	xa, err := f.ordered(ctx, ea)
	if err != nil {
		return 0, err
	}
	xb, err := f.ordered(ctx, eb)
	if err != nil {
		return 0, err
	}
	for i := range xa {
		if c, err := f.compare(ctx, xa[i], xb[i]); c != 0 || err != nil {
			return c, err
		}
	}
	return 0, fmt.Errorf("misère forms %d and %d are ordered alike", a, b)
}

// ordered is g's options in CGSuite's order.
func (f *Forms) ordered(ctx context.Context, g MID) ([]MID, error) {
	if o, ok := f.order[g]; ok {
		return o, nil
	}
	o := slices.Clone(f.games[g].opts)
	var err error
	slices.SortStableFunc(o, func(a, b MID) int {
		if err != nil {
			return 0
		}
		var c int
		c, err = f.compare(ctx, a, b)
		return c
	})
	if err != nil {
		return nil, err
	}
	f.order[g] = o
	return o, nil
}

// Write is g in CGSuite's notation: *[2#0].
func (f *Forms) Write(ctx context.Context, g MID) (string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.write(ctx, g)
}

func (f *Forms) write(ctx context.Context, g MID) (string, error) {
	var b strings.Builder
	b.WriteString("*[")
	w := writer{f: f, ctx: ctx, b: &b}
	if err := w.chain(g, false); err != nil {
		return "", err
	}
	b.WriteString("]")
	return b.String(), nil
}

// MaxWritten bounds a form's text: written out in full, a form repeats
// its shared parts, and may grow exponentially with its birthday.
const MaxWritten = 1 << 20

// TooLongError is a form whose text passes MaxWritten.
type TooLongError struct{ Bytes int }

func (e *TooLongError) Error() string {
	return fmt.Sprintf("the misère canonical form is more than %d bytes written out (its shared parts repeat); birthday(P), genus(P) and outcome(P) answer without writing it", e.Bytes)
}

// writer writes a form. A form is written as a chain: a base (a nim-heap,
// or options in parentheses) and subscripts after it; in plain text the
// subscripts of a chain that has a part's subscript go in brackets.
type writer struct {
	f   *Forms
	ctx context.Context
	b   *strings.Builder
}

func digit(n int) string {
	if n < 10 {
		return strconv.Itoa(n)
	}
	return "&" + strconv.Itoa(n) + ";"
}

// chain writes g, whole.
func (w writer) chain(g MID, paren bool) error {
	open := false
	if err := w.form(g, paren, &open); err != nil {
		return err
	}
	if open {
		w.b.WriteString("]")
	}
	return nil
}

// form writes g as a base and its subscripts; sub asks for the bracket
// after the base, when a part's subscript follows.
func (w writer) form(g MID, paren bool, sub *bool) error {
	f, ctx := w.f, w.ctx
	if w.b.Len() > MaxWritten {
		return &TooLongError{Bytes: MaxWritten}
	}
	if err := ctx.Err(); err != nil {
		return &solve.InterruptedError{What: "writing a misère canonical form", Err: err}
	}
	b := int(f.games[g].bday)
	if n, ok, err := f.isNim(ctx, g); err != nil || ok {
		w.b.WriteString(digit(n))
		if *sub {
			w.b.WriteString("[")
		}
		return err
	}
	odd, err := f.odd(ctx, g)
	if err != nil {
		return err
	}
	if done, err := w.withHeap(g, odd, b, sub); done || err != nil {
		return err
	}
	if odd {
		e, err := f.plusOne(ctx, g)
		if err != nil {
			return err
		}
		*sub = true
		if err := w.form(e, true, sub); err != nil {
			return err
		}
		w.b.WriteString("1")
		return nil
	}
	return w.options(g, paren, sub)
}

// withHeap writes g as a part plus a nim-heap *i (i of g's parity, below
// its birthday), part i or part-i, when g is one; done is false when it
// is none.
func (w writer) withHeap(g MID, odd bool, b int, sub *bool) (done bool, err error) {
	f, ctx := w.f, w.ctx
	start := 2
	if odd {
		start = 3
	}
	for i := start; i < b; i += 2 {
		heap, err := f.nim(ctx, i)
		if err != nil {
			return true, err
		}
		if part, ok, err := w.minus(g, heap); err != nil || ok {
			if err != nil {
				return true, err
			}
			*sub = true
			if err := w.form(part, true, sub); err != nil {
				return true, err
			}
			w.b.WriteString(digit(i))
			return true, nil
		}
		s, err := f.add(ctx, g, heap)
		if err != nil {
			return true, err
		}
		if f.games[s].bday < f.games[g].bday {
			*sub = true
			if err := w.form(s, true, sub); err != nil {
				return true, err
			}
			w.b.WriteString("-" + digit(i))
			return true, nil
		}
	}
	return false, nil
}

// options writes g by its options: X# for one, (X Y ...) for several.
func (w writer) options(g MID, paren bool, sub *bool) error {
	f, ctx := w.f, w.ctx
	opts, err := f.ordered(ctx, g)
	if err != nil {
		return err
	}
	if len(opts) == 1 {
		if err := w.form(opts[0], true, sub); err != nil {
			return err
		}
		w.b.WriteString("#")
		return nil
	}
	if paren {
		w.b.WriteString("(")
	}
	for i := len(opts) - 1; i >= 0; i-- {
		if err := w.chain(opts[i], true); err != nil {
			return err
		}
	}
	if paren {
		w.b.WriteString(")")
	}
	if *sub {
		w.b.WriteString("[")
	}
	return nil
}

// minus is the game X born before g with X + heap = g, if there is one:
// such an X is an option of g (X + *0), and is kept in g's simplest form
// (an option born before g cannot reverse through a game g reduces to).
func (w writer) minus(g, heap MID) (MID, bool, error) {
	gg, i := &w.f.games[g], w.f.games[heap].gplus
	for _, x := range gg.opts {
		// X + *i has X's normal value xor i, and is born by day b(X) + i.
		if xg := &w.f.games[x]; xg.gplus^i != gg.gplus || xg.bday+int32(i) < gg.bday {
			continue
		}
		s, err := w.f.add(w.ctx, x, heap)
		if err != nil {
			return 0, false, err
		}
		if s == g {
			return x, true, nil
		}
	}
	return 0, false, nil
}

// Parse reads a game in CGSuite's notation, as it is written for input
// (*[[2],1], *[2] + *[2]) or as CGSuite and Write write it (*[2#1],
// *[2[2]]). A number of several digits is read as written for input, one
// nim-heap; in a written form (where *[42] is {*4, *2}) it is refused as
// ambiguous.
func (f *Forms) Parse(ctx context.Context, s string) (MID, error) {
	g, _, err := f.ParseGiven(ctx, s)
	return g, err
}

// ParseGiven is Parse, with the options the text gives the game (each in
// simplest form) when the game is written as a list of them, for Explain.
func (f *Forms) ParseGiven(ctx context.Context, s string) (MID, []MID, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	p := &formParser{f: f, ctx: ctx, s: s}
	g, err := p.parse()
	if err != nil {
		return 0, nil, err
	}
	if p.last != nil {
		if h, err := f.game(ctx, p.last); err != nil || h != g {
			p.last = nil // the last game made is not the whole (a sum)
		}
	}
	return g, p.last, nil
}

func (p *formParser) parse() (MID, error) {
	s := p.s
	if t := strings.TrimSpace(s); len(t) > 4 && strings.Trim(t, "*[]0123456789") == "" && strings.Count(t, "[") == 1 && strings.HasPrefix(t, "*[") {
		p.i = 2
		return 0, p.errorf("%s is read by CGSuite as a nim-heap and written by it for a game of one-digit heaps; write *[&%s;] for the heap, or the options with commas", t, t[2:len(t)-1])
	}
	if written(s) {
		return p.written()
	}
	g, err := p.sum(0)
	if err == nil {
		p.space()
		if p.i < len(s) {
			err = p.errorf("unexpected %q", s[p.i:p.i+1])
		}
	}
	return g, err
}

type formParser struct {
	f    *Forms
	ctx  context.Context
	s    string
	i    int
	nest int   // parentheses open, in a written form
	last []MID // the options of the game made last
}

// make is the game of opts, remembered as the last made.
func (p *formParser) make(opts []MID) (MID, error) {
	p.last = opts
	return p.f.game(p.ctx, opts)
}

// ParseError is a mistake in a form's text, at a byte offset.
type ParseError struct {
	Text   string
	Offset int
	Msg    string
}

func (e *ParseError) Error() string {
	return fmt.Sprintf("misère game %q, at character %d: %s (write a game as CGSuite does: *[2], *[[2],1], *[2] + *[2])", e.Text, e.Offset+1, e.Msg)
}

func (p *formParser) errorf(format string, args ...any) error {
	return &ParseError{Text: p.s, Offset: p.i, Msg: fmt.Sprintf(format, args...)}
}

func (p *formParser) space() {
	for p.i < len(p.s) && (p.s[p.i] == ' ' || p.s[p.i] == '\t' || p.s[p.i] == '\n') {
		p.i++
	}
}

// maxDepth bounds the nesting of brackets read.
const maxDepth = 1000

// sum reads term + term + ..., nested depth brackets deep.
func (p *formParser) sum(depth int) (MID, error) {
	g, err := p.term(depth)
	for err == nil {
		p.space()
		if p.i >= len(p.s) || p.s[p.i] != '+' {
			break
		}
		p.i++
		var h MID
		if h, err = p.term(depth); err == nil {
			g, err = p.f.add(p.ctx, g, h)
		}
	}
	return g, err
}

// term reads a number, *number, [list], *[list] or (sum).
func (p *formParser) term(depth int) (MID, error) {
	if depth > maxDepth {
		return 0, p.errorf("brackets nested more than %d deep", maxDepth)
	}
	p.space()
	if p.i >= len(p.s) {
		return 0, p.errorf("a game is missing at the end")
	}
	star := p.s[p.i] == '*'
	if star {
		p.i++
		p.space()
	}
	switch {
	case p.at('0', '9'):
		return p.nimHeap()
	case p.at('[', '['):
		p.i++
		return p.list(depth, star)
	case !star && p.at('(', '('):
		p.i++
		return p.paren(depth)
	case star:
		return p.f.nim(p.ctx, 1)
	}
	return 0, p.errorf("expected a nim-heap or a list in brackets, not %q", p.s[p.i:p.i+1])
}

// at is whether the next byte lies in lo..hi.
func (p *formParser) at(lo, hi byte) bool {
	return p.i < len(p.s) && p.s[p.i] >= lo && p.s[p.i] <= hi
}

// nimHeap reads the number of a nim-heap, at most 2^12.
func (p *formParser) nimHeap() (MID, error) {
	j := p.i
	for p.at('0', '9') {
		p.i++
	}
	n, err := strconv.Atoi(p.s[j:p.i])
	if err != nil || n > 1<<12 {
		p.i = j
		return 0, p.errorf("a nim-heap past *%d", 1<<12)
	}
	return p.f.nim(p.ctx, n)
}

// paren reads a sum after (, to the ).
func (p *formParser) paren(depth int) (MID, error) {
	g, err := p.sum(depth + 1)
	if err != nil {
		return 0, err
	}
	p.space()
	if !p.at(')', ')') {
		return 0, p.errorf("a ) is missing")
	}
	p.i++
	return g, nil
}

// list reads the options after [, to the ]; after a *, one option is
// the game itself.
func (p *formParser) list(depth int, star bool) (MID, error) {
	var opts []MID
	p.space()
	if p.i < len(p.s) && p.s[p.i] == ']' {
		p.i++
		return p.make(nil)
	}
	for {
		g, err := p.sum(depth + 1)
		if err != nil {
			return 0, err
		}
		opts = append(opts, g)
		p.space()
		if p.i >= len(p.s) {
			return 0, p.errorf("a ] is missing")
		}
		switch p.s[p.i] {
		case ',':
			p.i++
		case ']':
			p.i++
			if star && len(opts) == 1 {
				return opts[0], nil
			}
			return p.make(opts)
		default:
			return 0, p.errorf("expected , or ], not %q", p.s[p.i:p.i+1])
		}
	}
}

// written reports whether s is a form as written (*[2#1]) rather than as
// input: *[ then no comma, plus, star or nested list.
func written(s string) bool {
	t := strings.TrimSpace(s)
	if !strings.HasPrefix(t, "*[") || !strings.HasSuffix(t, "]") {
		return false
	}
	inner := t[2 : len(t)-1]
	if strings.ContainsAny(inner, ",+* ") || strings.HasPrefix(inner, "[") {
		return false
	}
	return strings.ContainsAny(inner, "#(&[") || len(inner) > 1 && !strings.ContainsAny(inner, "[]")
}

// written reads a written form: *[ chain... ].
func (p *formParser) written() (MID, error) {
	p.i = strings.Index(p.s, "*[") + 2
	end := strings.LastIndex(p.s, "]")
	opts, err := p.chains(end, "]")
	if err != nil {
		return 0, err
	}
	if len(opts) == 1 {
		return opts[0], nil
	}
	return p.make(opts)
}

// chains reads chains up to the closing byte at end.
func (p *formParser) chains(end int, closing string) ([]MID, error) {
	var opts []MID
	for p.i < end && p.s[p.i:p.i+1] != closing {
		g, err := p.chain(end)
		if err != nil {
			return nil, err
		}
		opts = append(opts, g)
	}
	if len(opts) == 0 {
		return nil, p.errorf("a game is missing")
	}
	return opts, nil
}

// chain reads a base (a heap, or options in parentheses), its #'s and
// its subscripts in brackets.
func (p *formParser) chain(end int) (MID, error) {
	if err := p.ctx.Err(); err != nil {
		return 0, err
	}
	g, err := p.base(end)
	if err != nil {
		return 0, err
	}
	for p.i < end && p.s[p.i] == '#' {
		p.i++
		if g, err = p.make([]MID{g}); err != nil {
			return 0, err
		}
	}
	if p.i < end && p.s[p.i] == '[' {
		p.i++
		if g, err = p.subscripts(g, end); err != nil {
			return 0, err
		}
	}
	return g, nil
}

// base reads a heap, or options in parentheses.
func (p *formParser) base(end int) (MID, error) {
	if p.s[p.i] != '(' {
		n, err := p.heapDigit(end)
		if err != nil {
			return 0, err
		}
		return p.f.nim(p.ctx, n)
	}
	if p.nest++; p.nest > maxDepth {
		return 0, p.errorf("parentheses nested more than %d deep", maxDepth)
	}
	defer func() { p.nest-- }()
	p.i++
	if strings.IndexByte(p.s[p.i:], ')') < 0 {
		return 0, p.errorf("a ) is missing")
	}
	opts, err := p.chains(end, ")")
	if err != nil {
		return 0, err
	}
	if p.i >= end || p.s[p.i] != ')' {
		return 0, p.errorf("a ) is missing")
	}
	p.i++
	return p.make(opts)
}

// subscripts reads the subscripts of g after its [, to the ]: #'s and
// nim-heaps added.
func (p *formParser) subscripts(g MID, end int) (MID, error) {
	var err error
	for p.i < end && p.s[p.i] != ']' {
		switch p.s[p.i] {
		case '#':
			p.i++
			g, err = p.make([]MID{g})
		case '-':
			p.i++
			var n int
			if n, err = p.heapDigit(end); err == nil {
				var h MID
				if h, err = p.f.nim(p.ctx, n); err == nil {
					var ok bool
					if g, ok, err = p.f.difference(p.ctx, g, h); err == nil && !ok {
						err = p.errorf("no game plus *[%d] makes the game before the subscript -%d", n, n)
					}
				}
			}
		default:
			var n int
			if n, err = p.heapDigit(end); err == nil {
				var h MID
				if h, err = p.f.nim(p.ctx, n); err == nil {
					g, err = p.f.add(p.ctx, g, h)
				}
			}
		}
		if err != nil {
			return 0, err
		}
	}
	if p.i >= end {
		return 0, p.errorf("a ] is missing")
	}
	p.i++
	return g, nil
}

// heapDigit reads a digit, or &n; for a heap past 9.
func (p *formParser) heapDigit(end int) (int, error) {
	c := p.s[p.i]
	switch {
	case c >= '0' && c <= '9':
		p.i++
		return int(c - '0'), nil
	case c == '&':
		semi := strings.IndexByte(p.s[p.i:], ';')
		if semi < 0 || p.i+semi > end {
			return 0, p.errorf("a ; is missing after &")
		}
		n, err := strconv.Atoi(p.s[p.i+1 : p.i+semi])
		if err != nil || n > 1<<12 {
			return 0, p.errorf("&n; is a nim-heap from 0 to %d", 1<<12)
		}
		p.i += semi + 1
		return n, nil
	}
	return 0, p.errorf("expected a nim-heap, ( or #, not %q", p.s[p.i:p.i+1])
}
