package sweep

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
)

// Summary writes the table of a sweep's records, as the published tables
// of octal games are laid out: games with the same sequence on one line
// (the same proved sequence when a period is proved; the same first values
// otherwise), periodic ones first by period, then the rest, then the games
// that stopped short.
func Summary(w io.Writer, recs []Record) error {
	order, answers, stopped := summaryGroups(recs)
	tw := tabwriter.NewWriter(w, 0, 8, 2, ' ', 0)
	proved, open := 0, 0
	if len(order) > 0 {
		fmt.Fprintln(tw, "period\tpreperiod\tlast exception\tmax\tvalues\tgames")
	}
	for _, g := range order {
		if p := g.first.Period; p != nil {
			proved += len(g.games)
			fmt.Fprintf(tw, "%d\t%d\t%d\t%d\t%d\t%s\n", p.Length, p.Preperiod, p.LastException, deref(g.first.Max), g.first.Values, strings.Join(g.games, " "))
		}
	}
	for _, g := range order {
		if g.first.Period == nil {
			open += len(g.games)
			why := "?"
			if c := g.first.Candidate; c != nil {
				why = fmt.Sprintf("%d?", c.Length)
			}
			fmt.Fprintf(tw, "%s\t\t\t%d\t%d\t%s\n", why, deref(g.first.Max), g.first.Values, strings.Join(g.games, " "))
		}
	}
	for _, r := range answers {
		fmt.Fprintf(tw, "%s\t%s\n", r.Game, firstLine(r.Answer.Text))
	}
	for _, r := range stopped {
		fmt.Fprintf(tw, "%s\tstopped (%s): %s\n", r.Game, r.Stopped, firstLine(r.Error))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	classes := ""
	if _, n := Classes(recs); n > 0 {
		classes = fmt.Sprintf(", %d classes (sequences equal once shifted to the first heap with a move)", n)
	}
	_, err := fmt.Fprintf(w, "%d games: %d with a proved period, %d without (\"p?\": a candidate period, unproved), %d answered, %d stopped short; %d distinct sequences%s\n",
		len(recs), proved, open, len(answers), len(stopped), len(order), classes)
	return err
}

// summaryGroup is the games of one sequence, with the first's record.
type summaryGroup struct {
	first Record
	games []string
}

// summaryGroups parts the records into groups of one sequence, in the
// order first met, the answers of queries, and the games that stopped.
func summaryGroups(recs []Record) (order []*summaryGroup, answers, stopped []Record) {
	byID := map[string]*summaryGroup{}
	for _, r := range recs {
		switch {
		case r.Stopped != "":
			stopped = append(stopped, r)
			continue
		case r.Answer != nil:
			answers = append(answers, r)
			continue
		}
		g := byID[r.Sequence]
		if g == nil {
			g = &summaryGroup{first: r}
			byID[r.Sequence] = g
			order = append(order, g)
		}
		g.games = append(g.games, r.Game)
	}
	return order, answers, stopped
}

func deref(p *uint32) uint32 {
	if p == nil {
		return 0
	}
	return *p
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}
