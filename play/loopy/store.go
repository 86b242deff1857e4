package loopy

// Compact storage for the graph of positions: a position costs its key's
// bytes and a few words, not a map entry, a string and two slice headers
// (about 250 bytes a position before).

import (
	"bytes"
	"hash/maphash"
)

// keys are the positions' keys, one after another in one array, found by
// an open-addressing table of vertex numbers.
type keys struct {
	data  []byte
	at    []uint32 // key u is data[at[u]:at[u+1]]; at[0] = 0
	slots []int32  // vertex+1 of each slot, 0 for an empty one; a power of two long
	seed  maphash.Seed
}

func newKeys() *keys {
	return &keys{at: []uint32{0}, slots: make([]int32, 1024), seed: maphash.MakeSeed()}
}

// len is the number of keys.
func (k *keys) len() int { return len(k.at) - 1 }

// key is key u.
func (k *keys) key(u int32) []byte { return k.data[k.at[u]:k.at[u+1]] }

// find is the vertex of key, and whether it is there; when it is not, the
// slot where it would go.
func (k *keys) find(key []byte) (id int32, slot int, ok bool) {
	mask := len(k.slots) - 1
	for i := int(maphash.Bytes(k.seed, key)) & mask; ; i = (i + 1) & mask {
		s := k.slots[i]
		if s == 0 {
			return 0, i, false
		}
		if bytes.Equal(k.key(s-1), key) {
			return s - 1, i, true
		}
	}
}

// add gives key the next vertex, with the slot find returned; ok is false
// when the keys would pass 4 GiB.
func (k *keys) add(key []byte, slot int) (int32, bool) {
	if uint64(len(k.data))+uint64(len(key)) > 1<<32-1 || k.len() >= 1<<31-2 {
		return 0, false
	}
	id := int32(k.len())
	k.data = append(k.data, key...)
	k.at = append(k.at, uint32(len(k.data)))
	k.slots[slot] = id + 1
	if 4*k.len() > 3*len(k.slots) {
		k.grow()
	}
	return id, true
}

// addUnindexed gives the next vertex an empty key that no slot holds.
func (k *keys) addUnindexed() int32 {
	k.at = append(k.at, uint32(len(k.data)))
	return int32(k.len() - 1)
}

// grow doubles the table.
func (k *keys) grow() {
	k.slots = make([]int32, 2*len(k.slots))
	mask := len(k.slots) - 1
	for u := range int32(k.len()) {
		i := int(maphash.Bytes(k.seed, k.key(u))) & mask
		for k.slots[i] != 0 {
			i = (i + 1) & mask
		}
		k.slots[i] = u + 1
	}
}

// bytes is the memory the keys hold.
func (k *keys) bytes() int64 {
	return int64(cap(k.data)) + 4*int64(cap(k.at)) + 4*int64(cap(k.slots))
}

// lists are the followers of each vertex, the lists one after another in
// one array, each set once.
type lists struct {
	at, n []uint32 // u's list is flat[at[u] : at[u]+n[u]]
	flat  []int32
}

// listsOf is the lists of succ.
func listsOf(succ [][]int32) *lists {
	l := &lists{}
	for u, ws := range succ {
		l.addVertex()
		from := len(l.flat)
		l.flat = append(l.flat, ws...)
		l.set(int32(u), from)
	}
	return l
}

// len is the number of vertices.
func (l *lists) len() int { return len(l.at) }

// of is the followers of u.
func (l *lists) of(u int32) []int32 { return l.flat[l.at[u] : l.at[u]+l.n[u]] }

// addVertex adds a vertex with no followers.
func (l *lists) addVertex() {
	l.at = append(l.at, 0)
	l.n = append(l.n, 0)
}

// set makes the followers appended to flat from index from on u's list.
func (l *lists) set(u int32, from int) {
	l.at[u], l.n[u] = uint32(from), uint32(len(l.flat)-from)
}

// bytes is the memory the lists hold.
func (l *lists) bytes() int64 {
	return 4 * int64(cap(l.at)+cap(l.n)+cap(l.flat))
}
