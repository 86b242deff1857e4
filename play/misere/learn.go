package misere

// Learning a quotient anew (Plambeck and Siegel's method, as in Siegel's
// MisereSolver): when heap n has no image in the quotient Q of heaps
// 1..n-1, the first trial is Q times <a | a^4 = a^2>, heap n mapped to a
// (trial.go). A trial that fails verification at its least failure w (a
// position it tells wrong, every smaller one right) is recalibrated: the
// fewest heaps of w are made free — their images dropped from Q, each
// given a cyclic part at least as long as its count in w needs — until the
// new trial tells w right. A trial is reduced to its classes, so the
// quotient verified has every element a distinct class, and the bound on
// its size counts classes.

import (
	"context"
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"slices"
)

// learn finds the quotient of heaps 1..n.
func (l *learner) learn(ctx context.Context, n int32) (*monoid, error) {
	d, err := newDsum(l.ver, []cyclic{{index: 2, period: 2}})
	if err != nil {
		return nil, l.trialError(n, err)
	}
	phi := append(slices.Clone(l.ver.phi[:n]), d.gen(0))
	m, err := l.trial(ctx, d, phi, n)
	if err != nil {
		return nil, err
	}
	// A recalibration is a function of the trial and its least failure,
	// and it can lead back to a trial tried before (0.3371 at heap 11, after
	// 26 trials): the learning would go round for ever. A trial seen again
	// stops it, saying so.
	seen := map[uint64]bool{}
	for trials := 1; ; trials++ {
		k := m.key()
		if seen[k] {
			return nil, &cycleError{heap: n, trials: trials}
		}
		seen[k] = true
		f, err := m.verify(ctx, l.g, n)
		if err != nil {
			return nil, err
		}
		if f == nil {
			if m.size() > l.maxSize {
				return nil, &tooLargeError{size: l.maxSize, heap: n}
			}
			return m, nil
		}
		if m, err = l.recalibrate(ctx, m, n, f.pos); err != nil {
			return nil, err
		}
	}
}

// key is a hash of a trial: its table, P-portion and heaps' images.
func (m *monoid) key() uint64 {
	h := fnv.New64a()
	var b [4]byte
	put := func(x int32) {
		binary.LittleEndian.PutUint32(b[:], uint32(x))
		h.Write(b[:])
	}
	put(int32(m.size()))
	for _, x := range m.phi {
		put(x)
	}
	for i, row := range m.mul {
		if m.isP[i] {
			put(-1)
		}
		for _, x := range row {
			put(x)
		}
	}
	return h.Sum64()
}

// cycleError reports recalibrations that came back to a trial tried
// before.
type cycleError struct {
	heap   int32
	trials int
}

func (e *cycleError) Error() string {
	return fmt.Sprintf("learning the quotient of the heaps up to %d, trial %d was one tried before: the recalibrations go round without a verified quotient", e.heap, e.trials)
}

// trial marks and reduces a trial monoid with heap h's image phi[h].
func (l *learner) trial(ctx context.Context, d *dsum, phi []int32, n int32) (*monoid, error) {
	if err := l.g.lim.CheckValues("learning a misère quotient", int(d.n), trialBytes(d, phi)); err != nil {
		return nil, err
	}
	trans, err := heapTrans(ctx, l.g, n, phi, d.mul, d.n)
	if err != nil {
		return nil, err
	}
	isP, err := markP(ctx, d, phi, trans)
	if err != nil {
		return nil, err
	}
	return reduce(ctx, d, phi, isP, n, l.maxTrialSize())
}

// trialBytes is what marking and reducing the trial d may hold at most:
// per element, its marks and stamp (markP), its index, position and
// successors under the k distinct images, and its key in the refinement
// (reduce), every element reached.
func trialBytes(d *dsum, phi []int32) int64 {
	var k int64
	seen := map[int32]bool{}
	for _, x := range phi {
		if x != 0 && !seen[x] {
			seen[x] = true
			k++
		}
	}
	return int64(d.n) * (6 + 4 + 12 + 24 + 4*k + 48 + 4*(k+1))
}

// maxTrialSize bounds the classes of a trial: a trial can have more
// classes than the quotient it leads to.
func (l *learner) maxTrialSize() int { return 4 * l.maxSize }

// recalibrate makes a trial that tells w, the least failure of m, right:
// the fewest of w's heaps made free that do.
func (l *learner) recalibrate(ctx context.Context, m *monoid, n int32, w heapPos) (*monoid, error) {
	wantP := !m.isP[m.image(w)]
	var heaps []int32
	count := map[int32]int32{}
	for _, h := range w {
		if count[h]++; count[h] == 1 {
			heaps = append(heaps, h)
		}
	}
	for k := 1; k <= len(heaps); k++ {
		for _, free := range combinations(heaps, k) {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			kept := slices.Clone(m.phi)
			for _, h := range free {
				kept[h] = 0
			}
			base, phi := m.regenerate(kept)
			factors := make([]cyclic, len(free))
			for i, h := range free {
				index := max(m.indexOf(m.phi[h]), count[h]-1)
				factors[i] = cyclic{index: index, period: max(2, 2*((index-4)/2))}
			}
			d, err := newDsum(base, factors)
			if err != nil {
				return nil, l.trialError(n, err)
			}
			for i, h := range free {
				phi[h] = d.gen(i)
			}
			t, err := l.trial(ctx, d, phi, n)
			if err != nil {
				return nil, err
			}
			if t.isP[t.image(w)] == wantP {
				return t, nil
			}
		}
	}
	return nil, fmt.Errorf("misère quotient of %s: no trial for heap %d tells %v right", l.g.r.Name(), n, w)
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

func (l *learner) trialError(n int32, err error) error {
	return fmt.Errorf("learning the quotient of the heaps up to %d needed %v", n, err)
}

// tooLargeError reports a quotient past the size it may reach.
type tooLargeError struct {
	size int
	heap int32
}

func (e *tooLargeError) Error() string {
	return fmt.Sprintf("the quotient of the heaps up to %d has more than %d elements", e.heap, e.size)
}

// trialTooLargeError reports a trial past the classes it may have.
type trialTooLargeError struct {
	size int
	heap int32
}

func (e *trialTooLargeError) Error() string {
	return fmt.Sprintf("learning the quotient of the heaps up to %d, a trial had more than %d classes before one was verified", e.heap, e.size)
}
