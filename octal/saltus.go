package octal

// Arithmetic periodicity, proved.
//
// The values of many infinite codes grow without bound, yet follow a pattern:
// g(n+p) = g(n) + s for every n >= n0, with s a power of two (Lasker's Nim,
// 4.(3): g(4k+1) = 4k+1, g(4k+2) = 4k+2, g(4k+3) = 4k+4, g(4k+4) = 4k+3).
// Such a pattern is found from the values, then proved by an induction whose
// step is checked once for every residue of n modulo p.
//
// Write n = n0 + T·p + j (0 <= j < p) and g(n0+i) = c_i·s + r_i with r_i < s.
// If the pattern holds below n, every heap m >= n0 has g(m) = (t + c_i)·s +
// r_i for m = n0 + t·p + i, and the XOR of two such values is the XOR of their
// high parts times s plus the XOR of their low parts r. For T large, every
// option of n is one of:
//
//   - a heap n - q for a fixed q (a take k < K, the explicit digits, or a
//     split with a fixed small part): its value is (T + e)·s + r for e and r
//     fixed by j and q;
//   - any heap m <= n - K (the tail digit leaves one heap): values
//     (t + c_i)·s + r_i for t from 0 to T + a constant, an interval of high
//     parts for each residue; or a heap below n0, a fixed value;
//   - a split a + b: its low part is r_a XOR r_b, fixed by the residues of a
//     and b; with b a fixed small heap, its value is ((T + e) XOR h_b)·s +
//     (r_a XOR l_b), and that equals (T + c)·s + r for some large T only when
//     the low parts agree and c - e is a sum of ± the bits of h_b.
//
// The step then needs, for each j: no option has the value (T + c_j)·s + r_j,
// which is checked on the low parts and the fixed offsets (splits whose low
// parts could agree make the check fail: nothing is claimed); and every
// smaller value is an option, checked for each low part r < s as intervals of
// high parts [lo, T + hi] (all of them overlap once T is large, so their
// union is one interval), fixed values below lo, and values T + e above
// T + hi. Every "T large" above is made explicit as a bound T1: the values
// below n0 + T1·p are compared with the pattern directly, and the induction
// proves the rest.

import (
	"context"
	"fmt"
	"math/big"
	"math/bits"
	"strings"
)

// Saltus is a proved arithmetic period: g(n+Len) = g(n) + Jump for every
// n >= Pre, Jump a power of two.
type Saltus struct {
	Pre, Len int64
	Jump     uint64
	Checked  int64 // the values g(0) .. g(Checked-1) were computed
	Needed   int64 // the induction needed g(0) .. g(Needed-1)
	base     []uint64
	pre      []uint32 // g(0) .. g(Pre-1)
}

// SaltusTheorem names the argument that proves a Saltus.
const SaltusTheorem = "induction on n, each residue modulo the period checked once: no option of n has the value of the pattern and every smaller value is an option"

// Value is g(n) for any n >= 0.
func (s *Saltus) Value(n *big.Int) *big.Int {
	if n.IsInt64() && n.Int64() < s.Pre {
		return big.NewInt(int64(s.pre[n.Int64()]))
	}
	t, i := new(big.Int).QuoRem(new(big.Int).Sub(n, big.NewInt(s.Pre)), big.NewInt(s.Len), new(big.Int))
	v := t.Mul(t, new(big.Int).SetUint64(s.Jump))
	return v.Add(v, new(big.Int).SetUint64(s.base[i.Int64()]))
}

// At is g(Pre+j) for 0 <= j < Len: the values of the first period.
func (s *Saltus) At(j int64) uint64 { return s.base[j] }

// String says what was proved, and how.
func (s *Saltus) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "arithmetic period %d, saltus %d, from n = %d: g(n + %d) = g(n) + %d", s.Len, s.Jump, s.Pre, s.Len, s.Jump)
	if s.Len <= 16 {
		vals := make([]string, s.Len)
		for i, v := range s.base {
			vals[i] = fmt.Sprint(v)
		}
		fmt.Fprintf(&b, ", starting %s", strings.Join(vals, " "))
	}
	fmt.Fprintf(&b, "; proved by %s, from the values up to %d (it needs them up to %d)", SaltusTheorem, s.Checked-1, s.Needed-1)
	return b.String()
}

