package stdlib

// Green Hackenbush on any picture: a graph whose edges may be repeated or
// loops, standing on a ground (its first vertex, or the vertices named).
// A move cuts an edge; whatever no longer reaches the ground falls.
//
// Values come from two theorems (Winning Ways, ch. 7; Lessons in Play,
// ch. 7), not from a search:
//   - fusion: the vertices of a cycle may be fused into one vertex, its
//     edges becoming loops, and a loop is worth what a single edge is. So
//     each 2-edge-connected part of the picture (the ground with all its
//     vertices counts as one vertex) is one vertex carrying its edges as
//     loops, worth their number mod 2; what is left is a tree of bridges.
//   - colon: an edge with a picture of value x standing on it is worth
//     x + 1, and the branches at a vertex add by XOR.
//
// That is linear in the size of the picture. Moves are listed as the rules
// say (cut an edge, drop what falls), so the generic solvers, misère and
// loopy play, and the tests' brute force see the game itself.

import (
	"context"
	"encoding/binary"
	"fmt"
	"math/big"
	"math/bits"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/rules/graph"
	"github.com/gamelang/gamelang/solve"
)

// Hackenbush is the builtin Green Hackenbush.
type Hackenbush struct {
	pictures
	limits *solve.Limits // the memory a listing of moves may take
}

// pictures are the pictures a ruleset has made, by graph and grounds, so
// that a picture made twice shares its keys.
type pictures struct {
	mu   sync.Mutex
	pics map[string]*picture
}

// NewHackenbush returns Green Hackenbush.
func NewHackenbush(l *solve.Limits) *Hackenbush {
	return &Hackenbush{pictures: pictures{pics: map[string]*picture{}}, limits: l}
}

// picture is a graph with its ground: what every position of it shares.
type picture struct {
	g       *graph.Graph
	grounds []int    // the grounded vertices, as named (the first vertex when none is)
	named   bool     // the grounds were named: positions are written with them
	onGnd   []bool   // whether each vertex is on the ground
	edges   [][2]int // every edge of the graph, in order
	inc     [][]int  // the edges at each vertex
	id      uint64
}

var pictureIDs atomic.Uint64

// hstate is a position: the edges of a picture still standing, each
// joined to the ground.
type hstate struct {
	pic  *picture
	left []uint64
}

func (s hstate) has(e int) bool { return s.left[e/64]&(1<<(e%64)) != 0 }

func (s hstate) count() int {
	n := 0
	for _, w := range s.left {
		n += bits.OnesCount64(w)
	}
	return n
}

func (s hstate) each(f func(e int)) {
	for w, word := range s.left {
		for word != 0 {
			f(64*w + bits.TrailingZeros64(word))
			word &= word - 1
		}
	}
}

// grounded keeps the edges of left that reach the ground through edges of
// left.
func (p *picture) grounded(left []uint64) []uint64 {
	in := func(e int) bool { return left[e/64]&(1<<(e%64)) != 0 }
	reached := make([]bool, p.g.N())
	var stack []int
	for _, v := range p.grounds {
		if !reached[v] {
			reached[v] = true
			stack = append(stack, v)
		}
	}
	out := make([]uint64, len(left))
	for len(stack) > 0 {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, e := range p.inc[v] {
			if !in(e) {
				continue
			}
			out[e/64] |= 1 << (e % 64)
			for _, u := range p.edges[e] {
				if !reached[u] {
					reached[u] = true
					stack = append(stack, u)
				}
			}
		}
	}
	return out
}

// Name is "Hackenbush".
func (h *Hackenbush) Name() string { return "Hackenbush" }

// Kind is its positions: pictures.
func (h *Hackenbush) Kind() game.Kind { return hackKind{p: &h.pictures} }

// Decided is false: Hackenbush has no 'loses if'.
func (h *Hackenbush) Decided(game.State) bool { return false }

