package misere

// Parts and partitions of misère games (Conway, ONAG ch. 12). Misère
// games cancel (G + X = H + X gives G = H), so when X is a part of G —
// G = X + Y for some Y — the difference Y = G - X is unique. A game is
// prime when its only even parts are 0 and itself; every game is a sum of
// primes, not always in one way (*[4[2#]] = *2 + Y = *4 + Z).
//
// The parts of an even game G are found from its options' parts. If G =
// X + Y with X and Y even and not 0, every option of G in simplest form is
// X' + Y or X + Y', so it has X or Y as a part (X or Y itself, when X' or
// Y' is 0). So every part of G is a part of some option of G, and:
//   - when some option lacks X as a part, it has Y as one: Y is among the
//     options' parts, and X + Y = G is tried for each;
//   - when every option G' has X as a part and every option X' of X is a
//     part of G (of the parts found so far), Y is the game {G' - X, G - X'}
//     (Conway's difference: its options G - X' reverse), tried as well.
// A pair is only kept when X + Y = G, made and compared.

import (
	"context"
	"errors"
	"slices"

	"github.com/gamelang/gamelang/solve"
)

// errPartsBudget reports that working out parts took more sums than
// explain() spends on them (Forms.partsLeft).
var errPartsBudget = errors.New("misère parts: past the sums explain() spends on them")

// spendPart counts a sum tried while working out parts, when they are
// budgeted.
func (f *Forms) spendPart() error {
	if f.partsLeft == 0 {
		return nil
	}
	if f.partsLeft--; f.partsLeft == 0 {
		return errPartsBudget
	}
	return nil
}

// Parts are g's even parts other than 0 and g's even part, each with its
// difference: X1, g-X1, X2, g-X2, ... (a part that is its own difference
// once).
func (f *Forms) Parts(ctx context.Context, g MID) ([]MID, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	e, odd, err := f.even(ctx, g)
	if err != nil {
		return nil, err
	}
	pairs, err := f.parts(ctx, e)
	if err != nil {
		return nil, err
	}
	var out []MID
	for i := 2; i < len(pairs); i += 2 {
		out = append(out, pairs[i])
		if pairs[i+1] != pairs[i] {
			y := pairs[i+1]
			if odd { // g - X = (e - X) + *1
				if y, err = f.plusOne(ctx, y); err != nil {
					return nil, err
				}
			}
			out = append(out, y)
		}
	}
	return out, nil
}

// Difference is the game y with h + y = g, when h is a part of g (or of
// g + *1, for an odd h).
func (f *Forms) Difference(ctx context.Context, g, h MID) (MID, bool, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.difference(ctx, g, h)
}

func (f *Forms) difference(ctx context.Context, g, h MID) (MID, bool, error) {
	eg, og, err := f.even(ctx, g)
	if err != nil {
		return 0, false, err
	}
	eh, oh, err := f.even(ctx, h)
	if err != nil {
		return 0, false, err
	}
	pairs, err := f.parts(ctx, eg)
	if err != nil {
		return 0, false, err
	}
	y, ok := partner(pairs, eh)
	if !ok {
		return 0, false, nil
	}
	if og != oh {
		y, err = f.plusOne(ctx, y)
	}
	return y, err == nil, err
}

// partner is x's difference in pairs (X1, G-X1, X2, G-X2, ...), if x is
// one of them.
func partner(pairs []MID, x MID) (MID, bool) {
	for i, p := range pairs {
		if p == x {
			return pairs[i^1], true
		}
	}
	return 0, false
}

// Prime is whether g is prime: not 0 or *1, and its even part has no
// parts but 0 and itself.
func (f *Forms) Prime(ctx context.Context, g MID) (bool, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.prime(ctx, g)
}

func (f *Forms) prime(ctx context.Context, g MID) (bool, error) {
	e, _, err := f.even(ctx, g)
	if err != nil || e == Zero {
		return false, err
	}
	pairs, err := f.parts(ctx, e)
	return len(pairs) == 2, err
}

// Partitions are the ways of writing g as a sum of primes, each a list
// ascending by number, *1 last when g is odd; 0 is the empty sum.
func (f *Forms) Partitions(ctx context.Context, g MID) ([][]MID, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	e, odd, err := f.even(ctx, g)
	if err != nil {
		return nil, err
	}
	ps, err := f.partitions(ctx, e, map[MID][][]MID{})
	if err != nil || !odd {
		return ps, err
	}
	one, err := f.nim(ctx, 1)
	out := make([][]MID, len(ps))
	for i, p := range ps {
		out[i] = append(slices.Clone(p), one)
	}
	return out, err
}