// arithmetic reports whether the table may look for an arithmetic period:
// an infinite code, no 'loses if', no unequal splits, at most two heaps left.
func (t *Table) arithmetic() bool {
	c := t.code
	return !c.Finite() && t.cfg.Lost == nil && !c.Unequal() && c.Splits() <= 2 && c.Digit(0)&(LeaveNone|LeaveOne) == 0
}

// Saltus returns the arithmetic period proved so far, or nil.
func (t *Table) Saltus() *Saltus { return t.saltus }

// saltusFirst and saltusMax bound the values looked at for an arithmetic
// period unless a limit says otherwise: the plain engine needs O(n) work per
// value of an infinite code, so 2^15 values take about a second.
const (
	saltusFirst = 256
	saltusMax   = 1 << 15
)

// FindSaltus grows the table until an arithmetic period is proved or more
// than limit values would be needed (limit <= 0: the default bound), and
// returns it (nil if none was proved).
func (t *Table) FindSaltus(ctx context.Context, limit int) (*Saltus, error) {
	if !t.arithmetic() {
		return nil, nil
	}
	if limit <= 0 {
		limit = saltusMax
	}
	t.searching = true
	defer func() { t.searching = false }()
	for t.saltus == nil {
		if s := t.trySaltus(); s != nil {
			t.saltus = s
			break
		}
		if t.seq.Len() >= limit {
			break
		}
		target := min(max(2*t.seq.Len(), saltusFirst), limit)
		if s := t.saltusWant; s > t.seq.Len() && s <= limit {
			target = max(target, s)
		}
		if target <= t.seq.Len() {
			break
		}
		if err := t.Grow(ctx, target-1); err != nil {
			return nil, err
		}
	}
	return t.saltus, nil
}

// trySaltus looks for an arithmetic period in the values stored and proves
// it, or notes in saltusWant how many values its proof needs.
func (t *Table) trySaltus() *Saltus {
	L := t.seq.Len()
	n0, p, jump, ok := t.saltusCandidate(L)
	if !ok {
		return nil
	}
	pr := newSaltusProof(t, n0, p, jump)
	T1, ok := pr.step()
	if !ok {
		return nil
	}
	need := n0 + T1*p
	if need > int64(L) {
		t.saltusWant = int(need) + 1
		return nil
	}
	s := &Saltus{Pre: n0, Len: p, Jump: jump, Checked: int64(L), Needed: need, base: pr.base}
	for i := int64(0); i < n0; i++ {
		s.pre = append(s.pre, t.seq.At(int(i)))
	}
	// The smallest preperiod: g(n+p) = g(n) + s may hold from an earlier n.
	for s.Pre > 1 && t.seq.At(int(s.Pre-1+p)) == t.seq.At(int(s.Pre-1))+uint32(jump) {
		s.Pre--
		s.pre = s.pre[:s.Pre]
		s.base = append([]uint64{uint64(t.seq.At(int(s.Pre)))}, s.base[:p-1]...)
	}
	return s
}

// saltusCandidate finds the smallest p such that g(n+p) - g(n) is one power
// of two for every n from some n0 >= 1 to the end of the values, over a
// stretch long enough to mean something.
func (t *Table) saltusCandidate(L int) (n0, p int64, jump uint64, ok bool) {
	g := func(i int) int64 { return int64(t.seq.At(i)) }
	for q := 1; q <= L/6 && q <= 1024; q++ {
		d := g(L-1) - g(L-1-q)
		if d <= 0 || d&(d-1) != 0 {
			continue
		}
		m := L - 1 - q
		for m >= 0 && g(m+q)-g(m) == d {
			m--
		}
		start := max(m+1, 1)
		if L-start < 4*q+32 {
			continue
		}
		return int64(start), int64(q), uint64(d), true
	}
	return 0, 0, 0, false
}

