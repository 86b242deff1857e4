package misere

// Trial quotients (Plambeck and Siegel's method, as in Siegel's
// MisereSolver). When heap n has no image in the verified quotient Q of
// heaps 1..n-1, the quotient of heaps 1..n is looked for inside a larger
// commutative monoid: Q, or the part of it the heaps not made free
// generate, times a cyclic monoid <a | a^(i+p) = a^i> for each free heap.
// Its P-portion is marked as the heaps' options say, position by position
// in the order verify uses (options come before their positions), the
// first position to reach an element deciding it; the result is reduced to
// its classes: two elements are one class when adding any position to both
// gives the same outcome, which makes every element of the reduced monoid
// a distinct class. The reduced monoid is then verified (verify.go); when
// it fails at its least failure, the heaps of that position are made free
// with cyclic parts long enough for it (learn.go).

import (
	"context"
	"fmt"
	"slices"
)

// cyclic is the monoid <a | a^(index+period) = a^index>: its elements are
// the powers 0 .. index+period-1 of a.
type cyclic struct{ index, period int32 }

func (c cyclic) size() int32 { return c.index + c.period }

func (c cyclic) mul(x, y int32) int32 {
	s := x + y
	if s >= c.index {
		s = c.index + (s-c.index)%c.period
	}
	return s
}

// dsum is a base monoid times cyclic monoids: element b + |base| (c1 +
// size1 (c2 + ...)).
type dsum struct {
	base    *monoid
	factors []cyclic
	n       int32 // elements
}

// maxTrial bounds the elements of a trial monoid, before reduction.
const maxTrial = 1 << 22

func newDsum(base *monoid, factors []cyclic) (*dsum, error) {
	n := int64(base.size())
	for _, f := range factors {
		n *= int64(f.size())
	}
	if n > maxTrial {
		return nil, fmt.Errorf("a trial monoid of %d elements (more than %d)", n, maxTrial)
	}
	return &dsum{base: base, factors: factors, n: int32(n)}, nil
}

// gen is the generator of factor i.
func (d *dsum) gen(i int) int32 {
	stride := int32(d.base.size())
	for _, f := range d.factors[:i] {
		stride *= f.size()
	}
	return stride
}

func (d *dsum) mul(x, y int32) int32 {
	bs := int32(d.base.size())
	out := d.base.mul[x%bs][y%bs]
	x, y = x/bs, y/bs
	stride := bs
	for _, f := range d.factors {
		s := f.size()
		out += stride * f.mul(x%s, y%s)
		x, y, stride = x/s, y/s, stride*s
	}
	return out
}

// stamps dedups small sets of elements.
type stamps struct {
	at  []uint32
	now uint32
}

func (s *stamps) reset() { s.now++ }

// add reports whether x is new since the last reset.
func (s *stamps) add(x int32) bool {
	if s.at[x] == s.now {
		return false
	}
	s.at[x] = s.now
	return true
}

// heapTrans is T(h): the images of the options of each heap 1..n under
// phi, each once; nil for heaps without moves.
func heapTrans(ctx context.Context, g *heapGame, n int32, phi []int32, mul func(x, y int32) int32, size int32) ([][]int32, error) {
	out := make([][]int32, n+1)
	st := &stamps{at: make([]uint32, size)}
	for h := int32(1); h <= n; h++ {
		opts, err := g.options(ctx, h)
		if err != nil {
			return nil, err
		}
		st.reset()
		for _, o := range opts {
			x := int32(0)
			for _, k := range o {
				x = mul(x, phi[k])
			}
			if st.add(x) {
				out[h] = append(out[h], x)
			}
		}
	}
	return out, nil
}

// marker marks the P-portion of a trial monoid.
type marker struct {
	ctx    context.Context
	d      *dsum
	phi    []int32
	trans  [][]int32
	heaps  []int32 // the heaps with moves, largest first
	marked []bool
	isP    []bool
	st     stamps
	steps  int
	err    error
}

