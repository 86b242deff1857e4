package misere

// Misère quotients of take-and-break games (Plambeck and Siegel, 2008),
// found heap by heap: the quotient of the positions of heaps 1..n, then of
// heaps 1..n+1, and so on. A heap whose image in the quotient so far passes
// verification keeps the quotient as it is (such an image is unique: two
// elements that both passed would tell all outcomes alike, and distinct
// elements of a quotient do not), found by mex interpolation or by a
// search; otherwise the quotient is found anew (learn.go).
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
	"slices"

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
	ver     *monoid // verified for heaps up to bound
	bound   int32
	maxSize int
	changes []int32 // the heaps at which the quotient changed
	period  *QPeriod
	last    []int // last[p]: the largest m with Φ(m+p) != Φ(m), 0 for none
	failed  error // why no quotient covers larger heaps
	// lower[x]: the minimal sets of options' images of the positions of
	// image x, nil until needed after a change of the heaps' images.
	lower [][][]uint64
}

// DefaultMaxSize bounds the quotients learnt, in classes.
const DefaultMaxSize = 256

func newLearner(r game.HeapGame, code octal.Code, lim *solve.Limits) *learner {
	g := &heapGame{r: r, lim: lim}
	l := &learner{g: g, code: code, maxSize: DefaultMaxSize}
	l.ver = &monoid{mul: [][]int32{{0}}, isP: []bool{false}, phi: []int32{0}, reps: []heapPos{nil}}
	return l
}

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
	if x, err := l.interpolate(ctx, n, opts, alone); x >= 0 || err != nil {
		return l.ver.withHeap(x), err
	}
	l.lower = nil // a new heap with other options' images: every set may change
	if m, err := l.conservative(ctx, n, opts, alone); m != nil || err != nil {
		return m, err
	}
	m, err := l.learn(ctx, n)
	if err != nil {
		return nil, err
	}
	l.changes = append(l.changes, n)
	return m, nil
}

// conservative finds heap n's image in the quotient so far by a search: an
// element x, P exactly when heap n alone is, compatible with the images T
// of heap n's options (no position of the quotient is then P beside both
// heap n and an option of it; the positions without heap n were verified
// already), and without a position whose image is not P and none of whose
// options' images is. It returns nil when no element does.
func (l *learner) conservative(ctx context.Context, n int32, opts []heapPos, alone bool) (*monoid, error) {
	v := l.ver
	gens, err := v.generators(ctx, l.g, n-1)
	if err != nil {
		return nil, err
	}
	gens = append(gens, generator{heap: n}) // its transitions are the same for every x
	last := &gens[len(gens)-1]
	for _, o := range opts {
		if t := v.image(o); !slices.Contains(last.trans, t) {
			last.trans, last.with = append(last.trans, t), append(last.with, o)
		}
	}
	for x := range int32(v.size()) {
		if v.isP[x] != alone || slices.ContainsFunc(last.trans, func(y int32) bool { return !v.compatible(x, y) }) {
			continue
		}
		m := v.withHeap(x)
		last.image = x
		f, err := m.nFailure(ctx, gens, nil)
		if err != nil {
			return nil, err
		}
		if f == nil {
			return m, nil
		}
	}
	return nil, nil
}

// interpolate finds heap n's image without a search, when it can (Plambeck
// and Siegel's mex interpolation): an element x, P exactly when heap n
// alone is, such that heap n's options' images T include the options'
// images A of some position H of image x, and no element z puts both x z
// and t z in P for a t in T. Then heap n can stand for H: a position G + n
// (with fewer copies of n in G, told right by induction) has the image of
// G + H, whose options' images are those of G's options plus n, and A z
// inside T z; so G + n has an option of image in P when G + H has one, and
// none when G + H is P, because x z in P rules out t z in P. It returns -1
// when no element qualifies.
func (l *learner) interpolate(ctx context.Context, n int32, opts []heapPos, alone bool) (int32, error) {
	v := l.ver
	if l.lower == nil {
		gens, err := v.generators(ctx, l.g, n-1)
		if err != nil {
			return -1, err
		}
		f, lower, err := v.nSearch(ctx, gens, nil)
		if err != nil || f != nil { // f: the verified quotient fails, which verify rules out
			return -1, err
		}
		l.lower = lower
	}
	words := (v.size() + 63) / 64
	t := make([]uint64, words)
	var ts []int32
	for _, o := range opts {
		if y := v.image(o); t[y/64]&(1<<(y%64)) == 0 {
			t[y/64] |= 1 << (y % 64)
			ts = append(ts, y)
		}
	}
	for x := range int32(v.size()) {
		if v.isP[x] != alone || !slices.ContainsFunc(l.lower[x], func(a []uint64) bool { return subset(a, t) }) {
			continue
		}
		if !slices.ContainsFunc(ts, func(y int32) bool { return !v.compatible(x, y) }) {
			return x, nil
		}
	}
	return -1, nil
}

// compatible reports that no z puts both x z and y z in P.
func (m *monoid) compatible(x, y int32) bool {
	for z := range m.size() {
		if m.isP[m.mul[x][z]] && m.isP[m.mul[y][z]] {
			return false
		}
	}
	return true
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
