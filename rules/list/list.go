// Package list is the kind of position of games on a list of numbers of
// any length, declared `game Staircase list { move (...) for ... if ... }`,
// or on a word over an alphabet, `game Coins list (T, H) { ... }` (the
// letters stand for 0, 1, ... in the rules, and positions are written
// Coins("THHT")):
// heaps on the steps of a staircase, Moore's Nim on any number of heaps,
// the rows of a Chomp bar. A position is written Staircase(3, 1, 4); a
// move gives the new list, written as its parts in order: numbers
// (at(i) - k), and the runs before(i), after(i) and between(i, j) of the
// list as it is; or as one generator (min(at(r), j) for r in 0..len - 1).
// The rules see len, the length, and at(i), the number at index i (from 0).
package list

import (
	"context"
	"fmt"
	"math/big"
	"slices"
	"strings"

	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/lang"
	"github.com/gamelang/gamelang/rules"
	"github.com/gamelang/gamelang/solve"
)

// State is a position: the numbers of the list.
type State []int64

// MaxLen bounds a list.
const MaxLen = 1 << 12

// kind is the positions of a list ruleset; letters is its alphabet, one
// byte a letter, empty for lists of numbers.
type kind struct{ letters string }

func (kind) Name() string { return "list" }

// MakeFrom makes a position from a word over the alphabet (see
// game.ValueMaker).
func (k kind) MakeFrom(name string, vs []any) (game.State, error) {
	var w string
	ok := len(vs) == 1
	if ok {
		w, ok = vs[0].(string)
	}
	if !ok || k.letters == "" {
		return nil, fmt.Errorf("a position of %s is a list of numbers: %s", name, k.Example(name))
	}
	if len(w) > MaxLen {
		return nil, fmt.Errorf("a position of %s has at most %d letters, not %d", name, MaxLen, len(w))
	}
	st := make(State, len(w))
	for i := range len(w) {
		x := strings.IndexByte(k.letters, w[i])
		if x < 0 {
			return nil, fmt.Errorf("%q is not a letter of %s, whose letters are %s", w[i:i+1], name, strings.Join(strings.Split(k.letters, ""), ", "))
		}
		st[i] = int64(x)
	}
	return st, nil
}

func (k kind) Make(name string, nums []*big.Int) (game.State, error) {
	if len(nums) > MaxLen {
		return nil, fmt.Errorf("a position of %s has at most %d numbers, not %d", name, MaxLen, len(nums))
	}
	st := make(State, len(nums))
	for i, x := range nums {
		if x.Sign() < 0 || !x.IsInt64() {
			return nil, fmt.Errorf("the numbers of a position of %s are 0 to 2^63-1, not %s", name, x)
		}
		st[i] = x.Int64()
	}
	return st, nil
}

