// Package graph is the kind of position of games played on a graph,
// declared `game NodeKayles graph { move (vertices - {v} - neighbours(v))
// for v in vertices }`: a position is a graph (path(60), grid(4, 6),
// graph("a-b b-c")), and a move leaves the subgraph induced by the vertices
// its result names. Node Kayles, Arc Kayles, Cram (Arc Kayles on a grid)
// and every game that deletes vertices are written so.
//
// A position that falls apart into components is a sum of them: each move
// of these games deletes vertices joined by edges, so it changes one
// component only, and the solver values the components apart, each keyed by
// a canonical form — its vertices renumbered in order, with their edges —
// so that equal parts (the segments of a path, translated regions of a
// grid) share one value. The kind checks, from the rules, that both are
// sound; where they are not, positions are solved whole, or keyed by their
// own vertices.
package graph

import (
	"fmt"
	"io"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/gamelang/gamelang/internal/lines"
	"github.com/gamelang/gamelang/kayles"
)

// Graph is a graph given as data: its vertices, named, and its edges.
// Written as words it may join two vertices more than once, or a vertex
// to itself (a loop): Hackenbush plays on such pictures. Adj is the simple
// graph under it, which the vertex-deletion rulesets read; they refuse a
// graph that is not simple (Simple).
type Graph struct {
	Desc   string            // how it was written: path(60), grid(4, 6), graph("a-b b-c")
	labels []string          // the vertices' names, in their order; nil when they are 1..n (numbered)
	n      int               // the number of vertices
	adj    [][]int           // the neighbours of each vertex, ascending; no loops, each once (Adj)
	edges  [][2]int          // every edge as written, in order: repeats and loops too
	id     uint64            // unique among the graphs of a process
	seen   map[[2]int32]bool // the pairs joined, while edges are read
	// autos are automorphisms of Adj other than the identity (a grid turned
	// or reflected, a path reversed), each checked: under rules that see
	// only edges a position and its images share one key (kind.Encode).
	// mirrors are those that are involutions without a fixed vertex (a grid
	// turned half round when no cell is its centre...): a position they map
	// onto itself may be won by copying (shape.go).
	autos, mirrors [][]int32
	rows, cols     int // a grid's (Grid), 0 for any other graph
	// line is 'p' for a path made by Path, 'c' for a cycle made by Cycle,
	// whose lists and edges are made by build when first read (ready): a
	// whole path of a million vertices is valued as a heap without them
	line      byte
	build     func()
	built     sync.Once
	boardOnce sync.Once
	kb        *kayles.Board // the Kayles engine's (board)
}

// MaxVertices bounds a graph: a path of a million vertices is a heap of
// Dawson's Chess under Node Kayles' rules (shape.go), and a position keeps
// a bit a vertex.
const MaxVertices = 1 << 20

// MaxEdges bounds a graph's edges: complete(4096) has 8,386,560.
const MaxEdges = 1 << 23

// maxLine bounds a line of a graph's text: a complete graph on
// MaxVertices vertices written on one line takes about 100 MB.
const maxLine = 256 << 20

var ids atomic.Uint64

func newGraph(desc string, labels []string) *Graph {
	return &Graph{Desc: desc, labels: labels, n: len(labels), adj: make([][]int, len(labels)), id: ids.Add(1)}
}

// numberedGraph is a graph of n vertices named 1 to n, whose names are
// written when asked for: path(10^6)'s took a third of its making.
func numberedGraph(desc string, n int) *Graph {
	return &Graph{Desc: desc, n: n, id: ids.Add(1)} // its lists: reserve
}

// ready makes a generated path's or cycle's lists and edges, once.
func (g *Graph) ready() {
	if g.build != nil {
		g.built.Do(g.build)
	}
}

// Adj is the neighbours of each vertex, ascending: the simple graph under
// the edges, with no loops and each neighbour once.
func (g *Graph) Adj() [][]int {
	g.ready()
	return g.adj
}

// Line reports whether the set is every vertex of a path made by Path
// (n vertices) or of a cycle made by Cycle, read in O(n / 64) words with
// no list made.
func (g *Graph) Line(set Set) (n int, cycle, ok bool) {
	if g.line == 0 || len(set) != (g.n+63)/64 {
		return 0, false, false
	}
	for i, w := range set {
		want := ^uint64(0)
		if i == len(set)-1 && g.n%64 != 0 {
			want = 1<<(g.n%64) - 1
		}
		if w != want {
			return 0, false, false
		}
	}
	return g.n, g.line == 'c', g.n > 0
}

// Label is vertex v's name.
func (g *Graph) Label(v int) string {
	if g.labels == nil {
		return strconv.Itoa(v + 1)
	}
	return g.labels[v]
}

