package misere

// Explaining a simplest form: the options a game was given, which of them
// reverse and why (or why the game is 0), then what the form says.

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
)

// Explain says how the game whose options are given (each in simplest
// form) simplifies to g, and what g is: its birthday, nim values,
// outcome, genus, mate, phylum, and whether it is prime or how it is a
// sum of primes. With given nil, g's own options are given.
func (f *Forms) Explain(ctx context.Context, g MID, given []MID) (string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if given == nil {
		given = f.games[g].opts
	}
	given = slices.Compact(slices.Sorted(slices.Values(given)))
	w := func(x MID) string {
		s, err := f.write(ctx, x)
		if err != nil {
			return "?"
		}
		return s
	}
	form := w(g)
	if form == "?" {
		_, err := f.write(ctx, g)
		return "", err
	}
	var b strings.Builder
	byDay := slices.Clone(given)
	slices.SortStableFunc(byDay, func(a, b MID) int { return int(f.games[a].bday - f.games[b].bday) })
	names := make([]string, len(byDay))
	for i, o := range byDay {
		names[i] = fmt.Sprintf("%s (day %d)", w(o), f.games[o].bday)
	}
	if len(given) == 0 {
		fmt.Fprintf(&b, "no options: the game is *[0]\n")
	} else {
		fmt.Fprintf(&b, "options, each in simplest form: %s\n", strings.Join(names, ", "))
	}
	switch r := f.reduce(given); {
	case len(given) == 0:
	case r.zero:
		fmt.Fprintf(&b, "every option has *[0] as an option, and %s is a misère P-position (the endgame proviso holds): the game is *[0]\n", w(r.p))
	case r.ok:
		var revs []string
		for _, o := range r.rev {
			revs = append(revs, w(o))
		}
		h := w(r.to)
		fmt.Fprintf(&b, "the options born by day %d make %s; %s, born after day %d, %s %s as an option and %s through it: the game is %s\n",
			r.day, h, strings.Join(revs, ", "), r.day+1, plural(len(revs), "has", "have"), h, plural(len(revs), "reverses", "reverse"), h)
	default:
		fmt.Fprintf(&b, "no option reverses, and the game is not *[0]: it is in simplest form\n")
	}
	gg := &f.games[g]
	outcome := "N"
	if gg.gminus == 0 {
		outcome = "P"
	}
	m, err := f.mate(ctx, g)
	if err != nil {
		return "", err
	}
	fmt.Fprintf(&b, "simplest form %s: born on day %d, misère nim value %d (%s under misère play), normal nim value %d, genus %s, mate %s", form, gg.bday, gg.gminus, outcome, gg.gplus, gg.genus, w(m))
	_, class, err := f.phylumName(ctx, g)
	if err != nil {
		return "", err
	}
	fmt.Fprintf(&b, "\nphylum: %s", class)
	e, odd, err := f.even(ctx, g)
	if err != nil {
		return "", err
	}
	f.partsLeft = explainPartsBudget
	defer func() { f.partsLeft = 0 }()
	pairs, err := f.parts(ctx, e)
	switch {
	case errors.Is(err, errPartsBudget):
		fmt.Fprintf(&b, "; its parts take more than %d sums to work out: parts(G) and partitions(G) do", explainPartsBudget)
	case err != nil:
		return "", err
	case e == Zero:
	case len(pairs) == 2:
		fmt.Fprintf(&b, "; prime")
	default:
		ps, err := f.partitions(ctx, e, map[MID][][]MID{})
		if errors.Is(err, errPartsBudget) {
			fmt.Fprintf(&b, "; %d even parts; its partitions take more than %d sums to work out: partitions(G) does", len(pairs)-2, explainPartsBudget)
			break
		}
		if err != nil {
			return "", err
		}
		sums := make([]string, len(ps))
		for i, p := range ps {
			terms := make([]string, len(p))
			for j, x := range p {
				terms[j] = w(x)
			}
			if odd {
				terms = append(terms, "*[1]")
			}
			sums[i] = strings.Join(terms, " + ")
		}
		fmt.Fprintf(&b, "; %d even %s; a sum of primes %s: %s", len(pairs)-2, plural(len(pairs)-2, "part", "parts"),
			plural(len(ps), "in one way", fmt.Sprintf("in %d ways", len(ps))), strings.Join(sums, "; "))
	}
	return b.String(), nil
}

// explainPartsBudget bounds the sums explain() tries to find a game's
// parts: they are the end of its page, not worth a long wait.
const explainPartsBudget = 20000

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
