package solve

// The box: states that are tuples of numbers (a Graph whose keys are n
// little-endian int64s, IntKeyed) inside a box 0 <= x_i < dims[i] get the id
// of their cell, x_0·dims[1]·… + … + x_{n-1}, and their values live in a flat
// array: no hashing, no stored keys, neighbouring positions in neighbouring
// cells. States outside the box go to the hash table as before, with ids
// after the box's cells. The box is laid over the first root asked about and
// grows (at least doubling a side) to hold a later root, between queries,
// while its cells stay within the state cap and a quarter of the memory
// budget.

import "encoding/binary"

// IntKeyed is a Graph whose keys are KeyInts() little-endian int64s: the
// numbers its positions are made of (game.Kind.Make), in order.
type IntKeyed interface {
	KeyInts() int
}

// BoxGraph is an IntKeyed graph that can give the options of a state
// inside the box as cells: BoxOptions is Options, except that it may send
// options inside the box 0 <= x_i < dims[i] to run, as runs of cells (a
// cell is the sum of x_i·strides[i]): first, first+step, … count of them.
type BoxGraph interface {
	Graph
	IntKeyed
	BoxOptions(w *Work, s []byte, dims, strides []int64, run func(first, step int64, count int), yield func(opt []byte)) error
}

// absent marks a cell of the box no query has met: not a stored state.
const absent int32 = -3

type box struct {
	dims    []int64
	strides []int64 // a cell is the sum of x_i·strides[i]
	size    int64
}

// cell returns the cell of key, or false when the key lies outside.
func (b *box) cell(key []byte) (int32, bool) {
	idx := int64(0)
	for i, d := range b.dims {
		x := binary.LittleEndian.Uint64(key[8*i:])
		if x >= uint64(d) {
			return 0, false
		}
		idx = idx*d + int64(x)
	}
	return int32(idx), true
}

// Known is the value of the state whose key holds the numbers xs when it
// lies in the box and is valued: a loop that asks for millions of states
// (eval's compiled generators) looks there first, without a key.
func (m *Memo) Known(xs []int64) (int, bool) {
	b := m.box
	if b == nil || len(xs) != len(b.dims) {
		return 0, false
	}
	idx := int64(0)
	for i, d := range b.dims {
		x := xs[i]
		if uint64(x) >= uint64(d) { // negative, or past the box
			return 0, false
		}
		idx += x * b.strides[i]
	}
	if v := m.vals[idx]; v >= 0 {
		return int(v), true
	}
	return 0, false
}

// KnownPair is Known for a tuple of two numbers, the most common, read
// with no slice.
func (m *Memo) KnownPair(x, y int64) (int, bool) {
	b := m.box
	if b == nil || len(b.dims) != 2 || uint64(x) >= uint64(b.dims[0]) || uint64(y) >= uint64(b.dims[1]) {
		return 0, false
	}
	if v := m.vals[x*b.dims[1]+y]; v >= 0 {
		return int(v), true
	}
	return 0, false
}

// key writes the key of a cell into buf.
func (b *box) key(id int32, buf []byte) []byte {
	buf = buf[:8*len(b.dims)]
	idx := int64(id)
	for i := len(b.dims) - 1; i > 0; i-- {
		binary.LittleEndian.PutUint64(buf[8*i:], uint64(idx%b.dims[i]))
		idx /= b.dims[i]
	}
	binary.LittleEndian.PutUint64(buf, uint64(idx)) // below dims[0]
	return buf
}

// fit returns the box to use for a query from root: the current one if it
// holds root, else a larger one that does and fits the limits, else nil.
func (m *Memo) fit(root []byte) *box {
	ik, ok := m.g.(IntKeyed)
	if !ok || len(root) != 8*ik.KeyInts() || ik.KeyInts() == 0 {
		return nil
	}
	if m.box != nil {
		if _, in := m.box.cell(root); in {
			return m.box
		}
	}
	n := ik.KeyInts()
	dims := make([]int64, n)
	size := int64(1)
	budget := min(int64(m.limits.States()), m.limits.Memory()/16)
	for i := range dims {
		x := int64(binary.LittleEndian.Uint64(root[8*i:]))
		if x < 0 || x >= 1<<31 {
			return m.box
		}
		d := x + 1
		if m.box != nil {
			if old := m.box.dims[i]; d > old {
				d = max(d, 2*old)
			} else {
				d = old
			}
		} else {
			d = max(d, 16)
		}
		dims[i] = d
		if size *= d; size > budget {
			return m.box
		}
	}
	strides := make([]int64, n)
	for i, st := n-1, int64(1); i >= 0; i-- {
		strides[i] = st
		st *= dims[i]
	}
	return &box{dims: dims, strides: strides, size: size}
}

// rebox moves every stored state into the layout of box b: cells of b for
// those inside it, a new hash table after them for the rest.
func (m *Memo) rebox(b *box) {
	oldBox, oldTable, oldVals := m.box, m.table, m.vals
	m.box, m.table = b, newKeyTable()
	m.boxFree = 0 // a new box holds memory of its own: the limits are read anew
	m.keyBuf = make([]byte, 8*len(b.dims))
	m.vals = make([]int32, b.size, b.size+int64(oldTable.n))
	for i := range m.vals {
		m.vals[i] = absent
	}
	put := func(key []byte, v int32) {
		if v == absent {
			return
		}
		if c, in := b.cell(key); in {
			m.vals[c] = v
			return
		}
		_, slot := m.table.lookup(key)
		m.table.insert(key, slot)
		m.vals = append(m.vals, v)
	}
	base := int64(0)
	if oldBox != nil {
		buf := make([]byte, 8*len(oldBox.dims))
		for c := int64(0); c < oldBox.size; c++ {
			put(oldBox.key(int32(c), buf), oldVals[c])
		}
		base = oldBox.size
	}
	for id := 0; id < oldTable.n; id++ {
		put(oldTable.key(int32(id)), oldVals[base+int64(id)])
	}
}
