package exercise

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/gamelang/gamelang"
	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/lang"
)

// Set is a file of exercises.
type Set struct {
	Title, Source string
	Setup         string // the definitions every exercise sees
	Name          string // the file it was read from
	setupAt       string // the setup's lines at their lines of the file, as written
	Exercises     []*Exercise
}

// Exercise is one question.
type Exercise struct {
	ID       string
	Question string
	Answer   string   // an expression whose value is the answer; or
	Winning  string   // a position whose winning moves are the answers
	Book     []string // the published solution: values, or winning moves; checked by the tests
	Hint     string   // an expression whose value is shown as a hint (explain(...))
	Line     int
	// where the answer:, winning: and hint: values start in the file
	answerAt, winningAt, hintAt [2]int
}

// Parse reads a set of exercises. Its lines are "key: text" (title,
// source), "setup:" followed by indented definitions, and for each
// exercise "exercise ID: question" followed by indented "answer:",
// "winning:", "book:" (any number) and "hint:" lines; an indented line
// with no key continues the question. '#' starts a comment line.
func Parse(name, src string) (*Set, error) {
	r := &setReader{s: &Set{Name: name}}
	for _, raw := range strings.Split(src, "\n") { // lines of any length
		r.line++
		if err := r.read(strings.TrimSuffix(raw, "\r")); err != nil {
			return nil, err
		}
	}
	for _, ex := range r.s.Exercises {
		if err := ex.check(name); err != nil {
			return nil, err
		}
	}
	r.s.setupAt = r.setupAt.String()
	return r.s, nil
}

// setReader is a set being read a line at a time.
type setReader struct {
	s       *Set
	ex      *Exercise // the exercise whose indented lines follow; nil: none
	inSetup bool
	line    int
	setupAt strings.Builder // the setup at its lines, for positions
}

func (r *setReader) fail(format string, args ...any) error {
	return fmt.Errorf("%s:%d: %s", r.s.Name, r.line, fmt.Sprintf(format, args...))
}

// read takes one line.
func (r *setReader) read(raw string) error {
	text := strings.TrimSpace(raw)
	if text == "" || strings.HasPrefix(text, "#") {
		return nil
	}
	indented := raw[0] == ' ' || raw[0] == '\t'
	if indented && r.inSetup {
		r.setupLine(raw)
		return nil
	}
	r.inSetup = false
	key, val, hasKey := strings.Cut(text, ":")
	key = strings.TrimSpace(key)
	val = strings.TrimSpace(val)
	if !indented {
		return r.top(text, key, val, hasKey)
	}
	if r.ex == nil {
		return r.fail("an indented line belongs to setup: or to an exercise")
	}
	r.exerciseLine(raw, text, key, val, hasKey)
	return nil
}

// setupLine takes an indented line of the setup, keeping it at its line
// in setupAt.
func (r *setReader) setupLine(raw string) {
	r.s.Setup += strings.TrimPrefix(strings.TrimPrefix(raw, "    "), "\t") + "\n"
	for strings.Count(r.setupAt.String(), "\n") < r.line-1 {
		r.setupAt.WriteByte('\n')
	}
	r.setupAt.WriteString(raw + "\n")
}

// exerciseLine takes an indented line of an exercise: its answer, winning
// moves, book, hint (each kept with where its value starts), or more of
// its question.
func (r *setReader) exerciseLine(raw, text, key, val string, hasKey bool) {
	at := [2]int{r.line, 1 + strings.Index(raw, ":") + 1}
	at[1] += len(raw[at[1]-1:]) - len(strings.TrimLeft(raw[at[1]-1:], " \t"))
	ex := r.ex
	switch {
	case hasKey && key == "answer":
		ex.Answer, ex.answerAt = val, at
	case hasKey && key == "winning":
		ex.Winning, ex.winningAt = val, at
	case hasKey && key == "book":
		ex.Book = append(ex.Book, val)
	case hasKey && key == "hint":
		ex.Hint, ex.hintAt = val, at
	default:
		ex.Question += " " + text
	}
}

// top takes a line that is not indented: the set's title, source or
// setup, or an exercise's first line.
func (r *setReader) top(text, key, val string, hasKey bool) error {
	r.ex = nil
	switch {
	case hasKey && key == "title":
		r.s.Title = val
	case hasKey && key == "source":
		r.s.Source = val
	case hasKey && key == "setup" && val == "":
		r.inSetup = true
	case hasKey && strings.HasPrefix(key, "exercise "):
		ex := &Exercise{ID: strings.TrimSpace(strings.TrimPrefix(key, "exercise ")), Question: val, Line: r.line}
		if ex.ID == "" || strings.ContainsAny(ex.ID, " \t") {
			return r.fail("an exercise's name is one word, as in \"exercise 1.4a: ...\"")
		}
		if r.s.Find(ex.ID) != nil {
			return r.fail("exercise %s is given twice", ex.ID)
		}
		r.s.Exercises = append(r.s.Exercises, ex)
		r.ex = ex
	default:
		return r.fail("expected title:, source:, setup: or exercise ID: question, not %q", text)
	}
	return nil
}

