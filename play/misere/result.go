package misere

import (
	"fmt"

	"github.com/gamelang/gamelang/octal"
	"slices"
	"strings"
)

// Quotient is a misère quotient as found for heaps up to a bound: what
// quotient(G) shows.
type Quotient struct {
	Game         string
	Order        int      // elements
	Presentation string   // <a, b | a^2 = 1, b^3 = b>
	P            []string // the P-portion, in normal forms
	Images       []string // Images[n] is the image of heap n
	Bound        int32    // the heaps it is proved for, when there is no period
	Period       *QPeriod // nil when none is proved: then it says nothing of heaps past Bound
	Stopped      string   // why it was not found past Bound, "" when nothing stopped it

	// The quotient as numbers, for a certificate: element 0 is the
	// identity, Mul its table, InP its P-portion, Phi[n] the image of heap
	// n for n <= Bound, Names[x] element x in normal form.
	Code  octal.Code
	Mul   [][]int32
	InP   []bool
	Phi   []int32
	Names []string
}

// quotient is what the learner has found, written out.
func (l *learner) quotient(game string) *Quotient {
	pr := l.ver.present(l.bound)
	q := &Quotient{Game: game, Order: l.ver.size(), Presentation: pr.String(), Bound: l.bound, Period: l.period,
		Code: l.code, Mul: l.ver.mul, InP: l.ver.isP, Phi: l.ver.phi[:l.bound+1], Names: pr.normal}
	var ps []int32
	for x, isP := range l.ver.isP {
		if isP {
			ps = append(ps, int32(x))
		}
	}
	slices.SortFunc(ps, pr.order)
	for _, x := range ps {
		q.P = append(q.P, pr.normal[x])
	}
	last := int(l.bound)
	if p := l.period; p != nil {
		last = min(last, p.Pre+p.Len-1)
	}
	for n := 0; n <= last; n++ {
		q.Images = append(q.Images, pr.normal[l.ver.phi[n]])
	}
	if l.failed != nil {
		q.Stopped = l.failed.Error()
	}
	return q
}

// String writes the quotient: its order and P-portion, presentation,
// images of heaps ten to a line, and what is proved.
func (q *Quotient) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "misère quotient of %s", q.Game)
	if q.Period == nil {
		fmt.Fprintf(&b, ", heaps up to %d", q.Bound)
	}
	fmt.Fprintf(&b, ": order %d, %d in the P-portion\n", q.Order, len(q.P))
	fmt.Fprintf(&b, "  %s\n", q.Presentation)
	fmt.Fprintf(&b, "  P = {%s}\n", strings.Join(q.P, ", "))
	width := len(fmt.Sprint(len(q.Images) - 1))
	for n := 0; n < len(q.Images); n += 10 {
		end := min(n+10, len(q.Images))
		fmt.Fprintf(&b, "  heap %*d: %s\n", width, n, strings.Join(q.Images[n:end], " "))
	}
	switch p := q.Period; {
	case p != nil:
		fmt.Fprintf(&b, "  period %d from heap %d: proved by the misère periodicity theorem with the heaps up to %d; every sum of heaps of any size is answered through it", p.Len, p.Pre, p.Needed)
	case q.Stopped != "":
		fmt.Fprintf(&b, "  no finite quotient found past heap %d (%s): nothing is claimed for larger heaps", q.Bound, q.Stopped)
	default:
		fmt.Fprintf(&b, "  no period proved by heap %d: nothing is claimed for larger heaps", q.Bound)
	}
	return b.String()
}

// Tame reports whether the quotient is tame: the quotient of a game whose
// positions all have the genus of a position of Nim (Plambeck and Siegel,
// "Misère quotients for impartial games"). Such a quotient is T_k: the
// identity, an element a with a^2 = 1, and an ideal G of the other 2^(k+1)
// elements that is an elementary abelian 2-group — every g^2 its
// identity e — with P = {a, e} (P = {a} for k = 0, the quotient <a | a^2 =
// 1>), a acting on G by multiplication with a·e ≠ e; the trivial
// quotient of a game without moves is tame too. These conditions fix the
// quotient up to isomorphism, which is what is checked.
func (q *Quotient) Tame() bool {
	n := len(q.Mul)
	if n == 1 {
		return true
	}
	a := q.involution()
	if a < 0 || !q.InP[a] {
		return false
	}
	if n == 2 {
		return true
	}
	var g []int32
	for x := int32(1); x < int32(n); x++ {
		if x != a {
			g = append(g, x)
		}
	}
	if m := len(g); m < 2 || m&(m-1) != 0 {
		return false
	}
	e := q.groupIdentity(g)
	if e < 0 || q.Mul[a][e] == e || !q.elementary(g, a, e) {
		return false
	}
	return q.pCount() == 2 && q.InP[e]
}

// involution is the one element a other than the identity with a^2 = 1;
// -1 when there is none, or more than one.
func (q *Quotient) involution() int32 {
	var a int32 = -1
	for x := int32(1); x < int32(len(q.Mul)); x++ {
		if q.Mul[x][x] == 0 {
			if a >= 0 {
				return -1
			}
			a = x
		}
	}
	return a
}

// pCount is how many elements the P-portion holds.
func (q *Quotient) pCount() int {
	p := 0
	for _, in := range q.InP {
		if in {
			p++
		}
	}
	return p
}

// groupIdentity is the identity of g, an element e with e·y = y for every
// y in g; -1 when there is none.
func (q *Quotient) groupIdentity(g []int32) int32 {
	var e int32 = -1
	for _, x := range g {
		ok := true
		for _, y := range g {
			ok = ok && q.Mul[x][y] == y
		}
		if ok {
			e = x
		}
	}
	return e
}

// elementary reports whether g is an elementary abelian 2-group with
// identity e, closed under multiplication by a.
func (q *Quotient) elementary(g []int32, a, e int32) bool {
	inG := make([]bool, len(q.Mul))
	for _, x := range g {
		inG[x] = true
	}
	for _, x := range g {
		if q.Mul[x][x] != e || !inG[q.Mul[a][x]] {
			return false
		}
		for _, y := range g {
			if !inG[q.Mul[x][y]] || q.Mul[x][y] != q.Mul[y][x] {
				return false
			}
		}
	}
	return true
}
