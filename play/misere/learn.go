package misere

// Learning a quotient. The quotient of the positions of heaps 1..n is the
// monoid of their classes, where two positions are in one class when adding
// any position to both gives the same outcome. Those classes are learnt
// from outcomes (Angluin's L*, with Rivest and Schapire's counterexamples):
// a class is told by the outcomes of its positions plus each of a list of
// experiments; classes are found from the empty position by adding heaps,
// the first position found of each kept as its representative. The result
// is a candidate quotient; verify either accepts it — then it is the
// quotient: every class it has is a class (the experiments tell them apart)
// and it tells every outcome — or finds a position it gets wrong, and a
// new experiment is drawn from that position, which parts some class.
//
// The outcomes come from a search over positions, which answers at once
// for positions of heaps below n from the quotient already verified.

import (
	"context"
	"errors"
	"fmt"
	"github.com/gamelang/gamelang/solve"
	"maps"
	"slices"
)

// table is the classes found with the current experiments.
type table struct {
	reps  []heapPos // representative of each class
	rows  [][]bool  // the outcomes of rep + each experiment: true when the player to move wins
	delta [][]int32 // delta[x][h]: the class of reps[x] + heap h (x itself for heaps without moves)
	index map[string]int32
}

// rowKey writes a row.
func rowKey(row []bool) string {
	b := make([]byte, len(row))
	for i, w := range row {
		if w {
			b[i] = 1
		}
	}
	return string(b)
}

// build finds the classes of positions of heaps 1..n, breadth first from
// the empty position.
func (l *learner) build(ctx context.Context, n int32) (*table, error) {
	t := &table{index: map[string]int32{}}
	add := func(p heapPos) (int32, error) {
		row, err := l.row(ctx, p)
		if err != nil {
			return 0, err
		}
		k := rowKey(row)
		if x, ok := t.index[k]; ok {
			return x, nil
		}
		if len(t.reps) >= l.maxSize {
			return 0, &tooLargeError{size: l.maxSize, heap: n}
		}
		x := int32(len(t.reps))
		t.index[k] = x
		t.reps = append(t.reps, p)
		t.rows = append(t.rows, row)
		t.delta = append(t.delta, nil)
		return x, nil
	}
	if _, err := add(nil); err != nil {
		return nil, err
	}
	for x := 0; x < len(t.reps); x++ {
		t.delta[x] = make([]int32, n+1)
		for h := int32(1); h <= n; h++ {
			t.delta[x][h] = int32(x)
			if l.g.dead[h] {
				continue
			}
			y, err := add(t.reps[x].plus(h))
			if err != nil {
				return nil, err
			}
			t.delta[x][h] = y
		}
	}
	return t, nil
}

// row is the outcomes of p plus each experiment.
func (l *learner) row(ctx context.Context, p heapPos) ([]bool, error) {
	row := make([]bool, len(l.exps))
	l.tests += len(l.exps)
	if l.tests > l.totalBudget {
		return nil, &stoppedError{heap: l.bound + 1, states: l.totalBudget, all: true}
	}
	if err := ctx.Err(); err != nil { // the outcomes are mostly known already: no search polls
		return nil, &solve.InterruptedError{What: "the misère quotient", Err: err}
	}
	for i, e := range l.exps {
		w, err := l.outcome(ctx, p.plus(e...))
		if err != nil {
			return nil, err
		}
		row[i] = w
	}
	return row, nil
}

// run follows heaps from class x.
func (t *table) run(x int32, heaps heapPos) int32 {
	for _, h := range heaps {
		x = t.delta[x][h]
	}
	return x
}

// commute finds heaps g, h and a class x whose classes after g then h and
// after h then g differ; the table is then not yet a commutative monoid.
func (t *table) commute(n int32, live []int32) (x int32, g, h int32, ok bool) {
	for x := range t.reps {
		for i, g := range live {
			for _, h := range live[i+1:] {
				if t.delta[t.delta[x][g]][h] != t.delta[t.delta[x][h]][g] {
					return int32(x), g, h, false
				}
			}
		}
	}
	return 0, 0, 0, true
}

// monoid makes the candidate quotient of a commutative table.
func (t *table) monoid() *monoid {
	m := &monoid{reps: t.reps, isP: make([]bool, len(t.reps)), mul: make([][]int32, len(t.reps))}
	for x := range t.reps {
		m.isP[x] = !t.rows[x][0] // the first experiment is the empty position
		m.mul[x] = make([]int32, len(t.reps))
		for y := range t.reps {
			m.mul[x][y] = t.run(int32(x), t.reps[y])
		}
	}
	m.phi = append([]int32(nil), t.delta[0]...)
	m.phi[0] = 0
	return m
}

