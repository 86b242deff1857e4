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
	"runtime"
	"slices"
	"sync"
	"time"
	"unsafe"

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

func hashOf(b []byte) hkey {
	return hkey{maphash.Bytes(hashSeeds[0], b), maphash.Bytes(hashSeeds[1], b)}
}

// entryBytes is what a memo entry is taken to hold: a slot of 16 bytes
// in a table between three eighths and three quarters full.
const entryBytes = 32

// shapeValues values shapes by their components: one searcher, and on a
// machine of more cores, helpers beside it on each large component, each
// trying the cuts in another order, whose answers the memo shares (the
// "lazy" parallel search of chess programs).
type shapeValues struct {
	mu     sync.Mutex     // memo, seen and spent, shared by the searchers
	memo   factTable      // what is known of components, by canonical key
	seen   seenCache      // the canonical keys of components as labelled
	pos    map[hkey]int32 // positions as labelled, before they are simplified (-1: loony)
	limits *solve.Limits
	ctx    context.Context
	spent  int64
	cores  int     // the searchers on a large component
	helped int     // the fewest strings of a component the helpers search
	sc     scratch // the main searcher's, kept from one position to the next
}

// newShapeValues is an empty memo of shapes, its memory held to limits.
func newShapeValues(l *solve.Limits) *shapeValues {
	return &shapeValues{pos: map[hkey]int32{}, limits: l, ctx: context.Background(), cores: runtime.GOMAXPROCS(0), helped: helpedStrings}
}

// entries is how many answers the memo holds.
func (sv *shapeValues) entries() int { return sv.memo.n + len(sv.pos) }

// hold counts n new entries against the memory budget (under mu).
func (sv *shapeValues) hold(n int) error {
	return sv.limits.Spend(&sv.spent, int64(n*entryBytes), "Nimstring's shapes", sv.entries())
}

// value is a position's value; loony true when it is.
func (sv *shapeValues) value(sh shape) (uint64, bool, error) {
	r := hashOf(sh.appendRaw(nil))
	if v, ok := sv.pos[r]; ok {
		return uint64(v), v < 0, nil
	}
	v, loony, err := sv.valueOf(sh)
	if err != nil {
		return 0, false, err
	}
	sv.mu.Lock()
	err = sv.hold(1)
	sv.mu.Unlock()
	if err != nil {
		return 0, false, err
	}
	sv.pos[r] = int32(v)
	if loony {
		sv.pos[r] = -1
	}
	return v, loony, nil
}

// helpedStrings is the fewest strings a component has for helpers to
// search beside the main searcher: below, they would cost more than they
// find.
const helpedStrings = 24

// valueOf is value without the memo of positions.
func (sv *shapeValues) valueOf(sh shape) (uint64, bool, error) {
	defer sv.sc.release(sv.sc.mark())
	parts, bare, loony := sh.parts(&sv.sc)
	if loony {
		return 0, true, nil
	}
	x := uint64(bare & 1)
	main := &searcher{sv: sv, ctx: sv.ctx, main: true, sc: &sv.sc}
	for _, p := range parts {
		c := main.canonical(p)
		if sv.cores < 2 || len(p.strings) < sv.helped {
			v, err := main.component(p, c)
			if err != nil {
				return 0, false, err
			}
			x ^= uint64(v)
			continue
		}
		ctx, stop := context.WithCancel(sv.ctx)
		var wg sync.WaitGroup
		for w := 1; w < sv.cores; w++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				h := &searcher{sv: sv, ctx: ctx, turn: w, of: sv.cores, sc: new(scratch)}
				if h.pace() == nil {
					h.component(p, c) // its answers are in the memo; an error (stopped) says nothing
				}
			}()
		}
		v, err := main.component(p, c)
		stop()
		wg.Wait()
		if err != nil {
			return 0, false, err
		}
		x ^= uint64(v)
	}
	return x, false, nil
}

