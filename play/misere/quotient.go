package misere

// Misère quotients of take-and-break games (Plambeck and Siegel, 2008),
// found heap by heap: the quotient of the positions of heaps 1..n, then of
// heaps 1..n+1, and so on. A heap whose image in the quotient so far passes
// verification keeps the quotient as it is (such an image is unique: two
// elements that both passed would tell all outcomes alike, and distinct
// elements of a quotient do not); otherwise the quotient is learnt anew
// (learn.go).
//
// Periodicity, proved (the misère analogue of the Guy-Smith theorem): for a
// code whose largest take is t, if Φ(m + p) = Φ(m) for n0 <= m < N, where N
// is n0 + t for codes that never split a heap, 2 n0 + p + t for codes that
// split in two and 3 n0 + 2p + t for three, then the same holds for every
// m >= n0 and the quotient never changes again. For m >= N, the options of
// heap m + p have the images of heap m's, because every part they leave is
// either below n0, and the same for both, or at least n0, where Φ repeats
// by induction. So heap m + p has heap m's image and transitions, which
// passed verification, and its image is unique.

import (
	"context"
	"fmt"
	"math/big"

	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/octal"
	"github.com/gamelang/gamelang/solve"
)

// QPeriod is a proved period of a quotient's images: Φ(n + Len) = Φ(n) for
// every n >= Pre.
type QPeriod struct {
	Pre, Len int
	Needed   int // the heaps it was proved from
}

// learner grows the quotient of one heap game.
type learner struct {
	g       *heapGame
	code    octal.Code
	exps    []heapPos
	ver     *monoid // verified for heaps up to bound
	bound   int32
	oracle  *winSearch[heapPos]
	maxSize int
	budget  int // the most positions the models of one heap may search
	// totalBudget bounds the outcomes the learning of every heap asks for
	// in all (a row of the table asks one per experiment); tests is how
	// many it asked so far.
	totalBudget, tests int
	models             []*model // the models made for the heap being learnt
	changes            []int32  // the heaps at which the quotient changed
	period             *QPeriod
	last               []int // last[p]: the largest m with Φ(m+p) != Φ(m), 0 for none
	// outcome is the oracle of learning: exact (wins) or a model's.
	outcome       func(ctx context.Context, p heapPos) (bool, error)
	lastFailure   *failure
	lastCandidate *monoid
	failed        error // why no quotient covers larger heaps
}

// DefaultMaxSize bounds the quotients learnt, DefaultBudget the positions
// searched to learn the quotient of one more heap, and DefaultTotalBudget
// those searched for all the heaps of one quotient (quotient(Nim) took
// 93-114 s to outgrow DefaultMaxSize).
const (
	DefaultMaxSize     = 256
	DefaultBudget      = 1 << 18
	DefaultTotalBudget = 1 << 24
)

func newLearner(r game.HeapGame, code octal.Code, lim *solve.Limits) *learner {
	g := &heapGame{r: r, lim: lim}
	l := &learner{g: g, code: code, exps: []heapPos{nil}, maxSize: DefaultMaxSize, budget: DefaultBudget, totalBudget: DefaultTotalBudget}
	l.ver = &monoid{mul: [][]int32{{0}}, isP: []bool{false}, phi: []int32{0}, reps: []heapPos{nil}}
	l.oracle = newWinSearch(graph[heapPos]{key: heapPos.key, options: g.posOptions, what: "misère " + r.Name(), limits: lim}, l.known)
	l.outcome = l.wins
	return l
}

// known answers positions of heaps the verified quotient covers.
func (l *learner) known(p heapPos) (bool, bool) {
	if len(p) > 0 && p[len(p)-1] > l.bound {
		return false, false
	}
	return !l.ver.isP[l.ver.image(p)], true
}

func (l *learner) wins(ctx context.Context, p heapPos) (bool, error) { return l.oracle.Wins(ctx, p) }

// grow extends the quotient to the heaps up to n, or to its proved period.
func (l *learner) grow(ctx context.Context, n int32) error {
	for l.bound < n && l.period == nil && l.failed == nil {
		if err := l.next(ctx); err != nil {
			return err
		}
	}
	return nil
}

// next adds the heap after the bound.
func (l *learner) next(ctx context.Context) error {
	n := l.bound + 1
	opts, err := l.g.options(ctx, n)
	if err != nil {
		return err
	}
	m := l.ver
	if len(opts) > 0 {
		changed := len(l.changes)
		if m, err = l.extend(ctx, n, opts); err != nil {
			return err
		}
		if len(l.changes) > changed { // every image may have changed
			l.last = nil
		}
	} else {
		m = m.withHeap(0)
	}
	l.ver, l.bound = m, n
	l.findPeriod()
	return nil
}

