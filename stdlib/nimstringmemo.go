package stdlib

// The memo of Nimstring's shapes (nimstringsearch.go): what is known of
// each component, by a 96-bit hash of its canonical key, in a flat
// open-addressing table of 16 bytes a slot; and a cache of the canonical
// keys of components as labelled, lately seen, which spares computing a
// key for a position met again under the same names.

// A fact is what is known of a component: its value (factValue set, the
// value in the low bits), or for each k < factHeaps whether it and a
// nim-heap of k are known not to make a P-position (bit k); 0: nothing.
const (
	factValue = 1 << 31
	factHeaps = 31
)

// answer is what fact f says of the component and a nim-heap of k: known,
// and whether they make a P-position.
func answer(f, k uint32) (known, isP bool) {
	switch {
	case f&factValue != 0:
		return true, f&^factValue == k
	case k < factHeaps && f&(1<<k) != 0:
		return true, false
	}
	return false, false
}

// factSlot is a slot of the table: the hash's first word (never 0 once
// used) and 32 bits of its second, and the fact.
type factSlot struct {
	a       uint64
	b, fact uint32
}

// factTable maps hashes to facts.
type factTable struct {
	slots []factSlot // a power of two, at most three quarters full
	n     int
}

// slotOf is the slot of h, or of the empty slot where it would go.
func (t *factTable) slotOf(h hkey) *factSlot {
	a, b := h[0]|1, uint32(h[1])
	mask := len(t.slots) - 1
	for i := int(a>>1) & mask; ; i = (i + 1) & mask {
		if s := &t.slots[i]; s.a == 0 || s.a == a && s.b == b {
			return s
		}
	}
}

// get is the fact of h; 0 when nothing is known.
func (t *factTable) get(h hkey) uint32 {
	if t.n == 0 {
		return 0
	}
	return t.slotOf(h).fact
}

// full is whether the next new key grows the table.
func (t *factTable) full() bool { return 4*(t.n+1) > 3*len(t.slots) }

// grown is the slots of the table once grown.
func (t *factTable) grown() int { return max(1024, 2*len(t.slots)) }

// set records fact f of h, reporting whether h is new to the table.
func (t *factTable) set(h hkey, f uint32) bool {
	if t.full() && (len(t.slots) == 0 || t.slotOf(h).a == 0) {
		t.grow()
	}
	s := t.slotOf(h)
	if s.a != 0 {
		s.fact = f
		return false
	}
	*s = factSlot{h[0] | 1, uint32(h[1]), f}
	t.n++
	return true
}

// grow doubles the table.
func (t *factTable) grow() {
	old := t.slots
	t.slots = make([]factSlot, t.grown())
	mask := len(t.slots) - 1
	for _, s := range old {
		if s.a == 0 {
			continue
		}
		i := int(s.a>>1) & mask
		for t.slots[i].a != 0 {
			i = (i + 1) & mask
		}
		t.slots[i] = s
	}
}

// seenSlot is a component as labelled, by its hash, and its canonical
// key's hash.
type seenSlot struct{ raw, canon hkey }

// seenCache holds the canonical keys of components as labelled, lately
// seen: a slot by hash, a newcomer taking the place of the one before.
type seenCache []seenSlot

// The slots of a seenCache, at most.
const maxSeen = 1 << 22

// get is the canonical key's hash of the component whose hash is raw.
func (c seenCache) get(raw hkey) (hkey, bool) {
	if len(c) == 0 {
		return hkey{}, false
	}
	s := &c[raw[0]&uint64(len(c)-1)]
	return s.canon, s.raw == raw
}

// put records that the component whose hash is raw has canonical key canon.
func (c seenCache) put(raw, canon hkey) {
	if len(c) > 0 {
		c[raw[0]&uint64(len(c)-1)] = seenSlot{raw, canon}
	}
}

// seenSlots is the slots of the cache for a memo of n slots: as many,
// from 1024 to maxSeen.
func seenSlots(n int) int { return min(max(n, 1024), maxSeen) }

// sized is the cache for a memo of n slots, emptied when it grows.
func (c seenCache) sized(n int) seenCache {
	if len(c) == seenSlots(n) {
		return c
	}
	return make(seenCache, seenSlots(n))
}
