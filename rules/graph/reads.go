package graph

import "github.com/gamelang/gamelang/lang"

// What a move rule reads of its position decides how positions may be
// solved. Two questions, answered from the rule's text by one walk
// (analyse), each by a list of what is known to be safe — anything else
// counts as unsafe:
//
// Local: does every move change one connected component only, reading
// nothing outside it? Then a position is the sum of its components. A rule
// is local when its vertex variables all lie in one component — one loop
// runs over vertices, every other vertex loop over neighbours(u) of an
// earlier vertex variable u (numeric loops may come anywhere) — its
// result is vertices less {..} and neighbours(..) of those variables, and
// nothing in it reads the position as a whole: not ground (the first vertex
// of the whole position, which a component does not know), not vertices
// outside that one loop (a count, a quantifier over every vertex), not a
// vertex given by a number or a computation (it may lie in another
// component, or in none).
//
// Invariant: does the rule see vertices only through edges and order? Then
// positions whose subgraphs are equal once renumbered in order have equal
// values, and share one key (kind.Encode). A vertex may be an argument of
// degree, adjacent, neighbours and connected, compared with another vertex
// (ground included: renumbering in order keeps the first vertex first), or
// looped over; used as a number (v + 1, v < 3, min(v, 4)) it is not.

// varKind is what a name bound by a loop stands for.
type varKind int

const (
	numberVar varKind = iota + 1 // a number
	vertexVar                    // a vertex
)

// reads is the walk over one move rule.
type reads struct {
	vars    map[string]varKind // the loop variables in scope
	global  bool               // something reads beyond one component
	numbers bool               // something uses a vertex as a number
}

// analyse says whether a move rule is local and invariant (see above).
func analyse(m *lang.MoveRule) (local, invariant bool) {
	r := &reads{vars: map[string]varKind{}}
	roots := 0 // loops over vertices
	for _, f := range m.Fors {
		switch {
		case isName(f.Range, nameVertices):
			roots++
		case isCallOf(f.Range, nameNeighbours, 1) && r.isVertexVar(f.Range.(*lang.Call).Args[0]):
		default:
			r.global = r.global || r.collection(f.Range) == vertexVar // connected(v, S): not known to be local
		}
		r.vars[f.Var.Name] = r.element(f.Range)
	}
	r.number(m.Guard)
	r.set(m.Result[0])
	local = roots == 1 && !r.global && removesAround(m.Result[0], r)
	return local, !r.numbers
}

// element is what a loop over e binds: vertices of a vertex collection,
// numbers of anything else.
func (r *reads) element(e lang.Expr) varKind {
	if isName(e, nameVertices) || isCallOf(e, nameNeighbours, 1) || isCallOf(e, nameConnected, 2) {
		return vertexVar
	}
	return numberVar
}

// collection walks what a comprehension or a loop runs over, and says
// whether it is a collection of vertices.
func (r *reads) collection(e lang.Expr) varKind {
	switch {
	case isName(e, nameVertices):
		r.global = true // every vertex of the position
		return vertexVar
	case isCallOf(e, nameNeighbours, 1), isCallOf(e, nameConnected, 2):
		r.set(e)
		return vertexVar
	}
	r.number(e) // a range or a set of numbers
	return numberVar
}

// vertex walks an expression that names a vertex.
func (r *reads) vertex(e lang.Expr) {
	switch {
	case r.isVertexVar(e):
	case isName(e, nameGround):
		r.global = true
	default: // a vertex by its number: outside the component, and a number
		r.global, r.numbers = true, true
		r.number(e)
	}
}

// set walks an expression that is a set of vertices.
func (r *reads) set(e lang.Expr) {
	switch x := e.(type) {
	case *lang.Paren:
		r.set(x.X)
	case *lang.Ident:
		if x.Name != nameVertices { // the checker knows no other set-valued name
			r.global, r.numbers = true, true
		}
	case *lang.SetLit:
		for _, el := range x.Elems {
			r.vertex(el)
		}
	case *lang.Call:
		switch {
		case isCallOf(x, nameNeighbours, 1):
			r.vertex(x.Args[0])
		case isCallOf(x, nameConnected, 2):
			r.vertex(x.Args[0])
			r.set(x.Args[1])
		default:
			r.global, r.numbers = true, true
		}
	case *lang.Binary:
		r.set(x.Left)
		r.set(x.Right)
	default:
		r.global, r.numbers = true, true
	}
}