// markP marks the P-portion of d with heap h's image phi[h] and options'
// images trans[h]: positions in increasing order (heaps compared from the
// largest), each element decided by the first position reaching it. A
// position is P when it has an option and none of its options' images is
// P. A heap is added no more once it leads to an element already decided:
// what follows is the same as from the position that decided it.
func markP(ctx context.Context, d *dsum, phi []int32, trans [][]int32) ([]bool, error) {
	m := &marker{ctx: ctx, d: d, phi: phi, trans: trans, marked: make([]bool, d.n), isP: make([]bool, d.n), st: stamps{at: make([]uint32, d.n)}}
	for h := int32(len(phi)) - 1; h >= 1; h-- {
		if len(trans[h]) > 0 {
			m.heaps = append(m.heaps, h)
		}
	}
	m.visit(0, 0, nil, true)
	return m.isP, m.err
}

// visit marks the positions of the heaps from m.heaps[i] down, added to a
// position of image x whose options' images are tr.
func (m *marker) visit(i int, x int32, tr []int32, empty bool) {
	if m.err != nil {
		return
	}
	if m.steps++; m.steps%4096 == 0 && m.ctx.Err() != nil {
		m.err = m.ctx.Err()
		return
	}
	if i == len(m.heaps) {
		p := !empty
		for _, t := range tr {
			if m.isP[t] {
				p = false
				break
			}
		}
		m.marked[x], m.isP[x] = true, p
		return
	}
	h := m.heaps[i]
	for {
		m.visit(i+1, x, tr, empty)
		tr = m.extend(x, tr, h)
		if x = m.d.mul(x, m.phi[h]); m.marked[x] || m.err != nil {
			return
		}
		empty = false
	}
}

// extend is the options' images of a position of image x with options'
// images tr, once heap h is added.
func (m *marker) extend(x int32, tr []int32, h int32) []int32 {
	m.st.reset()
	out := make([]int32, 0, len(tr)+len(m.trans[h]))
	for _, t := range tr {
		if y := m.d.mul(t, m.phi[h]); m.st.add(y) {
			out = append(out, y)
		}
	}
	for _, t := range m.trans[h] {
		if y := m.d.mul(x, t); m.st.add(y) {
			out = append(out, y)
		}
	}
	return out
}

// reduce makes the quotient monoid of the elements of d that the heaps'
// images generate, two elements one class when every position added to
// both gives the same outcome (Moore's refinement over the heaps' images);
// at most limit classes (a trialTooLargeError for heap n past them). Heap
// h's image is phi[h]'s class; each class gets a position reaching it.
func reduce(ctx context.Context, d *dsum, phi []int32, isP []bool, n int32, limit int) (*monoid, error) {
	var gens []int32 // distinct images, and the least heap of each
	var genHeap []int32
	for h := int32(1); h < int32(len(phi)); h++ {
		if phi[h] != 0 && !slices.Contains(gens, phi[h]) {
			gens, genHeap = append(gens, phi[h]), append(genHeap, h)
		}
	}
	r, err := reach(ctx, d, gens)
	if err != nil {
		return nil, err
	}
	class, count, err := r.moore(ctx, d, gens, isP)
	if err != nil {
		return nil, err
	}
	if count > limit {
		return nil, &trialTooLargeError{size: limit, heap: n}
	}
	// Class ids are numbered in breadth-first order, so class 0 is the
	// identity's and each class's first element is its least position's.
	first := make([]int32, count)
	for i := range first {
		first[i] = -1
	}
	for k := range r.elems {
		if c := class[k]; first[c] < 0 {
			first[c] = int32(k)
		}
	}
	m := &monoid{mul: make([][]int32, count), isP: make([]bool, count), phi: make([]int32, len(phi)), reps: make([]heapPos, count)}
	for c := range count {
		k := first[c]
		m.isP[c] = isP[r.elems[k]]
		var p heapPos
		for j := k; r.parent[j] >= 0; j = r.parent[j] {
			p = append(p, genHeap[r.by[j]])
		}
		slices.Sort(p)
		m.reps[c] = p
		m.mul[c] = make([]int32, count)
		for c2 := range count {
			m.mul[c][c2] = class[r.index[d.mul(r.elems[k], r.elems[first[c2]])]]
		}
	}
	for h := range phi {
		m.phi[h] = class[r.index[phi[h]]]
	}
	return m, nil
}