// saltusProof checks the induction step for the pattern g(n0+t·p+i) =
// (t + c_i)·s + r_i.
type saltusProof struct {
	code  Code
	n0, p int64
	shift uint     // s = 1 << shift
	c     []int64  // high parts of g(n0+i)
	r     []uint64 // low parts
	base  []uint64 // g(n0+i)
	small []uint64 // g(b) for b < n0 + smallPeriods·p: known values
	K     int64    // digits below K are explicit, the tail applies from K
	tail  Digit    // the tail digit
	limit int64    // the largest constant met, for the bound T1
	why   string   // why the step failed, for tests
}

// smallPeriods is how many periods past n0 small parts of splits are taken
// from when covering values.
const smallPeriods = 2

// cover is one way values with a given low part are options: an interval of
// high parts [lo, T+hi], a fixed high part (point, when fixed is set), or a
// high part T+e (point at T).
type cover struct {
	kind   int // coverInterval, coverFixed, coverTop
	lo, hi int64
}

const (
	coverInterval = iota
	coverFixed
	coverTop
)

func newSaltusProof(t *Table, n0, p int64, jump uint64) *saltusProof {
	pr := &saltusProof{code: t.code, n0: n0, p: p, shift: uint(bits.TrailingZeros64(jump))}
	pr.tail, pr.K = t.code.tail, int64(len(t.code.digits))
	for i := int64(0); i < p; i++ {
		v := uint64(t.seq.At(int(n0 + i)))
		pr.base = append(pr.base, v)
		pr.c = append(pr.c, int64(v>>pr.shift))
		pr.r = append(pr.r, v&(jump-1))
	}
	for b := int64(0); b < n0+smallPeriods*p && b < int64(t.seq.Len()); b++ {
		pr.small = append(pr.small, uint64(t.seq.At(int(b))))
	}
	return pr
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}

// near is the value of heap n - q for n = n0 + T·p + j: (T + e)·s + r.
func (pr *saltusProof) near(j, q int64) (e int64, r uint64) {
	x := j - q
	d := floorDiv(x, pr.p)
	i := x - d*pr.p
	pr.note(d, pr.c[i])
	return d + pr.c[i], pr.r[i]
}

// note records constants for the bound T1.
func (pr *saltusProof) note(xs ...int64) {
	for _, x := range xs {
		pr.limit = max(pr.limit, x, -x)
	}
}

func (pr *saltusProof) fail(format string, args ...any) (int64, bool) {
	pr.why = fmt.Sprintf(format, args...)
	return 0, false
}

// step checks the induction step for every residue j and returns T1, the
// number of periods from which it holds.
func (pr *saltusProof) step() (int64, bool) {
	p := pr.p
	ks := max(pr.K, 1) // the tail's singles: takes k >= ks
	pr.note((pr.K+pr.n0)/p+smallPeriods+2, int64(len(pr.small)))
	for _, v := range pr.small {
		pr.note(int64(v>>pr.shift) + 1)
	}
	for _, c := range pr.c {
		pr.note(c)
	}
	for j := int64(0); j < p; j++ {
		if !pr.unreached(j, ks) || !pr.covered(j, ks) {
			return 0, false
		}
	}
	return 2*pr.limit + 4, true
}

// unreached checks that no option of n = n0 + T·p + j has its value.
func (pr *saltusProof) unreached(j, ks int64) bool {
	return pr.unreachedOne(j, ks) && pr.unreachedSplits(j) && pr.unreachedTail(j)
}

// unreachedOne checks the moves that leave one heap.
func (pr *saltusProof) unreachedOne(j, ks int64) bool {
	cj, rj := pr.c[j], pr.r[j]
	// Leaving nothing gives 0, below the value once T >= 1.
	for k := int64(1); k < pr.K; k++ {
		if pr.code.Digit(k)&LeaveOne != 0 {
			if e, r := pr.near(j, k); e == cj && r == rj {
				pr.fail("taking %d leaves a heap of the same value", k)
				return false
			}
		}
	}
	if pr.tail&LeaveOne != 0 {
		// A heap m = n - q with the same value has q fixed by the residue.
		for i := int64(0); i < pr.p; i++ {
			if pr.r[i] == rj {
				if q := (j - i) + (pr.c[i]-cj)*pr.p; q >= ks {
					pr.fail("the heap %d smaller has the same value", q)
					return false
				}
			}
		}
	}
	return true
}