// number walks an expression whose value is a number (or a truth value).
func (r *reads) number(e lang.Expr) {
	switch x := e.(type) {
	case nil, *lang.IntLit, *lang.StringLit:
	case *lang.Ident:
		r.name(x.Name)
	case *lang.Paren:
		r.number(x.X)
	case *lang.Unary:
		r.number(x.X)
	case *lang.CondExpr:
		r.number(x.If)
		r.number(x.Then)
		r.number(x.Else)
	case *lang.RangeExpr:
		r.number(x.Lo)
		r.number(x.Hi)
	case *lang.SetLit:
		for _, el := range x.Elems {
			r.number(el)
		}
	case *lang.Binary:
		r.binary(x)
	case *lang.Call:
		r.call(x)
	case *lang.Comprehension:
		r.comprehension(x)
	default: // not known to be safe
		r.global, r.numbers = true, true
	}
}

// name reads a name whose value is a number: a vertex's number, a number
// bound by the rule, the ground or the vertices (the whole graph); any
// other name is a constant of the script, which reads no position.
func (r *reads) name(n string) {
	switch {
	case r.vars[n] == vertexVar:
		r.numbers = true // a vertex's number
	case r.vars[n] == numberVar:
	case n == nameGround:
		r.global, r.numbers = true, true
	case n == nameVertices:
		r.global = true
	}
}

// binary walks an operation on numbers; two vertices compared read their
// order only, which renumbering keeps.
func (r *reads) binary(x *lang.Binary) {
	switch x.Op {
	case "<", "<=", ">", ">=", "==", "!=":
		if r.isVertex(x.Left) && r.isVertex(x.Right) {
			r.vertex(x.Left)
			r.vertex(x.Right)
			return
		}
	}
	r.number(x.Left)
	r.number(x.Right)
}

// call walks a call whose value is a number: the kind's functions of
// vertices, its sets, or a function of the script (a call of anything
// else is global).
func (r *reads) call(x *lang.Call) {
	switch {
	case isCallOf(x, nameDegree, 1), isCallOf(x, nameAdjacent, 2):
		for _, a := range x.Args {
			r.vertex(a)
		}
		return
	case isCallOf(x, nameNeighbours, 1), isCallOf(x, nameConnected, 2):
		r.set(x)
		return
	}
	if _, ok := x.Fn.(*lang.Ident); !ok {
		r.global, r.numbers = true, true
	}
	for _, a := range x.Args {
		r.number(a)
	}
}

// comprehension walks a comprehension with its variables bound to what
// they range over, as they were again after it.
func (r *reads) comprehension(x *lang.Comprehension) {
	saved := map[string]varKind{}
	for _, f := range x.Fors {
		if _, done := saved[f.Var.Name]; !done {
			saved[f.Var.Name] = r.vars[f.Var.Name]
		}
		r.vars[f.Var.Name] = r.collection(f.Range)
	}
	r.number(x.Cond)
	r.number(x.Elem)
	for name, k := range saved {
		if k == 0 {
			delete(r.vars, name)
		} else {
			r.vars[name] = k
		}
	}
}

// isVertex reports whether e is a vertex variable or ground.
func (r *reads) isVertex(e lang.Expr) bool { return r.isVertexVar(e) || isName(e, nameGround) }

func (r *reads) isVertexVar(e lang.Expr) bool {
	id, ok := unparen(e).(*lang.Ident)
	return ok && r.vars[id.Name] == vertexVar
}

func unparen(e lang.Expr) lang.Expr {
	for {
		p, ok := e.(*lang.Paren)
		if !ok {
			return e
		}
		e = p.X
	}
}

func isName(e lang.Expr, name string) bool {
	id, ok := unparen(e).(*lang.Ident)
	return ok && id.Name == name
}

func isCallOf(e lang.Expr, name string, args int) bool {
	c, ok := unparen(e).(*lang.Call)
	return ok && isName(c.Fn, name) && len(c.Args) == args
}

// removesAround reports whether a result is vertices less sets of vertex
// variables and their neighbours.
func removesAround(e lang.Expr, r *reads) bool {
	switch x := unparen(e).(type) {
	case *lang.Ident:
		return x.Name == nameVertices
	case *lang.Binary:
		return x.Op == "-" && removesAround(x.Left, r) && around(x.Right, r)
	}
	return false
}

func around(e lang.Expr, r *reads) bool {
	switch x := unparen(e).(type) {
	case *lang.SetLit:
		for _, el := range x.Elems {
			if !r.isVertexVar(el) {
				return false
			}
		}
		return len(x.Elems) > 0
	case *lang.Call:
		return isCallOf(x, nameNeighbours, 1) && r.isVertexVar(x.Args[0])
	case *lang.Binary:
		return x.Op == "+" && around(x.Left, r) && around(x.Right, r)
	}
	return false
}
