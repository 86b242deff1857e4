package graph_test

// Graph rulesets: Node Kayles, Arc Kayles and Cram checked against the
// octal games they equal on paths (Dawson's Chess and Dawson's Kayles,
// whose values the octal engines give and published_test checks against
// OEIS), against the theory of cycles, complete graphs and symmetric
// boards, and against a brute force written here over bitmasks, with and
// without the decomposition into components.

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/gamelang/gamelang/eval"
	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/internal/scripttest"
	"github.com/gamelang/gamelang/lib/graphs"
	"github.com/gamelang/gamelang/play"
	playmisere "github.com/gamelang/gamelang/play/misere"
	playnormal "github.com/gamelang/gamelang/play/normal"
	"github.com/gamelang/gamelang/rules/graph"
)

const graphGames = `
game NodeKayles graph { move (vertices - {v} - neighbours(v)) for v in vertices }
game ArcKayles graph {
    move (vertices - {u, v}) for u in vertices for v in neighbours(u) if u < v
}
`

// Node Kayles on a path is Dawson's Chess: by the search (generic) and by
// the shape (the octal engine) alike; and on cycles, each move leaving a
// path of n - 3.
func TestNodeKaylesOnPathsIsDawsonsChess(t *testing.T) {
	t.Parallel() // each owns its session
	scripttest.BothWays(t, graphGames+"all(grundy(NodeKayles(path(n))) == grundy(octal(\"0.137\")(n)) for n in 0..80)\n"+
		"grundy(NodeKayles(path(60)))\ngrundy(DawsonsChess(60))\n"+
		"all(grundy(NodeKayles(cycle(n))) == (if grundy(DawsonsChess(n - 3)) == 0 then 1 else 0) for n in 3..30)", "true\n1\n1\ntrue")
	// past the search's reach: a path of 4096 vertices and a cycle of 4000,
	// a path beside a cycle and a triangle, and the winning moves of a path
	got := scripttest.Out(t, graphGames+`grundy(NodeKayles(path(4096)))
grundy(DawsonsChess(4096))
grundy(NodeKayles(cycle(4000))) == (if grundy(DawsonsChess(3997)) == 0 then 1 else 0)
grundy(NodeKayles(graph("a-b b-c c-d d-e x-y y-z z-x p-q q-r r-s s-p"))) == xor(grundy(DawsonsChess(5)), 1, 0)
winning(NodeKayles(path(3000)))`)
	lines := strings.Split(got, "\n")
	if len(lines) < 5 || lines[0] != lines[1] || lines[2] != "true" || lines[3] != "true" {
		t.Errorf("got %q", got)
	}
	// a graph of a million vertices: the path is a heap of Dawson's Chess,
	// the largest cycle too, and the even grid is symmetric (the generic
	// search lists a million moves of a million vertices each: minutes)
	if got := scripttest.Out(t, graphGames+`grundy(NodeKayles(path(1000000))) == grundy(DawsonsChess(1000000))
grundy(NodeKayles(cycle(1048576))) == (if grundy(DawsonsChess(1048573)) == 0 then 1 else 0)
grundy(Cram(grid(26, 40000)))`); got != "true\ntrue\n0" {
		t.Errorf("a million vertices: got %q", got)
	}
}

func TestArcKaylesOnPathsIsDawsonsKayles(t *testing.T) {
	t.Parallel() // each owns its session
	got := scripttest.Out(t, graphGames+"all(grundy(ArcKayles(path(n))) == grundy(octal(\"0.07\")(n)) for n in 0..80)")
	if got != "true" {
		t.Errorf("got %q", got)
	}
}

// On a cycle every first move leaves a path: n-3 vertices for Node Kayles,
// n-2 for Arc Kayles; so the cycle's value is 1 exactly when that path's
// is 0.
func TestCycles(t *testing.T) {
	t.Parallel() // each owns its session
	for n := 3; n <= 40; n++ {
		src := fmt.Sprintf("%s\ngrundy(NodeKayles(cycle(%d)))\ngrundy(DawsonsChess(%d))\ngrundy(ArcKayles(cycle(%d)))\ngrundy(DawsonKayles(%d))",
			graphGames, n, n-3, n, n-2)
		v := strings.Fields(scripttest.Out(t, src))
		want := func(path string) string {
			if path == "0" {
				return "1"
			}
			return "0"
		}
		if v[0] != want(v[1]) || v[2] != want(v[3]) {
			t.Errorf("cycle(%d): Node Kayles %s (path %s), Arc Kayles %s (path %s)", n, v[0], v[1], v[2], v[3])
		}
	}
}