// learn finds the quotient of heaps 1..n, from the model with heap n free,
// making more heaps free whenever the model is seen to be too coarse.
func (l *learner) learn(ctx context.Context, n int32) (*monoid, error) {
	var live []int32
	for h := int32(1); h <= n; h++ {
		if !l.g.dead[h] {
			live = append(live, h)
		}
	}
	free := map[int32]bool{n: true}
	l.models = nil
	defer func() { l.models = nil }()
	md, err := l.newModel(ctx, n, free)
	if err != nil {
		return nil, err
	}
	l.outcome = md.wins
	defer func() { l.outcome = l.wins }()
	for size := 0; ; {
		t, err := l.build(ctx, n)
		if err != nil {
			return nil, err
		}
		if len(t.reps) <= size {
			return nil, fmt.Errorf("misère quotient of %s: an experiment parted no class (heap %d)", l.g.r.Name(), n)
		}
		size = len(t.reps)
		if err := l.overBudget(n); err != nil {
			return nil, err
		}
		m, err := l.candidate(ctx, t, n, live)
		if m != nil || err == nil {
			if m != nil {
				return m, nil
			}
			continue
		}
		if err != errModelTooCoarse {
			return nil, err
		}
		if md, err = l.freeMore(ctx, n, free); err != nil {
			return nil, err
		}
		l.outcome = md.wins
		size = 0
	}
}

// candidate makes the candidate quotient of a table and verifies it: the
// quotient, or nil after adding an experiment.
func (l *learner) candidate(ctx context.Context, t *table, n int32, live []int32) (*monoid, error) {
	if x, g, h, ok := t.commute(n, live); !ok {
		return nil, l.fromNoncommuting(ctx, t, x, g, h)
	}
	m := t.monoid()
	f, err := m.verify(ctx, l.g, n)
	if err != nil || f == nil {
		return m, err
	}
	l.lastFailure, l.lastCandidate = f, m
	return nil, l.fromFailure(ctx, t, m, f)
}

// freeMore makes free the fewest heaps of the last failure that make the
// model tell one of its positions otherwise than the candidate did, or every
// heap when no choice does.
func (l *learner) freeMore(ctx context.Context, n int32, free map[int32]bool) (*model, error) {
	var heaps []int32
	for _, p := range []heapPos{l.lastFailure.pos, l.lastFailure.option} {
		for _, h := range p {
			if !free[h] && !slices.Contains(heaps, h) {
				heaps = append(heaps, h)
			}
		}
	}
	for k := 1; k <= len(heaps); k++ {
		for _, subset := range combinations(heaps, k) {
			trial := maps.Clone(free)
			for _, h := range subset {
				trial[h] = true
			}
			if err := l.overBudget(n); err != nil {
				return nil, err
			}
			md, err := l.newModel(ctx, n, trial)
			if err != nil {
				return nil, err
			}
			l.outcome = md.wins
			wrong, err := l.wrongPosition(ctx, l.lastCandidate, l.lastFailure)
			if err != nil {
				return nil, err
			}
			if wrong != nil {
				maps.Copy(free, trial)
				return md, nil
			}
		}
	}
	for h := int32(1); h <= n; h++ {
		free[h] = true
	}
	return l.newModel(ctx, n, free)
}

// newModel makes a model for learning heap n, counting its work.
func (l *learner) newModel(ctx context.Context, n int32, free map[int32]bool) (*model, error) {
	md, err := newModel(ctx, l.g, l.ver, n, free)
	if err == nil {
		l.models = append(l.models, md)
	}
	return md, err
}

// overBudget stops learning heap n once its models have searched more
// positions than the budget.
func (l *learner) overBudget(n int32) error {
	spent := 0
	for _, md := range l.models {
		spent += len(md.search.wins)
	}
	if spent > l.budget {
		return &stoppedError{heap: n, states: l.budget}
	}
	return nil
}

// combinations lists the subsets of k elements of xs.
func combinations(xs []int32, k int) [][]int32 {
	if k == 0 {
		return [][]int32{nil}
	}
	var out [][]int32
	for i := range xs {
		for _, rest := range combinations(xs[i+1:], k-1) {
			out = append(out, append([]int32{xs[i]}, rest...))
		}
	}
	return out
}

