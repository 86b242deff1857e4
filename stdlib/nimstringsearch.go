package stdlib

// The values of Nimstring's shapes (nimstringshape.go), kept across
// positions: a component's value is found by asking whether it and a
// nim-heap of k make a P-position, for k = 0, 1, …, a question one cut to
// a P-position answers no, so that most cuts are never valued. Components
// are known by a hash of their canonical key, 95 bits of it kept
// (nimstringmemo.go): two distinct shapes share one with a chance of about
// n²/2^96 among n shapes, below 10^-10 for the billion a run can hold.

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

// entryBytes is what a memo entry is taken to hold: a slot of 16 bytes
// in a table between three eighths and three quarters full.
const entryBytes = 32

// shapeValues values shapes by their components.
type shapeValues struct {
	memo   factTable      // what is known of components, by canonical key
	seen   seenCache      // the canonical keys of components as labelled
	pos    map[hkey]int32 // positions as labelled, before they are simplified (-1: loony)
	limits *solve.Limits
	ctx    context.Context
	steps  int
	spent  int64
}

// newShapeValues is an empty memo of shapes, its memory held to limits.
func newShapeValues(l *solve.Limits) *shapeValues {
	return &shapeValues{pos: map[hkey]int32{}, limits: l, ctx: context.Background()}
}

// entries is how many answers the memo holds.
func (sv *shapeValues) entries() int { return sv.memo.n + len(sv.pos) }

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
		v, err := sv.component(p, sv.canonical(p))
		if err != nil {
			return 0, false, err
		}
		x ^= uint64(v)
	}
	return x, false, nil
}

// canonical is the hash of a component's canonical key, from the cache
// when its labelling was seen lately.
func (sv *shapeValues) canonical(p shape) hkey {
	r := hashOf(p.raw())
	canonCalls++
	if c, ok := sv.seen.get(r); ok {
		canonHits++
		return c
	}
	c := hashOf(p.key())
	sv.seen.put(r, c)
	return c
}

// learn records fact f of the component whose key's hash is c, which
// knew less.
func (sv *shapeValues) learn(c hkey, f uint32) error {
	if !sv.memo.set(c, f) {
		return nil
	}
	sv.seen = sv.seen.sized(len(sv.memo.slots))
	return sv.hold(1)
}

// component is a simplified component's value (no cut takes a coin); c
// is the hash of its canonical key.
func (sv *shapeValues) component(p shape, c hkey) (uint32, error) {
	if f := sv.memo.get(c); f&factValue != 0 {
		return f &^ factValue, nil
	}
	for k := uint32(0); ; k++ {
		ok, err := sv.isP(p, c, k)
		if err != nil || ok {
			return k, err
		}
	}
}

// isP is whether the component p (simplified, its key's hash c) and a
// nim-heap of k make a P-position: no move of the heap (to j < k) and no
// cut leads to one.
func (sv *shapeValues) isP(p shape, c hkey, k uint32) (bool, error) {
	if known, ok := answer(sv.memo.get(c), k); known {
		return ok, nil
	}
	if err := sv.tick(); err != nil {
		return false, err
	}
	ok, err := sv.isPOf(p, c, k)
	if k < 8 {
		kStats[k]++
		if ok {
			kP[k]++
		}
	}
	if err != nil {
		return false, err
	}
	switch f := sv.memo.get(c); {
	case ok:
		err = sv.learn(c, factValue|k)
	case k < factHeaps && f&factValue == 0:
		err = sv.learn(c, f|1<<k)
	}
	return ok, err
}

// isPOf is isP without the memo. The cuts are looked at in two rounds:
// first every cut against the memo, so that a cut known to make a
// P-position answers at once, then the rest searched, the smallest first
// (a small position is quick to value, and often the answer).
func (sv *shapeValues) isPOf(p shape, c hkey, k uint32) (bool, error) {
	for j := range k {
		if ok, err := sv.isP(p, c, j); err != nil || ok {
			return false, err
		}
	}
	var open []option
	deg := p.degrees()
	for i, s := range p.strings {
		cut := shape{n: p.n, strings: make([][2]int, len(p.strings)-1)}
		copy(cut.strings, p.strings[:i])
		copy(cut.strings[i:], p.strings[i+1:])
		o, err := sv.optionOf(cut, k, s[0] != s[1] && kept(s[0], deg) && kept(s[1], deg))
		switch {
		case err != nil:
			return false, err
		case o.p:
			return false, nil
		case o.open:
			open = append(open, o)
		}
	}
	slices.SortStableFunc(open, func(a, b option) int { return len(a.largest.strings) - len(b.largest.strings) })
	for _, o := range open {
		if ok, err := sv.isP(o.largest, o.c, o.k); err != nil || ok {
			return false, err
		}
	}
	return true, nil
}

// option is a cut with a nim-heap: p when the memo says they make a
// P-position; open when it does not know, and they do when their largest
// part and a nim-heap of k do.
type option struct {
	p, open bool
	largest shape
	c       hkey
	k       uint32
}

// kept is whether end v of a string keeps three strings or more once it
// is cut. A cut of a component (simplified and contracted) that both its
// ends keep so leaves no coin to take and no chain longer than before: the
// cut needs splitting into its parts, but no rule.
func kept(v int, deg []int) bool { return v == ground || deg[v] >= 4 }

// optionOf is a position and a nim-heap of k as an option: its parts but
// the largest valued, the largest looked up in the memo; settled when it
// needs no rule applied (kept), only splitting.
func (sv *shapeValues) optionOf(sh shape, k uint32, settled bool) (option, error) {
	var parts []shape
	var bare int
	if settled {
		parts, bare = sh.components()
	} else {
		var loony bool
		if parts, bare, loony = sh.parts(); loony {
			return option{}, nil
		}
	}
	k ^= uint32(bare & 1)
	if len(parts) == 0 {
		return option{p: k == 0}, nil
	}
	largest := 0
	for i, q := range parts {
		if len(q.strings) > len(parts[largest].strings) {
			largest = i
		}
	}
	for i, q := range parts {
		if i != largest {
			v, err := sv.component(q, sv.canonical(q))
			if err != nil {
				return option{}, err
			}
			k ^= v
		}
	}
	c := sv.canonical(parts[largest])
	if known, ok := answer(sv.memo.get(c), k); known {
		return option{p: ok}, nil
	}
	return option{open: true, largest: parts[largest], c: c, k: k}, nil
}

var canonCalls, canonHits int

var kStats, kP [8]int
