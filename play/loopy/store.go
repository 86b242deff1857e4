package loopy

// Compact storage for the graph of positions. A position costs its key's
// bytes and a few words, not a map entry, a string and two slice headers
// (about 250 bytes a position once), and the arrays grow by chunks, never
// by copies: an array grown by append leaves the copies it outgrew to the
// collector, and the heap held twice what the graph needed before they
// went. Keys of numbers are kept as uvarints and lists of vertices as
// varint steps, so that a looping pair game of 4 million positions, four
// moves each, peaks at 58 bytes a position with its labelling (105 with
// 16-byte keys and 4-byte vertices).

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

// keys are the positions' keys, each kept as a record found by an
// open-addressing table of vertex numbers. A record is a uvarint, the
// length of the coded key times 8 plus the bytes the key has past its last
// 8-byte word, then the coded key: for a ruleset whose keys are
// little-endian numbers (solve.IntKeyed), each word as a uvarint (a tuple
// (2000, 2000) in 4 bytes, not 16), then the bytes past the last word; for
// any other, the key itself. Any key codes and decodes; a key of numbers
// is only kept shorter.
type keys struct {
	data  spans[byte]
	at    column[uint32] // where key u is kept
	slots []int32        // vertex+1 of each slot, 0 for an empty one; a power of two long
	seed  maphash.Seed
	ints  bool   // keys are coded word by word
	rec   []byte // the record of the key being found or kept
	body  []byte // a long key's coded form, while its length is put before it
	dec   []byte // the key last decoded
}

func newKeys(ints bool) *keys {
	return &keys{slots: make([]int32, 1024), seed: maphash.MakeSeed(), ints: ints}
}

// len is the number of keys.
func (k *keys) len() int { return k.at.len() }

// code makes k.rec key's record. A key of numbers is coded after a byte
// kept for the prefix, which is all the prefix takes when the coded key is
// shorter than 16 bytes.
func (k *keys) code(key []byte) {
	if !k.ints {
		k.rec = append(binary.AppendUvarint(k.rec[:0], uint64(len(key))<<3), key...)
		return
	}
	tail := len(key) % 8
	rec := append(k.rec[:0], 0)
	for i := 0; i+8 <= len(key); i += 8 {
		x := binary.LittleEndian.Uint64(key[i:])
		for x >= 0x80 {
			rec = append(rec, byte(x)|0x80)
			x >>= 7
		}
		rec = append(rec, byte(x))
	}
	rec = append(rec, key[len(key)-tail:]...)
	if n := len(rec) - 1; n < 16 {
		rec[0] = byte(n<<3 | tail)
	} else { // a long key: the prefix takes more bytes
		k.body = append(k.body[:0], rec[1:]...)
		rec = append(binary.AppendUvarint(rec[:0], uint64(n)<<3|uint64(tail)), k.body...)
	}
	k.rec = rec
}

// record is the record of key u.
func (k *keys) record(u int32) []byte {
	b := k.data.from(k.at.get(int(u)))
	n, w := binary.Uvarint(b)
	return b[:w+int(n>>3)]
}

// key is key u, valid until the next call.
func (k *keys) key(u int32) []byte {
	k.dec = k.appendKey(k.dec[:0], u)
	return k.dec
}

// appendKey appends key u to dst.
func (k *keys) appendKey(dst []byte, u int32) []byte {
	b := k.data.from(k.at.get(int(u)))
	n, w := binary.Uvarint(b)
	body, tail := b[w:w+int(n>>3)], int(n&7)
	if !k.ints {
		return append(dst, body...)
	}
	for len(body) > tail {
		x, w := binary.Uvarint(body)
		dst = binary.LittleEndian.AppendUint64(dst, x)
		body = body[w:]
	}
	return append(dst, body...)
}

func (k *keys) hash(rec []byte) int { return int(maphash.Bytes(k.seed, rec)) }

