package octal

// The order of a rare value's scan. A rare value below c is an option only
// through a split a + (n-k-a) with two common parts, for some split digit k;
// the scan looks for one, marking every value it meets. The first witnesses
// lie at small parts a, but often for one split digit and not another (.376:
// x is met at a = 40 in n-3 and only past a = 10^4 in n-2). So the scan runs
// over the parts a in runs of interleave, and within a run over every split
// digit, rather than through all of one digit's splits before the next: for
// .376 at 3·10^5 this takes 13 times fewer steps a heap (.354 2 times, 4.007
// 1.2 times), and runs of a few hundred parts keep the kernels' loops long.

// interleave is the number of parts a run of the scan takes from each split
// digit. With one split digit, a run is the whole stretch.
const interleave = 256

// cursor is where a scan of heap n's splits stands: the run of parts from
// base, the split digit si within it, and the next part a to scan there (a
// part below the run's start means the run's start).
type cursor struct{ base, si, a int }

// scanFrom is a cursor at the start of the run from part a.
func scanFrom(a int) cursor { return cursor{base: a} }

// reach is the splits a scan runs through: those of heap n with parts
// a < top whose other part r-a lies below n0, or, inside, at n0 or above.
type reach struct {
	n, n0, top int
	inside     bool
}

// below is the reach of heap n's splits with both parts below n0.
func below(n, n0 int) reach { return reach{n: n, n0: n0, top: unbounded} }

// segment returns the next stretch of the scan from cur: the splits of
// r = n - k for the split digit k = splits[cur.si], parts a = lo..hi within
// s and with a <= (r-uneq)/2. It reports false when the scan is over.
// Scanning the stretch up to a part i moves the cursor on with cur.a = i+1.
func (e *sparseEngine[T]) segment(s reach, cur *cursor) (r, lo, hi int, ok bool) {
	r0 := s.n - e.splits[0] // the largest r
	last := min(s.top-1, (r0-e.uneq)/2)
	if s.inside {
		last = min(last, r0-s.n0)
	}
	for cur.base <= last {
		if cur.si < len(e.splits) {
			r = s.n - e.splits[cur.si]
			lo = max(cur.a, cur.base, 1)
			hi = min((r-e.uneq)/2, s.top-1)
			if len(e.splits) > 1 {
				hi = min(hi, cur.base+interleave-1)
			}
			if s.inside {
				hi = min(hi, r-s.n0)
			} else {
				lo = max(lo, r-s.n0+1)
			}
			if lo <= hi {
				return r, lo, hi, true
			}
			if len(e.splits) == 1 { // one run: the whole stretch
				break
			}
			cur.si, cur.a = cur.si+1, 0
			continue
		}
		cur.base, cur.si, cur.a = cur.base+interleave, 0, 0
	}
	return 0, 0, 0, false
}

// scanFor scans the splits of s from the cursor, marking every value met in
// m with stamp st, until it meets x or has taken *left steps (it takes them
// off *left). It reports whether it met x; when it did not and *left > 0,
// the scan is over.
func (e *sparseEngine[T]) scanFor(g []T, s reach, x uint32, cur *cursor, left *int, m *marks, st uint32) bool {
	for *left > 0 {
		r, lo, hi, ok := e.segment(s, cur)
		if !ok {
			return false
		}
		hi = min(hi, lo+*left-1)
		if i := scanKernel(g, r, lo, hi, x, m, st); i >= 0 {
			*left -= i - lo + 1
			cur.a = i + 1
			return true
		}
		*left -= hi - lo + 1
		cur.a = hi + 1
	}
	return false
}

// unbounded is a budget no scan reaches.
const unbounded = 1 << 62