// Labels is the vertices' names, in their order.
func (g *Graph) Labels() []string {
	if g.labels == nil {
		return numbered(g.n)
	}
	return g.labels
}

// symmetry keeps the map f among g's autos when it is an automorphism of
// Adj other than the identity, and among its mirrors too when it is an
// involution that fixes no vertex. Adj is sorted.
func (g *Graph) symmetry(f func(int) int) {
	n := g.N()
	m := make([]int32, n)
	hit := make([]bool, n)
	fixed, identity := false, true
	for v := range n {
		w := f(v)
		if w < 0 || w >= n || hit[w] {
			return
		}
		hit[w], m[v] = true, int32(w)
		if w == v {
			fixed = true
		} else {
			identity = false
		}
	}
	if identity {
		return
	}
	involution := true
	for v := range n {
		w := int(m[v])
		if len(g.adj[v]) != len(g.adj[w]) {
			return
		}
		for _, u := range g.adj[v] {
			if _, ok := slices.BinarySearch(g.adj[w], int(m[u])); !ok {
				return
			}
		}
		involution = involution && int(m[w]) == v
	}
	g.autos = append(g.autos, m)
	if involution && !fixed {
		g.mirrors = append(g.mirrors, m)
	}
}

// N is the number of vertices.
func (g *Graph) N() int { return g.n }

// edge adds an edge as written; a loop or an edge written again is kept
// in the list of edges but not in Adj. Repeats are found through a set of
// the pairs seen, made on the first edge: a check of Adj[u] each time made
// complete(4096) cubic.
func (g *Graph) edge(u, v int) {
	g.edges = append(g.edges, [2]int{u, v})
	if u == v {
		return
	}
	if g.seen == nil {
		g.seen = map[[2]int32]bool{}
	}
	key := [2]int32{int32(min(u, v)), int32(max(u, v))}
	if g.seen[key] {
		return
	}
	g.seen[key] = true
	g.adj[u] = append(g.adj[u], v)
	g.adj[v] = append(g.adj[v], u)
}

// newEdge adds an edge that the graph cannot hold yet (the generators'
// own: path, cycle, complete, grid).
func (g *Graph) newEdge(u, v int) {
	g.edges = append(g.edges, [2]int{u, v})
	g.adj[u] = append(g.adj[u], v)
	g.adj[v] = append(g.adj[v], u)
}

// EdgeList is every edge as written, in order, each a pair of vertices:
// an edge written twice is there twice, a loop joins a vertex to itself.
func (g *Graph) EdgeList() [][2]int {
	g.ready()
	return g.edges
}

// Simple says what keeps the graph from being simple: its first loop or
// edge written twice; "" when it is simple.
func (g *Graph) Simple() string {
	if g.line != 0 { // a path or a cycle as made
		return ""
	}
	g.ready()
	// Adj holds each pair once: with no loop, as many pairs as edges
	// written is simple, with no map of millions of pairs (complete(4096))
	loops := false
	for _, e := range g.edges {
		loops = loops || e[0] == e[1]
	}
	if !loops && 2*len(g.edges) == g.adjacencies() {
		return ""
	}
	seen := map[[2]int]bool{}
	for _, e := range g.edges {
		u, v := min(e[0], e[1]), max(e[0], e[1])
		switch {
		case u == v:
			return "a loop " + g.Label(u) + "-" + g.Label(u)
		case seen[[2]int{u, v}]:
			return "the edge " + g.Label(u) + "-" + g.Label(v) + " twice"
		}
		seen[[2]int{u, v}] = true
	}
	return ""
}

func (g *Graph) sortAdj() *Graph {
	for _, a := range g.adj {
		if !slices.IsSorted(a) {
			slices.Sort(a)
		}
	}
	return g
}

// adjacencies is the length of every vertex's list in Adj together.
func (g *Graph) adjacencies() int {
	n := 0
	for _, a := range g.adj {
		n += len(a)
	}
	return n
}

// Edges counts the edges.
func (g *Graph) Edges() int {
	g.ready()
	n := 0
	for _, a := range g.adj {
		n += len(a)
	}
	return n / 2
}

func checkSize(what string, n int64) error {
	if n < 0 || n > MaxVertices {
		return fmt.Errorf("%s has %d vertices; a graph has 0 to %d", what, n, MaxVertices)
	}
	return nil
}

// numbered is the names 1 to n.
func numbered(n int) []string {
	return names(n, func(b []byte, i int) []byte { return strconv.AppendInt(b, int64(i+1), 10) })
}

