package graph

import (
	"fmt"
	"math/bits"

	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/lang"
	"github.com/gamelang/gamelang/rules"
	"github.com/gamelang/gamelang/solve"
)

// Decl is the kind of graph games as the language declares them:
//
//	game NodeKayles graph { move (vertices - {v} - neighbours(v)) for v in vertices }
//	game ArcKayles graph { move (vertices - {u, v}) for u in vertices for v in neighbours(u) if u < v }
//
// A move's result is the set of vertices left, written with vertices (the
// vertices of the position), neighbours(v) (v's neighbours there), sets of
// vertices {u, v}, + (union) and - (difference). Loops run over vertices
// and neighbours(v); guards may also ask degree(v) and adjacent(u, v), and
// compare vertices by their order.
var Decl rules.Kind = decl{}

type decl struct{}

// The names a graph ruleset's rules see.
const (
	nameVertices   = "vertices"
	nameNeighbours = "neighbours"
	nameDegree     = "degree"
	nameAdjacent   = "adjacent"
	nameGround     = "ground"
	nameConnected  = "connected"
)

func (decl) Word() string { return "graph" }

// Help explains the kind's word and what its rules see.
func (decl) Help() map[string]string {
	return map[string]string{
		"graph":        "game G graph { move ... }: a game on a simple graph (path(n), grid(a, b), graph(\"a-b b-c\")) whose moves delete vertices; its rules see vertices, neighbours(v), degree(v), adjacent(u, v), connected(v, S), ground",
		nameVertices:   "vertices: in the rules of a graph game, the vertices of the position",
		nameNeighbours: "neighbours(v): in the rules of a graph game, the vertices joined to v",
		nameDegree:     "degree(v): in the rules of a graph game, how many vertices are joined to v",
		nameAdjacent:   "adjacent(u, v): in the rules of a graph game, whether u and v are joined (1) or not (0)",
		nameConnected:  "connected(v, S): in the rules of a graph game, the vertices joined to v by paths avoiding S",
		nameGround:     "ground: in the rules of a graph game, the grounded vertex, when the position has one",
	}
}
func (decl) Describe() string { return "graph" }
func (decl) Rules() []string  { return []string{"move"} }

func (decl) Locals(*lang.GameDecl) []rules.Local {
	return []rules.Local{
		{Name: nameVertices, What: "the vertices of a graph ruleset's position"},
		{Name: nameNeighbours, What: "the neighbours of a vertex, in a graph ruleset"},
		{Name: nameDegree, What: "the degree of a vertex, in a graph ruleset"},
		{Name: nameAdjacent, What: "whether two vertices are joined, in a graph ruleset"},
		{Name: nameGround, What: "the first vertex of a graph ruleset's position (Hackenbush's ground)"},
		{Name: nameConnected, What: "the vertices of a set joined to a vertex, in a graph ruleset"},
	}
}

func (decl) Check(d *lang.GameDecl, report func(lang.Pos, string, ...any)) {
	if len(d.KindVars()) > 0 {
		report(d.Kind.Pos, "a graph ruleset takes no variables: its positions are graphs")
	}
	moves := 0
	for _, r := range d.Rules {
		if m, ok := r.(*lang.MoveRule); ok {
			moves++
			if len(m.Result) != 1 {
				report(m.Pos, "a move of graph ruleset %s leaves one set of vertices, as in move (vertices - {v}), not %d things", d.Name, len(m.Result))
			}
		}
	}
	if moves == 0 {
		report(d.Pos, "graph ruleset %s needs a rule 'move (vertices - ...) for v in vertices'", d.Name)
	}
}

func (decl) Position(d *lang.GameDecl, n int, braces bool) string {
	if braces || n != 1 {
		return fmt.Sprintf("a position of %s is one graph: %s", d.Name, kind{}.Example(d.Name))
	}
	return ""
}

// move is a compiled move rule of a graph ruleset.
type move struct {
	rules.Loops
	result setExpr
}

// setExpr computes the vertices a move leaves into out, for the registers.
type setExpr func(r []int64, out Set)

func (decl) Compile(d *lang.GameDecl, name string, sc *rules.Scope, opt rules.Options) (game.Ruleset, error) {
	rs := &Ruleset{name: name, limits: opt.Limits, cur: &State{}}
	cur := rs.cur
	sc.Define(cur.localFuncs(), cur.localColls())
	rs.split, rs.canonical = true, true
	for _, r := range d.Rules {
		m := r.(*lang.MoveRule) // the check pass allows no other rules
		cm, err := compileMove(sc, m, cur)
		if err != nil {
			return nil, err
		}
		rs.moves = append(rs.moves, cm)
		local, invariant := analyse(m)
		rs.split = rs.split && local
		rs.canonical = rs.canonical && invariant
	}
	rs.regs = sc.Registers()
	rs.ticker = sc.Ticker()
	rs.shapes = shapeOf(d)
	return rs, nil
}

// localFuncs are the functions a graph rule reads from the position
// under way: degree(v), ground, adjacent(u, v).
func (cur *State) localFuncs() map[string]rules.LocalFunc {
	return map[string]rules.LocalFunc{
		nameDegree: {Args: 1, Fn: func(at lang.Pos, a []int64) int64 {
			v := cur.vertex(at, a[0])
			n := 0
			for _, u := range cur.G.Adj()[v] {
				if cur.Present.has(u) {
					n++
				}
			}
			return int64(n)
		}},
		nameGround: {Fn: func(at lang.Pos, _ []int64) int64 {
			for w, word := range cur.Present {
				if word != 0 {
					return int64(64*w + bits.TrailingZeros64(word))
				}
			}
			rules.Fail(at, "the position has no vertices, so no ground")
			return 0
		}},
		nameAdjacent: {Args: 2, Fn: func(at lang.Pos, a []int64) int64 {
			u, v := cur.vertex(at, a[0]), cur.vertex(at, a[1])
			for _, w := range cur.G.Adj()[u] {
				if w == v {
					return 1
				}
			}
			return 0
		}},
	}
}