// check checks that an exercise has one answer, and reads the set's own
// expressions now, each at its place in the file.
func (ex *Exercise) check(name string) error {
	if (ex.Answer == "") == (ex.Winning == "") {
		return fmt.Errorf("%s:%d: exercise %s needs an answer: or a winning: line (one of them)", name, ex.Line, ex.ID)
	}
	for _, e := range []struct {
		text string
		at   [2]int
	}{{ex.Answer, ex.answerAt}, {ex.Winning, ex.winningAt}, {ex.Hint, ex.hintAt}} {
		if e.text == "" {
			continue
		}
		if _, err := lang.ParseAt(name, strings.Repeat(" ", e.at[1]-1)+e.text, e.at[0]); err != nil {
			return err
		}
	}
	return nil
}

// Find is the exercise of that name, or nil.
func (s *Set) Find(id string) *Exercise {
	for _, ex := range s.Exercises {
		if ex.ID == id {
			return ex
		}
	}
	return nil
}

// Checker checks answers to the exercises of a set, in one session with
// the setup run.
type Checker struct {
	set  *Set
	sess *gamelang.Session
}

// NewChecker runs the set's setup in a new session.
func NewChecker(ctx context.Context, s *Set, opts gamelang.Options) (*Checker, error) {
	opts.Out = new(strings.Builder)
	sess := gamelang.NewSession(opts)
	name, setup := s.Name, s.setupAt
	if name == "" || setup == "" && s.Setup != "" { // a set made by hand
		name, setup = "setup", s.Setup
	}
	if err := sess.Exec(ctx, name, setup); err != nil {
		return nil, fmt.Errorf("the exercises' setup: %s", sess.Render(err))
	}
	return &Checker{set: s, sess: sess}, nil
}

// eval evaluates an expression of the set at its place in the file.
func (c *Checker) eval(ctx context.Context, expr string, at [2]int) (gamelang.Value, error) {
	if at[0] == 0 || c.set.Name == "" {
		return c.sess.Eval(ctx, expr)
	}
	return c.sess.EvalAt(ctx, c.set.Name, expr, at[0], max(at[1], 1))
}

// Verdict is what a check says of an answer.
type Verdict struct {
	Right   bool
	Message string // why it is not right, or what it is right about
}

// Check checks a student's answer to exercise id.
func (c *Checker) Check(ctx context.Context, id, answer string) (Verdict, error) {
	ex := c.set.Find(id)
	if ex == nil {
		return Verdict{}, fmt.Errorf("no exercise %s", id)
	}
	if err := literal(answer); err != nil {
		return Verdict{Message: err.Error()}, nil
	}
	got, err := c.sess.Eval(ctx, answer)
	if err != nil {
		return Verdict{Message: "your answer could not be read: " + c.sess.Render(err)}, nil
	}
	if ex.Winning != "" {
		return c.checkMove(ctx, ex, got)
	}
	want, err := c.eval(ctx, ex.Answer, ex.answerAt)
	if err != nil {
		return Verdict{}, fmt.Errorf("exercise %s: its answer: %s", id, c.sess.Render(err))
	}
	if got.What() == want.What() && got.String() == want.String() {
		return Verdict{Right: true, Message: "Right."}, nil
	}
	return Verdict{Message: differs(got, want)}, nil
}

// checkMove checks that a position is reached from the exercise's position
// by one move, and that the player who made it wins (it is a P-position).
func (c *Checker) checkMove(ctx context.Context, ex *Exercise, got gamelang.Value) (Verdict, error) {
	q, ok := got.(gamelang.Position)
	if !ok {
		return Verdict{Message: fmt.Sprintf("write the position your move leaves, such as %s; not %s", ex.Winning, got.What())}, nil
	}
	from, err := c.eval(ctx, "options("+ex.Winning+")", [2]int{ex.winningAt[0], ex.winningAt[1] - len("options(")})
	if err != nil {
		return Verdict{}, fmt.Errorf("exercise %s: %s", ex.ID, c.sess.Render(err))
	}
	opts := from.(gamelang.OptionList)
	target := key(q.P)
	for _, o := range opts.Opts {
		if key(o.Result(opts.Pos)) != target {
			continue
		}
		if o.Value.Outcome() == game.P {
			return Verdict{Right: true, Message: fmt.Sprintf("Right: %s is a P-position, so the player who moved there wins.", q.P)}, nil
		}
		return Verdict{Message: fmt.Sprintf("%s can be reached in one move, but it is not a P-position: your opponent has a winning move from there.", q.P)}, nil
	}
	return Verdict{Message: fmt.Sprintf("%s cannot be reached from %s in one move.", q.P, opts.Pos)}, nil
}

