package octal

// Periodicity, proved.
//
// A finite code has a largest take t. If its values satisfy g(n+p) = g(n) for
// every n in e <= n < N0, they do so for every n >= e, where
//
//	N0 = e + t             for codes that never split a heap: g(n) depends
//	                       only on g(n-t) .. g(n-1);
//	N0 = 2e + p + t        for codes that split a heap in two (the Guy-Smith
//	                       periodicity theorem, Winning Ways ch. 4);
//	N0 = 3e + 2p + t       for codes that split a heap in three.
//
// (Induction on n >= N0: a move from n+p leaves heaps summing to n+p-k, the
// largest of them at least (n+p-k)/j for j heaps, hence at least e+p; taking p
// from it gives a move of n with the same value, and every move of n arises so.
// The preperiod e is taken >= 1, so that no heap of size 0 appears.)
//
// So with values known up to N0 + p - 1 the period is proved. Candidates come
// from a scan at geometrically spaced lengths: the smallest p for which the
// last window of values repeats p earlier, found with a rolling hash run
// backwards over the table (O(n), no extra memory). A candidate's preperiod
// follows from the last n with g(n) != g(n-p), kept up to date as the table
// grows; once the table is long enough the period is proved, and its smallest
// divisor that is a period too is reported.

import (
	"context"
	"fmt"
	"math/big"
	"strings"
)

// Period is a proved period: g(n+Len) = g(n) for every n >= Pre.
type Period struct {
	Pre, Len      int64
	Exceptions    []int64 // the first exceptions, ascending (at most maxListed)
	NumExceptions int64   // how many n < Pre have g(n) != g(n+Len)
	Last          int64   // the last exception, Pre-1, or -1 when there is none
	Checked       int64   // the values g(0) .. g(Checked-1) were computed
	Needed        int64   // the theorem needed g(0) .. g(Needed-1)
	Theorem       string
	table         *Table // holds the values, g(Pre) .. g(Pre+Len-1) among them
}

// maxListed bounds the exceptions a Period lists.
const maxListed = 32

// LastException is the largest n with g(n) != g(n+Len), or -1.
func (p *Period) LastException() int64 { return p.Last }

// At returns g(Pre+j), for 0 <= j < Len: one period of values.
func (p *Period) At(j int64) uint32 { return p.table.seq.At(int(p.Pre + j)) }

func (p *Period) value(t *Table, n *big.Int) uint32 {
	if n.IsInt64() && n.Int64() < p.Pre {
		return t.seq.At(int(n.Int64()))
	}
	r := new(big.Int).Sub(n, big.NewInt(p.Pre))
	r.Mod(r, big.NewInt(p.Len))
	return p.At(r.Int64())
}

// String says what was proved, and how.
func (p *Period) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "period %d, preperiod %d", p.Len, p.Pre)
	switch n := p.NumExceptions; {
	case n == 0:
		b.WriteString(", no exceptions")
	case n <= 12:
		fmt.Fprintf(&b, ", exceptions at n = %s", joinInt64(p.Exceptions))
	default:
		fmt.Fprintf(&b, ", %d exceptions, the last at n = %d", n, p.Last)
	}
	fmt.Fprintf(&b, "; proved by %s from the values up to %d (it needs them up to %d)",
		p.Theorem, p.Checked-1, p.Needed-1)
	return b.String()
}

func joinInt64(xs []int64) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = fmt.Sprint(x)
	}
	return strings.Join(parts, ", ")
}

// provable reports whether a periodicity theorem applies to the table.
func (t *Table) provable() bool {
	return t.code.Finite() && t.cfg.Lost == nil && !t.code.Empty() && !t.code.Unequal() && !t.provableOff
}

func (t *Table) needed(e, p int64) int64 { return t.code.PeriodBound(e, p) }

// PeriodBound is how many heaps, 0 .. PeriodBound-1, a periodicity theorem
// for the code (finite, equal splits) needs to repeat with period p from e
// >= 1 for the pattern to go on forever: e+t+p with t the largest take for
// a code that never splits, 2e+2p+t for two heaps, 3e+3p+t for three. The
// misère quotients' images obey the same bound.
func (c Code) PeriodBound(e, p int64) int64 {
	t := int64(c.MaxTake())
	switch c.Splits() {
	case 1:
		return e + t + p
	case 2:
		return 2*e + p + t + p
	}
	return 3*e + 2*p + t + p
}

// TheoremName names that theorem in a word: window (no move splits),
// guy-smith-2 or guy-smith-3 (moves leave up to two or three heaps).
func (c Code) TheoremName() string {
	return [...]string{1: "window", 2: "guy-smith-2", 3: "guy-smith-3"}[c.Splits()]
}

func (t *Table) theorem() string {
	switch t.code.Splits() {
	case 1:
		return "the window theorem (no move splits a heap, so each value depends on the previous " + fmt.Sprint(t.code.MaxTake()) + ")"
	case 2:
		return "the Guy-Smith periodicity theorem"
	}
	return "the Guy-Smith periodicity theorem for moves that leave three heaps"
}

// periodSearch is the state of the search for a period as the table grows.
type periodSearch struct {
	p        int // the candidate period, 0 for none
	lastMis  int // the largest m with g(m) != g(m-p)
	checked  int // g(m) was compared with g(m-p) for m < checked
	nextScan int // the length at which to look for a candidate again
}

