package misere

// Conway's genus (On Numbers and Games, ch. 12; Winning Ways, ch. 13). The
// genus of a game G is g^{γ0 γ1 γ2 ...}: g is its normal-play nim value,
// γ0 its misère nim value, and γk the misère nim value of G + *2 + ... + *2
// (k copies of *2). The γ's alternate between two values from some point
// on, and are written up to there: *0 is 0^{120}, *1 is 1^{031}, *2 is
// 2^{20}.
//
// A game's genus follows from its options' genera: g and γ0 are the mex of
// the options' (γ0 of a game without options is 1: in misère play the
// player to move there has won), and for k >= 1 γk is the mex of the
// options' γk together with γ(k-1) and γ(k-1) xor 1 — the values of the
// moves in one of the *2's, to *0 and to *1.

import (
	"fmt"
	"strings"

	"github.com/gamelang/gamelang/solve"
)

// Genus is a game's genus. Gamma holds γ0 .. γ(L-1); from γ(L-2) on the
// sequence alternates between its last two values.
type Genus struct {
	G     uint32
	Gamma []uint32
}

// zeroGenus is the genus of the game without moves, 0^{120}.
var zeroGenus = Genus{G: 0, Gamma: []uint32{1, 2, 0}}

// At is γk, for any k >= 0.
func (g Genus) At(k int) uint32 {
	if k < len(g.Gamma) {
		return g.Gamma[k]
	}
	l := len(g.Gamma)
	return g.Gamma[l-2+(k-l)%2]
}

// stable is how many γ's a genus needs written before it alternates: at
// least two.
func (g Genus) stable() int { return len(g.Gamma) }

// genusOf is the genus of a game whose options have the given genera.
func genusOf(options []Genus) Genus {
	if len(options) == 0 {
		return zeroGenus
	}
	var seen solve.Mex
	longest := 2
	seen.Clear()
	for _, o := range options {
		seen.Add(o.G)
		longest = max(longest, o.stable())
	}
	out := Genus{G: seen.Value()}
	// From two past every option's written digits the options alternate;
	// once the mex repeats itself two places back there, it alternates too.
	var gamma []uint32
	for k := 0; k <= longest+1 || gamma[k-1] != gamma[k-3] && k < longest+64; k++ {
		seen.Clear()
		for _, o := range options {
			seen.Add(o.At(k))
		}
		if k > 0 {
			seen.Add(gamma[k-1])
			seen.Add(gamma[k-1] ^ 1)
		}
		gamma = append(gamma, seen.Value())
	}
	n := len(gamma) - 1
	for n > 1 && gamma[n] == gamma[n-2] {
		n--
	}
	out.Gamma = gamma[:n+1]
	return out
}

// Misere is the misère nim value γ0.
func (g Genus) Misere() uint32 { return g.Gamma[0] }

// Tame reports whether the genus is that of a position of Nim: 0^{120} and
// 1^{031}, like *0 and *1, or g^{g, g xor 2}, like *g for g >= 2 and like
// *2 + *2 (0^{02}) and *2 + *2 + *1 (1^{13}).
func (g Genus) Tame() bool {
	if g.equal(zeroGenus) || g.equal(oneGenus) {
		return true
	}
	return len(g.Gamma) == 2 && g.Gamma[0] == g.G && g.Gamma[1] == g.G^2
}

// small reports whether a tame genus is that of *0 or *1: a part that does
// not count as a big heap in misère Nim.
func (g Genus) small() bool { return g.equal(zeroGenus) || g.equal(oneGenus) }

var oneGenus = Genus{G: 1, Gamma: []uint32{0, 3, 1}}

func (g Genus) equal(h Genus) bool {
	if g.G != h.G || len(g.Gamma) != len(h.Gamma) {
		return false
	}
	for i := range g.Gamma {
		if g.Gamma[i] != h.Gamma[i] {
			return false
		}
	}
	return true
}

// String writes the genus in Conway's notation, g^{γ0γ1...}, with commas
// between the γ's when one of them has two digits: 0^{120}, 6^{1,9,10,8}.
func (g Genus) String() string {
	sep := ""
	for _, v := range g.Gamma {
		if v >= 10 {
			sep = ","
		}
	}
	parts := make([]string, len(g.Gamma))
	for i, v := range g.Gamma {
		parts[i] = fmt.Sprint(v)
	}
	return fmt.Sprintf("%d^{%s}", g.G, strings.Join(parts, sep))
}
