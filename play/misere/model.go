package misere

// A model of the positions of heaps 1..n, for learning their quotient from
// the verified quotient Q of heaps 1..n-1. Exact outcomes of positions with
// heap n take a search through every position they lead to, which grows
// like the partitions of their size; the model is quicker. Its free heaps
// (heap n, at first) are kept exactly; the other heaps of a position are
// kept only as their class in Q, a class standing for its least position
// (fewest tokens, then the least heaps): the moves of that part are that
// position's moves. Outcomes in the model are exact for positions without
// free heaps, and for others exact as long as every position of a class
// behaves alike beside the free heaps — which adding heap n may break: a
// class of Q may part in two. Then the quotient learnt from the model fails
// verification at some position, and its heaps are made free (learn.go).

import (
	"container/heap"
	"context"
	"encoding/binary"
)

// model is the positions of heaps up to n, as (class of the kept part,
// free heaps).
type model struct {
	q      *monoid // verified for the heaps below n
	n      int32
	free   map[int32]bool
	least  []heapPos // the least position of each class of q
	g      *heapGame
	search *winSearch[state]
}

// state is a position of the model.
type state struct {
	x    int32
	free heapPos
}

func (s state) key() string {
	b := binary.AppendUvarint(nil, uint64(s.x))
	return string(b) + s.free.key()
}

func newModel(ctx context.Context, g *heapGame, q *monoid, n int32, free map[int32]bool) (*model, error) {
	m := &model{q: q, n: n, free: free, g: g}
	least, err := leastPositions(ctx, g, q, n-1)
	if err != nil {
		return nil, err
	}
	m.least = least
	m.search = newWinSearch(graph[state]{key: state.key, options: m.options, what: "misère " + g.r.Name(), limits: g.lim}, m.known)
	return m, nil
}

// of is the model's state of a position.
func (m *model) of(p heapPos) state {
	s := state{}
	for _, h := range p {
		if m.free[h] {
			s.free = append(s.free, h)
		} else {
			s.x = m.q.mul[s.x][m.q.phi[h]]
		}
	}
	return s
}

// known answers states without free heaps from the quotient.
func (m *model) known(s state) (bool, bool) {
	if len(s.free) > 0 {
		return false, false
	}
	return !m.q.isP[s.x], true
}

// wins is the model's outcome of a position.
func (m *model) wins(ctx context.Context, p heapPos) (bool, error) {
	return m.search.Wins(ctx, m.of(p))
}

// options are the moves in a free heap, and the moves of the kept part's
// least position.
func (m *model) options(ctx context.Context, s state) ([]state, error) {
	var out []state
	for i, h := range s.free {
		if i > 0 && s.free[i-1] == h {
			continue
		}
		opts, err := m.g.options(ctx, h)
		if err != nil {
			return nil, err
		}
		rest := s.free.without(i)
		for _, o := range opts {
			t := m.of(o)
			out = append(out, state{x: m.q.mul[s.x][t.x], free: rest.plus(t.free...)})
		}
	}
	kept, err := m.g.posOptions(ctx, m.least[s.x])
	if err != nil {
		return nil, err
	}
	for _, o := range kept {
		t := m.of(o)
		out = append(out, state{x: t.x, free: s.free.plus(t.free...)})
	}
	return out, nil
}

// less orders positions by their tokens, then by their heaps from the
// largest down: adding the same heaps to both keeps the order, and every
// move leads to a smaller position.
func less(a, b heapPos) bool {
	ta, tb := tokens(a), tokens(b)
	if ta != tb {
		return ta < tb
	}
	for i, j := len(a)-1, len(b)-1; i >= 0 && j >= 0; i, j = i-1, j-1 {
		if a[i] != b[j] {
			return a[i] < b[j]
		}
	}
	return len(a) < len(b)
}

func tokens(p heapPos) int64 {
	t := int64(0)
	for _, h := range p {
		t += int64(h)
	}
	return t
}

// leastPositions finds the least position of every class of q, over the
// heaps up to n: Dijkstra's search over the classes, where a class's least
// position is the least of (least position of some class) + one heap.
func leastPositions(ctx context.Context, g *heapGame, q *monoid, n int32) ([]heapPos, error) {
	best := make([]heapPos, q.size())
	done := make([]bool, q.size())
	have := make([]bool, q.size())
	have[0] = true
	pq := &posQueue{{x: 0}}
	for pq.Len() > 0 {
		it := heap.Pop(pq).(posItem)
		if done[it.x] {
			continue
		}
		done[it.x], best[it.x] = true, it.p
		for h := int32(1); h <= n; h++ {
			if _, err := g.options(ctx, h); err != nil {
				return nil, err
			}
			if g.dead[h] {
				continue
			}
			y := q.mul[it.x][q.phi[h]]
			if p := it.p.plus(h); !done[y] && (!have[y] || less(p, best[y])) {
				best[y], have[y] = p, true
				heap.Push(pq, posItem{x: y, p: p})
			}
		}
	}
	return best, nil
}

type posItem struct {
	x int32
	p heapPos
}

type posQueue []posItem

func (q posQueue) Len() int           { return len(q) }
func (q posQueue) Less(i, j int) bool { return less(q[i].p, q[j].p) }
func (q posQueue) Swap(i, j int)      { q[i], q[j] = q[j], q[i] }
func (q *posQueue) Push(x any)        { *q = append(*q, x.(posItem)) }
func (q *posQueue) Pop() any {
	old := *q
	it := old[len(old)-1]
	*q = old[:len(old)-1]
	return it
}