// localColls are the collections a graph rule reads from the position
// under way: vertices, neighbours(v).
func (cur *State) localColls() map[string]rules.LocalColl {
	return map[string]rules.LocalColl{
		nameVertices: {Each: func(_ lang.Pos, _ []int64, f func(int64) bool) {
			stop := false
			cur.Present.each(func(v int) {
				if !stop {
					stop = !f(int64(v))
				}
			})
		}},
		nameNeighbours: {Args: 1, Each: func(at lang.Pos, a []int64, f func(int64) bool) {
			for _, u := range cur.G.Adj()[cur.vertex(at, a[0])] {
				if cur.Present.has(u) && !f(int64(u)) {
					return
				}
			}
		}},
	}
}

// vertex checks that a number a rule computed is a vertex of the position.
func (s *State) vertex(at lang.Pos, x int64) int {
	if x < 0 || x >= int64(s.G.N()) || !s.Present.has(int(x)) {
		rules.Fail(at, "%d is not a vertex of the position", x)
	}
	return int(x)
}

func compileMove(sc *rules.Scope, m *lang.MoveRule, cur *State) (cm move, err error) {
	loops, unbind, err := sc.CompileLoops(m.Fors, m.Guard)
	defer unbind()
	if err != nil {
		return cm, err
	}
	defer solve.Catch(&err)
	cm.Loops, cm.result = loops, compileSet(sc, m.Result[0], cur)
	return cm, nil
}

// compileSet compiles a move's result: a set of vertices.
func compileSet(sc *rules.Scope, e lang.Expr, cur *State) setExpr {
	switch e := e.(type) {
	case *lang.Paren:
		return compileSet(sc, e.X, cur)
	case *lang.Ident:
		if e.Name == nameVertices {
			return func(_ []int64, out Set) { copy(out, cur.Present) }
		}
	case *lang.SetLit:
		return compileSetLit(sc, e, cur)
	case *lang.Call:
		if id, ok := e.Fn.(*lang.Ident); ok && id.Name == nameNeighbours && len(e.Args) == 1 {
			return compileNeighbours(sc, e, cur)
		}
		if id, ok := e.Fn.(*lang.Ident); ok && id.Name == nameConnected && len(e.Args) == 2 {
			return compileConnected(sc, e, cur)
		}
	case *lang.Binary:
		if e.Op == "+" || e.Op == "-" {
			return compileSetOp(sc, e, cur)
		}
	}
	rules.Fail(lang.ExprPos(e), "a graph move leaves a set of vertices, written with vertices, neighbours(v), connected(v, S), {u, v}, + and -; not %s", lang.FormatExpr(e))
	return nil
}

// compileSetLit compiles a set of vertices written out: {u, v}.
func compileSetLit(sc *rules.Scope, e *lang.SetLit, cur *State) setExpr {
	var elems []rules.Int
	var at []lang.Pos
	for _, x := range e.Elems {
		i, err := sc.CompileInt(x)
		if err != nil {
			solve.Abort(err) // caught as the compile error by solve.Catch
		}
		elems, at = append(elems, i), append(at, lang.ExprPos(x))
	}
	return func(r []int64, out Set) {
		clear(out)
		for k, x := range elems {
			out.add(cur.vertex(at[k], x.Fn(r)))
		}
	}
}

// compileNeighbours compiles neighbours(v).
func compileNeighbours(sc *rules.Scope, e *lang.Call, cur *State) setExpr {
	v, err := sc.CompileInt(e.Args[0])
	if err != nil {
		solve.Abort(err)
	}
	return func(r []int64, out Set) {
		clear(out)
		for _, u := range cur.G.Adj()[cur.vertex(e.Pos, v.Fn(r))] {
			if cur.Present.has(u) {
				out.add(u)
			}
		}
	}
}

// compileConnected compiles connected(v, S): the vertices of S joined to v
// within S.
func compileConnected(sc *rules.Scope, e *lang.Call, cur *State) setExpr {
	v, err := sc.CompileInt(e.Args[0])
	if err != nil {
		solve.Abort(err)
	}
	within := compileSet(sc, e.Args[1], cur)
	var in Set
	var stack []int
	return func(r []int64, out Set) {
		if len(in) != len(out) {
			in = make(Set, len(out))
		}
		within(r, in)
		clear(out)
		x := v.Fn(r)
		if x < 0 || x >= int64(cur.G.N()) || !in.has(int(x)) {
			return
		}
		out.add(int(x))
		stack = append(stack[:0], int(x))
		for len(stack) > 0 {
			u := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, w := range cur.G.Adj()[u] {
				if in.has(w) && !out.has(w) {
					out.add(w)
					stack = append(stack, w)
				}
			}
		}
	}
}

// compileSetOp compiles S + T (union) and S - T (difference).
func compileSetOp(sc *rules.Scope, e *lang.Binary, cur *State) setExpr {
	a, b := compileSet(sc, e.Left, cur), compileSet(sc, e.Right, cur)
	minus := e.Op == "-"
	var tmp Set
	return func(r []int64, out Set) {
		a(r, out)
		if len(tmp) != len(out) {
			tmp = make(Set, len(out))
		}
		b(r, tmp)
		for i := range out {
			if minus {
				out[i] &^= tmp[i]
			} else {
				out[i] |= tmp[i]
			}
		}
	}
}
