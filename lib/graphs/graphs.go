// Package graphs plugs graphs into the language: the graph kind of
// position (rules/graph), graphs as values, and the functions that make
// them — path, cycle, complete, grid, graph("a-b b-c"), readgraph.
package graphs

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/gamelang/gamelang/eval"
	"github.com/gamelang/gamelang/lang"
	"github.com/gamelang/gamelang/rules"
	"github.com/gamelang/gamelang/rules/graph"
)

// Plugin is the graph kind and its constructors.
var Plugin = eval.Plugin{
	Name:  "graphs",
	Kinds: []rules.Kind{graph.Decl},
	Funcs: map[string]eval.Func{
		"path":      {Min: 1, Max: 1, Usage: "path(n)", Doc: "the path of n vertices 1-2-...-n, a position of a graph ruleset: NodeKayles(path(60))", Call: fnGraph1(graph.Path)},
		"cycle":     {Min: 1, Max: 1, Usage: "cycle(n)", Doc: "the cycle of n >= 3 vertices", Call: fnGraph1(graph.Cycle)},
		"complete":  {Min: 1, Max: 1, Usage: "complete(n)", Doc: "the complete graph of n vertices", Call: fnGraph1(graph.Complete)},
		"grid":      {Min: 2, Max: 2, Usage: "grid(r, c)", Doc: "the grid graph of r rows (a, b, ...) and c columns (1, 2, ...): cells a1 to the opposite corner, joined to the cells beside them (Cram is Arc Kayles on a grid)", Call: fnGraph2(graph.Grid, "rows and columns")},
		"boxes":     {Min: 2, Max: 2, Usage: "boxes(m, n)", Doc: "the Dots-and-Boxes board of m rows and n columns of boxes as strings and coins: a coin for each box (a1 the corner), a string for each line, g the ground: Nimstring(boxes(3, 3))", Call: fnGraph2(graph.Boxes, "rows and columns of boxes")},
		"graph":     {Min: 1, Max: 1, Usage: `graph("a-b b-c c-a d")`, Doc: "a graph written as edges a-b (a-b-c for a path) and lone vertices, separated by spaces, commas or new lines; # starts a comment", Call: fnGraphText},
		"readgraph": {Min: 1, Max: 1, Usage: `readgraph("file.txt")`, Doc: "the graph a file holds, written as graph() reads it", Call: fnReadGraph},
	},
}

// GraphVal is a graph given as data (path(5), graph("a-b b-c")): the
// position of a graph ruleset is written G(graph).
type GraphVal struct{ G *graph.Graph }

func (v GraphVal) String() string { return v.G.Desc }
func (GraphVal) What() string     { return "a graph" }

// Datum is the graph, which graph rulesets make positions of.
func (v GraphVal) Datum() any { return v.G }

// JSON is the graph's name, vertices and edges, each edge from its
// earlier end, in the order of the vertices (an edge written twice is there
// twice; a loop joins a vertex to itself).
func (v GraphVal) JSON() (string, any) {
	ends := slices.Clone(v.G.EdgeList())
	for i, e := range ends {
		ends[i] = [2]int{min(e[0], e[1]), max(e[0], e[1])}
	}
	slices.SortStableFunc(ends, func(a, b [2]int) int { return cmp.Or(a[0]-b[0], a[1]-b[1]) })
	edges := [][2]string{}
	for _, e := range ends {
		edges = append(edges, [2]string{v.G.Label(e[0]), v.G.Label(e[1])})
	}
	return "graph", struct {
		Name     string      `json:"name"`
		Vertices []string    `json:"vertices"`
		Edges    [][2]string `json:"edges"`
	}{v.G.Desc, v.G.Labels(), edges}
}

func fnGraph1(make func(int64) (*graph.Graph, error)) func(*eval.Interp, context.Context, *lang.Call, []eval.Value) (eval.Value, error) {
	return func(in *eval.Interp, ctx context.Context, call *lang.Call, args []eval.Value) (eval.Value, error) {
		n, ok := args[0].(eval.Int)
		if !ok || !n.V.IsInt64() {
			return nil, lang.Errorf(call.Pos, "%s needs a number of vertices, not %s", call.Fn.(*lang.Ident).Name, args[0])
		}
		g, err := make(n.V.Int64())
		if err != nil {
			return nil, lang.Errorf(call.Pos, "%v", err)
		}
		return GraphVal{g}, nil
	}
}

// fnGraph2 is a constructor of a graph of rows and columns (grid, boxes);
// what names what the two numbers count, for the error.
func fnGraph2(make func(r, c int64) (*graph.Graph, error), what string) func(*eval.Interp, context.Context, *lang.Call, []eval.Value) (eval.Value, error) {
	return func(in *eval.Interp, ctx context.Context, call *lang.Call, args []eval.Value) (eval.Value, error) {
		r, ok1 := args[0].(eval.Int)
		c, ok2 := args[1].(eval.Int)
		if !ok1 || !ok2 || !r.V.IsInt64() || !c.V.IsInt64() {
			return nil, lang.Errorf(call.Pos, "%s needs numbers of %s", call.Fn.(*lang.Ident).Name, what)
		}
		g, err := make(r.V.Int64(), c.V.Int64())
		if err != nil {
			return nil, lang.Errorf(call.Pos, "%v", err)
		}
		return GraphVal{g}, nil
	}
}

func fnGraphText(in *eval.Interp, ctx context.Context, call *lang.Call, args []eval.Value) (eval.Value, error) {
	text, ok := args[0].(eval.Str)
	if !ok {
		return nil, lang.Errorf(call.Pos, `graph() reads a graph written in a string, as graph("a-b b-c"), not %s`, args[0].What())
	}
	g, err := graph.Parse(fmt.Sprintf("graph(%q)", string(text)), strings.NewReader(string(text)))
	if err != nil {
		return nil, lang.Errorf(lang.ExprPos(call.Args[0]), "graph(): %v", err)
	}
	return GraphVal{g}, nil
}

// maxGraphFile is the largest file readgraph reads.
const maxGraphFile = 1 << 24

func fnReadGraph(in *eval.Interp, ctx context.Context, call *lang.Call, args []eval.Value) (eval.Value, error) {
	name, ok := args[0].(eval.Str)
	if !ok {
		return nil, lang.Errorf(call.Pos, "readgraph() takes a file name, not %s", args[0].What())
	}
	f, err := os.Open(string(name))
	if err != nil {
		return nil, lang.Errorf(lang.ExprPos(call.Args[0]), "%v", err)
	}
	defer f.Close()
	if info, err := f.Stat(); err == nil && info.Mode().IsRegular() && info.Size() > maxGraphFile {
		return nil, lang.Errorf(lang.ExprPos(call.Args[0]), "%s has %d bytes: readgraph reads files of at most %d (16 MiB)", name, info.Size(), maxGraphFile)
	}
	// a file that grows, or a pipe, is cut at the bound and refused, never
	// read in part: a name cut at the bound would be a vertex of its own
	lr := &io.LimitedReader{R: f, N: maxGraphFile + 1}
	g, err := graph.Parse(fmt.Sprintf("readgraph(%q)", string(name)), lr)
	if err == nil && lr.N == 0 {
		err = fmt.Errorf("more than %d bytes (16 MiB), the most readgraph reads", maxGraphFile)
	}
	if err != nil {
		return nil, lang.Errorf(lang.ExprPos(call.Args[0]), "%s: %v", name, err)
	}
	return GraphVal{g}, nil
}
