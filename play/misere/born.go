package misere

// The games born by day n under misère play. A game born by day n is, in
// simplest form, a set of games born by day n-1 that does not simplify
// (canonical.go); counting the sets that do not simplify counts the games.
// Grundy and Smith (1956) and Conway (ONAG, ch. 12) give 1, 2, 3, 5, 22
// and 4,171,780 for days 0 to 5; day 6 has about 2^4171780 games, past
// any enumeration, and is counted by the sets that simplify (Count).

import (
	"context"
	"fmt"
	"math/big"
	"math/bits"
	"slices"
	"strings"

	"github.com/gamelang/gamelang/solve"
)

// MaxBornDay is the last day Born counts by enumeration; Count goes one
// day further.
const MaxBornDay = 5

// Born counts the games born by day n, for n up to MaxBornDay, keeping in
// in f every game born by day n-1.
func (f *Forms) Born(ctx context.Context, n int) (*big.Int, error) {
	if n < 0 || n > MaxBornDay {
		return nil, fmt.Errorf("born(%d, misere): the games born by day n are counted by enumeration up to day %d (4,171,780 games); Count counts day %d", n, MaxBornDay, MaxBornDay+1)
	}
	if n == 0 {
		return big.NewInt(1), nil
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	day, err := f.bornBy(ctx, n-1)
	if err != nil {
		return nil, err
	}
	c, err := f.countAfter(ctx, day)
	return big.NewInt(c), err
}

// bornBy is every game born by day d (d >= 0), each made in f.
func (f *Forms) bornBy(ctx context.Context, d int) ([]MID, error) {
	day := []MID{Zero}
	for ; d > 0; d-- {
		next, err := f.dayAfter(ctx, day)
		if err != nil {
			return nil, err
		}
		day = next
	}
	return day, nil
}

// dayAfter is every game whose options are games of day: the games born
// by the next day.
func (f *Forms) dayAfter(ctx context.Context, day []MID) ([]MID, error) {
	if len(day) > 20 {
		return nil, fmt.Errorf("misère games: %d games to take sets of", len(day))
	}
	seen := map[MID]bool{}
	var out []MID
	for mask := 0; mask < 1<<len(day); mask++ {
		var opts []MID
		for i, g := range day {
			if mask>>i&1 == 1 {
				opts = append(opts, g)
			}
		}
		g, err := f.game(ctx, opts)
		if err != nil {
			return nil, err
		}
		if !seen[g] {
			seen[g] = true
			out = append(out, g)
		}
	}
	slices.Sort(out)
	return out, nil
}

// dayMasks are the games of a day, ordered by birthday, as bit masks of
// what simplify tests.
type dayMasks struct {
	f            *Forms
	byDay        []MID
	hasZero, isP uint64
	bornBy       []uint64       // bornBy[b]: the members born by day b
	hasOption    map[MID]uint64 // hasOption[h]: the members with h as an option
	prefixes     map[uint64]MID // a set's game, when in simplest form; -1 otherwise
}

func (f *Forms) masks(byDay []MID) *dayMasks {
	bm := &dayMasks{f: f, byDay: byDay, hasOption: map[MID]uint64{}, prefixes: map[uint64]MID{}}
	last := int(f.games[byDay[len(byDay)-1]].bday)
	bm.bornBy = make([]uint64, last+2)
	for i, g := range byDay {
		gg := &f.games[g]
		if len(gg.opts) > 0 && gg.opts[0] == Zero {
			bm.hasZero |= 1 << i
		}
		if gg.gminus == 0 {
			bm.isP |= 1 << i
		}
		for b := int(gg.bday); b < len(bm.bornBy); b++ {
			bm.bornBy[b] |= 1 << i
		}
		for _, o := range gg.opts {
			bm.hasOption[o] |= 1 << i
		}
	}
	return bm
}

// prefix is the game whose options are the members of m, when it is in
// simplest form; -1 otherwise.
func (bm *dayMasks) prefix(m uint64) MID {
	if h, ok := bm.prefixes[m]; ok {
		return h
	}
	var opts []MID
	for i := range bm.byDay {
		if m>>i&1 == 1 {
			opts = append(opts, bm.byDay[i])
		}
	}
	slices.Sort(opts)
	h, ok := bm.f.index[optsKey(opts)]
	if !ok {
		h = -1
	}
	bm.prefixes[m] = h
	return h
}

// countAfter counts the sets of games of day that do not simplify (eachSimple).
func (f *Forms) countAfter(ctx context.Context, day []MID) (int64, error) {
	bm, err := f.masksOf(day)
	if err != nil {
		return 0, err
	}
	count := int64(0)
	err = bm.eachSimple(ctx, func(uint64) { count++ })
	return count, err
}

// masksOf is the games of day as masks, ordered by birthday.
func (f *Forms) masksOf(day []MID) (*dayMasks, error) {
	if len(day) > 30 {
		return nil, fmt.Errorf("misère games: 2^%d sets of options are past counting one by one", len(day))
	}
	byDay := slices.Clone(day)
	slices.SortStableFunc(byDay, func(a, b MID) int { return int(f.games[a].bday - f.games[b].bday) })
	return f.masks(byDay), nil
}

// eachSimple calls visit with every set of the games that does not
// simplify, as a mask, each tested as simplify does, on bit masks: to 0
// when every member has 0 as an option and some member is a P-position;
// to the members born by day b when no member is born on day b+1 and
// every later member has them as an option.
func (bm *dayMasks) eachSimple(ctx context.Context, visit func(m uint64)) error {
	all := uint64(1)<<len(bm.byDay) - 1
	for m := uint64(0); m <= all; m++ {
		if m&0xfffff == 0 {
			if err := ctx.Err(); err != nil {
				return &solve.InterruptedError{What: "the misère games born by a day", Err: err}
			}
			bm.f.lim.Report("misère games born by a day", "sets", int64(m))
		}
		if bm.simple(m) {
			visit(m)
		}
	}
	return nil
}

// simple is whether the set of options m does not simplify: not to 0
// (every member has 0 as an option and some member is a P-position), nor
// to the members born by a day b (none born on day b+1, and every later
// member has them as an option).
func (bm *dayMasks) simple(m uint64) bool {
	if m != 0 && m&^bm.hasZero == 0 && m&bm.isP != 0 {
		return false
	}
	bornBy := bm.bornBy
	for b := 0; b+2 < len(bornBy); b++ {
		low := m & bornBy[b]
		if low == 0 || m&(bornBy[b+1]&^bornBy[b]) != 0 || low == m {
			continue
		}
		if h := bm.prefix(low); h >= 0 && m&^bornBy[b+1]&^bm.hasOption[h] == 0 {
			return false
		}
	}
	return true
}

// A Count is a number of games written as a sum of multiples of powers of
// two and a constant, as Conway writes the games born by day 6.
type Count struct {
	Terms []Term // by exponent, largest first, no two alike, none zero
	Const int64
}

// A Term is Coef·2^Exp.
type Term struct {
	Coef int64
	Exp  int64
}

// Int is the count's value.
func (c Count) Int() *big.Int {
	v := big.NewInt(c.Const)
	for _, t := range c.Terms {
		x := new(big.Int).Lsh(big.NewInt(t.Coef), uint(t.Exp))
		v.Add(v, x)
	}
	return v
}

// String writes the count as Conway does: 2^4171780 - 3·2^2094593 + 21.
func (c Count) String() string {
	var b strings.Builder
	for i, t := range c.Terms {
		coef := t.Coef
		switch {
		case i > 0 && coef < 0:
			b.WriteString(" - ")
			coef = -coef
		case i > 0:
			b.WriteString(" + ")
		case coef < 0:
			b.WriteString("-")
			coef = -coef
		}
		if coef != 1 {
			fmt.Fprintf(&b, "%d·", coef)
		}
		fmt.Fprintf(&b, "2^%d", t.Exp)
	}
	switch {
	case len(c.Terms) == 0:
		fmt.Fprintf(&b, "%d", c.Const)
	case c.Const < 0:
		fmt.Fprintf(&b, " - %d", -c.Const)
	case c.Const > 0:
		fmt.Fprintf(&b, " + %d", c.Const)
	}
	return b.String()
}

// DayCount is how the games born by a day are counted from the games D
// born by the day before, each a set of options: of the 2^|D| sets of
// games of D, those that simplify are taken away, and a set simplifies
// in exactly one way (simplest forms are unique):
//   - to 0: every member has 0 as an option and some member is a
//     P-position — 2^ZeroAll - 2^ZeroNotP sets, ZeroAll the games of D
//     with 0 as an option, ZeroNotP those of them that are not
//     P-positions;
//   - to a game H ≠ 0 born two days before or earlier: the options of H
//     and at least one game of D with H as an option — 2^|A_H| - 1 sets,
//     A_H the games of D with H as an option.
type DayCount struct {
	Day               int
	Games             int64 // |D|, the games born by the day before
	ZeroAll, ZeroNotP int64
	Through           []Through // each H with A_H not empty
	Count             Count
}

// Through is a game H and how many games of the day before have it as an
// option.
type Through struct {
	H     MID
	Games int64
}

// Count counts the games born by day n, for n up to MaxBornDay+1, by the
// sets that simplify (DayCount), keeping in f every game born by day n-2.
func (f *Forms) Count(ctx context.Context, n int) (*DayCount, error) {
	if n < 1 || n > MaxBornDay+1 {
		return nil, fmt.Errorf("the misère games born by day %d are counted from day 1 to day %d", n, MaxBornDay+1)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	dc := &DayCount{Day: n}
	if n == 1 { // the day before holds 0 alone, without options
		dc.Games = 1
		dc.Count = powers(map[int64]int64{1: 1}, 0)
		return dc, nil
	}
	// day: the games born by day n-2; the sets of them that do not simplify
	// are the games born by day n-1, each a mask over day.
	day, err := f.bornBy(ctx, n-2)
	if err != nil {
		return nil, err
	}
	bm, err := f.masksOf(day)
	if err != nil {
		return nil, err
	}
	byDay := bm.byDay
	has := make([]int64, len(byDay)) // has[i]: the games of the day before with byDay[i] as an option
	zero := slices.Index(byDay, Zero)
	err = bm.eachSimple(ctx, func(m uint64) {
		dc.Games++
		for r := m; r != 0; r &= r - 1 {
			has[bits.TrailingZeros64(r)]++
		}
		if m>>zero&1 == 1 && m&bm.isP != 0 { // not a P-position: some option is one
			dc.ZeroNotP++
		}
	})
	if err != nil {
		return nil, err
	}
	dc.ZeroAll = has[zero]
	terms := map[int64]int64{dc.Games: 1, dc.ZeroAll: -1, dc.ZeroNotP: 1}
	konst := int64(0)
	for i, h := range byDay {
		if h == Zero || has[i] == 0 {
			continue
		}
		dc.Through = append(dc.Through, Through{H: h, Games: has[i]})
		terms[has[i]]--
		konst++
	}
	dc.Count = powers(terms, konst)
	return dc, nil
}

// powers is the count of the coefficients of powers of two and the
// constant, written as Conway writes it: 2^0 folded into the constant, an
// even coefficient carried to the next power (-2·2^x is -2^(x+1)), and two
// powers of one sign side by side joined (-2^(x+1) - 2^x is -3·2^x).
func powers(terms map[int64]int64, konst int64) Count {
	c := Count{Const: konst + terms[0]}
	delete(terms, 0)
	exps := make([]int64, 0, len(terms))
	for e := range terms {
		exps = append(exps, e)
	}
	for len(exps) > 0 { // carry, smallest first: a carry lands on a larger power
		slices.Sort(exps)
		e := exps[0]
		exps = exps[1:]
		k := terms[e]
		if k == 0 || k%2 != 0 {
			continue
		}
		delete(terms, e)
		if _, ok := terms[e+1]; !ok {
			exps = append(exps, e+1)
		}
		terms[e+1] += k / 2
	}
	for e, k := range terms {
		if k != 0 {
			c.Terms = append(c.Terms, Term{Coef: k, Exp: e})
		}
	}
	slices.SortFunc(c.Terms, func(a, b Term) int { return int(b.Exp - a.Exp) })
	var out []Term
	for i := 0; i < len(c.Terms); i++ {
		t := c.Terms[i]
		if i+1 < len(c.Terms) && (t.Coef == 1 || t.Coef == -1) && c.Terms[i+1].Coef == t.Coef && c.Terms[i+1].Exp == t.Exp-1 {
			t = Term{Coef: 3 * t.Coef, Exp: t.Exp - 1}
			i++
		}
		out = append(out, t)
	}
	c.Terms = out
	return c
}

// Digits is how many decimal digits the count has, and how many of its
// first digits are those of its largest power of two: what the smaller
// terms leave alone (Winning Ways, p. 397, says 625,140 of day 6's
// 1,255,831).
func (c Count) Digits() (digits, same int) {
	v := c.Int().String()
	if len(c.Terms) == 0 {
		return len(v), 0
	}
	top := new(big.Int).Lsh(big.NewInt(c.Terms[0].Coef), uint(c.Terms[0].Exp)).String()
	for same < len(v) && same < len(top) && v[same] == top[same] {
		same++
	}
	return len(v), same
}