// Cram's values on the boards of at most 36 cells in the table Beling
// publishes (github.com/beling/impartial-games, README: computed by his
// solver and earlier by Lemoine and Viennot's Glop, most of them first by
// Schneider, 2009), through the Kayles engine; the two largest, 4 × 9 and
// 5 × 7, take tens of seconds and are skipped by -short. 3 × n is not in
// the table: 3 × 9 = 1 is checked against the generic search (the memoized
// mex over whole positions) instead.
func TestCramPublished(t *testing.T) {
	t.Parallel() // each owns its session
	boards := []struct{ r, c, want int }{
		{4, 4, 0}, {4, 5, 2}, {4, 6, 0}, {4, 7, 3}, {4, 8, 0}, {5, 5, 0}, {5, 6, 2}, {6, 6, 0},
		{4, 9, 1}, {5, 7, 1},
	}
	for _, b := range boards {
		if testing.Short() && b.r*b.c > 30 {
			continue
		}
		if got := scripttest.Out(t, fmt.Sprintf("grundy(Cram(grid(%d, %d)))", b.r, b.c)); got != fmt.Sprint(b.want) {
			t.Errorf("Cram %d × %d: %s, Beling's table %d", b.r, b.c, got, b.want)
		}
	}
	scripttest.BothWays(t, "grundy(Cram(grid(3, 9)))", "1")
}

// Cram is Arc Kayles on a grid: on an even×even board the second player
// wins by playing the mirror image through the centre, on an even×odd one
// the first player by taking the two central cells first and mirroring
// after (Gardner; Winning Ways); a 1×n board is Dawson's Kayles.
func TestCramSymmetry(t *testing.T) {
	t.Parallel() // each owns its session
	for _, c := range []struct {
		r, c int
		want string
	}{{2, 2, "P"}, {2, 4, "P"}, {4, 4, "P"}, {4, 6, "P"}, {2, 6, "P"}, {2, 3, "N"}, {2, 5, "N"}, {3, 4, "N"}, {2, 7, "N"}} {
		got := scripttest.Out(t, fmt.Sprintf("%sgame Cram = ArcKayles\noutcome(Cram(grid(%d, %d)))", graphGames, c.r, c.c))
		if got != c.want {
			t.Errorf("Cram %d×%d: %s, want %s", c.r, c.c, got, c.want)
		}
	}
	if got := scripttest.Out(t, graphGames+"all(grundy(ArcKayles(grid(1, n))) == grundy(DawsonKayles(n)) for n in 1..30)"); got != "true" {
		t.Errorf("1×n: %s", got)
	}
}