// searcher is one search of the memo's components: the main one, or a
// helper, which tries each component's cuts from the turn-th of
// of parts of them on.
type searcher struct {
	sv       *shapeValues
	ctx      context.Context
	main     bool
	turn, of int
	steps    int
	ran      time.Time // a helper's: when it last found a core free
	sc       *scratch  // the shapes of the branches under way (nimstringscratch.go)
}

// A helper runs on a free core only: before its first step and every
// helperRun after, it pauses for helperProbe and reads the CPU time the
// machine left free meanwhile (solve.FreeTime); with less than half a core
// free (another process has it: beside the main search, the helper would
// only slow it), it waits on, a probe at a time, until one is free. Where
// the machine does not tell, it runs.
const (
	helperRun   = time.Second
	helperProbe = 50 * time.Millisecond
)

// pace is a helper's look at the machine (helperRun).
func (s *searcher) pace() error {
	if !s.ran.IsZero() && time.Since(s.ran) < helperRun {
		return nil
	}
	for {
		free, start := solve.FreeTime(), time.Now()
		if free < 0 {
			break
		}
		select {
		case <-s.ctx.Done():
			return s.ctx.Err()
		case <-time.After(helperProbe):
		}
		if 2*(solve.FreeTime()-free) >= int64(time.Since(start)) {
			break
		}
	}
	s.ran = time.Now()
	return nil
}

// tick looks at Ctrl-C now and then, and the main searcher reports
// progress.
func (s *searcher) tick() error {
	if s.steps++; s.steps&255 != 0 { // a step is tens of microseconds: Ctrl-C answers within about 10 ms
		return nil
	}
	sv := s.sv
	if err := s.ctx.Err(); err != nil {
		sv.mu.Lock()
		defer sv.mu.Unlock()
		return &solve.InterruptedError{What: "Nimstring", States: sv.entries(), Err: err}
	}
	if s.steps&1023 != 0 {
		return nil
	}
	if !s.main {
		return s.pace()
	}
	sv.mu.Lock()
	n := sv.entries()
	sv.mu.Unlock()
	sv.limits.Report("Nimstring by its components", "shapes", int64(n))
	return nil
}

// canonical is the hash of a component's canonical key, from the cache
// when its labelling was seen lately.
func (s *searcher) canonical(p shape) hkey {
	sv := s.sv
	s.sc.bytes = p.appendRaw(s.sc.bytes[:0])
	r := hashOf(s.sc.bytes)
	sv.mu.Lock()
	c, ok := sv.seen.get(r)
	sv.mu.Unlock()
	if ok {
		return c
	}
	s.sc.bytes = p.appendKey(s.sc.bytes[:0])
	c = hashOf(s.sc.bytes)
	sv.mu.Lock()
	sv.seen.put(r, c)
	sv.mu.Unlock()
	return c
}

// fact is what the memo knows of the component whose key's hash is c.
func (s *searcher) fact(c hkey) uint32 {
	s.sv.mu.Lock()
	defer s.sv.mu.Unlock()
	return s.sv.memo.get(c)
}

// learn adds to what the memo knows of the component whose key's hash is
// c: its value v (value true), or that it and a nim-heap of v are not a
// P-position.
func (s *searcher) learn(c hkey, v uint32, value bool) error {
	sv := s.sv
	sv.mu.Lock()
	defer sv.mu.Unlock()
	was := sv.memo.get(c)
	f := was
	switch {
	case value:
		f = factValue | v
	case f&factValue != 0 || v >= factHeaps:
		return nil
	default:
		f |= 1 << v
	}
	if f == was {
		return nil
	}
	if sv.memo.full() && was == 0 {
		// the table and the cache grow: the new ones must fit beside the old
		grown := int64(sv.memo.grown())*int64(unsafe.Sizeof(factSlot{})) + int64(seenSlots(sv.memo.grown()))*int64(unsafe.Sizeof(seenSlot{}))
		if err := sv.limits.CheckNow("Nimstring's shapes", sv.entries(), solve.Held()+grown); err != nil {
			return err
		}
	}
	if !sv.memo.set(c, f) {
		return nil
	}
	sv.seen = sv.seen.sized(len(sv.memo.slots))
	return sv.hold(1)
}

