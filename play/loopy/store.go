package loopy

// Compact storage for the graph of positions. A position costs its key's
// bytes and a few words, not a map entry, a string and two slice headers
// (about 250 bytes a position before), and the arrays grow by chunks, never
// by copies: an array grown by append leaves the copies it outgrew to the
// collector, and the heap held twice what the graph needed before they
// went.

import (
	"bytes"
	"encoding/binary"
	"hash/maphash"
)

// chunkLen is the length of a chunk: 2^16 numbers.
const (
	chunkBits = 16
	chunkLen  = 1 << chunkBits
)

// column is a growing array kept in chunks of chunkLen: the first grows by
// append up to chunkLen, the others are made whole.
type column[T any] struct {
	chunks [][]T
	n      int
}

func (c *column[T]) len() int     { return c.n }
func (c *column[T]) get(i int) T  { return c.chunks[i>>chunkBits][i&(chunkLen-1)] }
func (c *column[T]) ptr(i int) *T { return &c.chunks[i>>chunkBits][i&(chunkLen-1)] }

func (c *column[T]) push(x T) {
	switch k := len(c.chunks) - 1; {
	case k < 0:
		c.chunks = [][]T{make([]T, 0, 64)} // a small graph takes a small first chunk
	case len(c.chunks[k]) == chunkLen:
		c.chunks = append(c.chunks, make([]T, 0, chunkLen))
	}
	k := len(c.chunks) - 1
	c.chunks[k] = append(c.chunks[k], x)
	c.n++
}

// bytes is the memory the column holds, its elements size bytes each.
func (c *column[T]) bytes(size int) int64 {
	var n int64
	for _, ch := range c.chunks {
		n += int64(cap(ch))
	}
	return n * int64(size)
}

// spans are sequences kept one after another in chunks, each within one
// chunk, or in an array of its own when longer than a chunk. A sequence is
// named by where it starts: chunk<<chunkBits | offset, or the index of its
// array among the long ones with the top bit set.
type spans[T any] struct {
	chunks [][]T
	long   [][]T
}

const longSpan = 1 << 31

// add keeps xs and names it; false when the spans are full (2^31 numbers
// in chunks, or 2^31 long sequences).
func (s *spans[T]) add(xs []T) (uint32, bool) {
	if len(xs) > chunkLen {
		if len(s.long) >= longSpan-1 {
			return 0, false
		}
		s.long = append(s.long, append([]T(nil), xs...))
		return longSpan | uint32(len(s.long)-1), true
	}
	k := len(s.chunks) - 1
	if k < 0 || len(s.chunks[k])+len(xs) > chunkLen {
		if k+1 >= longSpan>>chunkBits {
			return 0, false
		}
		size := chunkLen
		if k < 0 {
			size = max(256, len(xs)) // a small graph takes a small first chunk
		}
		s.chunks = append(s.chunks, make([]T, 0, size))
		k++
	}
	ch := s.chunks[k]
	if len(ch)+len(xs) > cap(ch) { // the first chunk, grown to a whole one
		ch = append(make([]T, 0, chunkLen), ch...)
	}
	at := uint32(k<<chunkBits | len(ch))
	s.chunks[k] = append(ch, xs...)
	return at, true
}

// from is the numbers kept from where at names on, in its chunk (or its
// long array).
func (s *spans[T]) from(at uint32) []T {
	if at&longSpan != 0 {
		return s.long[at&^longSpan]
	}
	return s.chunks[at>>chunkBits][at&(chunkLen-1):]
}

// bytes is the memory the spans hold, their numbers size bytes each.
func (s *spans[T]) bytes(size int) int64 {
	var n int64
	for _, ch := range s.chunks {
		n += int64(cap(ch))
	}
	for _, l := range s.long {
		n += int64(cap(l))
	}
	return n * int64(size)
}

// keys are the positions' keys, each kept with its length before it,
// found by an open-addressing table of vertex numbers.
type keys struct {
	data  spans[byte]
	at    column[uint32] // where key u is kept
	slots []int32        // vertex+1 of each slot, 0 for an empty one; a power of two long
	seed  maphash.Seed
	buf   []byte
}

func newKeys() *keys {
	return &keys{slots: make([]int32, 1024), seed: maphash.MakeSeed()}
}

// len is the number of keys.
func (k *keys) len() int { return k.at.len() }

// key is key u.
func (k *keys) key(u int32) []byte {
	b := k.data.from(k.at.get(int(u)))
	n, w := binary.Uvarint(b)
	return b[w : w+int(n)]
}

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

// add gives key the next vertex, with the slot find returned; false when
// the keys are full (2 GiB of them, or 2^31 positions).
func (k *keys) add(key []byte, slot int) (int32, bool) {
	id, ok := k.keep(key)
	if !ok {
		return 0, false
	}
	k.slots[slot] = id + 1
	if 4*k.len() > 3*len(k.slots) {
		k.grow()
	}
	return id, true
}

// keep keeps key as the next vertex's, in no slot.
func (k *keys) keep(key []byte) (int32, bool) {
	if k.len() >= 1<<31-2 {
		return 0, false
	}
	k.buf = append(binary.AppendUvarint(k.buf[:0], uint64(len(key))), key...)
	at, ok := k.data.add(k.buf)
	if !ok {
		return 0, false
	}
	k.at.push(at)
	return int32(k.len() - 1), true
}

// addUnindexed gives the next vertex an empty key that no slot holds.
func (k *keys) addUnindexed() int32 {
	id, _ := k.keep(nil) // one byte: never full when the others were not
	return id
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
	return k.data.bytes(1) + k.at.bytes(4) + 4*int64(cap(k.slots))
}

// lists are the followers of each vertex, each list set once.
type lists struct {
	at   column[uint32] // where u's list is kept
	n    column[uint32] // 1 + the length of u's list; 0 while it is not listed
	flat spans[int32]
	e    int // the followers in all the lists
}

// len is the number of vertices.
func (l *lists) len() int { return l.at.len() }

// listed reports whether u's list is set.
func (l *lists) listed(u int32) bool { return l.n.get(int(u)) != 0 }

// of is the followers of u.
func (l *lists) of(u int32) []int32 {
	n := l.n.get(int(u))
	if n <= 1 {
		return nil
	}
	return l.flat.from(l.at.get(int(u)))[:n-1]
}

// addVertex adds a vertex not listed yet.
func (l *lists) addVertex() {
	l.at.push(0)
	l.n.push(0)
}

// set makes ws u's list; false when the lists are full.
func (l *lists) set(u int32, ws []int32) bool {
	if len(ws) > 0 {
		at, ok := l.flat.add(ws)
		if !ok {
			return false
		}
		*l.at.ptr(int(u)) = at
	}
	*l.n.ptr(int(u)) = uint32(len(ws)) + 1
	l.e += len(ws)
	return true
}

// bytes is the memory the lists hold.
func (l *lists) bytes() int64 {
	return l.at.bytes(4) + l.n.bytes(4) + l.flat.bytes(4)
}

// csr is a graph's lists in one array, vertex by vertex: u's list is
// flat[at[u]:at[u+1]].
type csr struct {
	at   []uint32
	flat []int32
}

func (c *csr) of(u int32) []int32 { return c.flat[c.at[u]:c.at[u+1]] }