// Moves cuts each edge in turn; what no longer reaches the ground falls.
func (h *Hackenbush) Moves(ctx context.Context, s game.State) ([]game.Move, error) {
	st := s.(hstate)
	var moves []game.Move
	var err error
	var spent int64
	st.each(func(e int) {
		if err != nil {
			return
		}
		// each cut is a walk over the picture and a copy of its edges: Ctrl-C
		// and the memory looked at for each
		if err = ctx.Err(); err != nil {
			err = &solve.InterruptedError{What: "Hackenbush", Err: err}
			return
		}
		if err = h.limits.Spend(&spent, int64(8*len(st.left)+96), "a Hackenbush picture", -1); err != nil {
			return
		}
		left := slices.Clone(st.left)
		left[e/64] &^= 1 << (e % 64)
		left = st.pic.grounded(left)
		m := game.Move{Label: "cut " + st.pic.edgeName(e)}
		if next := (hstate{st.pic, left}); next.count() > 0 {
			m.To = []game.Component{{Rules: h, State: next}}
		}
		moves = append(moves, m)
	})
	return moves, err
}

func (p *picture) edgeName(e int) string {
	return p.g.Label(p.edges[e][0]) + "-" + p.g.Label(p.edges[e][1])
}

// NormalSolver says how values are found.
func (h *Hackenbush) NormalSolver() string {
	return "Green Hackenbush by the fusion principle (cycles fuse into loops, each worth 1) and the colon principle (an edge under a picture of value x is worth x + 1), linear in the size of the picture"
}

// NormalGrundy is the value by the fusion and colon principles.
func (h *Hackenbush) NormalGrundy(ctx context.Context, s game.State) (*big.Int, error) {
	if err := ctx.Err(); err != nil {
		return nil, &solve.InterruptedError{What: "Hackenbush", Err: err}
	}
	return big.NewInt(int64(fuse(s.(hstate)).value)), nil
}

// NormalExplain says how the principles give the value.
func (h *Hackenbush) NormalExplain(ctx context.Context, s game.State) (string, error) {
	if err := ctx.Err(); err != nil {
		return "", err
	}
	return fuse(s.(hstate)).explain(), nil
}

// fused is a picture taken apart by the principles: its 2-edge-connected
// parts (each fused into one vertex with loops) joined by bridges into a
// tree standing on the ground's part.
type fused struct {
	pic     *picture
	part    []int   // the part of each vertex reached, -1 for the others
	members [][]int // the vertices of each part
	loops   []int   // the edges of each part, loops once fused
	bridges []bridge
	val     []int // the value of what stands on each part
	value   int
}

// bridge is an edge whose cut drops what stands on its upper end.
type bridge struct{ edge, lower, upper int } // upper: its part

// fuse finds the parts and the bridges by a depth-first search from the
// ground (Tarjan's bridges; an edge written twice is no bridge, a loop
// never is), then values the tree of parts from the top down to the
// ground.
func fuse(st hstate) *fused {
	p := st.pic
	fs := &fusing{st: st, p: p, root: p.grounds[0]}
	for _, g := range p.grounds { // the edges at the fused ground are those of every grounded vertex
		fs.rootInc = append(fs.rootInc, p.inc[g]...)
	}
	tin, order, isBridge := fs.bridges()
	fz := fs.parts(order, isBridge)
	st.each(func(e int) {
		a, b := fs.at(p.edges[e][0]), fs.at(p.edges[e][1])
		if !isBridge[e] {
			fz.loops[fz.part[a]]++
			return
		}
		if tin[a] > tin[b] { // the upper end is the one reached later
			a, b = b, a
		}
		fz.bridges = append(fz.bridges, bridge{edge: e, lower: fz.part[a], upper: fz.part[b]})
	})
	// from the top down: a bridge's upper part is complete before its lower
	slices.SortFunc(fz.bridges, func(x, y bridge) int { return y.upper - x.upper })
	fz.val = make([]int, len(fz.members))
	for i, l := range fz.loops {
		fz.val[i] = l & 1
	}
	for _, b := range fz.bridges {
		fz.val[b.lower] ^= fz.val[b.upper] + 1
	}
	fz.value = fz.val[0]
	return fz
}