// withHeap is m with the next heap mapped to x.
func (m *monoid) withHeap(x int32) *monoid {
	c := *m
	c.phi = append(append([]int32(nil), m.phi...), x)
	return &c
}

// extend finds heap n's image in the quotient so far, or learns the
// quotient of heaps up to n anew.
func (l *learner) extend(ctx context.Context, n int32, opts []heapPos) (*monoid, error) {
	alone := true // heap n alone is a P-position: no option is one
	for _, o := range opts {
		if l.ver.isP[l.ver.image(o)] {
			alone = false
			break
		}
	}
	for x := range l.ver.size() {
		if l.ver.isP[x] != alone {
			continue
		}
		m := l.ver.withHeap(int32(x))
		f, err := m.verify(ctx, l.g, n)
		if err != nil {
			return nil, err
		}
		if f == nil {
			return m, nil
		}
	}
	m, err := l.learn(ctx, n)
	if err != nil {
		return nil, err
	}
	l.changes = append(l.changes, n)
	return m, nil
}

// needed is the heaps a period p from n0 must repeat through to be proved.
func (l *learner) needed(n0, p int) int {
	return int(l.code.PeriodBound(int64(n0), int64(p))) - p
}

// findPeriod proves a period when the images allow, the shortest first.
func (l *learner) findPeriod() {
	if !l.code.Finite() || l.code.Unequal() {
		return
	}
	phi, n := l.ver.phi, int(l.bound)
	if l.last == nil { // after a change: every period from scratch
		for m := 1; m < n; m++ {
			l.noteHeap(phi, m)
		}
	}
	l.noteHeap(phi, n)
	for p := 1; p < len(l.last); p++ {
		n0 := l.last[p] + 1
		if need := l.needed(n0, p); need+p-1 <= n {
			l.period = &QPeriod{Pre: n0, Len: p, Needed: need + p - 1}
			return
		}
	}
}

// noteHeap records where heap m differs from the heaps p before it.
func (l *learner) noteHeap(phi []int32, m int) {
	for len(l.last) <= m {
		l.last = append(l.last, 0)
	}
	for p := 1; p < m; p++ {
		if phi[m] != phi[m-p] {
			l.last[p] = m - p
		}
	}
	l.last[m] = 0
}

// image is the image of heap n, from the computed heaps or the period.
func (l *learner) image(n *big.Int) (int32, bool) {
	if n.IsInt64() && n.Int64() <= int64(l.bound) {
		return l.ver.phi[n.Int64()], true
	}
	if p := l.period; p != nil {
		k := new(big.Int).Sub(n, big.NewInt(int64(p.Pre)))
		k.Mod(k, big.NewInt(int64(p.Len)))
		return l.ver.phi[int64(p.Pre)+k.Int64()], true
	}
	return 0, false
}

// String says what was found, briefly.
func (l *learner) String() string {
	s := fmt.Sprintf("order %d with the heaps up to %d", l.ver.size(), l.bound)
	if p := l.period; p != nil {
		s += fmt.Sprintf(", period %d from heap %d, proved", p.Len, p.Pre)
	}
	return s
}

// Reach is how far a query grows a quotient that has no proved period yet:
// heaps up to the largest of the position, and at most Reach.
const Reach = 1000

// isP answers p, a sum of heaps of the learner's game, from the quotient,
// growing it as far as the largest heap (or Reach) first. covered is false
// when the quotient does not reach p's heaps; a quotient that cannot be
// found is not looked for again.
func (l *learner) isP(ctx context.Context, p game.Position) (isP, covered bool, err error) {
	most := new(big.Int)
	for _, c := range p {
		if n := c.State.(*big.Int); n.Cmp(most) > 0 {
			most = n
		}
	}
	if l.failed == nil && l.period == nil && most.Cmp(big.NewInt(int64(l.bound))) > 0 {
		target := int32(Reach)
		if most.IsInt64() && most.Int64() < Reach {
			target = int32(most.Int64())
		}
		if err := l.grow(ctx, target); err != nil {
			if ctx.Err() != nil {
				return false, false, err
			}
			l.failed = err
		}
	}
	x := int32(0)
	for _, c := range p {
		y, ok := l.image(c.State.(*big.Int))
		if !ok {
			return false, false, nil
		}
		x = l.ver.mul[x][y]
	}
	return l.ver.isP[x], true, nil
}