// find is the vertex of key, and whether it is there; when it is not, the
// slot where it would go.
func (k *keys) find(key []byte) (id int32, slot int, ok bool) {
	k.code(key)
	mask := len(k.slots) - 1
	for i := k.hash(k.rec) & mask; ; i = (i + 1) & mask {
		s := k.slots[i]
		if s == 0 {
			return 0, i, false
		}
		if bytes.Equal(k.record(s-1), k.rec) {
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
	k.code(key)
	at, ok := k.data.add(k.rec)
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
		i := k.hash(k.record(u)) & mask
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

// A list of vertices is kept as varints (zigzag), each the step from the
// one before, the first from the vertex whose list it is: the followers of
// a position are mostly found near it, and a step of less than 64 takes a
// byte, not four.

// seq reads a list of vertices: for it := ...; it.next(); { use it.v }.
type seq struct {
	b []byte
	v int32
}

func (s *seq) next() bool {
	b := s.b
	var x uint32
	switch {
	case len(b) == 0:
		return false
	case b[0] < 0x80: // one byte: most steps
		x, s.b = uint32(b[0]), b[1:]
	case len(b) > 1 && b[1] < 0x80: // two: most others
		x, s.b = uint32(b[0]&0x7f)|uint32(b[1])<<7, b[2:]
	default:
		d, w := binary.Varint(b)
		s.v += int32(d)
		s.b = b[w:]
		return true
	}
	s.v += int32(x>>1) ^ -int32(x&1)
	return true
}

// appendSteps appends the steps of ws from u to dst.
func appendSteps(dst []byte, u int32, ws []int32) []byte {
	for _, w := range ws {
		dst = binary.AppendVarint(dst, int64(w)-int64(u))
		u = w
	}
	return dst
}

// stepLen is the bytes of the step from u to w.
func stepLen(u, w int32) int {
	d := int64(w) - int64(u)
	x := uint64(d<<1) ^ uint64(d>>63)
	n := 1
	for x >= 0x80 {
		x >>= 7
		n++
	}
	return n
}

// notListed is where a vertex not listed yet is kept: no span is named so.
const notListed = ^uint32(0)

// lists are the followers of each vertex, each list set once, kept as a
// uvarint (the bytes of its steps) and its steps.
type lists struct {
	at   column[uint32] // where u's list is kept; notListed while it is not set
	flat spans[byte]
	e    int // the followers in all the lists
	// the list being set: its steps, and them with their length
	steps, buf []byte
}

// len is the number of vertices.
func (l *lists) len() int { return l.at.len() }

// listed reports whether u's list is set.
func (l *lists) listed(u int32) bool { return l.at.get(int(u)) != notListed }

// of reads the followers of u (none while u is not listed).
func (l *lists) of(u int32) seq {
	at := l.at.get(int(u))
	if at == notListed {
		return seq{}
	}
	b := l.flat.from(at)
	if b[0] == 0 {
		return seq{}
	}
	n, w := binary.Uvarint(b)
	return seq{b: b[w : w+int(n)], v: u}
}

// addVertex adds a vertex not listed yet.
func (l *lists) addVertex() { l.at.push(notListed) }

// set makes ws u's list; false when the lists are full.
func (l *lists) set(u int32, ws []int32) bool {
	l.steps = appendSteps(l.steps[:0], u, ws)
	l.buf = append(binary.AppendUvarint(l.buf[:0], uint64(len(l.steps))), l.steps...)
	at, ok := l.flat.add(l.buf)
	if !ok {
		return false
	}
	*l.at.ptr(int(u)) = at
	l.e += len(ws)
	return true
}

// bytes is the memory the lists hold.
func (l *lists) bytes() int64 {
	return l.at.bytes(4) + l.flat.bytes(1)
}

// csr is a graph's predecessor lists in one array, vertex by vertex: u's
// list is flat[at[u]:at[u+1]], its steps ascending from u.
type csr struct {
	at   []uint32
	flat []byte
}

func (c *csr) of(u int32) seq { return seq{b: c.flat[c.at[u]:c.at[u+1]], v: u} }