// fusing is a picture being fused: the ground is one vertex, root.
type fusing struct {
	st      hstate
	p       *picture
	root    int
	rootInc []int // the edges at the ground
}

// at is the vertex v stands for: the ground for a grounded vertex.
func (fs *fusing) at(v int) int {
	if fs.p.onGnd[v] {
		return fs.root
	}
	return v
}

// incident are the edges at v.
func (fs *fusing) incident(v int) []int {
	if v == fs.root {
		return fs.rootInc
	}
	return fs.p.inc[v]
}

// bridges is the depth-first search from the ground, on an explicit
// stack: when each vertex was reached, the vertices in that order, and
// the bridges.
func (fs *fusing) bridges() (tin, order []int, isBridge map[int]bool) {
	p, st, root := fs.p, fs.st, fs.root
	n := p.g.N()
	tin = make([]int, n)
	low := make([]int, n)
	for i := range tin {
		tin[i] = -1
	}
	isBridge = map[int]bool{}
	type frame struct{ v, via, next int }
	timer := 0
	tin[root], low[root] = timer, timer
	timer++
	order = append(order, root)
	stack := []frame{{root, -1, 0}}
	for len(stack) > 0 {
		f := &stack[len(stack)-1]
		inc := fs.incident(f.v)
		if f.next < len(inc) {
			e := inc[f.next]
			f.next++
			if !st.has(e) || e == f.via {
				continue
			}
			a, b := fs.at(p.edges[e][0]), fs.at(p.edges[e][1])
			u := a
			if a == f.v {
				u = b
			}
			if u == f.v {
				continue // a loop, or an edge between two grounded vertices
			}
			if tin[u] < 0 {
				tin[u], low[u] = timer, timer
				timer++
				order = append(order, u)
				stack = append(stack, frame{u, e, 0})
			} else {
				low[f.v] = min(low[f.v], tin[u])
			}
			continue
		}
		stack = stack[:len(stack)-1]
		if len(stack) > 0 {
			parent := stack[len(stack)-1].v
			low[parent] = min(low[parent], low[f.v])
			if low[f.v] > tin[parent] {
				isBridge[f.via] = true
			}
		}
	}
	return tin, order, isBridge
}

// parts are the vertices joined by edges that are no bridges, found by a
// breadth-first search from each vertex in order not yet in a part.
func (fs *fusing) parts(order []int, isBridge map[int]bool) *fused {
	p, st := fs.p, fs.st
	fz := &fused{pic: p, part: make([]int, p.g.N())}
	for i := range fz.part {
		fz.part[i] = -1
	}
	for _, v := range order {
		if fz.part[v] >= 0 {
			continue
		}
		id := len(fz.members)
		fz.members = append(fz.members, nil)
		fz.loops = append(fz.loops, 0)
		fz.part[v] = id
		queue := []int{v}
		for len(queue) > 0 {
			x := queue[0]
			queue = queue[1:]
			fz.members[id] = append(fz.members[id], x)
			for _, e := range fs.incident(x) {
				if !st.has(e) || isBridge[e] {
					continue
				}
				for _, y := range p.edges[e] {
					if y = fs.at(y); fz.part[y] < 0 {
						fz.part[y] = id
						queue = append(queue, y)
					}
				}
			}
		}
	}
	return fz
}

// maxExplainLines bounds explain's account of a picture.
const maxExplainLines = 40

func (fz *fused) explain() string {
	lines := append(fz.fusions(), fz.colons()...)
	if len(lines) > maxExplainLines {
		n := len(lines) - maxExplainLines
		lines = append(lines[:maxExplainLines-1], fmt.Sprintf("... %d lines more", n+1), lines[len(lines)-1])
	}
	return "Green Hackenbush, by two principles:\n" +
		"  fusion: a cycle's vertices fuse into one, its edges become loops, a loop is worth 1;\n" +
		"  colon: an edge with x standing on it is worth x + 1; side by side, values add by XOR.\n" +
		"So:\n  " +
		strings.Join(lines, "\n  ")
}