const firstScan = 64

// Candidate reports the period that the values suggest but that is not proved
// yet: p, the preperiod e it would have, and the values its proof needs.
func (t *Table) Candidate() (p, e, needed int64, ok bool) {
	s := &t.search
	if s.p == 0 || t.period != nil {
		return 0, 0, 0, false
	}
	e = max(1, int64(s.lastMis-s.p+1))
	return int64(s.p), e, t.needed(e, int64(s.p)), true
}

// observe brings the search up to the table's length n and proves the
// period when it can.
func (t *Table) observe(n int) {
	s := &t.search
	if t.period != nil || !t.provable() {
		return
	}
	if s.nextScan == 0 {
		s.nextScan = firstScan
	}
	if n >= s.nextScan {
		s.nextScan = n + n/2
		if p := t.candidate(n); p != 0 && p != s.p {
			s.p, s.lastMis, s.checked = p, t.lastMismatch(p, n), n
		}
	}
	if s.p == 0 {
		return
	}
	for m := s.checked; m < n; m++ {
		if t.seq.At(m) != t.seq.At(m-s.p) {
			s.lastMis = m
		}
	}
	s.checked = n
	e := max(1, int64(s.lastMis-s.p+1))
	if t.needed(e, int64(s.p)) <= int64(n) {
		t.prove(int64(s.p), n)
	}
}

// lastMismatch is the largest m < n with g(m) != g(m-p), or p-1.
func (t *Table) lastMismatch(p, n int) int {
	m := n - 1
	for m >= p && t.seq.At(m) == t.seq.At(m-p) {
		m--
	}
	return max(m, p-1)
}

// candidate is the smallest p such that the last window of values repeats p
// earlier, or 0. The windows' hashes are rolled backwards over the table.
func (t *Table) candidate(n int) int {
	L := min(max(n/16, 2*t.code.MaxTake()+8), 4096)
	if n < 2*L {
		return 0
	}
	const base = 0x9E3779B97F4A7C15 // odd, so invertible mod 2^64
	inv := inverse(base)
	top := uint64(1) // base^(L-1)
	for i := 1; i < L; i++ {
		top *= base
	}
	// h is the hash of the window g(i-L+1) .. g(i), as sum g(j) base^(i-j).
	hash := func(i int) uint64 {
		h := uint64(0)
		for j := i - L + 1; j <= i; j++ {
			h = h*base + uint64(t.seq.At(j)) + 1
		}
		return h
	}
	target := hash(n - 1)
	h := target
	for i := n - 1; i-1 >= L-1; i-- {
		// slide from the window ending at i to the one ending at i-1
		h = (h-uint64(t.seq.At(i))-1)*inv + (uint64(t.seq.At(i-L))+1)*top
		if h == target && t.windowsEqual(i-1, n-1, L) {
			return n - i
		}
	}
	return 0
}

func (t *Table) windowsEqual(i, j, L int) bool {
	for k := 0; k < L; k++ {
		if t.seq.At(i-k) != t.seq.At(j-k) {
			return false
		}
	}
	return true
}

// inverse is the inverse of an odd x modulo 2^64 (Newton's iteration).
func inverse(x uint64) uint64 {
	y := x
	for i := 0; i < 6; i++ {
		y *= 2 - x*y
	}
	return y
}

// prove records period p, proved with the first n values, or its smallest
// divisor that the same values prove.
func (t *Table) prove(p int64, n int) {
	best, e := p, max(1, int64(t.search.lastMis)-p+1)
	for d := int64(1); d < p; d++ {
		if p%d != 0 {
			continue
		}
		if ed := max(1, int64(t.lastMismatch(int(d), n))-d+1); t.needed(ed, d) <= int64(n) {
			best, e = d, ed
			break
		}
	}
	per := &Period{Len: best, Checked: int64(n), Needed: t.needed(e, best), Theorem: t.theorem(), table: t, Last: -1}
	// An exception is a heap whose value differs from the periodic one (as
	// OEIS and Winning Ways list them); the preperiod ends after the last.
	for i := int64(0); i < e; i++ {
		if t.seq.At(int(i)) != t.seq.At(int(e+((i-e)%best+best)%best)) {
			if per.NumExceptions++; len(per.Exceptions) < maxListed {
				per.Exceptions = append(per.Exceptions, i)
			}
			per.Last = i
		}
	}
	per.Pre = per.Last + 1
	t.period = per
}

// FindPeriod grows the table until a period is proved or more than limit
// values would be needed, and returns the period (nil if none was proved).
func (t *Table) FindPeriod(ctx context.Context, limit int) (*Period, error) {
	if !t.provable() {
		return nil, nil
	}
	t.searching = true
	defer func() { t.searching = false }()
	for t.period == nil && t.seq.Len() <= limit {
		target := max(2*t.seq.Len(), 256)
		if _, _, need, ok := t.Candidate(); ok && int(need) > t.seq.Len() {
			// just the values the candidate's proof needs: a step of at
			// least a sixteenth, for a candidate that keeps failing
			target = min(target, max(int(need), t.seq.Len()+t.seq.Len()/16))
		}
		target = min(target, limit+1)
		if target <= t.seq.Len() {
			break
		}
		if err := t.Grow(ctx, target-1); err != nil {
			return nil, err
		}
	}
	return t.period, nil
}
