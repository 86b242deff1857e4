package misere

// Tame sums (On Numbers and Games, ch. 12; Winning Ways, ch. 13). A game
// is tame when it and every position it leads to have the genus of a
// position of Nim: 0^{120} or 1^{031} (fickle, like *0 and *1), or
// g^{g,g xor 2} (firm: like *g for g >= 2, *2+*2 or *2+*2+*1). Tame games
// add like heaps of Nim: a sum of tame games is tame, its normal-play value
// is the XOR of its parts', and it is firm when one part is. Misère Nim is
// Bouton's: a P-position is one whose XOR is 0 when some heap is 2 or more
// (the sum is firm), and 1 otherwise. Nim and bounded Nim (take 1..m, a
// heap of n like *(n mod (m+1))) are tame at every size, by their closed
// forms; other games are found tame by the genus of their positions.

import (
	"context"
	"math/big"

	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/play"
)

// nimLike is what a tame game plays like: its normal-play value, and
// whether it is firm.
type nimLike struct {
	g    *big.Int
	firm bool
}

// add is the sum of two tame games.
func (a nimLike) add(b nimLike) nimLike {
	return nimLike{g: new(big.Int).Xor(a.g, b.g), firm: a.firm || b.firm}
}

// misere is the misère nim value of a tame game: its value when firm, the
// value xor 1 when fickle.
func (a nimLike) misere() *big.Int {
	if a.firm {
		return a.g
	}
	return new(big.Int).Xor(a.g, big.NewInt(1))
}

// genus is the genus of a tame game, when its value fits.
func (a nimLike) genus() (Genus, bool) {
	if !a.g.IsUint64() || a.g.Uint64() >= 1<<32 {
		return Genus{}, false
	}
	g := uint32(a.g.Uint64())
	switch {
	case !a.firm && g == 0:
		return zeroGenus, true
	case !a.firm:
		return oneGenus, true
	}
	return Genus{G: g, Gamma: []uint32{g, g ^ 2}}, true
}

// likeNim is what a tame genus plays like.
func (g Genus) likeNim() nimLike {
	return nimLike{g: big.NewInt(int64(g.G)), firm: !g.small()}
}

// bounded is Nim or bounded Nim, take 1..m, as a ruleset says it is.
type bounded interface {
	game.Ruleset
	Bound() *big.Int // nil for Nim
}

// closedTame is what a component of Nim or bounded Nim plays like.
func closedTame(c game.Component) (nimLike, bool) {
	b, ok := game.Base(c.Rules).(bounded)
	if !ok {
		return nimLike{}, false
	}
	g := new(big.Int).Set(c.State.(*big.Int))
	if m := b.Bound(); m != nil {
		g.Mod(g, new(big.Int).Add(m, big.NewInt(1)))
	}
	return nimLike{g: g, firm: g.Cmp(big.NewInt(1)) > 0}, true
}

// tameSum is what p plays like when every part of it is tame; ok is false
// when some part is not.
func (s *Solver) tameSum(ctx context.Context, p game.Position) (nimLike, bool, error) {
	total := nimLike{g: new(big.Int)}
	for _, c := range p {
		if !s.env.Generic {
			if t, ok := closedTame(c); ok {
				total = total.add(t)
				continue
			}
		}
		one := s.space.sumOf([]game.Component{c})
		g, err := s.genera.Genus(ctx, one)
		if err != nil {
			return nimLike{}, false, err
		}
		if !s.genera.tame[s.space.key(one)] {
			return nimLike{}, false, nil
		}
		total = total.add(g.likeNim())
	}
	return total, true, nil
}

// allClosed reports whether every part of p is Nim or bounded Nim.
func allClosed(p game.Position) bool {
	for _, c := range p {
		if _, ok := closedTame(c); !ok {
			return false
		}
	}
	return true
}

// taker is bounded Nim's move from heap n to heap to.
type taker interface {
	TakeTo(n, to *big.Int) ([]game.Move, bool)
}

// boutonWinning lists the winning moves of a sum of Nim and bounded Nim
// heaps at any size: a winning move leaves a P-position, whose XOR is 0
// (some heap 2 or more left) or 1 (none), so each part need only try the
// values 0, 1 and the one that makes the XOR 0.
func boutonWinning(p game.Position) []play.Option {
	parts := make([]nimLike, len(p))
	total := nimLike{g: new(big.Int)}
	firm := 0 // how many parts are firm
	for i, c := range p {
		parts[i], _ = closedTame(c)
		total = total.add(parts[i])
		if parts[i].firm {
			firm++
		}
	}
	var out []play.Option
	firsts := p.Firsts()
	for i, c := range p {
		if firsts[i] != i {
			continue
		}
		rest := nimLike{g: new(big.Int).Xor(total.g, parts[i].g), firm: firm > 1 || firm == 1 && !parts[i].firm}
		seen := map[string]bool{}
		for _, v := range []*big.Int{big.NewInt(0), big.NewInt(1), new(big.Int).Set(rest.g)} {
			after := rest.add(nimLike{g: v, firm: v.Cmp(big.NewInt(1)) > 0})
			if after.misere().Sign() != 0 || seen[v.String()] {
				continue
			}
			seen[v.String()] = true
			if m, ok := moveToValue(c, parts[i].g, v); ok {
				out = append(out, play.Option{Index: i, Move: m, Value: outcome(game.P)})
			}
		}
	}
	return out
}

// moveToValue is the move of a Nim or bounded Nim heap to a heap of value v.
func moveToValue(c game.Component, own, v *big.Int) (game.Move, bool) {
	n := c.State.(*big.Int)
	to := v
	if m := game.Base(c.Rules).(bounded).Bound(); m != nil {
		m1 := new(big.Int).Add(m, big.NewInt(1))
		if v.Cmp(m1) >= 0 {
			return game.Move{}, false
		}
		k := new(big.Int).Mod(new(big.Int).Sub(own, v), m1)
		to = new(big.Int).Sub(n, k)
	}
	t, ok := game.Base(c.Rules).(taker)
	if !ok {
		return game.Move{}, false
	}
	moves, ok := t.TakeTo(n, to)
	if !ok || len(moves) == 0 {
		return game.Move{}, false
	}
	return game.Own(moves, game.Base(c.Rules), c.Rules)[0], true
}
