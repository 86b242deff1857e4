package solve

import "math/bits"

// Mex is a set of small numbers for the mex rule: the least number not in
// the set. Marking is one store and emptying one increment: seen[v] == stamp
// means v is in the set. Solvers that mark in a hot loop take the slice and
// the stamp once (Slots) and store into it themselves.
type Mex struct {
	seen  []uint32
	stamp uint32
}

// Use makes buf the set's storage (a fixed array, say); it is emptied.
func (m *Mex) Use(buf []uint32) {
	m.seen = buf
	clear(m.seen)
	m.stamp = 1
}

// Clear empties the set.
func (m *Mex) Clear() {
	if m.stamp++; m.stamp == 0 {
		clear(m.seen)
		m.stamp = 1
	}
}

// Fit makes room for every number below the power of two above v — every
// XOR of numbers up to v — and for one more power of two, where the mex of
// such numbers lands.
func (m *Mex) Fit(v uint32) {
	if m.stamp == 0 {
		m.stamp = 1
	}
	if need := 2 << bits.Len32(v); need > len(m.seen) {
		m.seen = append(m.seen, make([]uint32, need-len(m.seen))...)
	}
}

// Mark adds v, which must fit (see Fit).
func (m *Mex) Mark(v uint32) { m.seen[v] = m.stamp }

// Add adds v, making room for it first.
func (m *Mex) Add(v uint32) {
	if int(v) >= len(m.seen) {
		m.Fit(v)
	}
	m.seen[v] = m.stamp
}

// Has reports whether v is in the set.
func (m *Mex) Has(v uint32) bool { return int(v) < len(m.seen) && m.seen[v] == m.stamp }

// Slots returns the storage and the stamp that marks a member.
func (m *Mex) Slots() ([]uint32, uint32) { return m.seen, m.stamp }

// Len is the number of slots, one more than the largest number that fits.
func (m *Mex) Len() int { return len(m.seen) }

// Value is the least number not in the set.
func (m *Mex) Value() uint32 {
	v := uint32(0)
	for int(v) < len(m.seen) && m.seen[v] == m.stamp {
		v++
	}
	return v
}