func (f *Forms) partitions(ctx context.Context, e MID, memo map[MID][][]MID) ([][]MID, error) {
	if e == Zero {
		return [][]MID{{}}, nil
	}
	if ps, ok := memo[e]; ok {
		return ps, nil
	}
	pairs, err := f.parts(ctx, e)
	if err != nil {
		return nil, err
	}
	if len(pairs) == 2 {
		return [][]MID{{e}}, nil
	}
	seen := map[string]bool{}
	var out [][]MID
	for i := 2; i < len(pairs); i += 2 {
		x, y := pairs[i], pairs[i+1]
		if p, err := f.prime(ctx, x); err != nil || !p {
			if err != nil {
				return nil, err
			}
			continue
		}
		rest, err := f.partitions(ctx, y, memo)
		if err != nil {
			return nil, err
		}
		for _, r := range rest {
			p := append([]MID{x}, r...)
			slices.Sort(p)
			if k := optsKey(p); !seen[k] {
				seen[k] = true
				out = append(out, p)
			}
		}
	}
	slices.SortFunc(out, slices.Compare)
	memo[e] = out
	return out, nil
}

// parts is the even game g's pairs X, g - X of even parts: 0 and g first.
func (f *Forms) parts(ctx context.Context, g MID) ([]MID, error) {
	if p, ok := f.pairs[g]; ok {
		return p, nil
	}
	if err := ctx.Err(); err != nil {
		return nil, &solve.InterruptedError{What: "a misère game's parts", Err: err}
	}
	pairs := []MID{Zero, g}
	if g == Zero {
		f.pairs[g] = pairs[:2:2]
		return pairs[:2:2], nil
	}
	// Each option's even part, its oddness and its pairs.
	type option struct {
		e     MID
		odd   bool
		pairs []MID
	}
	opts := make([]option, len(f.games[g].opts))
	var cands []MID // every even part of an option, but 0 and g
	for i, o := range f.games[g].opts {
		e, odd, err := f.even(ctx, o)
		if err != nil {
			return nil, err
		}
		if e == Zero { // 0 or *1 is an option: g is prime (ONAG)
			f.pairs[g] = pairs
			return pairs, nil
		}
		ps, err := f.parts(ctx, e)
		if err != nil {
			return nil, err
		}
		opts[i] = option{e, odd, ps}
		for _, x := range ps {
			if x != Zero && x != g {
				cands = append(cands, x)
			}
		}
	}
	slices.Sort(cands)
	cands = slices.Compact(cands)
	found := func(x, y MID) {
		pairs = append(pairs, x, y)
	}
	for changed := true; changed; {
		changed = false
		for _, x := range cands {
			if _, ok := partner(pairs, x); ok {
				continue
			}
			y, ok, err := f.findDifference(ctx, g, x, cands, pairs, func(o int) (MID, bool, bool) {
				d, ok := partner(opts[o].pairs, x)
				return d, opts[o].odd, ok
			}, len(opts))
			if err != nil {
				return nil, err
			}
			if ok {
				found(x, y)
				if y != x {
					found(y, x)
				}
				changed = true
			}
		}
	}
	// Keep each pair once, the smaller first, in order.
	var out []MID
	for i := 2; i < len(pairs); i += 2 {
		if pairs[i] <= pairs[i+1] {
			out = append(out, pairs[i], pairs[i+1])
		}
	}
	res := append([]MID{Zero, g}, out...)
	f.pairs[g] = res
	return res, nil
}

// findDifference is g - x, if x is a part of the even game g: a candidate y
// with x + y = g, or Conway's {g' - x, g - x'} when every option g' has
// x as a part (diff(o) is option o's even part minus x, with its
// oddness) and every option of x is a part of g (pairs).
func (f *Forms) findDifference(ctx context.Context, g, x MID, cands, pairs []MID, diff func(o int) (MID, bool, bool), nopts int) (MID, bool, error) {
	if err := ctx.Err(); err != nil { // the sums below are mostly known: they look at ctx seldom
		return 0, false, &solve.InterruptedError{What: "a misère game's parts", Err: err}
	}
	want := f.games[g].gplus ^ f.games[x].gplus // normal-play values add by xor: y's is this
	for i, y := range cands {
		if f.games[y].gplus != want {
			continue
		}
		if i%256 == 255 && ctx.Err() != nil {
			return 0, false, &solve.InterruptedError{What: "a misère game's parts", Err: ctx.Err()}
		}
		if err := f.spendPart(); err != nil {
			return 0, false, err
		}
		s, err := f.add(ctx, x, y)
		if err != nil {
			return 0, false, err
		}
		if s == g {
			return y, true, nil
		}
	}
	var yopts []MID
	for o := range nopts {
		d, odd, ok := diff(o)
		if !ok {
			return 0, false, nil
		}
		if odd {
			var err error
			if d, err = f.plusOne(ctx, d); err != nil {
				return 0, false, err
			}
		}
		yopts = append(yopts, d)
	}
	for _, xo := range f.games[x].opts {
		e, odd, err := f.even(ctx, xo)
		if err != nil {
			return 0, false, err
		}
		d, ok := partner(pairs, e)
		if !ok {
			return 0, false, nil
		}
		if odd {
			if d, err = f.plusOne(ctx, d); err != nil {
				return 0, false, err
			}
		}
		yopts = append(yopts, d)
	}
	if err := f.spendPart(); err != nil {
		return 0, false, err
	}
	y, err := f.game(ctx, yopts)
	if err != nil {
		return 0, false, err
	}
	s, err := f.add(ctx, x, y)
	return y, err == nil && s == g, err
}