// names is the n names that name appends to a buffer, cut from one string:
// a string apiece took a third of path(10^6)'s making.
func names(n int, name func(b []byte, i int) []byte) []string {
	var b []byte
	ends := make([]int, n)
	for i := range n {
		b = name(b, i)
		ends[i] = len(b)
	}
	all := string(b)
	labels := make([]string, n)
	start := 0
	for i, end := range ends {
		labels[i], start = all[start:end], end
	}
	return labels
}

// reserve gives each vertex v room for deg(v) neighbours in one array, and
// the edge list room for edges: the generators' graphs are made with no
// allocation a vertex.
func (g *Graph) reserve(deg func(v int) int, edges int) {
	if g.adj == nil {
		g.adj = make([][]int, g.N())
	}
	total := 0
	for v := range g.N() {
		total += deg(v)
	}
	flat := make([]int, total)
	at := 0
	for v := range g.N() {
		d := deg(v)
		g.adj[v] = flat[at : at : at+d]
		at += d
	}
	g.edges = make([][2]int, 0, edges)
}

// Path is the path of n vertices, 1-2-...-n.
func Path(n int64) (*Graph, error) {
	desc := fmt.Sprintf("path(%d)", n)
	if err := checkSize(desc, n); err != nil {
		return nil, err
	}
	g := numberedGraph(desc, int(n))
	g.line = 'p'
	g.build = func() {
		g.reserve(func(v int) int { return bit(v > 0) + bit(v < int(n)-1) }, max(0, int(n)-1))
		for i := 1; i < int(n); i++ {
			g.newEdge(i-1, i)
		}
		g.sortAdj().symmetry(func(v int) int { return int(n) - 1 - v })
	}
	return g, nil
}

// Cycle is the cycle of n vertices (n >= 3).
func Cycle(n int64) (*Graph, error) {
	desc := fmt.Sprintf("cycle(%d)", n)
	if n < 3 {
		return nil, fmt.Errorf("%s: a cycle has at least 3 vertices", desc)
	}
	if err := checkSize(desc, n); err != nil {
		return nil, err
	}
	g := numberedGraph(desc, int(n))
	g.line = 'c'
	g.build = func() {
		g.reserve(func(int) int { return 2 }, int(n))
		for i := range int(n) {
			g.newEdge(i, (i+1)%int(n))
		}
		g.sortAdj()
		if n%2 == 0 {
			g.symmetry(func(v int) int { return (v + int(n)/2) % int(n) })
		}
	}
	return g, nil
}

// Complete is the complete graph of n vertices.
func Complete(n int64) (*Graph, error) {
	desc := fmt.Sprintf("complete(%d)", n)
	if err := checkSize(desc, n); err != nil {
		return nil, err
	}
	if n*(n-1)/2 > MaxEdges {
		return nil, fmt.Errorf("%s has %d edges; a graph has at most %d", desc, n*(n-1)/2, MaxEdges)
	}
	g := numberedGraph(desc, int(n))
	g.reserve(func(int) int { return int(n) - 1 }, int(n*(n-1)/2))
	for i := range int(n) {
		for j := i + 1; j < int(n); j++ {
			g.newEdge(i, j)
		}
	}
	return g.sortAdj(), nil
}

// Grid is the grid of r rows and c columns, its cells named as on a chess
// board turned: rows a, b, c..., columns 1, 2, 3..., so a1 is the corner.
// Cells are numbered row by row: a translated region keeps its order.
func Grid(r, c int64) (*Graph, error) {
	desc := fmt.Sprintf("grid(%d, %d)", r, c)
	if r < 1 || c < 1 || r > 26 {
		return nil, fmt.Errorf("%s: a grid has 1 to 26 rows (named a to z) and at least 1 column", desc)
	}
	if err := checkSize(desc, r*c); err != nil {
		return nil, err
	}
	rows, cols := int(r), int(c)
	g := newGraph(desc, names(rows*cols, func(b []byte, v int) []byte {
		return strconv.AppendInt(append(b, byte('a'+v/cols)), int64(v%cols+1), 10)
	}))
	g.reserve(func(v int) int {
		i, j := v/cols, v%cols
		return bit(i > 0) + bit(i < rows-1) + bit(j > 0) + bit(j < cols-1)
	}, (rows-1)*cols+rows*(cols-1))
	for i := range int(r) {
		for j := range int(c) {
			v := i*int(c) + j
			if j+1 < int(c) {
				g.newEdge(v, v+1)
			}
			if i+1 < int(r) {
				g.newEdge(v, v+int(c))
			}
		}
	}
	g.sortAdj()
	g.rows, g.cols = rows, cols
	cell := func(i, j int) int { return i*cols + j }
	g.symmetry(func(v int) int { return cell(rows-1-v/cols, cols-1-v%cols) }) // half a turn
	g.symmetry(func(v int) int { return cell(v/cols, cols-1-v%cols) })        // left to right
	g.symmetry(func(v int) int { return cell(rows-1-v/cols, v%cols) })        // top to bottom
	// a square: turned a quarter either way, reflected in either diagonal
	if rows == cols {
		g.symmetry(func(v int) int { return cell(v%cols, rows-1-v/cols) })
		g.symmetry(func(v int) int { return cell(cols-1-v%cols, v/cols) })
		g.symmetry(func(v int) int { return cell(v%cols, v/cols) })
		g.symmetry(func(v int) int { return cell(cols-1-v%cols, rows-1-v/cols) })
	}
	return g, nil
}