var errModelTooCoarse = errors.New("the model tells the failing positions as the candidate does")

// fromNoncommuting adds an experiment that parts the classes of x + g + h
// reached in the two orders.
func (l *learner) fromNoncommuting(ctx context.Context, t *table, x, g, h int32) error {
	y1, y2 := t.delta[t.delta[x][g]][h], t.delta[t.delta[x][h]][g]
	e := 0
	for t.rows[y1][e] == t.rows[y2][e] {
		e++
	}
	for _, order := range [][2]int32{{g, h}, {h, g}} {
		word := slices.Concat(t.reps[x], []int32{order[0], order[1]}, l.exps[e])
		mid := len(t.reps[x]) + 2
		a0, err := l.alpha(ctx, t, word, 0)
		if err != nil {
			return err
		}
		am, err := l.alpha(ctx, t, word, mid)
		if err != nil {
			return err
		}
		if a0 != am {
			return l.breakpoint(ctx, t, word, 0, mid, a0)
		}
	}
	return fmt.Errorf("misère quotient of %s: a class reached in two orders could not be parted", l.g.r.Name())
}

// fromFailure finds the position the candidate gets wrong, and an
// experiment from it.
func (l *learner) fromFailure(ctx context.Context, t *table, m *monoid, f *failure) error {
	wrong, err := l.wrongPosition(ctx, m, f)
	if err != nil {
		return err
	}
	if wrong == nil {
		return errModelTooCoarse
	}
	a0, err := l.outcome(ctx, wrong)
	if err != nil {
		return err
	}
	return l.breakpoint(ctx, t, wrong, 0, len(wrong), a0)
}

// wrongPosition is a position of the failure, or one of its options, whose
// image tells the wrong outcome.
func (l *learner) wrongPosition(ctx context.Context, m *monoid, f *failure) (heapPos, error) {
	candidates := []heapPos{f.pos}
	if f.option != nil {
		candidates = append(candidates, f.option)
	} else {
		opts, err := l.g.posOptions(ctx, f.pos)
		if err != nil {
			return nil, err
		}
		candidates = append(candidates, opts...)
	}
	for _, p := range candidates {
		w, err := l.outcome(ctx, p)
		if err != nil {
			return nil, err
		}
		if w == m.isP[m.image(p)] {
			return p, nil
		}
	}
	return nil, nil
}

// alpha is the outcome of the class reached by the first i heaps of word,
// plus the rest of word.
func (l *learner) alpha(ctx context.Context, t *table, word heapPos, i int) (bool, error) {
	x := t.run(0, word[:i])
	return l.outcome(ctx, t.reps[x].plus(word[i:]...))
}

// breakpoint finds, between i and j where alpha differs (alpha(i) = ai),
// the heap of word after which the class was taken wrongly, and adds the
// rest of word as an experiment.
func (l *learner) breakpoint(ctx context.Context, t *table, word heapPos, i, j int, ai bool) error {
	for j-i > 1 {
		mid := (i + j) / 2
		am, err := l.alpha(ctx, t, word, mid)
		if err != nil {
			return err
		}
		if am == ai {
			i = mid
		} else {
			j = mid
		}
	}
	exp := slices.Clone(word[j:])
	slices.Sort(exp)
	k := exp.key()
	for _, e := range l.exps {
		if e.key() == k {
			return fmt.Errorf("misère quotient of %s: an experiment came twice", l.g.r.Name())
		}
	}
	l.exps = append(l.exps, exp)
	return nil
}

// tooLargeError reports a quotient past the size it may reach.
type tooLargeError struct {
	size int
	heap int32
}

func (e *tooLargeError) Error() string {
	return fmt.Sprintf("the quotient of the heaps up to %d has more than %d elements", e.heap, e.size)
}

// stoppedError reports a quotient whose learning took more positions than
// it may.
type stoppedError struct {
	heap   int32
	states int
	all    bool // the budget of the whole quotient, not of one heap
}

func (e *stoppedError) Error() string {
	if e.all {
		return fmt.Sprintf("learning the quotient up to heap %d took more than %d outcomes in all (misère Nim's quotient, for one, doubles at every power of two)", e.heap, e.states)
	}
	return fmt.Sprintf("learning the quotient of the heaps up to %d took more than %d positions", e.heap, e.states)
}