// unreachedSplits checks the splits of the takes below K.
func (pr *saltusProof) unreachedSplits(j int64) bool {
	cj, rj := pr.c[j], pr.r[j]
	mask := uint64(1)<<pr.shift - 1
	for k := int64(0); k < pr.K; k++ {
		if pr.code.Digit(k)&LeaveTwo == 0 {
			continue
		}
		// splits with a part b below n0: fixed offsets
		for b := int64(1); b < pr.n0; b++ {
			hb, lb := pr.small[b]>>pr.shift, pr.small[b]&mask
			e, r := pr.near(j, k+b)
			if r^lb == rj && xorShift(hb, cj-e) {
				pr.fail("taking %d and leaving %d and a heap may reach the value", k, b)
				return false
			}
		}
		// Both parts past n0: residues with ia + ib = j - k - n0 (mod p),
		// and high parts x + y = T + d + c_ia + c_ib. When the low parts
		// agree, x XOR y = T + c_j is still impossible if x + y is smaller
		// or of the other parity.
		want := ((j-k-pr.n0)%pr.p + pr.p) % pr.p
		for ia := int64(0); ia < pr.p; ia++ {
			ib := ((want-ia)%pr.p + pr.p) % pr.p
			d := (j-k-pr.n0-ia-ib)/pr.p + pr.c[ia] + pr.c[ib] - cj
			if pr.r[ia]^pr.r[ib] == rj && d >= 0 && d%2 == 0 {
				pr.fail("taking %d and splitting may reach the value", k)
				return false
			}
		}
	}
	return true
}

// unreachedTail checks the splits of the takes from K on (the code's tail).
func (pr *saltusProof) unreachedTail(j int64) bool {
	cj, rj := pr.c[j], pr.r[j]
	mask := uint64(1)<<pr.shift - 1
	if pr.tail&LeaveTwo != 0 {
		// Takes k >= K: the parts' high parts sum to at most what the
		// smallest such k leaves, and a XOR is at most a sum.
		for b := int64(1); b < pr.n0; b++ {
			hb, lb := int64(pr.small[b]>>pr.shift), pr.small[b]&mask
			for i := int64(0); i < pr.p; i++ {
				top := floorDiv(j-pr.K-b-i, pr.p) + pr.c[i] + hb
				if pr.r[i]^lb == rj && top >= cj {
					pr.fail("a split leaving %d may reach the value", b)
					return false
				}
			}
		}
		for ia := int64(0); ia < pr.p; ia++ {
			for ib := int64(0); ib < pr.p; ib++ {
				rest := j - pr.n0 - ia - ib // k = rest (mod p), k >= K
				kmin := pr.K + ((rest-pr.K)%pr.p+pr.p)%pr.p
				top := (rest-kmin)/pr.p + pr.c[ia] + pr.c[ib]
				pr.note(top)
				if pr.r[ia]^pr.r[ib] == rj && top >= cj {
					pr.fail("a split may reach the value")
					return false
				}
			}
		}
	}
	return true
}

// xorShift reports whether x XOR h = x + d for some x >= 0. As x runs over
// the numbers, x XOR h - x runs over every sum of ± each bit of h (+ where x
// has a 0): d is one when (h + d)/2, the bits taken with +, is a part of h.
func xorShift(h uint64, d int64) bool {
	if d > int64(h) || -d > int64(h) {
		return false
	}
	sum := int64(h) + d
	return sum%2 == 0 && uint64(sum/2)&^h == 0
}

// covered checks that every value below that of n = n0 + T·p + j is an
// option of n.
func (pr *saltusProof) covered(j, ks int64) bool {
	return pr.coversAll(j, pr.covers(j, ks))
}