// Boxes is the board of a Dots-and-Boxes game of r rows and c columns of
// boxes as strings and coins (Winning Ways, ch. 16; Berlekamp, The
// Dots-and-Boxes Game): its first vertex g is the ground, each box a coin
// named as grid's cells (a1 the corner), each line of the board a string
// between the two boxes it separates, or between a box on the edge and
// the ground (a corner box has two strings to the ground).
func Boxes(r, c int64) (*Graph, error) {
	desc := fmt.Sprintf("boxes(%d, %d)", r, c)
	if r < 1 || c < 1 || r > 26 {
		return nil, fmt.Errorf("%s: a board has 1 to 26 rows of boxes (named a to z) and at least 1 column", desc)
	}
	if err := checkSize(desc, r*c+1); err != nil {
		return nil, err
	}
	labels := []string{"g"}
	for i := range int(r) {
		for j := range int(c) {
			labels = append(labels, fmt.Sprintf("%c%d", 'a'+i, j+1))
		}
	}
	g := newGraph(desc, labels)
	box := func(i, j int) int {
		if i < 0 || j < 0 || i >= int(r) || j >= int(c) {
			return 0 // off the board: the ground
		}
		return 1 + i*int(c) + j
	}
	for i := range int(r) {
		for j := range int(c) {
			g.newEdge(box(i-1, j), box(i, j)) // the line above
			g.newEdge(box(i, j-1), box(i, j)) // the line to the left
			if i == int(r)-1 {
				g.newEdge(box(i, j), 0) // the line below the last row
			}
			if j == int(c)-1 {
				g.newEdge(box(i, j), 0) // the line right of the last column
			}
		}
	}
	return g.sortAdj(), nil
}

var token = regexp.MustCompile(`^[A-Za-z0-9_]+(-[A-Za-z0-9_]+)*$`)

// Parse reads a graph written as words: a word a-b is an edge, a-b-c a
// path, a lone name a vertex, a-a a loop; words are separated by spaces,
// commas, semicolons or new lines, and # starts a comment to the end of its
// line. An edge written twice is two edges. Vertices are numbered in the
// order they first appear.
func Parse(desc string, r io.Reader) (*Graph, error) {
	g := newGraph(desc, nil)
	index := map[string]int{}
	vertex := func(name string) int {
		if i, ok := index[name]; ok {
			return i
		}
		index[name] = g.n
		g.labels = append(g.labels, name)
		g.n++
		g.adj = append(g.adj, nil)
		return index[name]
	}
	lr := lines.New(r, maxLine)
	for {
		raw, err := lr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		line := lr.Line
		text, _, _ := strings.Cut(raw, "#")
		for _, w := range strings.FieldsFunc(text, func(r rune) bool { return r == ' ' || r == '\t' || r == ',' || r == ';' }) {
			if !token.MatchString(w) {
				return nil, fmt.Errorf("line %d: %q is neither a vertex (letters, digits, _) nor edges a-b", line, w)
			}
			names := strings.Split(w, "-")
			prev := vertex(names[0])
			for _, name := range names[1:] {
				v := vertex(name)
				g.edge(prev, v)
				prev = v
			}
			if g.n > MaxVertices {
				return nil, fmt.Errorf("line %d: more than %d vertices", line, MaxVertices)
			}
			if len(g.edges) > MaxEdges {
				return nil, fmt.Errorf("line %d: more than %d edges", line, MaxEdges)
			}
		}
	}
	g.seen = nil
	return g.sortAdj(), nil
}

// Text writes the subgraph that set induces as Parse reads it: its edges
// in order, each vertex without one alone.
func (g *Graph) Text(set Set) string {
	g.ready()
	var words []string
	set.each(func(u int) {
		alone := true
		for _, v := range g.adj[u] {
			if set.has(v) {
				alone = false
				if v > u {
					words = append(words, g.Label(u)+"-"+g.Label(v))
				}
			}
		}
		if alone {
			words = append(words, g.Label(u))
		}
	})
	return strings.Join(words, " ")
}

func bit(b bool) int {
	if b {
		return 1
	}
	return 0
}