// vertexName is how explain names a vertex.
func (fz *fused) vertexName(v int) string {
	if fz.pic.onGnd[v] {
		return "the ground"
	}
	return fz.pic.g.Label(v)
}

// fusions say which vertices fuse: the ground's, and each cycle's.
func (fz *fused) fusions() []string {
	p := fz.pic
	var lines []string
	if len(p.grounds) > 1 {
		var names []string
		for _, g := range p.grounds {
			names = append(names, p.g.Label(g))
		}
		lines = append(lines, fmt.Sprintf("The vertices on the ground, %s, are one vertex: the ground.", strings.Join(names, ", ")))
	}
	for i, m := range fz.members {
		if len(m) > 1 {
			var names []string
			for _, v := range m {
				names = append(names, fz.vertexName(v))
			}
			lines = append(lines, fmt.Sprintf("Fusion: %s and %s lie on cycles and fuse into one vertex; its %s become loops.",
				strings.Join(names[:len(names)-1], ", "), names[len(names)-1], plural(fz.loops[i], "edge")))
		}
	}
	return lines
}

// colons value the tree of parts from the top down: what stands on each
// part, then the edge under it.
func (fz *fused) colons() []string {
	p := fz.pic
	var lines []string
	below := make([]*bridge, len(fz.members)) // the bridge each part stands on
	above := make([][]bridge, len(fz.members))
	for i := range fz.bridges {
		b := &fz.bridges[i]
		below[b.upper] = b
		above[b.lower] = append(above[b.lower], *b)
	}
	for i := len(fz.members) - 1; i >= 0; i-- {
		var terms []string
		if l := fz.loops[i]; l > 0 {
			terms = append(terms, fmt.Sprintf("%d (%s)", l&1, plural(l, "loop")))
		}
		for j := len(above[i]) - 1; j >= 0; j-- {
			b := above[i][j]
			terms = append(terms, fmt.Sprintf("%d (%s)", fz.val[b.upper]+1, p.edgeName(b.edge)))
		}
		sum := "nothing: 0"
		if len(terms) > 0 {
			sum = strings.Join(terms, " xor ")
			if len(terms) > 1 {
				sum += fmt.Sprintf(" = %d", fz.val[i])
			}
		}
		if i == 0 {
			lines = append(lines, "On the ground stands "+sum+".")
			break
		}
		if len(terms) > 0 {
			lines = append(lines, fmt.Sprintf("On %s stands %s.", fz.vertexName(fz.members[i][0]), sum))
		}
		b := below[i]
		lines = append(lines, fmt.Sprintf("Colon: the edge %s, with %d standing on it, is worth %d + 1 = %d.",
			p.edgeName(b.edge), fz.val[i], fz.val[i], fz.val[i]+1))
	}
	return lines
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// hackKind is the positions of Hackenbush, pictures, and of Nimstring,
// strings and coins (strings: every edge stays, grounded or not).
type hackKind struct {
	p       *pictures
	strings bool
}

func (k hackKind) Name() string {
	if k.strings {
		return "strings and coins"
	}
	return "picture"
}

func (k hackKind) Make(name string, nums []*big.Int) (game.State, error) {
	return nil, fmt.Errorf("a position of %s is a picture: %s", name, k.Example(name))
}

func (hackKind) Example(name string) string {
	return name + `(graph("g-a a-b b-g b-c")), its first vertex on the ground, or ` + name + `(graph("g-a a-b b-h"), "g h") with the vertices on the ground named`
}

// MaxPicture bounds a Hackenbush or Nimstring picture's vertices (a graph
// game's graph may have more: graph.MaxVertices).
const MaxPicture = 1 << 12

// MakeFrom makes the picture of a graph, standing on its first vertex or
// on the vertices a string names (see game.ValueMaker). Edges that do not
// reach the ground are not part of it: they have fallen.
func (k hackKind) MakeFrom(name string, vs []any) (game.State, error) {
	var g *graph.Graph
	ok := len(vs) == 1 || len(vs) == 2
	if ok {
		g, ok = vs[0].(*graph.Graph)
	}
	var grounds string
	if ok && len(vs) == 2 {
		grounds, ok = vs[1].(string)
	}
	if !ok {
		return nil, fmt.Errorf("a position of %s is a picture: %s", name, k.Example(name))
	}
	if g.N() == 0 {
		return nil, fmt.Errorf("%s has no vertices, so no ground for %s", g.Desc, name)
	}
	if g.N() > MaxPicture {
		return nil, fmt.Errorf("%s has %d vertices; a picture of %s has at most %d", g.Desc, g.N(), name, MaxPicture)
	}
	key := fmt.Sprintf("%p\x00%s", g, grounds)
	k.p.mu.Lock()
	defer k.p.mu.Unlock()
	p, ok := k.p.pics[key]
	if !ok {
		var err error
		if p, err = newPicture(g, grounds, len(vs) == 2); err != nil {
			return nil, fmt.Errorf("%s: %v", name, err)
		}
		k.p.pics[key] = p
	}
	all := make([]uint64, (len(p.edges)+63)/64)
	for e := range p.edges {
		all[e/64] |= 1 << (e % 64)
	}
	if k.strings {
		return hstate{p, all}, nil
	}
	return hstate{p, p.grounded(all)}, nil
}

func newPicture(g *graph.Graph, grounds string, named bool) (*picture, error) {
	p := &picture{g: g, edges: g.EdgeList(), inc: make([][]int, g.N()), onGnd: make([]bool, g.N()), id: pictureIDs.Add(1)}
	for e, uv := range p.edges {
		p.inc[uv[0]] = append(p.inc[uv[0]], e)
		if uv[1] != uv[0] {
			p.inc[uv[1]] = append(p.inc[uv[1]], e)
		}
	}
	names := strings.FieldsFunc(grounds, func(r rune) bool { return r == ' ' || r == ',' })
	if named && len(names) == 0 {
		return nil, fmt.Errorf("name the vertices on the ground, as in \"g h\", not %q", grounds)
	}
	index := map[string]int{}
	for v, l := range g.Labels() {
		index[l] = v
	}
	for _, nm := range names {
		v, ok := index[nm]
		if !ok {
			return nil, fmt.Errorf("%s is not a vertex of %s, so it cannot be on the ground", nm, g.Desc)
		}
		if !p.onGnd[v] {
			p.onGnd[v] = true
			p.grounds = append(p.grounds, v)
		}
	}
	p.named = len(p.grounds) > 0
	if !p.named {
		p.grounds, p.onGnd[0] = []int{0}, true
	}
	return p, nil
}

// Format writes the picture as it was made when nothing has been cut,
// else the ground and the edges standing, as graph() reads them.
func (k hackKind) Format(s game.State) string {
	st := s.(hstate)
	p := st.pic
	var gnd []string
	for _, g := range p.grounds {
		gnd = append(gnd, p.g.Label(g))
	}
	suffix := ""
	if p.named {
		suffix = fmt.Sprintf(", %q", strings.Join(gnd, " "))
	}
	if st.count() == len(p.edges) {
		return "(" + p.g.Desc + suffix + ")"
	}
	words := gnd
	if !p.named {
		words = gnd[:1] // the first vertex is the ground
	}
	words = slices.Clone(words)
	st.each(func(e int) { words = append(words, p.edgeName(e)) })
	return fmt.Sprintf("(graph(%q)%s)", strings.Join(words, " "), suffix)
}

func (hackKind) Braces() bool     { return false }
func (hackKind) Coords() []string { return nil }

// Compare puts smaller pictures first.
func (k hackKind) Compare(a, b game.State) int {
	if c := a.(hstate).count() - b.(hstate).count(); c != 0 {
		return c
	}
	return strings.Compare(k.Format(a), k.Format(b))
}

// Encode is the picture and the edges standing.
func (hackKind) Encode(s game.State) string {
	st := s.(hstate)
	b := binary.AppendUvarint(nil, st.pic.id)
	for _, w := range st.left {
		b = binary.LittleEndian.AppendUint64(b, w)
	}
	return string(b)
}