func TestCompleteAndUserGraphs(t *testing.T) {
	t.Parallel() // each owns its session
	file := filepath.Join(t.TempDir(), "g.txt")
	if err := os.WriteFile(file, []byte("# a triangle with a tail\na-b, b-c, c-a\nc-d-e  # the tail\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	got := scripttest.Out(t, graphGames+`print({grundy(NodeKayles(complete(n))) for n in 1..9})
grundy(NodeKayles(graph("a-b b-c c-a c-d")))
options(NodeKayles(graph("a-b-c d")))
let g = readgraph("`+file+`")
grundy(ArcKayles(g)) == grundy(ArcKayles(graph("a-b b-c c-a c-d d-e")))
grundy(NodeKayles(g))`)
	// worked by hand: the triangle with a pendant has options 1 (take a or
	// b: d is left), 0 (take c) and 1 (take d: a-b is left), so 2; the
	// triangle with a tail of two has only options of value 1, so 0
	want := `{1}
2
NodeKayles(graph("a-b-c d")) -> NodeKayles(graph("c")) + NodeKayles(graph("d"))  grundy 0
NodeKayles(graph("a-b-c d")) -> NodeKayles(graph("d"))                           grundy 1
NodeKayles(graph("a-b-c d")) -> NodeKayles(graph("a")) + NodeKayles(graph("d"))  grundy 0
NodeKayles(graph("a-b-c d")) -> NodeKayles(graph("a-b b-c"))                     grundy 2
true
0`
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// brute is the value of a vertex-deletion game on a graph of at most 64
// vertices, over bitmasks of the vertices left, with no decomposition:
// moves lists, for a position, the sets of vertices a move removes.
func brute(adj []uint64, moves func(left uint64, adj []uint64) []uint64) func(uint64) int {
	return func(all uint64) int {
		return scripttest.BruteValue(all, func(left uint64) []uint64 {
			var out []uint64
			for _, rm := range moves(left, adj) {
				out = append(out, left&^rm)
			}
			return out
		})
	}
}

func arcKaylesMoves(left uint64, adj []uint64) []uint64 {
	var out []uint64
	for u := range adj {
		for v := u + 1; v < len(adj); v++ {
			if left&(1<<u) != 0 && left&(1<<v) != 0 && adj[u]&(1<<v) != 0 {
				out = append(out, 1<<u|1<<v)
			}
		}
	}
	return out
}

// bruteMisereN reports whether the player to move wins a vertex-deletion
// game under misère play (the player who cannot move wins), whole.
func bruteMisereN(all uint64, adj []uint64, moves func(uint64, []uint64) []uint64) bool {
	memo := map[uint64]bool{}
	var n func(uint64) bool
	n = func(left uint64) bool {
		if v, ok := memo[left]; ok {
			return v
		}
		ms := moves(left, adj)
		win := len(ms) == 0
		for _, rm := range ms {
			if !n(left &^ rm) {
				win = true
				break
			}
		}
		memo[left] = win
		return win
	}
	return n(all)
}

// checkGraphGames compares, on one graph, the language's Node Kayles and
// Arc Kayles — decomposed and keyed canonically, and whole — with the
// brute force.
func checkGraphGames(t *testing.T, text string, adj []uint64) {
	t.Helper()
	var buf bytes.Buffer
	in := eval.New(eval.Config{Out: &buf})
	ctx := context.Background()
	if err := in.Exec(ctx, "<test>", graphGames+fmt.Sprintf("let g = graph(%q)", text)); err != nil {
		t.Fatal(in.Render(err))
	}
	all := uint64(1)<<len(adj) - 1
	for _, c := range []struct {
		name  string
		moves func(uint64, []uint64) []uint64
	}{{"NodeKayles", scripttest.NodeKaylesMoves}, {"ArcKayles", arcKaylesMoves}} {
		want := brute(adj, c.moves)(all)
		rv, err := in.Eval(ctx, c.name)
		if err != nil {
			t.Fatal(err)
		}
		r := rv.(eval.RulesetVal).R.(*graph.Ruleset)
		if split, canonical := r.Splits(); !split || !canonical {
			t.Fatalf("%s is not decomposed canonically", c.name)
		}
		gv, err := in.Eval(ctx, "g")
		if err != nil {
			t.Fatal(err)
		}
		for _, rs := range []*graph.Ruleset{r, r.Whole()} {
			p := game.Position{{Rules: rs, State: graph.Whole(gv.(graphs.GraphVal).G)}}
			got, err := playnormal.New(play.Env{Limits: in.Limits()}).Grundy(ctx, p)
			if err != nil {
				t.Fatal(err)
			}
			if split, _ := rs.Splits(); got.Int64() != int64(want) {
				t.Errorf("%s(graph(%q)), split %v: %s, brute force %d", c.name, text, split, got, want)
			}
			// misère play: the root split into its components is a sum
			o, err := playmisere.New(play.Env{Limits: in.Limits()}).Outcome(ctx, p)
			if err != nil {
				t.Fatal(err)
			}
			if split, _ := rs.Splits(); (o == game.N) != bruteMisereN(all, adj, c.moves) {
				t.Errorf("%s(graph(%q)), split %v, misère: %v, brute force N %v", c.name, text, split, o, bruteMisereN(all, adj, c.moves))
			}
		}
	}
}

func TestGraphGamesAgainstBruteForce(t *testing.T) {
	t.Parallel() // each owns its session
	r := rand.New(rand.NewPCG(1, 2))
	for i := range 60 {
		n := 1 + i%12
		text, adj := scripttest.RandomGraph(r, n, []float64{0.15, 0.3, 0.5}[i%3])
		checkGraphGames(t, text, adj)
	}
	// Cram and Node Kayles on grids, whose mirrors answer every symmetric
	// position met (shape.go), by the brute force
	for _, rc := range [][2]int{{3, 3}, {3, 4}, {4, 4}, {2, 6}, {2, 7}, {4, 5}, {1, 12}} {
		rows, cols := rc[0], rc[1]
		adj := make([]uint64, rows*cols)
		for i := range rows {
			for j := range cols {
				v := i*cols + j
				if j+1 < cols {
					adj[v] |= 1 << (v + 1)
					adj[v+1] |= 1 << v
				}
				if i+1 < rows {
					adj[v] |= 1 << (v + cols)
					adj[v+cols] |= 1 << v
				}
			}
		}
		want := brute(adj, arcKaylesMoves)(uint64(1)<<len(adj) - 1)
		if got := scripttest.Out(t, graphGames+fmt.Sprintf("grundy(ArcKayles(grid(%d, %d)))", rows, cols)); got != fmt.Sprint(want) {
			t.Errorf("Cram %d×%d: %s, brute force %d", rows, cols, got, want)
		}
		want = brute(adj, scripttest.NodeKaylesMoves)(uint64(1)<<len(adj) - 1)
		if got := scripttest.Out(t, graphGames+fmt.Sprintf("grundy(NodeKayles(grid(%d, %d)))", rows, cols)); got != fmt.Sprint(want) {
			t.Errorf("Node Kayles %d×%d: %s, brute force %d", rows, cols, got, want)
		}
	}
}

// FuzzGraphDecomposition: any small graph, decomposed or whole, gives the
// brute force's values.
func FuzzGraphDecomposition(f *testing.F) {
	f.Add([]byte{5, 0x13, 0x24, 0x35})
	f.Add([]byte{9, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0x55})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) == 0 {
			return
		}
		n := 1 + int(data[0])%12
		adj := make([]uint64, n)
		var words []string
		for u := range n {
			words = append(words, fmt.Sprintf("v%d", u))
		}
		for _, b := range data[1:] {
			u, v := int(b>>4)%n, int(b&15)%n
			if u == v || adj[u]&(1<<v) != 0 {
				continue
			}
			adj[u] |= 1 << v
			adj[v] |= 1 << u
			words = append(words, fmt.Sprintf("v%d-v%d", u, v))
		}
		checkGraphGames(t, strings.Join(words, " "), adj)
	})
}

// bigGraphFile is a file of 17 MiB: edges, then zeros (sparse).
func bigGraphFile(t *testing.T) string {
	name := filepath.Join(t.TempDir(), "big.txt")
	f, err := os.Create(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	f.WriteString("a-b b-c\n")
	if err := f.Truncate(17 << 20); err != nil {
		t.Fatal(err)
	}
	return name
}

// A graph asked about whole falls apart into its components at once: a
// graph of 2000 separate edges and a vertex (4001 vertices, one line of
// text past 64 KiB) is worth 1, each edge 1 and the vertex 1 — where each
// of its 4001 moves once left 2000 components.
func TestRootSplitIntoComponents(t *testing.T) {
	t.Parallel() // each owns its session
	var words []string
	for i := range 2000 {
		words = append(words, fmt.Sprintf("a%d-b%d", i, i))
	}
	words = append(words, strings.Repeat("x", 70000))
	text := strings.Join(words, " ")
	if got := scripttest.Out(t, fmt.Sprintf("grundy(NodeKayles(graph(%q)))\noutcome(NodeKayles(graph(%q)), misere)", text, text)); got != "1\nP" {
		// misère: 2000 edges and a vertex are 2001 nim-heaps of size 1, odd: P
		t.Errorf("got %q, want 1 and P", got)
	}
}

func TestGraphErrors(t *testing.T) {
	t.Parallel() // each owns its session
	for _, c := range []struct{ src, want string }{
		{graphGames + "grundy(NodeKayles(5))", "a position of NodeKayles is a graph"},
		{graphGames + "grundy(NodeKayles(path(3), path(4)))", "a position of NodeKayles is one graph"},
		{graphGames + `grundy(NodeKayles(graph("a-a")))`, `NodeKayles plays on a simple graph, and graph("a-a") has a loop a-a`},
		{graphGames + `grundy(ArcKayles(graph("a-b c a-b")))`, `has the edge a-b twice`},
		{graphGames + `grundy(NodeKayles(graph("a-b c+d")))`, `"c+d" is neither a vertex`},
		{graphGames + "grundy(NodeKayles(path(-1)))", "a graph has 0 to 1048576"},
		{graphGames + "grundy(NodeKayles(path(1048577)))", "a graph has 0 to 1048576"},
		{graphGames + "outcome(Cram(complete(5000)))", "complete(5000) has 12497500 edges; a graph has at most 8388608"},
		{"outcome(Nimstring(path(4097)))", "path(4097) has 4097 vertices; a picture of Nimstring has at most 4096"},
		{"grundy(Hackenbush(path(5000)))", "a picture of Hackenbush has at most 4096"},
		{graphGames + "grundy(NodeKayles(cycle(2)))", "a cycle has at least 3 vertices"},
		{graphGames + `grundy(NodeKayles(readgraph("/nonexistent/g.txt")))`, "no such file"},
		{graphGames + `grundy(NodeKayles(readgraph("` + bigGraphFile(t) + `")))`, "readgraph reads files of at most 16777216 (16 MiB)"},
		{"game G graph { move (vertices * 2) for v in vertices }", "a graph move leaves a set of vertices"},
		{"game G graph { move (vertices - {v}, 3) for v in vertices }", "leaves one set of vertices"},
		{"game G graph (a) { move (vertices) for v in vertices }", "takes no variables"},
		{"game G graph { move (vertices - {v + 1}) for v in vertices }\ngrundy(G(path(3)))", "<test>:1:34: 3 is not a vertex of the position"},
		{"game G graph { move (vertices - {v}) for v in vertices if vertices > 2 }\ngrundy(G(path(3)))", "vertices is a collection, not a number"},
		{"game G graph { take 1 }", "graph ruleset G needs a rule 'move"},
	} {
		scripttest.WantError(t, c.src, c.want)
	}
}

// solveGraph values G(graph) for a ruleset of graphGames, decomposed or
// whole, with a solver of its own.
func solveGraph(tb testing.TB, name, graphExpr string, whole bool) int64 {
	var buf bytes.Buffer
	in := eval.New(eval.Config{Out: &buf})
	ctx := context.Background()
	if err := in.Exec(ctx, "<bench>", graphGames); err != nil {
		tb.Fatal(in.Render(err))
	}
	rv, err := in.Eval(ctx, name)
	if err != nil {
		tb.Fatal(err)
	}
	gv, err := in.Eval(ctx, graphExpr)
	if err != nil {
		tb.Fatal(err)
	}
	r := rv.(eval.RulesetVal).R.(*graph.Ruleset)
	if whole {
		r = r.Whole()
	}
	p := game.Position{{Rules: r, State: graph.Whole(gv.(graphs.GraphVal).G)}}
	g, err := playnormal.New(play.Env{Limits: in.Limits()}).Grundy(ctx, p)
	if err != nil {
		tb.Fatal(err)
	}
	return g.Int64()
}

// BenchmarkGraphDecomposition: the same games solved by components (equal
// ones sharing a value) and whole. Node Kayles on a path of 60 and Cram
// 4×6 only decomposed: whole, they do not finish in minutes.
//
//	go test ./eval -run XXX -bench GraphDecomposition -benchtime 3x -count 3
func BenchmarkGraphDecomposition(b *testing.B) {
	for _, c := range []struct {
		name, game, graph string
		whole             bool
	}{
		{"NodeKayles/path(60)/split", "NodeKayles", "path(60)", false},
		{"NodeKayles/path(26)/split", "NodeKayles", "path(26)", false},
		{"NodeKayles/path(26)/whole", "NodeKayles", "path(26)", true},
		{"Cram/grid(4,6)/split", "ArcKayles", "grid(4, 6)", false},
		{"Cram/grid(3,6)/split", "ArcKayles", "grid(3, 6)", false},
		{"Cram/grid(3,6)/whole", "ArcKayles", "grid(3, 6)", true},
	} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				solveGraph(b, c.game, c.graph, c.whole)
			}
		})
	}
}

const hackenbush = `
game Hackenbush graph { move (connected(ground, vertices - {v})) for v in vertices if v != ground }
game EdgeHackenbush(m) graph {
    move (connected(ground, vertices - {e})) for e in vertices if e >= m
}
`

// colon is the value of a rooted tree of Green Hackenbush by the colon
// principle: a node's value is the XOR over its children of 1 + the
// child's value (a stalk of one edge under a tree of value x is x+1).
func colon(children [][]int, v int) int {
	x := 0
	for _, c := range children[v] {
		x ^= 1 + colon(children, c)
	}
	return x
}

// Green Hackenbush on trees: each vertex but the ground (the first) stands
// for the edge to its parent; cutting it drops its subtree. Random trees
// against the colon principle.
func TestHackenbushTreesByTheColonPrinciple(t *testing.T) {
	t.Parallel() // each owns its session
	r := rand.New(rand.NewPCG(3, 4))
	for i := range 40 {
		n := 2 + i%14
		children := make([][]int, n)
		words := []string{"g"}
		name := func(v int) string {
			if v == 0 {
				return "g"
			}
			return fmt.Sprintf("n%d", v)
		}
		for v := 1; v < n; v++ {
			p := r.IntN(v)
			children[p] = append(children[p], v)
			words = append(words, name(p)+"-"+name(v))
		}
		want := colon(children, 0)
		got := scripttest.Out(t, hackenbush+fmt.Sprintf("grundy(Hackenbush(graph(%q)))", strings.Join(words, " ")))
		if got != fmt.Sprint(want) {
			t.Errorf("tree %v: %s, the colon principle says %d", words, got, want)
		}
		// the builtin, which plays on the edges themselves
		if got := scripttest.Out(t, fmt.Sprintf("grundy(Hackenbush(graph(%q)))", strings.Join(words, " "))); got != fmt.Sprint(want) {
			t.Errorf("builtin Hackenbush on the tree %v: %s, the colon principle says %d", words, got, want)
		}
	}
}

// Green Hackenbush on graphs: each edge is a vertex of its own (numbered
// after the m nodes) between its ends; cutting it drops what is no longer
// joined to the ground. Random multigraphs against a brute force over the
// sets of edges left, and cycles through the ground against the fusion
// principle (a cycle of n edges through the ground is worth n mod 2).
func TestHackenbushGraphs(t *testing.T) {
	t.Parallel()
	for n := 2; n <= 9; n++ { // n = 1, a loop, would be the edge g-e1 twice: no simple graph
		words := []string{"g"}
		for i := 1; i < n; i++ {
			words = append(words, fmt.Sprintf("a%d", i))
		}
		prev := "g"
		for i := 1; i <= n; i++ {
			next := "g"
			if i < n {
				next = fmt.Sprintf("a%d", i)
			}
			words = append(words, fmt.Sprintf("%s-e%d-%s", prev, i, next))
			prev = next
		}
		got := scripttest.Out(t, hackenbush+fmt.Sprintf("grundy(EdgeHackenbush(%d)(graph(%q)))", n, strings.Join(words, " ")))
		if got != fmt.Sprint(n%2) {
			t.Errorf("a cycle of %d edges through the ground: %s", n, got)
		}
	}
	r := rand.New(rand.NewPCG(5, 6))
	tested := 0
	for i := range 60 {
		nodes := 1 + i%4
		edges := 1 + r.IntN(7)
		ends := make([][2]int, edges)
		words := []string{}
		for v := range nodes {
			words = append(words, fmt.Sprintf("v%d", v))
		}
		for e := range ends {
			ends[e] = [2]int{r.IntN(nodes), r.IntN(nodes)}
			for ends[e][0] == ends[e][1] && nodes > 1 { // a loop a-e-a is no simple graph
				ends[e][1] = r.IntN(nodes)
			}
			words = append(words, fmt.Sprintf("v%d-e%d-v%d", ends[e][0], e, ends[e][1]))
		}
		if nodes == 1 {
			continue
		}
		want, grounded := scripttest.HackenbushBrute(nodes, 1, ends)
		if !grounded {
			continue // a Hackenbush picture has every edge joined to the ground
		}
		tested++
		got := scripttest.Out(t, hackenbush+fmt.Sprintf("grundy(EdgeHackenbush(%d)(graph(%q)))", nodes, strings.Join(words, " ")))
		if got != fmt.Sprint(want) {
			t.Errorf("%v: %s, brute force %d", words, got, want)
		}
	}
	if tested < 25 {
		t.Errorf("only %d random pictures were grounded", tested)
	}
}

// The divisor game (Chomp on the divisors of N): pick a divisor; it and its
// multiples go; whoever must pick 1 loses — the set game on the divisors
// above 1 with 'forbid multiples'. The first player wins for every N > 1
// (strategy stealing), and the values agree with a brute force.
func TestDivisorGame(t *testing.T) {
	t.Parallel() // each owns its session
	for n := 2; n <= 60; n++ {
		src := fmt.Sprintf("game D set { pick x in 2..%d  forbid multiples }\nlet S = {d for d in 2..%d if %d %% d == 0}\noutcome(D{S})\ngrundy(D{S})", n, n, n)
		v := strings.Fields(scripttest.Out(t, src))
		var divs []int
		for d := 2; d <= n; d++ {
			if n%d == 0 {
				divs = append(divs, d)
			}
		}
		want := scripttest.BruteValue(uint64(1)<<len(divs)-1, func(left uint64) []uint64 {
			var out []uint64
			for i, d := range divs {
				if left&(1<<i) != 0 {
					rm := uint64(0)
					for j, e := range divs {
						if e%d == 0 {
							rm |= 1 << j
						}
					}
					out = append(out, left&^rm)
				}
			}
			return out
		})
		if v[0] != "N" || v[1] != fmt.Sprint(want) {
			t.Errorf("divisors of %d: %v, brute force %d", n, v, want)
		}
	}
}

// Node Kayles on three families of graphs whose values OEIS publishes
// (Brown, Daugherty, Fiorini et al., "Nimber Sequences of Node-Kayles
// Games", J. Integer Seq. 23 (2020)): each graph written out here, its
// vertices in order along it so that equal pieces share a value.
func TestNodeKaylesPublished(t *testing.T) {
	t.Parallel()
	// A317367, n = 4..: the path 1..n with the edges {i, i+3} added
	a317367 := []int{0, 2, 1, 3, 0, 1, 1, 3, 0, 2, 3, 3, 2, 2, 3, 4, 2, 4, 0, 4, 2, 5, 3, 2, 2, 3, 3, 2, 0, 3, 1, 1, 0, 3, 1, 2, 0, 3, 1, 2, 0, 1, 1, 4, 0, 4, 5, 4, 7, 2, 6, 4, 7, 5, 0, 4, 1, 1, 0, 2, 1, 3, 0, 2, 1, 3, 0, 1, 1, 3, 0, 2, 3, 3, 2, 2, 7, 4, 6, 5, 4, 4, 5, 5, 7, 2, 6, 3, 3, 2, 0, 3, 1, 1, 0, 3, 1, 2, 0, 3, 1, 2, 0, 1, 1}
	// A316629, n = 1..: n linked 4-cycles, the path u1..u(n+1) with
	// u(i)-v(i)-w(i)-u(i+1)
	a316629 := []int{0, 1, 3, 4, 2, 3, 1, 2, 0, 4, 6, 5, 7, 3, 2, 7, 6, 2, 0, 2, 1, 3, 2, 4, 3, 5, 0, 3, 1, 2, 10, 1, 11, 2, 1, 9, 7, 8, 4, 9, 5, 3, 1, 2, 7, 4, 9, 7, 6, 9, 7, 8, 4, 3, 5, 2, 6, 5, 10, 4, 9, 14, 0, 4, 11, 8, 13, 3, 7, 2, 3, 9, 5, 3, 4, 5, 7, 4, 9, 7, 8, 9, 7, 8, 6, 9, 5, 10, 16, 5}
	// A316781, n = 1..: n diamonds linked at their vertices of degree 3,
	// v(i-1)-v(i) with u(i) and w(i) each joined to both
	a316781 := []int{2, 1, 0, 3, 3, 1, 4, 2, 6, 5, 0, 2, 7, 1, 4, 3, 3, 1, 4, 7, 7, 5, 0, 2, 8, 4, 4, 6, 3, 1, 8, 7, 7, 5, 0, 2, 2, 1, 4, 6, 3, 1, 8, 2, 7, 5, 0, 2, 8, 1, 4, 6, 3, 1, 4, 2, 7, 5, 0, 2, 8, 1, 4, 6, 3, 1, 8, 7, 7, 5, 0, 2, 8, 1, 4, 6, 3, 1, 8, 2, 7, 5, 0, 2, 8, 1, 4, 6, 3, 1, 8, 2, 7}
	families := []struct {
		name  string
		first int
		want  []int
		upto  int
		graph func(n int) string
	}{
		{"A317367", 4, a317367, 108, func(n int) string {
			var w []string
			for i := 1; i <= n; i++ {
				w = append(w, fmt.Sprint("p", i))
				if i+1 <= n {
					w = append(w, fmt.Sprintf("p%d-p%d", i, i+1))
				}
				if i+3 <= n {
					w = append(w, fmt.Sprintf("p%d-p%d", i, i+3))
				}
			}
			return strings.Join(w, " ")
		}},
		{"A316629", 1, a316629, 90, func(n int) string {
			w := []string{"u1"}
			for i := 1; i <= n; i++ {
				w = append(w, fmt.Sprintf("u%d-v%d-w%d-u%d u%d-u%d", i, i, i, i+1, i, i+1))
			}
			return strings.Join(w, " ")
		}},
		{"A316781", 1, a316781, 93, func(n int) string {
			w := []string{"v0"}
			for i := 1; i <= n; i++ {
				w = append(w, fmt.Sprintf("v%d-u%d-v%d-w%d-v%d v%d-v%d", i-1, i, i, i, i-1, i-1, i))
			}
			return strings.Join(w, " ")
		}},
	}
	// A316632, n = 1..16: the 3 × n grid (the lattice graph), through the
	// Kayles engine; its comments: the 4 × n grid is 0 for every n
	a316632 := []int{2, 1, 1, 0, 3, 3, 2, 2, 2, 3, 3, 5, 2, 4, 1, 3}
	if got := scripttest.Out(t, "print([grundy(NodeKayles(grid(3, n))) for n in 1..16])"); got != strings.ReplaceAll(fmt.Sprint(a316632), " ", ", ") {
		t.Errorf("Node Kayles on 3 × n: %s, OEIS A316632 %v", got, a316632)
	}
	if got := scripttest.Out(t, "print(all(grundy(NodeKayles(grid(4, n))) == 0 for n in 1..13))"); got != "true" {
		t.Errorf("Node Kayles on 4 × n, n <= 13, all 0 (A316632's comments): %s", got)
	}
	// boards no table has: the engine against the generic search (the
	// memoized mex over whole positions; 6 × 7 takes it 4 s)
	scripttest.BothWays(t, "grundy(NodeKayles(grid(5, 7)))", "2")
	if !testing.Short() {
		scripttest.BothWays(t, "grundy(NodeKayles(grid(6, 7)))", "3")
	}
	for _, f := range families {
		var stmts []string
		for n := f.first; n <= f.upto; n++ {
			stmts = append(stmts, fmt.Sprintf("grundy(NodeKayles(graph(%q)))", f.graph(n)))
		}
		got := strings.Split(scripttest.Out(t, graphGames+strings.Join(stmts, "\n")), "\n")
		for i, g := range got {
			if want := fmt.Sprint(f.want[i]); g != want {
				t.Errorf("%s(%d) = %s, OEIS says %s", f.name, f.first+i, g, want)
			}
		}
	}
}

// Cram on 1×N boards: OEIS A215721 lists the N for which the second player
// wins (the domino-covering game), up to 361.
func TestCramOneRowPublished(t *testing.T) {
	t.Parallel() // each owns its session
	a215721 := []int{1, 5, 9, 15, 21, 25, 29, 35, 39, 43, 55, 59, 63, 73, 77, 89, 93, 97, 107, 111, 123, 127, 131, 141, 145, 157, 161, 165, 175, 179, 191, 195, 199, 209, 213, 225, 229, 233, 243, 247, 259, 263, 267, 277, 281, 293, 297, 301, 311, 315, 327, 331, 335, 345, 349, 361}
	got := scripttest.Out(t, "print({n for n in 1..361 if outcome(Cram(grid(1, n))) == P})")
	var want []string
	for _, n := range a215721 {
		want = append(want, fmt.Sprint(n))
	}
	if got != "{"+strings.Join(want, ", ")+"}" {
		t.Errorf("second-player wins on 1×N boards: %s", got)
	}
}

// Every position of a few graphs with mirrors (grids, a path, an even
// cycle) — each subset of their vertices — valued by the solver, which
// answers symmetric positions, paths and cycles by their shape, against
// the brute force over bitmasks.
func TestShapesOfEveryPosition(t *testing.T) {
	t.Parallel() // each owns its session
	in := eval.New(eval.Config{Out: new(bytes.Buffer)})
	ctx := context.Background()
	if err := in.Exec(ctx, "<test>", graphGames); err != nil {
		t.Fatal(in.Render(err))
	}
	for _, desc := range []string{"grid(3, 4)", "grid(2, 6)", "grid(3, 3)", "grid(3, 5)", "grid(4, 4)", "path(11)", "cycle(12)"} {
		gv, err := in.Eval(ctx, desc)
		if err != nil {
			t.Fatal(err)
		}
		g := gv.(graphs.GraphVal).G
		adj := make([]uint64, g.N())
		for v, ns := range g.Adj() {
			for _, u := range ns {
				adj[v] |= 1 << u
			}
		}
		for _, c := range []struct {
			name  string
			moves func(uint64, []uint64) []uint64
		}{{"NodeKayles", scripttest.NodeKaylesMoves}, {"ArcKayles", arcKaylesMoves}} {
			rv, err := in.Eval(ctx, c.name)
			if err != nil {
				t.Fatal(err)
			}
			r := rv.(eval.RulesetVal).R
			solver := playnormal.New(play.Env{Limits: in.Limits()})
			value := brute(adj, c.moves)
			for set := uint64(0); set < 1<<g.N(); set++ {
				present := make(graph.Set, (g.N()+63)/64)
				present[0] = set
				p := game.Position{{Rules: r, State: graph.State{G: g, Present: present}}}
				got, err := solver.Grundy(ctx, p)
				if err != nil {
					t.Fatal(err)
				}
				if want := value(set); got.Int64() != int64(want) {
					t.Fatalf("%s on %s, vertices %b: %s, brute force %d", c.name, desc, set, got, want)
				}
			}
		}
	}
}

// TestLineWithoutLists: a whole path or cycle is read as one from its
// set of vertices, at every length about a word's edge, without its lists
// being made; any vertex missing, or any other graph, is not; the lists,
// made when asked for, are the path's.
func TestLineWithoutLists(t *testing.T) {
	for _, n := range []int64{1, 2, 3, 63, 64, 65, 128, 1000} {
		p, err := graph.Path(n)
		if err != nil {
			t.Fatal(err)
		}
		c, err := graph.Cycle(max(n, 3))
		if err != nil {
			t.Fatal(err)
		}
		if got, cycle, ok := p.Line(graph.Whole(p).Present); !ok || cycle || got != int(n) {
			t.Errorf("path(%d): %d %v %v", n, got, cycle, ok)
		}
		if got, cycle, ok := c.Line(graph.Whole(c).Present); !ok || !cycle || got != int(max(n, 3)) {
			t.Errorf("cycle(%d): %d %v %v", max(n, 3), got, cycle, ok)
		}
		if p.Simple() != "" || p.Desc != fmt.Sprintf("path(%d)", n) {
			t.Errorf("path(%d): %q", n, p.Simple())
		}
		part := graph.Whole(p)
		part.Present[0] &^= 1 << (n / 2 % 64)
		if _, _, ok := p.Line(part.Present); ok {
			t.Errorf("path(%d) less a vertex read as whole", n)
		}
		for v, ns := range p.Adj() {
			want := []int{}
			if v > 0 {
				want = append(want, v-1)
			}
			if v+1 < int(n) {
				want = append(want, v+1)
			}
			if !slices.Equal(ns, want) {
				t.Fatalf("path(%d): vertex %d's neighbours %v", n, v, ns)
			}
		}
	}
	g, err := graph.Grid(1, 5)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, ok := g.Line(graph.Whole(g).Present); ok {
		t.Error("grid(1, 5) read as a path made by Path")
	}
}
