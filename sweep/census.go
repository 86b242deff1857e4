package sweep

// A census: a sweep's records laid out by class, as docs/census.md shows
// them — how many codes and classes, which are solved (a proved period)
// and which not at the bound, the distributions of periods and preperiods,
// the longest periods, and every unsolved class with its rare values.

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"
)

// censusClass is one class of a census: its representative's record and
// its codes.
type censusClass struct {
	rep   Record
	codes []string
}

// Census writes the census of a sweep's code analysis as Markdown.
func Census(w io.Writer, recs []Record) error {
	classes, noMove, stopped := censusClasses(recs)
	var solved, open []*censusClass
	for _, c := range classes {
		if c.rep.Period != nil {
			solved = append(solved, c)
		} else {
			open = append(open, c)
		}
	}
	byOrder := func(a, b *censusClass) int { return codeOrder(a.rep.Game, b.rep.Game) }
	slices.SortFunc(solved, byOrder)
	slices.SortFunc(open, byOrder)
	p := func(format string, args ...any) { fmt.Fprintf(w, format, args...) }
	p("| | |\n|---|---|\n")
	p("| codes | %d (%d without a move, %d stopped short) |\n", len(recs), noMove, stopped)
	p("| classes (besides the codes without a move) | %d |\n", len(classes))
	p("| solved: a period proved | %d classes, %d codes |\n", len(solved), codeCount(solved))
	p("| unsolved at the bound | %d classes, %d codes |\n\n", len(open), codeCount(open))

	if len(solved) > 0 {
		censusSolved(p, solved)
	}
	p("The unsolved classes, with their rare values at the bound (a value v is rare when v AND mask has an even number of ones):\n\n")
	p("| class | values | largest (at) | mask | rare | last rare | common | codes |\n|---|---|---|---|---|---|---|---|\n")
	for _, c := range open {
		r := c.rep
		if r.Rare == nil {
			p("| %s | %d | %d | | | | | %s |\n", written(r.Game), r.Values, deref(r.Max), codeList(c.codes))
			continue
		}
		p("| %s | %d | %d (%d) | %x | %d | %d | %.4f | %s |\n", written(r.Game), r.Values, r.Rare.Max, r.Rare.MaxAt, r.Rare.Mask, r.Rare.Count, r.Rare.Last, r.Rare.Common, codeList(c.codes))
	}
	return nil
}

// censusClasses parts the records into their classes, in the order first
// met, and counts the codes without a move and those that stopped.
func censusClasses(recs []Record) (classes []*censusClass, noMove, stopped int) {
	reps, _ := Classes(recs)
	byRep := map[string]*censusClass{}
	for _, r := range recs {
		switch {
		case r.Stopped != "":
			stopped++
			continue
		case r.Class == "none":
			noMove++
			continue
		case r.Class == "":
			continue
		}
		rep := reps[r.Game]
		c := byRep[rep]
		if c == nil {
			c = &censusClass{}
			byRep[rep] = c
			classes = append(classes, c)
		}
		if r.Game == rep {
			c.rep = r
		}
		c.codes = append(c.codes, r.Game)
	}
	return classes, noMove, stopped
}

// censusSolved writes the period and preperiod distributions of the
// solved classes and the longest periods.
func censusSolved(p func(string, ...any), solved []*censusClass) {
	p("Periods of the solved classes:\n\n| period | classes |\n|---|---|\n")
	for _, b := range buckets(solved, func(r Record) int64 { return r.Period.Length }) {
		p("| %s | %d |\n", b.label, b.n)
	}
	p("\nPreperiods of the solved classes:\n\n| preperiod | classes |\n|---|---|\n")
	for _, b := range buckets(solved, func(r Record) int64 { return r.Period.Preperiod }) {
		p("| %s | %d |\n", b.label, b.n)
	}
	longest := slices.Clone(solved)
	sort.SliceStable(longest, func(i, j int) bool { return longest[i].rep.Period.Length > longest[j].rep.Period.Length })
	p("\nThe longest periods:\n\n| class | period | preperiod | largest value | codes |\n|---|---|---|---|---|\n")
	for _, c := range longest[:min(15, len(longest))] {
		pr := c.rep.Period
		p("| %s | %d | %d | %d | %s |\n", written(c.rep.Game), pr.Length, pr.Preperiod, deref(c.rep.Max), codeList(c.codes))
	}
	p("\n")
}

func codeCount(cs []*censusClass) int {
	n := 0
	for _, c := range cs {
		n += len(c.codes)
	}
	return n
}

// codeList writes a class's codes as the tables do, the first few.
func codeList(codes []string) string {
	codes = slices.Clone(codes)
	slices.SortFunc(codes, codeOrder)
	var ws []string
	for _, c := range codes[:min(6, len(codes))] {
		ws = append(ws, written(c))
	}
	if len(codes) > 6 {
		ws = append(ws, fmt.Sprintf("… (%d)", len(codes)))
	}
	return strings.Join(ws, " ")
}

