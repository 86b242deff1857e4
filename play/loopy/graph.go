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

// graph is a ruleset's positions met so far, in the compact storage of
// store.go: a vertex costs its coded key, a byte or two a follower and
// about 16 bytes more; labelling it another 16, and its predecessors'
// steps.
type graph struct {
	r      game.Ruleset // its base
	gg     game.GraphGame
	lim    *solve.Limits
	keys   *keys
	states column[game.State] // generic rulesets: the position of each vertex
	succ   lists              // the vertices' followers, once listed
	empty  int32              // the vertex of the empty position, -1 until met
	labels labels
	// labelled is how many vertices the labels cover; labellings how many
	// times the graph was labelled.
	labelled, labellings int
	from                 []byte  // the key whose moves are listed (followers)
	follow               []int32 // its followers, as they are met
	// the listing of a GraphGame's moves, made once (follows)
	work   *solve.Work
	added  error
	list   func() error
	option func([]byte)
}

func newGraph(r game.Ruleset, lim *solve.Limits) *graph {
	g := &graph{r: r, lim: lim, empty: -1}
	g.gg, _ = r.(game.GraphGame)
	ik, ints := r.(solve.IntKeyed)
	g.keys = newKeys(g.gg != nil && ints && ik.KeyInts() > 0)
	return g
}

// len is the number of vertices.
func (g *graph) len() int { return g.keys.len() }

// bytes is the memory the graph holds, and its labelling takes.
func (g *graph) bytes() int64 {
	n := int64(g.len())
	return g.keys.bytes() + g.succ.bytes() + g.states.bytes(16) +
		8*n + // the labels
		16*n + g.succ.flat.bytes(1) // a labelling's new labels, needs and predecessors (their steps about the followers' bytes)
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
	return id, g.relabel()
}

// reach returns the vertex of a position, exploring what it reaches, but
// labelling nothing: a range of positions is explored first and labelled
// once (relabel), not once a position.
func (g *graph) reach(ctx context.Context, s game.State) (int32, error) {
	key, err := g.key(s)
	if err != nil {
		return 0, err
	}
	id, err := g.vertexOf(key, s)
	if err != nil {
		return 0, err
	}
	if int(id) < g.labelled || g.succ.listed(id) {
		return id, nil
	}
	return id, g.explore(ctx, id)
}

// relabel labels the whole graph, when vertices were added since the last
// labelling.
func (g *graph) relabel() error {
	if g.labelled < g.len() {
		l, err := label(&g.succ)
		if err != nil {
			return fmt.Errorf("%s: %w", g.r.Name(), err)
		}
		g.labels = l
		g.labelled = g.len()
		g.labellings++
	}
	return nil
}

func (g *graph) key(s game.State) ([]byte, error) {
	if g.gg != nil {
		return g.gg.Key(s)
	}
	return []byte(g.r.Kind().Encode(s)), nil
}

// vertexOf is the vertex of the position of key, made (unexplored) when
// it is new.
func (g *graph) vertexOf(key []byte, s game.State) (int32, error) {
	id, slot, ok := g.keys.find(key)
	if ok {
		return id, nil
	}
	if id, ok = g.keys.add(key, slot); !ok {
		return 0, fmt.Errorf("%s: loopy play holds at most 2 GiB of keys and 2^31 positions", g.r.Name())
	}
	g.vertexAdded(s)
	return id, nil
}

// vertexAdded gives the vertex just keyed its place in the other arrays.
func (g *graph) vertexAdded(s game.State) {
	if g.gg == nil {
		g.states.push(s)
	}
	g.succ.addVertex()
}

// emptyVertex is the vertex of the empty position, which a move that
// leaves nothing reaches: no moves, value 0. It has an empty key, in no
// slot: a position whose key is empty is another vertex.
func (g *graph) emptyVertex() int32 {
	if g.empty < 0 {
		g.empty = g.keys.addUnindexed()
		g.vertexAdded(nil)
		g.succ.set(g.empty, nil)
	}
	return g.empty
}

// explore lists the moves of every new vertex reachable from id.
func (g *graph) explore(ctx context.Context, id int32) error {
	w := solve.NewWork(ctx, g.lim, g.r.Name(), func() int { return g.len() })
	stack := []int32{id}
	for steps := 0; len(stack) > 0; steps++ {
		u := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if g.succ.listed(u) {
			continue
		}
		if steps%1024 == 0 {
			g.lim.Report(g.r.Name(), "positions", int64(g.len()))
			if err := g.lim.Check(g.r.Name(), g.len(), g.bytes()); err != nil {
				return err
			}
			if err := w.Err(); err != nil {
				return err
			}
		}
		if err := g.followers(ctx, w, u); err != nil {
			return err
		}
		for it := g.succ.of(u); it.next(); {
			if !g.succ.listed(it.v) {
				stack = append(stack, it.v)
			}
		}
	}
	return nil
}

// followers lists the vertices a vertex's moves reach, adding new ones, as
// u's list.
func (g *graph) followers(ctx context.Context, w *solve.Work, u int32) error {
	g.follow = g.follow[:0]
	if err := g.follows(ctx, w, u); err != nil {
		return err
	}
	if !g.succ.set(u, g.follow) {
		return fmt.Errorf("%s: loopy play holds at most 2^31 moves", g.r.Name())
	}
	return nil
}

// follows appends the vertices u's moves reach to g.follow.
func (g *graph) follows(ctx context.Context, w *solve.Work, u int32) error {
	if g.gg != nil {
		// the move limit is a position's: the count starts again; the key
		// is copied, since the keys' chunks may change while the moves are
		// listed
		w.Reset()
		g.from = g.keys.appendKey(g.from[:0], u)
		g.work, g.added = w, nil
		if g.list == nil { // made once: a closure a position was most of the garbage
			g.list = func() error { return g.gg.Options(g.work, g.from, g.option) }
			g.option = func(opt []byte) {
				if g.added == nil {
					g.added = g.reach1(opt, nil)
				}
			}
		}
		err := w.Do(g.list)
		if err == nil {
			err = g.added
		}
		return err
	}
	moves, err := g.r.Moves(ctx, g.states.get(int(u)))
	if err != nil {
		return err
	}
	for _, m := range moves {
		switch {
		case len(m.To) == 0:
			g.follow = append(g.follow, g.emptyVertex())
		case len(m.To) == 1 && game.Base(m.To[0].Rules) == g.r:
			key, err := g.key(m.To[0].State)
			if err != nil {
				return err
			}
			if err := g.reach1(key, m.To[0].State); err != nil {
				return err
			}
		default:
			return &SplitError{Rules: g.r}
		}
	}
	return nil
}

// reach1 appends to g.follow the vertex of a position a move reaches.
func (g *graph) reach1(key []byte, s game.State) error {
	v, err := g.vertexOf(key, s)
	if err == nil {
		g.follow = append(g.follow, v)
	}
	return err
}
