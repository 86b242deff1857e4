package loopy

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
func label(succ *lists) labels {
	n := succ.len()
	r := &rounds{succ: succ, pred: predecessors(succ), stamp: make([]int32, n), need: make([]int32, n), left: n}
	r.val, r.cnt = make([]int32, n), make([]int32, n)
	for u := range r.val {
		r.val[u] = unlabelled
	}
	for m := int32(0); r.left > 0; m++ {
		r.round(m)
	}
	return r.labels
}

// rounds is the state of the labelling.
type rounds struct {
	labels
	succ        *lists
	pred        *csr
	stamp, need []int32 // stamp[u] == m+1: u has a follower labelled m
	counter     int32
	left        int // vertices not labelled yet
	queue       []int32
}

// round labels m every vertex it can, then ∞ those with no follower m.
func (r *rounds) round(m int32) {
	r.queue = r.queue[:0]
	for u := range int32(r.succ.len()) {
		if r.val[u] != unlabelled {
			continue
		}
		r.need[u] = 0
		for _, w := range r.succ.of(u) {
			if r.val[w] < 0 {
				r.need[u]++
			}
		}
		if r.need[u] == 0 {
			r.queue = append(r.queue, u)
		}
	}
	for len(r.queue) > 0 {
		u := r.queue[len(r.queue)-1]
		r.queue = r.queue[:len(r.queue)-1]
		if r.val[u] == unlabelled && r.stamp[u] != m+1 && r.need[u] == 0 {
			r.labelWith(u, m)
		}
	}
	for u := range r.succ.len() {
		if r.val[u] == unlabelled && r.stamp[u] != m+1 {
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
	for _, w := range r.pred.of(u) {
		if r.stamp[w] == m+1 {
			continue
		}
		r.stamp[w] = m + 1
		if r.val[w] >= 0 {
			continue // labelled: it does not count in its predecessors' needs
		}
		for _, x := range r.pred.of(w) {
			if r.need[x]--; r.need[x] == 0 && r.val[x] == unlabelled && r.stamp[x] != m+1 {
				r.queue = append(r.queue, x)
			}
		}
	}
}

// predecessors inverts the followers, an edge for an edge: at[w] counts
// w's predecessors, then sums them up to w's end, then each edge, the last
// vertex's first, steps it back to w's start.
func predecessors(succ *lists) *csr {
	n := succ.len()
	pred := &csr{at: make([]uint32, n+1), flat: make([]int32, succ.e)}
	for u := range int32(n) {
		for _, w := range succ.of(u) {
			pred.at[w]++
		}
	}
	for w := 1; w <= n; w++ {
		pred.at[w] += pred.at[w-1]
	}
	for u := int32(n) - 1; u >= 0; u-- {
		for _, w := range succ.of(u) {
			pred.at[w]--
			pred.flat[pred.at[w]] = u
		}
	}
	return pred
}