func (k kind) Format(s game.State) string {
	st := s.(State)
	if k.letters != "" && k.word(st) {
		b := make([]byte, len(st))
		for i, x := range st {
			b[i] = k.letters[x]
		}
		return fmt.Sprintf("(%q)", b)
	}
	parts := make([]string, len(st))
	for i, x := range st {
		parts[i] = fmt.Sprint(x)
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

// word reports whether every number of st is a letter.
func (k kind) word(st State) bool {
	for _, x := range st {
		if x >= int64(len(k.letters)) {
			return false
		}
	}
	return true
}

func (kind) Braces() bool { return false }

func (k kind) Example(name string) string {
	if k.letters != "" {
		return fmt.Sprintf("%s(%q)", name, k.letters+k.letters[:1])
	}
	return name + "(3, 1, 4)"
}
func (kind) Coords() []string             { return nil }
func (k kind) Encode(s game.State) string { return k.Format(s) }

// Compare puts shorter lists first.
func (kind) Compare(a, b game.State) int {
	s, t := a.(State), b.(State)
	if len(s) != len(t) {
		return len(s) - len(t)
	}
	return slices.Compare(s, t)
}

// Decl is the kind of list games as the language declares them.
var Decl rules.Kind = decl{}

type decl struct{}

// The names a list ruleset's rules see.
const (
	nameLen     = "len"
	nameAt      = "at"
	nameBefore  = "before"
	nameAfter   = "after"
	nameBetween = "between"
)

func (decl) Word() string { return "list" }

// Help explains the kind's word and what its rules see.
func (decl) Help() map[string]string {
	return map[string]string{
		"list":      "game G list { move (...) ... }: a game whose position is a list of numbers of any length (or a word, G(\"HTTH\")); its rules see len, at(i), before(i), after(i), between(i, j)",
		nameLen:     "len: in the rules of a list game, the length of the list",
		nameAt:      "at(i): in the rules of a list game, the number at index i, from 0",
		nameBefore:  "before(i): in a list game's move, the numbers before index i: move (before(i), at(i) - 1, after(i)) ...",
		nameAfter:   "after(i): in a list game's move, the numbers after index i",
		nameBetween: "between(i, j): in a list game's move, the numbers strictly between indexes i and j",
	}
}
func (decl) Describe() string { return "list" }
func (decl) Rules() []string  { return []string{"move"} }

func (decl) Locals(d *lang.GameDecl) []rules.Local {
	var letters []rules.Local
	for _, v := range d.KindVars() {
		letters = append(letters, rules.Local{Name: v.Name, Pos: v.Pos, What: "a letter of the alphabet"})
	}
	return append(letters, []rules.Local{
		{Name: nameLen, What: "the length of a list ruleset's position"},
		{Name: nameAt, What: "the number at an index of a list ruleset's position"},
		{Name: nameBefore, What: "the numbers before an index, in a list ruleset"},
		{Name: nameAfter, What: "the numbers after an index, in a list ruleset"},
		{Name: nameBetween, What: "the numbers between two indexes, in a list ruleset"},
	}...)
}

func (decl) Check(d *lang.GameDecl, report func(lang.Pos, string, ...any)) {
	for _, v := range d.KindVars() {
		if len(v.Name) != 1 {
			report(v.Pos, "the letters of a word are single characters: %s is not one (as in list (T, H))", v.Name)
		}
	}
	moves := 0
	for _, r := range d.Rules {
		if _, ok := r.(*lang.MoveRule); ok {
			moves++
		}
	}
	if moves == 0 {
		report(d.Pos, "list ruleset %s needs a rule 'move (...) for ...'", d.Name)
	}
}

func (decl) Position(d *lang.GameDecl, n int, braces bool) string {
	if braces {
		return fmt.Sprintf("%s is a list ruleset: write its positions as %s(3, 1, 4), not with braces", d.Name, d.Name)
	}
	return ""
}

// Ruleset is a list ruleset: its compiled move rules, run over the
// position under way (cur, which len, at and the runs read).
type Ruleset struct {
	name   string
	moves  []move
	regs   int
	ticker *rules.Ticker
	limits *solve.Limits
	cur    *State
	// letters is the alphabet of a word ruleset, "" for lists of numbers
	letters string
}

type move struct {
	rules.Loops
	parts []part
	pos   lang.Pos
}

// part appends what one part of a move's result gives.
type part func(r []int64, out State) State

func (decl) Compile(d *lang.GameDecl, name string, sc *rules.Scope, opt rules.Options) (game.Ruleset, error) {
	rs := &Ruleset{name: name, limits: opt.Limits, cur: &State{}}
	cur := rs.cur
	funcs := map[string]rules.LocalFunc{}
	for i, v := range d.KindVars() {
		rs.letters += v.Name
		funcs[v.Name] = rules.LocalFunc{Fn: func(lang.Pos, []int64) int64 { return int64(i) }}
	}
	index := func(at lang.Pos, i int64) int64 {
		if i < 0 || i >= int64(len(*cur)) {
			rules.Fail(at, "index %d is outside the list %s (indexes 0 to %d)", i, rs.Kind().Format(*cur), len(*cur)-1)
		}
		return i
	}
	run := func(lo, hi int64, f func(int64) bool) { // the numbers at lo..hi, clipped to the list
		lo, hi = max(lo, 0), min(hi, int64(len(*cur))-1)
		for i := lo; i <= hi; i++ {
			if !f((*cur)[i]) {
				return
			}
		}
	}
	funcs[nameLen] = rules.LocalFunc{Fn: func(lang.Pos, []int64) int64 { return int64(len(*cur)) }}
	funcs[nameAt] = rules.LocalFunc{Args: 1, Fn: func(at lang.Pos, a []int64) int64 { return (*cur)[index(at, a[0])] }}
	sc.Define(funcs, map[string]rules.LocalColl{
		nameBefore:  {Args: 1, Each: func(_ lang.Pos, a []int64, f func(int64) bool) { run(0, a[0]-1, f) }},
		nameAfter:   {Args: 1, Each: func(_ lang.Pos, a []int64, f func(int64) bool) { run(a[0]+1, int64(len(*cur))-1, f) }},
		nameBetween: {Args: 2, Each: func(_ lang.Pos, a []int64, f func(int64) bool) { run(a[0]+1, a[1]-1, f) }},
	})
	for _, r := range d.Rules {
		m, err := compileMove(sc, r.(*lang.MoveRule))
		if err != nil {
			return nil, err
		}
		rs.moves = append(rs.moves, m)
	}
	rs.regs, rs.ticker = sc.Registers(), sc.Ticker()
	return rs, nil
}

func compileMove(sc *rules.Scope, m *lang.MoveRule) (cm move, err error) {
	loops, unbind, err := sc.CompileLoops(m.Fors, m.Guard)
	defer unbind()
	if err != nil {
		return cm, err
	}
	defer solve.Catch(&err)
	cm.Loops, cm.pos = loops, m.Pos
	for _, e := range m.Result {
		cm.parts = append(cm.parts, compilePart(sc, e))
	}
	return cm, nil
}

// compilePart compiles a part of a move's result: a run of the list or a
// generator (spliced in), or a number.
func compilePart(sc *rules.Scope, e lang.Expr) part {
	splice := func(c rules.Coll) part {
		return func(r []int64, out State) State {
			c.Each(r, func(k int64) bool { out = append(out, k); return true })
			return out
		}
	}
	switch x := e.(type) {
	case *lang.Comprehension:
		if x.Generator() {
			c, err := sc.CompileColl(&lang.Comprehension{Pos: x.Pos, Elem: x.Elem, Fors: x.Fors, Cond: x.Cond, Set: true})
			if err != nil {
				solve.Abort(err)
			}
			return splice(c) // compiled as a collection: its members in order, repeats kept
		}
	case *lang.Call:
		if id, ok := x.Fn.(*lang.Ident); ok && (id.Name == nameBefore || id.Name == nameAfter || id.Name == nameBetween) {
			c, err := sc.CompileColl(x)
			if err != nil {
				solve.Abort(err)
			}
			return splice(c)
		}
	}
	v, err := sc.CompileInt(e)
	if err != nil {
		solve.Abort(err)
	}
	return func(r []int64, out State) State { return append(out, v.Fn(r)) }
}

// Name is the ruleset's name.
func (r *Ruleset) Name() string { return r.name }

// Rename changes the name (see game.Renamer).
func (r *Ruleset) Rename(name string) { r.name = name }

// Kind is the positions: lists of numbers, or words.
func (r *Ruleset) Kind() game.Kind { return kind{letters: r.letters} }

// Decided is false: a list ruleset has no 'loses if'.
func (r *Ruleset) Decided(game.State) bool { return false }

// Moves lists the moves of a position: for every binding of a rule's loop
// variables that passes its guard, the list its parts make.
func (r *Ruleset) Moves(ctx context.Context, s game.State) (moves []game.Move, err error) {
	defer solve.Catch(&err)
	st := s.(State)
	w, done := r.ticker.Listing(ctx, r.limits, r.name)
	defer done()
	saved := *r.cur
	*r.cur = st
	defer func() { *r.cur = saved }()
	regs := make([]int64, r.regs)
	for i := range r.moves {
		m := &r.moves[i]
		m.Each(w, regs, func() {
			var to State
			for _, p := range m.parts {
				to = p(regs, to)
			}
			for _, x := range to {
				if x < 0 {
					rules.Fail(m.pos, "this move leaves %s, with a negative number, from %s", kind{}.Format(to), r.Kind().Format(st))
				}
			}
			if len(to) > MaxLen {
				rules.Fail(m.pos, "this move leaves a list of %d numbers; a list has at most %d", len(to), MaxLen)
			}
			w.Alloc(8*cap(to) + 96)
			moves = append(moves, game.Move{To: []game.Component{{Rules: r, State: to}}})
		})
	}
	return moves, nil
}
