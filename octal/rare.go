package octal

// Rare ("sparse") values, as research tables report them for codes
// without a known period (Flammenkamp's pages; Winning Ways, ch. 4): fix a
// mask m and call a value v rare when popcount(v & m) is even, common when
// it is odd. For many games one mask leaves only a handful of heaps with a
// rare value, and a period can only appear once they stop. The mask is the
// one under which the fewest heaps are rare (bestMask, the sparse engine's
// choice), so the statistics are a function of the values alone.

// Rare is what a table's values say about their rare values.
type Rare struct {
	Mask  uint32 // v is rare when popcount(v & Mask) is even
	Count int    // the heaps 0 .. n-1 whose value is rare
	Last  int    // the last of them
	Max   uint32 // the largest value
	MaxAt int    // the first heap with it
	N     int    // the values counted
}

// Rare is the rare-value statistics of the values computed; ok is false
// when there are none.
func (t *Table) Rare() (r Rare, ok bool) {
	n := t.seq.Len()
	if n == 0 {
		return Rare{}, false
	}
	var hist []int64
	for i := range n {
		v := t.seq.At(i)
		for int(v) >= len(hist) {
			hist = append(hist, 0)
		}
		hist[v]++
		if v > r.Max {
			r.Max, r.MaxAt = v, i
		}
	}
	r.N = n
	if len(hist) < 2 { // every value 0: no mask makes any rare
		r.Count, r.Last = n, n-1
		return r, true
	}
	r.Mask, _ = bestMask(hist)
	for i := range n {
		if rareUnder(t.seq.At(i), r.Mask) {
			r.Count++
			r.Last = i
		}
	}
	return r, true
}

// RareHeaps lists the heaps below n whose value is rare under the mask.
func (t *Table) RareHeaps(mask uint32) []int {
	var out []int
	for i := range t.seq.Len() {
		if rareUnder(t.seq.At(i), mask) {
			out = append(out, i)
		}
	}
	return out
}

func rareUnder(v, mask uint32) bool {
	c := 0
	for x := v & mask; x != 0; x &= x - 1 {
		c++
	}
	return c%2 == 0
}