// written is a code as the published tables write it: ".51", "4.1", "4".
func written(c string) string {
	d0, rest, _ := strings.Cut(c, ".")
	rest = strings.TrimRight(rest, "0")
	switch {
	case d0 == "0" && rest == "":
		return "0"
	case d0 == "0":
		return "." + rest
	case rest == "":
		return d0
	}
	return d0 + "." + rest
}

// bucket is a range of numbers and how many classes fall in it.
type bucket struct {
	label string
	n     int
}

// buckets counts the classes by a number: each of 1 to 10 alone, then
// ranges by powers of ten.
func buckets(cs []*censusClass, key func(Record) int64) []bucket {
	var out []bucket
	count := func(lo, hi int64) int {
		n := 0
		for _, c := range cs {
			if k := key(c.rep); k >= lo && k <= hi {
				n++
			}
		}
		return n
	}
	for k := int64(0); k <= 10; k++ {
		if n := count(k, k); n > 0 {
			out = append(out, bucket{fmt.Sprint(k), n})
		}
	}
	for lo, hi := int64(11), int64(99); lo < 1<<62/10; lo, hi = hi+1, hi*10+9 {
		if n := count(lo, hi); n > 0 {
			out = append(out, bucket{fmt.Sprintf("%d–%d", lo, hi), n})
		}
	}
	return out
}

// MisereTable writes the misère quotients a sweep's query
// 'c: quotient(octal(c), bound)' found, one code a line: the order, the
// size of the P-portion, and the proved period of the heaps' images, or
// how far the quotient was found and why not further; before the table,
// the counts, and those of each reason a learning stopped.
func MisereTable(w io.Writer, recs []Record) error {
	var rows []string
	periodic, tame, stopped, failed := 0, 0, 0, 0
	reasons := map[string]int{}
	for _, r := range recs {
		if r.Answer == nil || r.Answer.Type != "quotient" {
			failed++
			rows = append(rows, fmt.Sprintf("| %s | | | | | %s |\n", written(r.Game), firstLine(r.Error)))
			continue
		}
		var q struct {
			Order  int      `json:"order"`
			P      []string `json:"p_portion"`
			Bound  int      `json:"bound"`
			Period *struct {
				Period, Preperiod int
			} `json:"period"`
			Stopped string `json:"stopped"`
			Tame    bool   `json:"tame"`
		}
		if err := json.Unmarshal(r.Answer.Value, &q); err != nil {
			return fmt.Errorf("%s: %v", r.Game, err)
		}
		per, found := "", "every heap"
		switch {
		case q.Period != nil:
			periodic++
			per = fmt.Sprintf("%d from heap %d", q.Period.Period, q.Period.Preperiod)
		case q.Stopped != "":
			stopped++
			why := learningStop(q.Stopped)
			reasons[why]++
			found = fmt.Sprintf("heaps up to %d; at %d, %s", q.Bound, q.Bound+1, why)
		default:
			found = fmt.Sprintf("heaps up to %d", q.Bound)
		}
		isTame := "no"
		if q.Tame {
			tame++
			isTame = "yes"
		}
		rows = append(rows, fmt.Sprintf("| %s | %d | %d | %s | %s | %s |\n", written(r.Game), q.Order, len(q.P), isTame, per, found))
	}
	fmt.Fprintf(w, "%d codes: %d quotients with a proved period (they hold for every heap), %d where no finite quotient was found past some heap, %d found to the bound without a period, %d errors; %d tame.\n\n",
		len(recs), periodic, stopped, len(recs)-periodic-stopped-failed, failed, tame)
	misereReasons(w, reasons)
	fmt.Fprintf(w, "| code | order | P-portion | tame | period | found for |\n|---|---|---|---|---|---|\n")
	for _, row := range rows {
		fmt.Fprint(w, row)
	}
	return nil
}

// misereReasons lists why learnings stopped, the commonest first.
func misereReasons(w io.Writer, reasons map[string]int) {
	if len(reasons) == 0 {
		return
	}
	var whys []string
	for why := range reasons {
		whys = append(whys, why)
	}
	sort.Slice(whys, func(i, j int) bool {
		return reasons[whys[i]] > reasons[whys[j]] || reasons[whys[i]] == reasons[whys[j]] && whys[i] < whys[j]
	})
	fmt.Fprintf(w, "Where a learning stopped, the next heap gave:\n\n")
	for _, why := range whys {
		fmt.Fprintf(w, "- %s: %s\n", why, plural(reasons[why], "code"))
	}
	fmt.Fprintln(w)
}

// learningStop is a learning's stop reason, short: the kind of limit met.
func learningStop(stopped string) string {
	switch {
	case strings.Contains(stopped, "a trial had more than"):
		return "a trial with more classes than the limit (1024) before one was verified"
	case strings.Contains(stopped, "has more than"):
		return "a quotient with more classes than the limit (256)"
	case strings.Contains(stopped, "recalibrations go round"):
		return "recalibrations that came back to a trial tried before"
	case strings.Contains(stopped, "no trial for heap"):
		return "no recalibration that told the least failure right"
	case strings.Contains(stopped, "needed"):
		return "a trial past the memory of a direct sum (2^22 elements)"
	}
	return firstLine(stopped)
}

// plural is n things, with an s unless n is 1.
func plural(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}
