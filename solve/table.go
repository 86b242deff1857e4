package solve

import "hash/maphash"

// keyTable maps fixed-length byte keys to dense ids 0, 1, 2, ...: an
// open-addressing hash table over a flat arena of keys. It replaces a Go map of
// strings on the solver's hottest path: no string per state, one hash and one
// short compare per lookup.
type keyTable struct {
	seed   maphash.Seed
	keyLen int
	keys   []byte   // key of id i at keys[i*keyLen:]
	slots  []uint64 // hash<<32 | id+1, or 0 for empty; len is a power of two
	n      int
}

func newKeyTable() *keyTable {
	return &keyTable{seed: maphash.MakeSeed(), keyLen: -1, slots: make([]uint64, 1024)}
}

// key returns the key of id.
func (t *keyTable) key(id int32) []byte {
	return t.keys[int(id)*t.keyLen : int(id+1)*t.keyLen]
}

// lookup returns the id of key, or -1 and the slot where it would go.
func (t *keyTable) lookup(key []byte) (id int32, slot int) {
	mask := len(t.slots) - 1
	h := maphash.Bytes(t.seed, key)
	tag := h &^ (1<<32 - 1)
	i := int(h) & mask
	for {
		s := t.slots[i]
		if s == 0 {
			return -1, i
		}
		if s&^(1<<32-1) == tag {
			if id := int32(uint32(s)) - 1; string(t.key(id)) == string(key) {
				return id, i
			}
		}
		i = (i + 1) & mask
	}
}

// insert adds a key that lookup did not find, at the slot lookup returned.
func (t *keyTable) insert(key []byte, slot int) int32 {
	if t.keyLen < 0 {
		t.keyLen = len(key)
	}
	if len(key) != t.keyLen {
		panic("solve: keys of one graph must all have the same length")
	}
	id := int32(t.n)
	t.n++
	t.keys = append(t.keys, key...)
	t.slots[slot] = maphash.Bytes(t.seed, key)&^(1<<32-1) | uint64(id+1)
	if 2*t.n > len(t.slots) {
		t.grow()
	}
	return id
}

func (t *keyTable) grow() {
	old := t.slots
	t.slots = make([]uint64, 2*len(old))
	mask := len(t.slots) - 1
	for _, s := range old {
		if s == 0 {
			continue
		}
		i := int(maphash.Bytes(t.seed, t.key(int32(uint32(s))-1))) & mask
		for t.slots[i] != 0 {
			i = (i + 1) & mask
		}
		t.slots[i] = s
	}
}
