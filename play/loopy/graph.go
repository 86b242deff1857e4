package loopy

// The positions of one ruleset met so far, as the vertices of a graph:
// each explored once, its moves listed once, then the whole graph labelled
// again whenever new positions join it (a position's value depends only on
// the positions it reaches, which are all explored before it is labelled).

import (
	"context"
	"fmt"

	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/solve"
)

// graph is a ruleset's positions met so far.
type graph struct {
	r      game.Ruleset // its base
	gg     game.GraphGame
	lim    *solve.Limits
	ids    map[string]int32
	keys   []string
	states []game.State // generic rulesets: the position of each vertex
	succ   [][]int32
	listed []bool // the vertex's moves are listed
	empty  int32  // the vertex of the empty position, -1 until met
	labels labels
	// labelled is how many vertices the labels cover; labellings how many
	// times the graph was labelled.
	labelled, labellings int
}

func newGraph(r game.Ruleset, lim *solve.Limits) *graph {
	g := &graph{r: r, lim: lim, ids: map[string]int32{}, empty: -1}
	g.gg, _ = r.(game.GraphGame)
	return g
}

// SplitError refuses loopy play of a ruleset whose moves leave sums.
type SplitError struct{ Rules game.Ruleset }

func (e *SplitError) Error() string {
	return fmt.Sprintf("%s has moves that loop and moves that leave several positions: loopy play is solved for games whose every move leaves one position of the game (or nothing)", e.Rules.Name())
}

// vertex returns the vertex of a position, exploring and labelling what it
// reaches first.
func (g *graph) vertex(ctx context.Context, s game.State) (int32, error) {
	id, err := g.reach(ctx, s)
	if err != nil || int(id) < g.labelled {
		return id, err
	}
	g.relabel()
	return id, nil
}

// reach returns the vertex of a position, exploring what it reaches, but
// labelling nothing: a range of positions is explored first and labelled
// once (relabel), not once a position.
func (g *graph) reach(ctx context.Context, s game.State) (int32, error) {
	key, err := g.key(s)
	if err != nil {
		return 0, err
	}
	id, ok := g.ids[key]
	if !ok {
		id = g.add(key, s)
	}
	if int(id) < g.labelled || g.listed[id] {
		return id, nil
	}
	return id, g.explore(ctx, id)
}

// relabel labels the whole graph, when vertices were added since the last
// labelling.
func (g *graph) relabel() {
	if g.labelled < len(g.succ) {
		g.labels = label(g.succ)
		g.labelled = len(g.succ)
		g.labellings++
	}
}

func (g *graph) key(s game.State) (string, error) {
	if g.gg != nil {
		k, err := g.gg.Key(s)
		return string(k), err
	}
	return g.r.Kind().Encode(s), nil
}

// add makes a vertex of an unexplored position.
func (g *graph) add(key string, s game.State) int32 {
	id := int32(len(g.keys))
	g.ids[key] = id
	g.keys = append(g.keys, key)
	g.states = append(g.states, s)
	g.succ = append(g.succ, nil)
	g.listed = append(g.listed, false)
	return id
}

// emptyVertex is the vertex of the empty position, which a move that
// leaves nothing reaches: no moves, value 0.
func (g *graph) emptyVertex() int32 {
	if g.empty < 0 {
		g.empty = int32(len(g.keys))
		g.keys = append(g.keys, "")
		g.states = append(g.states, nil)
		g.succ = append(g.succ, nil)
		g.listed = append(g.listed, true)
	}
	return g.empty
}

// explore lists the moves of every new vertex reachable from id.
func (g *graph) explore(ctx context.Context, id int32) error {
	w := solve.NewWork(ctx, g.lim, g.r.Name(), func() int { return len(g.keys) })
	stack := []int32{id}
	for steps := 0; len(stack) > 0; steps++ {
		u := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if g.listed[u] {
			continue
		}
		if steps%1024 == 0 {
			g.lim.Report(g.r.Name(), "positions", int64(len(g.keys)))
			if err := g.lim.Check(g.r.Name(), len(g.keys), int64(len(g.keys))*160); err != nil {
				return err
			}
			if err := w.Err(); err != nil {
				return err
			}
		}
		follow, err := g.followers(ctx, w, u)
		if err != nil {
			return err
		}
		g.succ[u], g.listed[u] = follow, true
		for _, v := range follow {
			if !g.listed[v] {
				stack = append(stack, v)
			}
		}
	}
	return nil
}

// followers lists the vertices a vertex's moves reach, adding new ones.
func (g *graph) followers(ctx context.Context, w *solve.Work, u int32) ([]int32, error) {
	var out []int32
	reach := func(key string, s game.State) {
		v, ok := g.ids[key]
		if !ok {
			v = g.add(key, s)
		}
		out = append(out, v)
	}
	if g.gg != nil {
		err := w.Do(func() error {
			return g.gg.Options(w, []byte(g.keys[u]), func(opt []byte) { reach(string(opt), nil) })
		})
		return out, err
	}
	moves, err := g.r.Moves(ctx, g.states[u])
	if err != nil {
		return nil, err
	}
	for _, m := range moves {
		switch {
		case len(m.To) == 0:
			out = append(out, g.emptyVertex())
		case len(m.To) == 1 && game.Base(m.To[0].Rules) == g.r:
			key, err := g.key(m.To[0].State)
			if err != nil {
				return nil, err
			}
			reach(key, m.To[0].State)
		default:
			return nil, &SplitError{Rules: g.r}
		}
	}
	return out, nil
}