// covers are, by low part, the values n's options reach: fixed values,
// intervals of high parts and values at the top (T + e).
func (pr *saltusProof) covers(j, ks int64) [][]cover {
	s := uint64(1) << pr.shift
	mask := s - 1
	cov := make([][]cover, s)
	add := func(r uint64, c cover) { cov[r] = append(cov[r], c) }
	if pr.tail&LeaveNone != 0 {
		add(0, cover{kind: coverFixed, lo: 0})
	}
	if pr.tail&LeaveOne != 0 {
		for x := int64(1); x < pr.n0; x++ { // a heap left is not empty
			add(pr.small[x]&mask, cover{kind: coverFixed, lo: int64(pr.small[x] >> pr.shift)})
		}
		for i := int64(0); i < pr.p; i++ {
			hi := floorDiv(j-ks-i, pr.p) + pr.c[i]
			pr.note(hi)
			add(pr.r[i], cover{kind: coverInterval, lo: pr.c[i], hi: hi})
		}
	}
	for k := int64(1); k < pr.K; k++ {
		if pr.code.Digit(k)&LeaveOne != 0 {
			e, r := pr.near(j, k)
			add(r, cover{kind: coverTop, lo: e})
		}
	}
	for b := int64(1); b < int64(len(pr.small)); b++ {
		if pr.small[b] < s { // else its high part would mix with T's
			pr.coverSmallPart(j, b, add)
		}
	}
	if pr.tail&LeaveTwo != 0 {
		for a := int64(1); a < pr.n0; a++ {
			for b := a; b < pr.n0; b++ {
				v := pr.small[a] ^ pr.small[b]
				add(v&mask, cover{kind: coverFixed, lo: int64(v >> pr.shift)})
			}
		}
	}
	return cov
}

// coverSmallPart adds what the splits leaving a small heap b (of value
// below s) beside another reach: the top beside a take below K, and
// intervals beside the tail's heaps.
func (pr *saltusProof) coverSmallPart(j, b int64, add func(uint64, cover)) {
	lb := pr.small[b]
	for k := int64(0); k < pr.K; k++ {
		if pr.code.Digit(k)&LeaveTwo != 0 {
			e, r := pr.near(j, k+b)
			add(r^lb, cover{kind: coverTop, lo: e})
		}
	}
	if pr.tail&LeaveTwo == 0 {
		return
	}
	for i := int64(0); i < pr.p; i++ {
		hi := floorDiv(j-pr.K-b-i, pr.p) + pr.c[i]
		pr.note(hi)
		add(pr.r[i]^lb, cover{kind: coverInterval, lo: pr.c[i], hi: hi})
	}
}

// coversAll checks that cov holds every value below n's.
func (pr *saltusProof) coversAll(j int64, cov [][]cover) bool {
	s := uint64(1) << pr.shift
	for r := uint64(0); r < s; r++ {
		top := pr.c[j] - 1 // the high parts needed: 0 .. T + top
		if r < pr.r[j] {
			top = pr.c[j]
		}
		if !pr.coversResidue(j, r, top, cov[r]) {
			return false
		}
	}
	return true
}

// coversResidue checks that the covers of low part r reach every high
// part 0 .. T + top: an interval, fixed values below it, tops above it.
func (pr *saltusProof) coversResidue(j int64, r uint64, top int64, cov []cover) bool {
	lo, hi, any := int64(0), int64(0), false
	fixed, tops := map[int64]bool{}, map[int64]bool{}
	for _, c := range cov {
		switch c.kind {
		case coverInterval:
			if !any || c.lo < lo {
				lo = c.lo
			}
			if !any || c.hi > hi {
				hi = c.hi
			}
			any = true
		case coverFixed:
			fixed[c.lo] = true
		case coverTop:
			tops[c.lo] = true
		}
	}
	if !any {
		pr.fail("no interval of values with low part %d is reached (residue %d)", r, j)
		return false
	}
	for h := int64(0); h < lo; h++ {
		if !fixed[h] {
			pr.fail("the value %d is not reached (residue %d)", uint64(h)<<pr.shift|r, j)
			return false
		}
	}
	for e := hi + 1; e <= top; e++ {
		if !tops[e] {
			pr.fail("the value (T%+d)·%d + %d is not reached (residue %d)", e, uint64(1)<<pr.shift, r, j)
			return false
		}
	}
	return true
}
