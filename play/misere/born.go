package misere

// The games born by day n under misère play. A game born by day n is, in
// simplest form, a set of games born by day n-1 that does not simplify
// (canonical.go); counting the sets that do not simplify counts the games.
// Grundy and Smith (1956) and Conway (ONAG, ch. 12) give 1, 2, 3, 5, 22
// and 4,171,780 for days 0 to 5; day 6 has about 2^4171780 games, past
// any enumeration.

import (
	"context"
	"fmt"
	"math/big"
	"slices"

	"github.com/gamelang/gamelang/solve"
)

// MaxBornDay is the last day Born counts by enumeration.
const MaxBornDay = 5

// Born counts the games born by day n, for n up to MaxBornDay, keeping in
// in f every game born by day n-1.
func (f *Forms) Born(ctx context.Context, n int) (*big.Int, error) {
	if n < 0 || n > MaxBornDay {
		return nil, fmt.Errorf("born(%d, misere): the games born by day n are counted by enumeration up to day %d (4,171,780 games); day 6 has about 2^4171780", n, MaxBornDay)
	}
	if n == 0 {
		return big.NewInt(1), nil
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	day := []MID{Zero}
	for d := 1; d < n; d++ {
		next, err := f.dayAfter(ctx, day)
		if err != nil {
			return nil, err
		}
		day = next
	}
	c, err := f.countAfter(ctx, day)
	return big.NewInt(c), err
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

// countAfter counts the sets of games of day that do not simplify, each
// tested as simplify does, on bit masks: to 0 when every member has 0 as
// an option and some member is a P-position; to the members born by day b
// when no member is born on day b+1 and every later member has them as
// an option.
func (f *Forms) countAfter(ctx context.Context, day []MID) (int64, error) {
	if len(day) > 30 {
		return 0, fmt.Errorf("misère games: 2^%d sets of options are past counting one by one", len(day))
	}
	byDay := slices.Clone(day)
	slices.SortStableFunc(byDay, func(a, b MID) int { return int(f.games[a].bday - f.games[b].bday) })
	bm := f.masks(byDay)
	all := uint64(1)<<len(byDay) - 1
	count := int64(0)
	for m := uint64(0); m <= all; m++ {
		if m&0xfffff == 0 {
			if err := ctx.Err(); err != nil {
				return 0, &solve.InterruptedError{What: "the misère games born by a day", Err: err}
			}
			f.lim.Report("misère games born by a day", "sets", int64(m))
		}
		if bm.simple(m) {
			count++
		}
	}
	return count, nil
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
