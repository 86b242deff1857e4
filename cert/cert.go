package cert

import (
	"bufio"
	"fmt"
	"io"

	"github.com/gamelang/gamelang/octal"
	"github.com/gamelang/gamelang/play/misere"
)

// Header is the first line of every certificate.
const Header = "gamelang-certificate 1"

// Period writes the certificate of a period p proved for table t: its
// values up to the bound the theorem needs.
func Period(w io.Writer, t *octal.Table, p *octal.Period) error {
	bound := t.Code().PeriodBound(max(p.Pre, 1), p.Len)
	if bound > int64(t.Len()) {
		return fmt.Errorf("the table holds %d values, fewer than the %d the certificate lists", t.Len(), bound)
	}
	b := bufio.NewWriter(w)
	fmt.Fprintf(b, "%s\n# Grundy values of the take-and-break game %s: period %d from n = %d.\n", Header, t.Code(), p.Len, p.Pre)
	fmt.Fprintf(b, "# Check with: go run github.com/gamelang/gamelang/cmd/certcheck FILE\n")
	fields(b, "claim", "period", "code", t.Code().String(), "theorem", t.Code().TheoremName(),
		"period", p.Len, "preperiod", p.Pre, "bound", bound)
	list(b, "values", int(bound), func(i int) int64 { return int64(t.At(i)) })
	return b.Flush()
}

// Saltus writes the certificate of an arithmetic period s proved for
// table t, with every value the table holds: the checker finds the bound
// of its induction itself.
func Saltus(w io.Writer, t *octal.Table, s *octal.Saltus) error {
	bound := int64(t.Len())
	if bound < s.Needed {
		return fmt.Errorf("the table holds %d values, fewer than the %d the proof needs", t.Len(), s.Needed)
	}
	b := bufio.NewWriter(w)
	fmt.Fprintf(b, "%s\n# Grundy values of the take-and-break game %s: g(n + %d) = g(n) + %d from n = %d.\n", Header, t.Code(), s.Len, s.Jump, s.Pre)
	fmt.Fprintf(b, "# Check with: go run github.com/gamelang/gamelang/cmd/certcheck FILE\n")
	fields(b, "claim", "arithmetic-period", "code", t.Code().String(), "theorem", "saltus-induction",
		"period", s.Len, "preperiod", s.Pre, "saltus", s.Jump, "bound", bound)
	list(b, "values", int(bound), func(i int) int64 { return int64(t.At(i)) })
	return b.Flush()
}

// Quotient writes the certificate of a misère quotient with a proved
// period.
func Quotient(w io.Writer, q *misere.Quotient) error {
	p := q.Period
	if p == nil {
		return fmt.Errorf("no period of the quotient is proved: nothing to certify")
	}
	code := q.Code
	bound := code.PeriodBound(int64(max(p.Pre, 1)), int64(p.Len))
	if bound > int64(len(q.Phi)) {
		return fmt.Errorf("the quotient covers heaps up to %d, fewer than the %d the certificate lists", len(q.Phi)-1, bound)
	}
	b := bufio.NewWriter(w)
	fmt.Fprintf(b, "%s\n# %s, order %d: the images of heaps repeat with period %d from heap %d.\n", Header, q.Game, q.Order, p.Len, p.Pre)
	fmt.Fprintf(b, "# %s\n", q.Presentation)
	fmt.Fprintf(b, "# Check with: go run github.com/gamelang/gamelang/cmd/certcheck FILE\n")
	fields(b, "claim", "misere-quotient", "code", code.String(), "theorem", "misere-"+code.TheoremName(),
		"period", p.Len, "preperiod", p.Pre, "bound", bound, "order", q.Order)
	fmt.Fprintf(b, "# elements:")
	for x, name := range q.Names {
		fmt.Fprintf(b, " %d=%s", x, name)
	}
	fmt.Fprintf(b, "\ntable %d\n", q.Order)
	for _, row := range q.Mul {
		for j, v := range row {
			if j > 0 {
				b.WriteByte(' ')
			}
			fmt.Fprint(b, v)
		}
		b.WriteByte('\n')
	}
	var inP []int64
	for x, isP := range q.InP {
		if isP {
			inP = append(inP, int64(x))
		}
	}
	list(b, "p-portion", len(inP), func(i int) int64 { return inP[i] })
	list(b, "images", int(bound), func(i int) int64 { return int64(q.Phi[i]) })
	return b.Flush()
}

func fields(b *bufio.Writer, kv ...any) {
	for i := 0; i < len(kv); i += 2 {
		fmt.Fprintf(b, "%s %v\n", kv[i], kv[i+1])
	}
}

// list writes a list of n numbers, twenty to a line.
func list(b *bufio.Writer, key string, n int, at func(i int) int64) {
	fmt.Fprintf(b, "%s %d\n", key, n)
	for i := 0; i < n; i++ {
		switch {
		case i%20 == 19 || i == n-1:
			fmt.Fprintf(b, "%d\n", at(i))
		default:
			fmt.Fprintf(b, "%d ", at(i))
		}
	}
}
