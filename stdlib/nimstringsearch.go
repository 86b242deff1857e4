package stdlib

// The values of Nimstring's shapes (nimstringshape.go), kept across
// positions: a component's value is found by asking whether it and a
// nim-heap of k make a P-position, for k = 0, 1, …, a question one cut to
// a P-position answers no, so that most cuts are never valued. Components
// are known by a 128-bit hash of their canonical key (and of their
// strings as labelled, which spares computing the key): two distinct
// shapes share one with a chance of about n²/2^129 among n shapes, below
// 10^-20 for the billion a run can hold.

import (
	"context"
	"hash/maphash"
	"slices"

	"github.com/gamelang/gamelang/solve"
)

// maxShapeCoins is the most coins a picture valued by its shapes has (its
// components' keys take coins² numbers each).
const maxShapeCoins = 64

// byShape is EntailingValue for a picture past the table: its value by
// its components' shapes, the memo kept for every position of every
// picture; false for a picture the rules do not cover.
func (n *Nimstring) byShape(ctx context.Context, st hstate) (uint64, bool, bool, error) {
	sh, ok := shapeOf(st)
	if !ok || sh.n > maxShapeCoins {
		return 0, false, false, nil
	}
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.shapes == nil {
		n.shapes = newShapeValues(n.limits)
	}
	n.shapes.ctx = ctx
	v, loony, err := n.shapes.value(sh)
	return v, loony, err == nil, err
}

// hkey is a 128-bit hash of a key.
type hkey [2]uint64

var hashSeeds = [2]maphash.Seed{maphash.MakeSeed(), maphash.MakeSeed()}

func hashOf(s string) hkey {
	return hkey{maphash.String(hashSeeds[0], s), maphash.String(hashSeeds[1], s)}
}

// entryBytes is what a memo entry is taken to hold.
const entryBytes = 48

// shapeValues values shapes by their components.
type shapeValues struct {
	values map[hkey]uint32 // a component's value, by canonical key and as labelled
	notP   map[hkey]uint32 // bit k: the component and a nim-heap of k are not a P-position
	pos    map[hkey]int32  // positions as labelled, before they are simplified (-1: loony)
	limits *solve.Limits
	ctx    context.Context
	steps  int
	spent  int64
}

// newShapeValues is an empty memo of shapes, its memory held to limits.
func newShapeValues(l *solve.Limits) *shapeValues {
	return &shapeValues{values: map[hkey]uint32{}, notP: map[hkey]uint32{}, pos: map[hkey]int32{}, limits: l, ctx: context.Background()}
}

// entries is how many answers the memo holds.
func (sv *shapeValues) entries() int { return len(sv.values) + len(sv.notP) + len(sv.pos) }

// hold counts n new entries against the memory budget.
func (sv *shapeValues) hold(n int) error {
	return sv.limits.Spend(&sv.spent, int64(n*entryBytes), "Nimstring's shapes", sv.entries())
}

// tick looks at Ctrl-C and reports progress now and then.
func (sv *shapeValues) tick() error {
	if sv.steps++; sv.steps&1023 != 0 {
		return nil
	}
	if err := sv.ctx.Err(); err != nil {
		return &solve.InterruptedError{What: "Nimstring", States: sv.entries(), Err: err}
	}
	sv.limits.Report("Nimstring by its components", "shapes", int64(sv.entries()))
	return nil
}

// value is a position's value; loony true when it is.
func (sv *shapeValues) value(sh shape) (uint64, bool, error) {
	r := hashOf(sh.raw())
	if v, ok := sv.pos[r]; ok {
		return uint64(v), v < 0, nil
	}
	v, loony, err := sv.valueOf(sh)
	if err != nil {
		return 0, false, err
	}
	if err := sv.hold(1); err != nil {
		return 0, false, err
	}
	sv.pos[r] = int32(v)
	if loony {
		sv.pos[r] = -1
	}
	return v, loony, nil
}

// valueOf is value without the memo of positions.
func (sv *shapeValues) valueOf(sh shape) (uint64, bool, error) {
	parts, bare, loony := sh.parts()
	if loony {
		return 0, true, nil
	}
	x := uint64(bare & 1)
	for _, p := range parts {
		v, err := sv.component(p)
		if err != nil {
			return 0, false, err
		}
		x ^= uint64(v)
	}
	return x, false, nil
}

// keys are a component's keys: as labelled, then canonical (computed only
// when the first is not known).
func (sv *shapeValues) keys(p shape, k uint32) (r, c hkey, v uint32, ok, notP bool) {
	r = hashOf(p.raw())
	if v, ok := sv.values[r]; ok {
		return r, c, v, true, false
	}
	if k < 32 && sv.notP[r]&(1<<k) != 0 {
		return r, c, 0, false, true
	}
	c = hashOf(p.key())
	if v, ok := sv.values[c]; ok {
		sv.values[r] = v
		return r, c, v, true, false
	}
	if k < 32 && sv.notP[c]&(1<<k) != 0 {
		sv.notP[r] |= 1 << k
		return r, c, 0, false, true
	}
	return r, c, 0, false, false
}

// component is a simplified component's value (no cut takes a coin).
func (sv *shapeValues) component(p shape) (uint32, error) {
	r, c, v, ok, _ := sv.keys(p, 32)
	if ok {
		return v, nil
	}
	for k := uint32(0); ; k++ {
		ok, err := sv.isP(p, k)
		if err != nil {
			return 0, err
		}
		if ok {
			if err := sv.hold(2); err != nil {
				return 0, err
			}
			sv.values[c], sv.values[r] = k, k
			return k, nil
		}
	}
}

// isP is whether the component p (simplified) and a nim-heap of k make a
// P-position: no move of the heap (to j < k) and no cut leads to one.
func (sv *shapeValues) isP(p shape, k uint32) (bool, error) {
	r, c, v, ok, notP := sv.keys(p, k)
	switch {
	case ok:
		return v == k, nil
	case notP:
		return false, nil
	}
	if err := sv.tick(); err != nil {
		return false, err
	}
	ok, err := sv.isPOf(p, k)
	if err != nil {
		return false, err
	}
	if err := sv.hold(2); err != nil {
		return false, err
	}
	switch {
	case ok:
		sv.values[c], sv.values[r] = k, k
	case k < 32:
		sv.notP[c] |= 1 << k
		sv.notP[r] |= 1 << k
	}
	return ok, nil
}

// isPOf is isP without the memo.
func (sv *shapeValues) isPOf(p shape, k uint32) (bool, error) {
	for j := range k {
		if ok, err := sv.isP(p, j); err != nil || ok {
			return false, err
		}
	}
	for i := range p.strings {
		cut := shape{n: p.n, strings: append(slices.Clone(p.strings[:i]), p.strings[i+1:]...)}
		if ok, err := sv.sumIsP(cut, k); err != nil || ok {
			return false, err
		}
	}
	return true, nil
}

// sumIsP is whether a position and a nim-heap of k make a P-position: its
// parts but the largest valued, the largest asked.
func (sv *shapeValues) sumIsP(sh shape, k uint32) (bool, error) {
	parts, bare, loony := sh.parts()
	if loony {
		return false, nil
	}
	k ^= uint32(bare & 1)
	if len(parts) == 0 {
		return k == 0, nil
	}
	largest := 0
	for i, q := range parts {
		if len(q.strings) > len(parts[largest].strings) {
			largest = i
		}
	}
	for i, q := range parts {
		if i != largest {
			v, err := sv.component(q)
			if err != nil {
				return false, err
			}
			k ^= v
		}
	}
	return sv.isP(parts[largest], k)
}
