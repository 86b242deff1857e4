package misere

// Positions of one heap game, for quotients: the heaps, ascending, leaving
// out heaps that have no move (they change nothing in a sum).

import (
	"context"
	"encoding/binary"
	"slices"

	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/solve"
)

type heapPos []int32

func (p heapPos) key() string {
	b := make([]byte, 0, 2*len(p))
	for _, h := range p {
		b = binary.AppendUvarint(b, uint64(h))
	}
	return string(b)
}

// plus is p with the heaps hs added.
func (p heapPos) plus(hs ...int32) heapPos {
	out := make(heapPos, 0, len(p)+len(hs))
	out = append(append(out, p...), hs...)
	slices.Sort(out)
	return out
}

// without is p with one heap at index i removed.
func (p heapPos) without(i int) heapPos {
	return append(slices.Clone(p[:i]), p[i+1:]...)
}

// heapGame lists the options of heaps of one heap game, once per heap.
type heapGame struct {
	r    game.HeapGame
	opts [][]heapPos // the options of heap n, moveless heaps left out
	dead []bool      // heap n has no move
	lim  *solve.Limits
}

// options returns the options of heap n, listing them the first time.
func (g *heapGame) options(ctx context.Context, n int32) ([]heapPos, error) {
	for int32(len(g.opts)) <= n {
		m := int64(len(g.opts))
		var list []heapPos
		seen := map[string]bool{}
		w := solve.NewWork(ctx, g.lim, g.r.Name(), func() int { return len(g.opts) })
		err := w.Do(func() error {
			return g.r.Options(w, m, func(parts []int64) {
				var p heapPos
				for _, x := range parts {
					if !g.dead[x] {
						p = append(p, int32(x))
					}
				}
				slices.Sort(p)
				if k := p.key(); !seen[k] {
					seen[k] = true
					list = append(list, p)
				}
			})
		})
		if err != nil {
			return nil, err
		}
		g.opts = append(g.opts, list)
		g.dead = append(g.dead, len(list) == 0)
	}
	return g.opts[n], nil
}

// posOptions lists the options of a position: a move in one of its heaps.
func (g *heapGame) posOptions(ctx context.Context, p heapPos) ([]heapPos, error) {
	var out []heapPos
	for i, h := range p {
		if i > 0 && p[i-1] == h {
			continue
		}
		opts, err := g.options(ctx, h)
		if err != nil {
			return nil, err
		}
		rest := p.without(i)
		for _, o := range opts {
			out = append(out, rest.plus(o...))
		}
	}
	return out, nil
}
