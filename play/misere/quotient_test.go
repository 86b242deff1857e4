package misere

import (
	"context"
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/octal"
	"github.com/gamelang/gamelang/play"
	"github.com/gamelang/gamelang/rules/heap"
	"github.com/gamelang/gamelang/solve"
)

func codeGame(t testing.TB, code string) (game.HeapGame, octal.Code) {
	t.Helper()
	c, err := octal.Parse(code, 8)
	if err != nil {
		t.Fatal(err)
	}
	return heap.NewCode(code, octal.Spec{Code: c}, &solve.Limits{}), c
}

func newCodeLearner(t testing.TB, code string) *learner {
	r, c := codeGame(t, code)
	return newLearner(r, c, &solve.Limits{})
}

// genusOf against genera worked by hand from the definition.
func TestGenusOf(t *testing.T) {
	star := func(n int) Genus { // *n, built from its options *0..*(n-1)
		g := zeroGenus
		var opts []Genus
		for range n {
			opts = append(opts, g)
			g = genusOf(opts)
		}
		return g
	}
	for _, c := range []struct {
		g    Genus
		want string
	}{
		{star(0), "0^{120}"}, {star(1), "1^{031}"}, {star(2), "2^{20}"}, {star(3), "3^{31}"}, {star(9), "9^{9,11}"},
		// *2 + *2: options *2 + *1 (3^{31}) and *2 (2^{20}).
		{genusOf([]Genus{star(3), star(2)}), "0^{02}"},
		// {*0, *2}: normal value 1, misère value 0 (Winning Ways' example of a restive game's relative).
		{genusOf([]Genus{star(0), star(2)}), "1^{031}"},
		// Kayles(5), from its options: K4, K3, K1+K3, K2+K2, K1+K2 — genera 1^{031}, 3^{31}, 2^{20}, 0^{02}, 3^{31}.
		{genusOf([]Genus{star(1), star(3), star(2), genusOf([]Genus{star(3), star(2)}), star(3)}), "4^{146}"},
	} {
		if got := c.g.String(); got != c.want {
			t.Errorf("genus %s, want %s", got, c.want)
		}
	}
	if !star(5).Tame() || !genusOf([]Genus{star(3), star(2)}).Tame() || (Genus{G: 4, Gamma: []uint32{1, 4, 6}}).Tame() {
		t.Error("tameness of genera")
	}
}

// Every quotient found, at every heap, has even order (Plambeck and Siegel:
// the P-portion pairs up elements), and its identity is not in P — but for
// the trivial quotient of heaps without moves.
func TestQuotientsHaveEvenOrder(t *testing.T) {
	for code := range 64 {
		c := fmt.Sprintf("0.%d%d%d", code/16, code/4%4, code%4)
		l := newCodeLearner(t, c)
		for n := int32(1); n <= 30 && l.period == nil; n++ {
			if err := l.grow(context.Background(), n); err != nil {
				t.Fatal(c, err)
			}
			if l.ver.size() > 1 && l.ver.size()%2 != 0 || l.ver.isP[0] {
				t.Fatalf("%s, heaps up to %d: order %d, identity in P: %v", c, n, l.ver.size(), l.ver.isP[0])
			}
		}
	}
}

// The quotient's outcomes against an exact search over positions that
// knows nothing of quotients.
func TestLearnerAgreesWithSearch(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, code := range []string{"0.75", "0.312", "0.123", "0.77", "0.15", "0.57"} {
		r, c := codeGame(t, code)
		l := newLearner(r, c, &solve.Limits{})
		if err := l.grow(context.Background(), 14); err != nil {
			t.Fatal(code, err)
		}
		g := &heapGame{r: r, lim: &solve.Limits{}}
		exact := newWinSearch(graph[heapPos]{key: heapPos.key, options: g.posOptions, what: code, limits: &solve.Limits{}}, nil)
		for range 200 {
			var p heapPos
			var pos game.Position
			for range 1 + rng.IntN(4) {
				h := int32(1 + rng.IntN(14))
				if opts, _ := g.options(context.Background(), h); len(opts) > 0 {
					p = p.plus(h)
				}
				pos = append(pos, game.Component{Rules: r, State: big.NewInt(int64(h))})
			}
			w, err := exact.Wins(context.Background(), p)
			if err != nil {
				t.Fatal(err)
			}
			isP, covered, err := l.isP(context.Background(), pos)
			if err != nil || !covered {
				t.Fatal(code, err, covered)
			}
			if isP == w {
				t.Fatalf("%s: %v is %v by the quotient, wins = %v by search", code, p, isP, w)
			}
		}
	}
}

// A candidate that is wrong somewhere is caught by verification.
func TestVerifyCatchesAWrongCandidate(t *testing.T) {
	l := newCodeLearner(t, "0.75")
	if err := l.grow(context.Background(), 10); err != nil {
		t.Fatal(err)
	}
	m := *l.ver
	m.isP = append([]bool(nil), m.isP...)
	for x := range m.isP {
		if m.isP[x] {
			m.isP[x] = false // drop one element from P
			break
		}
	}
	f, err := m.verify(context.Background(), l.g, 10)
	if err != nil || f == nil {
		t.Fatalf("a wrong P-portion passed verification: %v", err)
	}
}

func BenchmarkQuotient075(b *testing.B) {
	for b.Loop() {
		l := newCodeLearner(b, "0.75")
		if err := l.grow(context.Background(), 100); err != nil || l.period == nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkQuotientKayles(b *testing.B) {
	for b.Loop() {
		l := newCodeLearner(b, "0.77")
		if err := l.grow(context.Background(), 400); err != nil || l.period == nil {
			b.Fatal(err)
		}
	}
}

// The misère outcome of a sum of 6 heaps of Kayles, in a new session each
// time: through the quotient (grown to the largest heap), and by search
// alone, as a solver without quotients (--generic) finds it.
func BenchmarkKaylesSumOf6(b *testing.B) {
	r, _ := codeGame(b, "0.77")
	sum := func(heaps ...int64) game.Position {
		var p game.Position
		for _, h := range heaps {
			p = append(p, game.Component{Rules: r, State: big.NewInt(h)})
		}
		return p
	}
	for _, c := range []struct {
		name    string
		p       game.Position
		generic bool
	}{
		{"small/quotient", sum(3, 4, 5, 6, 7, 8), false},
		{"small/search", sum(3, 4, 5, 6, 7, 8), true},
		{"large/quotient", sum(3, 7, 12, 20, 25, 31), false},
	} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				s := New(play.Env{Limits: &solve.Limits{}, Generic: c.generic})
				if _, err := s.Outcome(context.Background(), c.p); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