// key writes a position for comparison: its parts in order, heaps of 0
// (which add nothing to a sum) left out.
func key(p game.Position) string {
	var parts []string
	for _, c := range p {
		if c.Rules.Kind().Format(c.State) == "(0)" {
			continue
		}
		parts = append(parts, c.String())
	}
	slices.Sort(parts)
	return strings.Join(parts, " + ")
}

// differs says how a wrong answer differs from the right one: for sets and
// lists, what is missing and what should not be there.
func differs(got, want gamelang.Value) string {
	if got.What() != want.What() {
		return fmt.Sprintf("Not right: the answer is %s, and yours is %s.", want.What(), got.What())
	}
	g, gok := got.(gamelang.Set)
	w, wok := want.(gamelang.Set)
	if !gok || !wok {
		return "Not right."
	}
	has := map[string]bool{}
	for _, x := range g.Elems {
		has[x.String()] = true
	}
	var missing, extra []string
	in := map[string]bool{}
	for _, x := range w.Elems {
		in[x.String()] = true
		if !has[x.String()] {
			missing = append(missing, x.String())
		}
	}
	for _, x := range g.Elems {
		if !in[x.String()] {
			extra = append(extra, x.String())
		}
	}
	msg := "Not right:"
	if len(missing) > 0 {
		msg += fmt.Sprintf(" %d of the answer's members %s missing", len(missing), isAre(len(missing)))
	}
	if len(extra) > 0 {
		if len(missing) > 0 {
			msg += ", and"
		}
		msg += fmt.Sprintf(" %s should not be there", strings.Join(extra, ", "))
	}
	return msg + "."
}

func isAre(n int) string {
	if n == 1 {
		return "is"
	}
	return "are"
}

// Hint is the exercise's hint: the value of its hint expression (an
// explanation), or what the exercise asks for when it has none.
func (c *Checker) Hint(ctx context.Context, id string) (string, error) {
	ex := c.set.Find(id)
	if ex == nil {
		return "", fmt.Errorf("no exercise %s", id)
	}
	if ex.Hint == "" {
		if ex.Winning != "" {
			return "Find a move to a position of Grundy value 0 (a P-position).", nil
		}
		return "No hint for this one.", nil
	}
	v, err := c.eval(ctx, ex.Hint, ex.hintAt)
	if err != nil {
		return "", fmt.Errorf("exercise %s: its hint: %s", id, c.sess.Render(err))
	}
	return v.String(), nil
}

// builtin are the names of the builtin functions.
var builtin = func() map[string]bool {
	m := map[string]bool{}
	for _, d := range gamelang.Funcs() {
		m[d.Name] = true
	}
	return m
}()

// literal refuses an answer that computes rather than states: the student
// writes numbers, sets, lists, ranges, P, N, true, false and positions
// (games called with numbers, added with +), not queries.
func literal(answer string) error {
	f, err := lang.Parse("answer", answer)
	if err != nil {
		return fmt.Errorf("your answer could not be read: %v", err)
	}
	if len(f.Stmts) != 1 {
		return fmt.Errorf("write one value")
	}
	s, ok := f.Stmts[0].(*lang.ExprStmt)
	if !ok {
		return fmt.Errorf("write a value, not a definition")
	}
	bad := notLiteral(s.X)
	if bad != nil {
		return fmt.Errorf("write the answer itself (numbers, a set {...}, a list [...], P or N, a position such as Nim(3) + Nim(5)), not %s: the checker does not run queries for you", lang.FormatExpr(bad))
	}
	return nil
}

// lastNotLiteral is notLiteral of the last of xs that has one.
func lastNotLiteral(xs []lang.Expr) lang.Expr {
	var bad lang.Expr
	for _, x := range xs {
		if x == nil {
			continue
		}
		if b := notLiteral(x); b != nil {
			bad = b
		}
	}
	return bad
}

// notLiteral is the last part of e, in the order written, that is not
// part of a value written out (a query, an operator but + and ..), or nil.
func notLiteral(e lang.Expr) lang.Expr {
	var bad lang.Expr
	last := func(xs ...lang.Expr) {
		if b := lastNotLiteral(xs); b != nil {
			bad = b
		}
	}
	switch e := e.(type) {
	case *lang.IntLit, *lang.StringLit:
	case *lang.Ident:
		if builtin[e.Name] {
			bad = e // a query is not an answer
		}
	case *lang.Paren:
		last(e.X)
	case *lang.Unary:
		if e.Op != "-" {
			bad = e
		}
		last(e.X)
	case *lang.Binary:
		if e.Op != "+" && e.Op != ".." {
			bad = e
		}
		last(e.Left, e.Right)
	case *lang.RangeExpr:
		last(e.Lo, e.Hi) // Hi nil: an open range, no part of it
	case *lang.SetLit:
		last(e.Elems...)
	case *lang.ListLit:
		last(e.Elems...)
	case *lang.Call:
		last(append([]lang.Expr{e.Fn}, e.Args...)...)
	case *lang.SetCall:
		last(append([]lang.Expr{e.Fn}, e.Elems...)...)
	default:
		bad = e
	}
	return bad
}