// generated is the elements of a direct sum the images generate, breadth
// first: each element's index, and for each the element it was reached
// from and by which image.
type generated struct {
	index             []int32 // by element of d; -1: not reached
	elems, parent, by []int32
}

func reach(ctx context.Context, d *dsum, gens []int32) (*generated, error) {
	r := &generated{index: make([]int32, d.n), elems: []int32{0}, parent: []int32{-1}, by: []int32{-1}}
	for i := range r.index {
		r.index[i] = -1
	}
	r.index[0] = 0
	for k := 0; k < len(r.elems); k++ {
		if k%4096 == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		for gi, g := range gens {
			if y := d.mul(r.elems[k], g); r.index[y] < 0 {
				r.index[y] = int32(len(r.elems))
				r.elems, r.parent, r.by = append(r.elems, y), append(r.parent, int32(k)), append(r.by, int32(gi))
			}
		}
	}
	return r, nil
}

// moore parts the elements reached into classes: first by outcome, then
// refined by the classes after each image until no class splits.
func (r *generated) moore(ctx context.Context, d *dsum, gens []int32, isP []bool) (class []int32, count int, err error) {
	succ := make([][]int32, len(r.elems))
	for k, x := range r.elems {
		succ[k] = make([]int32, len(gens))
		for gi, g := range gens {
			succ[k][gi] = r.index[d.mul(x, g)]
		}
	}
	class = make([]int32, len(r.elems))
	count = -1 // no refinement yet
	for k, x := range r.elems {
		if isP[x] {
			class[k] = 1
		}
	}
	for {
		if ctx.Err() != nil {
			return nil, 0, ctx.Err()
		}
		ids := map[string]int32{}
		next := make([]int32, len(r.elems))
		key := make([]int32, 1+len(gens))
		for k := range r.elems {
			key[0] = class[k]
			for gi := range gens {
				key[1+gi] = class[succ[k][gi]]
			}
			s := heapPos(key).key()
			id, ok := ids[s]
			if !ok {
				id = int32(len(ids))
				ids[s] = id
			}
			next[k] = id
		}
		class = next
		if len(ids) == count {
			return class, count, nil
		}
		count = len(ids)
	}
}

// indexOf is the least i with x^i = x^j for some j > i.
func (m *monoid) indexOf(x int32) int32 {
	seen := map[int32]int32{}
	y := int32(0)
	for i := int32(0); ; i++ {
		if _, ok := seen[y]; ok {
			return seen[y]
		}
		seen[y] = i
		y = m.mul[y][x]
	}
}

// regenerate is the submonoid of m the images phi generate, as a monoid of
// its own, and each image's element in it.
func (m *monoid) regenerate(phi []int32) (*monoid, []int32) {
	index := make([]int32, m.size())
	for i := range index {
		index[i] = -1
	}
	elems := []int32{0}
	index[0] = 0
	var gens []int32
	for _, x := range phi {
		if x != 0 && !slices.Contains(gens, x) {
			gens = append(gens, x)
		}
	}
	for k := 0; k < len(elems); k++ {
		for _, g := range gens {
			if y := m.mul[elems[k]][g]; index[y] < 0 {
				index[y] = int32(len(elems))
				elems = append(elems, y)
			}
		}
	}
	sub := &monoid{mul: make([][]int32, len(elems)), isP: make([]bool, len(elems))}
	for i, x := range elems {
		sub.isP[i] = m.isP[x]
		sub.mul[i] = make([]int32, len(elems))
		for j, y := range elems {
			sub.mul[i][j] = index[m.mul[x][y]]
		}
	}
	out := make([]int32, len(phi))
	for h, x := range phi {
		out[h] = index[x]
	}
	return sub, out
}
