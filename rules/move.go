package rules

import (
	"github.com/gamelang/gamelang/lang"
	"github.com/gamelang/gamelang/solve"
)

// Loops are the 'for' clauses and the guard of a rule, compiled: every
// binding of the loop variables that passes the guard. Kinds that compile
// their moves' results themselves (graphs, lists) share them.
//
// The guard's parts joined by 'and' are checked as soon as the variables
// they use are bound, left to right: 'for k in 1..a / b if b > 0' checks
// b > 0 before it makes the range, so the guard protects it, as it reads.
type Loops struct {
	pre  []Int // parts of the guard that use no loop variable
	fors []forClause
}

type forClause struct {
	slot   int
	rng    Coll
	guards []Int // parts of the guard whose last loop variable is this one
}

// Each runs f once for every binding of the loop variables that passes the
// guard, with the variables in their registers of r, ticking w for every
// binding tried.
func (l *Loops) Each(w *solve.Work, r []int64, f func()) {
	if !passes(l.pre, r) {
		w.Tick()
		return
	}
	l.loop(w, r, 0, f)
}

func passes(guards []Int, r []int64) bool {
	for _, g := range guards {
		if g.Fn(r) == 0 {
			return false
		}
	}
	return true
}

func (l *Loops) loop(w *solve.Work, r []int64, depth int, f func()) {
	if depth == len(l.fors) {
		w.Tick()
		f()
		return
	}
	fc := l.fors[depth]
	fc.rng.Each(r, func(k int64) bool {
		r[fc.slot] = k
		if !passes(fc.guards, r) {
			w.Tick()
			return true
		}
		l.loop(w, r, depth+1, f)
		return !w.Stopped() // the solver needs no more
	})
}

// conjuncts are the parts of e joined by 'and', left to right.
func conjuncts(e lang.Expr) []lang.Expr {
	if b, ok := e.(*lang.Binary); ok && b.Op == "and" {
		return append(conjuncts(b.Left), conjuncts(b.Right)...)
	}
	return []lang.Expr{e}
}

// CompileLoops compiles a rule's 'for' clauses and guard, binding its loop
// variables to registers; the rule's result is compiled after it, and
// unbind then ends the variables with their rule.
func (s *Scope) CompileLoops(fors []*lang.ForClause, guard lang.Expr) (l Loops, unbind func(), err error) {
	var bound []string
	unbind = func() {
		for _, name := range bound {
			delete(s.slots, name)
		}
	}
	for _, f := range fors {
		rng, err := s.CompileColl(f.Range)
		if err != nil {
			return l, unbind, err
		}
		l.fors = append(l.fors, forClause{rng: rng, slot: s.Bind(f.Var.Name)})
		bound = append(bound, f.Var.Name)
	}
	if guard == nil {
		return l, unbind, nil
	}
	level := -1 // a part is checked once its last variable is bound, and never before a part to its left
	for _, part := range conjuncts(guard) {
		for i, f := range fors {
			if lang.Mentions(part, f.Var.Name) {
				level = max(level, i)
			}
		}
		g, err := s.CompileInt(part)
		if err != nil {
			return l, unbind, err
		}
		if level < 0 {
			l.pre = append(l.pre, g)
		} else {
			l.fors[level].guards = append(l.fors[level].guards, g)
		}
	}
	return l, unbind, nil
}

// Move is a compiled 'move (e1, ..., ek) for v in range ... if guard' rule.
type Move struct {
	Pos lang.Pos
	Loops
	Result    []Int
	ResultPos []lang.Pos
	// Parts, when the move is written with a generator, calls f with each
	// part it leaves (Result is then empty, ResultPos its one position).
	Parts func(r []int64, f func(v int64) bool)
	line  *line // the move as a line, when it is one (line.go)
}

// CompileMove compiles a move rule; its loop variables are bound to
// registers of the scope for the rule only.
func (s *Scope) CompileMove(r *lang.MoveRule) (m Move, err error) {
	m.Pos = r.Pos
	loops, unbind, err := s.CompileLoops(r.Fors, r.Guard)
	defer unbind() // loop variables end with their rule
	if err != nil {
		return m, err
	}
	m.Loops = loops
	if len(r.Result) == 1 {
		if g, ok := r.Result[0].(*lang.Comprehension); ok && g.Generator() {
			defer solve.Catch(&err)
			comp := s.comprehension(g)
			m.Parts, m.ResultPos = comp.each, []lang.Pos{g.Pos}
			return m, nil
		}
	}
	for _, e := range r.Result {
		c, err := s.CompileInt(e)
		if err != nil {
			return m, err
		}
		m.Result = append(m.Result, c)
		m.ResultPos = append(m.ResultPos, lang.ExprPos(e))
	}
	m.line = lineOf(&m)
	return m, nil
}

// Compiled is the body of a declaration as most kinds compile it: its move
// and 'loses if' rules. Kinds with rules of their own (take, pick, forbid)
// compile those themselves.
type Compiled struct {
	Ticker *Ticker // the loops of the rules' comprehensions tick it
	Moves  []Move
	Loses  *Int
	// LosesBlock is the 'loses if' condition over blocks of heaps, when it
	// compiles so.
	LosesBlock BlockFunc
}

// CompileBody compiles the move and 'loses if' rules of a body, in order,
// and hands every other rule to other (which may be nil when there is none).
func (s *Scope) CompileBody(body []lang.Rule, other func(lang.Rule) error) (c Compiled, err error) {
	c.Ticker = s.Ticker()
	for _, r := range body {
		switch r := r.(type) {
		case *lang.MoveRule:
			var m Move
			if m, err = s.CompileMove(r); err != nil {
				return c, err
			}
			c.Moves = append(c.Moves, m)
		case *lang.LosesRule:
			l, err := s.CompileInt(r.Cond)
			if err != nil {
				return c, err
			}
			c.Loses = &l
			if b, ok := s.CompileBlock(r.Cond); ok {
				c.LosesBlock = b
			}
		default:
			if other != nil {
				if err := other(r); err != nil {
					return c, err
				}
			}
		}
	}
	return c, nil
}