// component is a simplified component's value (no cut takes a coin); c
// is the hash of its canonical key.
func (s *searcher) component(p shape, c hkey) (uint32, error) {
	if f := s.fact(c); f&factValue != 0 {
		return f &^ factValue, nil
	}
	for k := uint32(0); ; k++ {
		ok, err := s.isP(p, c, k)
		if err != nil || ok {
			return k, err
		}
	}
}

// isP is whether the component p (simplified, its key's hash c) and a
// nim-heap of k make a P-position: no move of the heap (to j < k) and no
// cut leads to one.
func (s *searcher) isP(p shape, c hkey, k uint32) (bool, error) {
	if known, ok := answer(s.fact(c), k); known {
		return ok, nil
	}
	if err := s.tick(); err != nil {
		return false, err
	}
	ok, err := s.isPOf(p, c, k)
	if err != nil {
		return false, err
	}
	return ok, s.learn(c, k, ok)
}

// cancelled is the parts without each pair of one key: two equal parts
// are worth 0 together (G + G = 0), so neither needs valuing.
func cancelled(parts []shape, keys []hkey) ([]shape, []hkey) {
	for i := 0; i < len(parts); i++ {
		for j := i + 1; j < len(parts); j++ {
			if keys[i] == keys[j] {
				last := len(parts) - 1 // j moves to the end, then i
				parts[j], keys[j] = parts[last], keys[last]
				parts, keys = parts[:last], keys[:last]
				last--
				parts[i], keys[i] = parts[last], keys[last]
				parts, keys = parts[:last], keys[:last]
				i--
				break
			}
		}
	}
	return parts, keys
}

// isPOf is isP without the memo. The cuts are looked at in two rounds:
// first every cut against the memo, so that a cut known to make a
// P-position answers at once, then the rest searched, the smallest first
// (a small position is quick to value, and often the answer).
func (s *searcher) isPOf(p shape, c hkey, k uint32) (bool, error) {
	for j := range k {
		if ok, err := s.isP(p, c, j); err != nil || ok {
			return false, err
		}
	}
	sc := s.sc
	defer sc.release(sc.mark())
	deg := p.degrees(sc)
	n := len(p.strings)
	open := sc.opts.take(n)[:0]
	room := sc.pairs.take(n - 1) // each cut in turn: an option that stays open is copied out
	for j := range n {
		i := (j + s.turn*n/max(s.of, 1)) % n
		t := p.strings[i]
		copy(room, p.strings[:i])
		copy(room[i:], p.strings[i+1:])
		m := sc.mark()
		o, err := s.optionOf(shape{n: p.n, strings: room}, k, t[0] != t[1] && kept(t[0], deg) && kept(t[1], deg))
		switch {
		case err != nil:
			return false, err
		case o.p:
			return false, nil
		case o.open:
			o.largest.strings = append(sc.pairs.take(len(o.largest.strings))[:0], o.largest.strings...) // it may be room
			open = append(open, o)
		default:
			sc.release(m) // the cut's shapes are done with
		}
	}
	slices.SortStableFunc(open, func(a, b option) int { return len(a.largest.strings) - len(b.largest.strings) })
	for _, o := range open {
		if ok, err := s.isP(o.largest, o.c, o.k); err != nil || ok {
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
func (s *searcher) optionOf(sh shape, k uint32, settled bool) (option, error) {
	var parts []shape
	var bare int
	if settled {
		parts, bare = sh.components(s.sc)
	} else {
		var loony bool
		if parts, bare, loony = sh.parts(s.sc); loony {
			return option{}, nil
		}
	}
	k ^= uint32(bare & 1)
	keys := s.sc.keys.take(len(parts))
	for i, q := range parts {
		keys[i] = s.canonical(q)
	}
	parts, keys = cancelled(parts, keys)
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
			v, err := s.component(q, keys[i])
			if err != nil {
				return option{}, err
			}
			k ^= v
		}
	}
	c := keys[largest]
	if known, ok := answer(s.fact(c), k); known {
		return option{p: ok}, nil
	}
	return option{open: true, largest: parts[largest], c: c, k: k}, nil
}
