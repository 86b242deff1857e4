package misere

// The phylum of a misère game: how much of Nim's theory it obeys, in the
// classes of Winning Ways (ch. 13) as CGSuite names them. A game's class
// is read from its normal and misère nim values G+ and G- and its
// options' classes:
//   - its genus is tame when G+ = G- or both are 0 or 1 (the genus of a
//     nim-heap), restive when G+ < 2 < G- or G+ < 2 = G-, restless when
//     G- < 2 and G+ >= 2, and wild otherwise;
//   - a nim-heap; hereditarily tame: a tame genus and every option a
//     nim-heap or hereditarily tame; reversibly tame: a tame genus and
//     every option tame (a nim-heap, hereditarily or reversibly tame),
//     or every other option reversing through a tame option of its own
//     with G's two nim values, G's values coming from its tame options;
//   - tameable: of tame genus, every option tame or tameable, or reversing
//     through a tame or tameable option of its own with G's values, the
//     values of its tame and tameable options giving G's;
//   - hereditarily restive, reversibly restive, restless: the same with a
//     restive (restless) genus, a reversing option's own option restive or
//     tame with G's values and a nim value 0 or 1 (or one of G- and G- xor
//     1) beside them;
//   - wild: anything else, of tame, restive, restless or wild genus.
// An odd game (G + *1 born before it) has the class of its even part.

import (
	"context"

	"github.com/gamelang/gamelang/solve"
)

// Phylum is a class of misère games, from the tamest.
type Phylum uint8

const (
	NimHeap Phylum = iota
	HereditarilyTame
	ReversiblyTame
	Tameable
	HereditarilyRestive
	ReversiblyRestive
	Restless
	Wild
)

var phylumNames = [...]string{"nim-heap", "hereditarily tame", "reversibly tame", "tameable",
	"hereditarily restive", "reversibly restive", "restless", "wild"}

func (p Phylum) String() string { return phylumNames[p] }

// Tame is whether the class obeys Nim's theory among tame games: a
// nim-heap, hereditarily or reversibly tame.
func (p Phylum) Tame() bool { return p <= ReversiblyTame }

// restiveOrTame is whether the class is tame, or restive.
func (p Phylum) restiveOrTame() bool {
	return p.Tame() || p == HereditarilyRestive || p == ReversiblyRestive
}

// genusClass is what a game's two nim values make its genus: tame,
// restive, restless or wild.
type genusClass uint8

const (
	tameGenus genusClass = iota
	restiveGenus
	restlessGenus
	wildGenus
)

var genusClassNames = [...]string{"tame", "restive", "restless", "wild"}

func classOf(gplus, gminus uint32) genusClass {
	switch {
	case gplus == gminus || gplus|gminus <= 1:
		return tameGenus
	case gplus < 2:
		return restiveGenus
	case gminus < 2:
		return restlessGenus
	}
	return wildGenus
}

// PhylumOf is g's class, and its name: for a wild game with the class of
// its genus, "wild (of restless genus)".
func (f *Forms) PhylumOf(ctx context.Context, g MID) (Phylum, string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.phylumName(ctx, g)
}

func (f *Forms) phylumName(ctx context.Context, g MID) (Phylum, string, error) {
	p, err := f.phylum(ctx, g)
	if err != nil || p != Wild {
		return p, p.String(), err
	}
	e, _, err := f.even(ctx, g)
	gg := &f.games[e]
	return p, "wild (of " + genusClassNames[classOf(gg.gplus, gg.gminus)] + " genus)", err
}

func (f *Forms) phylum(ctx context.Context, g MID) (Phylum, error) {
	e, _, err := f.even(ctx, g)
	if err != nil {
		return 0, err
	}
	if p, ok := f.phyla[e]; ok {
		return p, nil
	}
	if err := ctx.Err(); err != nil {
		return 0, &solve.InterruptedError{What: "a misère game's phylum", Err: err}
	}
	p, err := f.classify(ctx, e)
	if err == nil {
		f.phyla[e] = p
	}
	return p, err
}

