package loopy

import (
	"encoding/binary"
	"errors"
	"math"
)

// The generalized Sprague-Grundy function of Smith (1966), as Fraenkel and
// Yesha label it ("The generalized Sprague-Grundy function and its
// invariance under certain mappings", 1986). On a finite directed graph
// γ(u) is a number m when
//
//	(a) no follower of u has value m,
//	(b) every follower of value above m, or infinite, has a follower of
//	    value m (a move away from m can be reversed), and
//	(c) every value below m is the value of some follower;
//
// otherwise γ(u) = ∞(K), K the finite values of u's followers. The
// labelling runs in rounds m = 0, 1, 2, ...: while some unlabelled vertex u
// has no follower labelled m and every unlabelled or infinite follower of u
// has a follower labelled m, u is labelled m; then every unlabelled vertex
// with no follower labelled m is labelled ∞. Each vertex labelled m also
// gets the next value of a counter: a follower of value m that reverses a
// move away from u was labelled before u, so moving to the least counter
// always makes progress, and the winner never goes round a cycle.
//
// Each round is linear: a vertex's need counts its unlabelled or infinite
// followers that have no follower labelled m yet, and labelling a vertex
// m updates the needs of its predecessors' predecessors.

const (
	unlabelled int32 = -2
	infinite   int32 = -1
)

// labels are the values and counters of a graph's vertices: val[u] is m or
// infinite; cnt[u] orders the vertices of finite value as they were labelled.
type labels struct {
	val, cnt []int32
}

// label computes the generalized Sprague-Grundy function of the graph whose
// vertex u has the followers succ.of(u).
func label(succ *lists) (labels, error) {
	n := succ.len()
	val, need := make([]int32, n), make([]int32, n)
	pred, err := predecessors(succ, val, need)
	if err != nil {
		return labels{}, err
	}
	r := &rounds{succ: succ, pred: pred, need: need, left: n}
	r.val, r.cnt = val, make([]int32, n)
	for u := range r.val {
		r.val[u] = unlabelled
	}
	for m := int32(0); r.left > 0; m++ {
		r.round(m)
	}
	return r.labels, nil
}

// rounds is the state of the labelling.
type rounds struct {
	labels
	succ *lists
	pred *csr
	// need[u] is stamp(m) when u has a follower labelled m, else, while u
	// is unlabelled, the count of its followers that need one
	need    []int32
	counter int32
	left    int // vertices not labelled yet
	queue   []int32
}

// stamp is what need holds for a vertex with a follower labelled m: below
// every count, and another each round.
func stamp(m int32) int32 { return -m - 2 }

// round labels m every vertex it can, then ∞ those with no follower m.
// The needs are counted first; then each vertex that needs nothing is
// labelled, and with it the vertices whose needs it meets (r.queue).
func (r *rounds) round(m int32) {
	for u := range int32(r.succ.len()) {
		if r.val[u] != unlabelled {
			continue
		}
		r.need[u] = 0
		for it := r.succ.of(u); it.next(); {
			if r.val[it.v] < 0 {
				r.need[u]++
			}
		}
	}
	for u := range int32(r.succ.len()) {
		if r.val[u] != unlabelled || r.need[u] != 0 {
			continue
		}
		r.queue = append(r.queue[:0], u)
		for len(r.queue) > 0 {
			u := r.queue[len(r.queue)-1]
			r.queue = r.queue[:len(r.queue)-1]
			if r.val[u] == unlabelled && r.need[u] == 0 {
				r.labelWith(u, m)
			}
		}
	}
	for u := range r.succ.len() {
		if r.val[u] == unlabelled && r.need[u] != stamp(m) {
			r.val[u] = infinite
			r.left--
		}
	}
}

// labelWith labels u with m: its predecessors now have a follower labelled
// m, and theirs one fewer follower that needs one.
func (r *rounds) labelWith(u, m int32) {
	r.val[u], r.cnt[u] = m, r.counter
	r.counter++
	r.left--
	for it := r.pred.of(u); it.next(); {
		w := it.v
		if r.need[w] == stamp(m) {
			continue
		}
		r.need[w] = stamp(m)
		if r.val[w] >= 0 {
			continue // labelled: it does not count in its predecessors' needs
		}
		for it := r.pred.of(w); it.next(); {
			x := it.v
			if r.val[x] != unlabelled || r.need[x] < 0 {
				continue // only an unlabelled vertex's count is kept; a stamped one is done
			}
			if r.need[x]--; r.need[x] == 0 {
				r.queue = append(r.queue, x)
			}
		}
	}
}

// predecessors inverts the followers, an edge for an edge, each list
// ascending: a first pass over the edges, the lowest vertex's first,
// counts the bytes of each list's steps into at[w+1] (last[w] is the
// predecessor before), the sums place the lists, and a second pass writes
// them (next[w] is where w's next step goes). last and next are the
// labelling's arrays, lent (n long); next is left zero.
func predecessors(succ *lists, last, next []int32) (*csr, error) {
	n := succ.len()
	at := make([]uint32, n+1)
	for w := range last {
		last[w] = int32(w)
	}
	for u := range int32(n) {
		for it := succ.of(u); it.next(); {
			w := it.v
			at[w+1] += uint32(stepLen(last[w], u))
			last[w] = u
		}
	}
	var sum uint64
	for w := 1; w <= n; w++ {
		sum += uint64(at[w])
		if sum > math.MaxUint32 {
			return nil, errors.New("loopy play labels at most 4 GiB of predecessor lists")
		}
		at[w] = uint32(sum)
	}
	flat := make([]byte, sum)
	for w := range last {
		last[w], next[w] = int32(w), int32(at[w]) // at[w] < 2^32: next reads it back as uint32
	}
	for u := range int32(n) {
		for it := succ.of(u); it.next(); {
			w := it.v
			i := uint32(next[w])
			i += uint32(binary.PutVarint(flat[i:], int64(u)-int64(last[w])))
			next[w], last[w] = int32(i), u
		}
	}
	clear(next)
	return &csr{at: at, flat: flat}, nil
}
