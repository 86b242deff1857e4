package sweep

// Classes of codes, as the published tables count them: two codes are in
// one class when their sequences agree once each is shifted to start at its
// first heap with a move less one (Czajka's convention: a code that cannot
// take a heap of 1 is the code with every heap one smaller). A record
// carries its shifted sequence's id (Record.Class); codes with equal ids are
// in one class, proved for all heaps when both have a proved period, up to
// the values computed otherwise. The class's representative is its first
// code in the published order (codeOrder).

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"slices"
	"strings"

	"github.com/gamelang/gamelang/octal"
)

// classID is the id of a table's shifted sequence: "E+D:hash" for a proved
// period (the sequence from heap s, its least period D and the least
// preperiod E for it, hashed over E + D values), "first N:hash" for N
// values from heap s otherwise, N the values computed less 64.
func classID(tab *octal.Table, per *octal.Period) string {
	s := tab.Code().FirstMove() - 1
	if s < 0 {
		return "none" // no move: every value 0, the class of 0.0
	}
	h := sha256.New()
	put := func(v uint32) {
		var b [4]byte
		binary.LittleEndian.PutUint32(b[:], v)
		h.Write(b[:])
	}
	if per == nil {
		// the same number of values for every code, whatever its shift
		// (at most 64 for the codes a sweep can run): values computed less 64
		n := int64(tab.Len()) - maxShift
		for i := range max(n, 0) {
			put(tab.At(int(s + i)))
		}
		return fmt.Sprintf("first %d:%x", max(n, 0), h.Sum(nil)[:8])
	}
	val := func(n int64) uint32 {
		if n < per.Pre {
			return tab.At(int(n))
		}
		return per.At((n - per.Pre) % per.Len)
	}
	d := per.Len // the least period divides any period of the tail
	for _, q := range divisors(per.Len) {
		ok := true
		for n := per.Pre; n < per.Pre+per.Len && ok; n++ {
			ok = val(n) == val(n+q)
		}
		if ok {
			d = q
			break
		}
	}
	e := per.Pre
	for e > 0 && val(e-1) == val(e-1+d) {
		e--
	}
	e = max(e-s, 0)
	for i := range e + d {
		put(val(s + i))
	}
	return fmt.Sprintf("%d+%d:%x", e, d, h.Sum(nil)[:8])
}

// maxShift is the largest shift whose unproved classes are compared.
const maxShift = 64

// divisors lists the divisors of n, ascending.
func divisors(n int64) []int64 {
	var out []int64
	for q := int64(1); q <= n; q++ {
		if n%q == 0 {
			out = append(out, q)
		}
	}
	return out
}

// codeOrder orders codes as the published tables choose representatives:
// by the code as they write it (".51" for 0.51, "4.1", "4" for 4.0),
// shorter first, then in character order, '.' first.
func codeOrder(a, b string) int {
	wa, wb := written(a), written(b)
	if len(wa) != len(wb) {
		return len(wa) - len(wb)
	}
	return strings.Compare(wa, wb)
}

// Classes maps every code of the records to its class's representative,
// and says how many classes there are. Records without a class id (a
// query, or a game stopped before its first value) are left out.
func Classes(recs []Record) (rep map[string]string, count int) {
	by := map[string][]string{}
	for _, r := range recs {
		if r.Class != "" {
			by[r.Class] = append(by[r.Class], r.Game)
		}
	}
	rep = map[string]string{}
	for _, codes := range by {
		first := slices.MinFunc(codes, codeOrder)
		for _, c := range codes {
			rep[c] = first
		}
	}
	return rep, len(by)
}