// classify is the class of the even game g.
func (f *Forms) classify(ctx context.Context, g MID) (Phylum, error) {
	gg := &f.games[g]
	genus := classOf(gg.gplus, gg.gminus)
	wildest := NimHeap // the wildest option, or the first that is not tame
	for _, o := range gg.opts {
		p, err := f.phylum(ctx, o)
		if err != nil {
			return 0, err
		}
		if p > wildest {
			wildest = p
		}
		if !p.Tame() {
			break
		}
	}
	switch {
	case wildest == NimHeap && genus == tameGenus && (gg.gplus > 1 || gg.gplus != gg.gminus):
		return NimHeap, nil
	case wildest <= HereditarilyTame && genus == tameGenus:
		return HereditarilyTame, nil
	case wildest <= HereditarilyTame && genus == restiveGenus:
		return HereditarilyRestive, nil
	case wildest.Tame() && genus == tameGenus:
		return ReversiblyTame, nil
	case wildest.Tame() && genus == restiveGenus:
		return ReversiblyRestive, nil
	case wildest.Tame() && genus == restlessGenus:
		return Restless, nil
	case genus == tameGenus || genus == restiveGenus:
		return f.reversibly(ctx, g, genus)
	}
	return Wild, nil
}

// reversibly is the class of the even game g of tame or restive genus
// with an option that is not tame: reversibly tame or tameable (tame
// genus), reversibly restive (restive genus), when each such option
// reverses through an option of its own with g's values; wild otherwise.
func (f *Forms) reversibly(ctx context.Context, g MID, genus genusClass) (Phylum, error) {
	gg := &f.games[g]
	gp, gm := gg.gplus, gg.gminus
	reversible, tameable := true, genus == tameGenus
	var plus, minus, tplus, tminus values // the values of the tame options; of the tameable ones
	for _, o := range gg.opts {
		p, err := f.phylum(ctx, o)
		if err != nil {
			return 0, err
		}
		og := &f.games[o]
		if p.Tame() {
			plus.Add(og.gplus)
			minus.Add(og.gminus)
			continue
		}
		var foundM, foundP, tfoundM, tfoundP bool
		if tameable && p == Tameable {
			tplus.Add(og.gplus)
			tminus.Add(og.gminus)
			tfoundM, tfoundP = true, true
		}
		for _, oo := range og.opts {
			q, err := f.phylum(ctx, oo)
			if err != nil {
				return 0, err
			}
			qg := &f.games[oo]
			switch {
			case q.Tame() && genus == tameGenus:
				foundM = foundM || qg.gminus == gm
				foundP = foundP || qg.gplus == gp
			case q.restiveOrTame() && genus == restiveGenus:
				foundM = foundM || qg.gminus == gm && (qg.gplus <= 1 || qg.gplus^gm <= 1)
				foundP = foundP || qg.gplus == gp && (qg.gminus <= 1 || qg.gminus^gm <= 1)
			case q == Tameable && tameable:
				tfoundM = tfoundM || qg.gminus == gm
				tfoundP = tfoundP || qg.gplus == gp
			}
		}
		if !foundM || !foundP {
			reversible = false
			tameable = tameable && tfoundM && tfoundP
		}
		if !reversible && !tameable {
			return Wild, nil
		}
	}
	if plus.Value() != gp || minus.Value() != gm {
		reversible = false
	}
	switch {
	case reversible && genus == tameGenus:
		return ReversiblyTame, nil
	case reversible:
		return ReversiblyRestive, nil
	case !tameable:
		return Wild, nil
	}
	plus.join(tplus)
	minus.join(tminus)
	if (plus.Value() != gp || minus.Value() != gm) && (len(plus) > 0 || gp > 0) {
		return Wild, nil
	}
	return Tameable, nil
}

// values is a set of nim values, with their mex.
type values map[uint32]bool

func (v *values) Add(x uint32) {
	if *v == nil {
		*v = values{}
	}
	(*v)[x] = true
}

func (v *values) join(w values) {
	for x := range w {
		v.Add(x)
	}
}

// Value is the least value not in the set.
func (v values) Value() uint32 {
	x := uint32(0)
	for v[x] {
		x++
	}
	return x
}
