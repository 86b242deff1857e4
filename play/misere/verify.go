package misere

// Verifying a candidate quotient (Plambeck and Siegel, "Misère quotients
// for impartial games", 2008). A candidate is a finite commutative monoid Q
// with a set P of its elements and an image Φ(h) in Q of every heap h; a
// position's image is the product of its heaps' images. The candidate
// tells a position's outcome when for every position G:
//
//   - Φ(G) in P implies that no option G' of G has Φ(G') in P, and
//   - Φ(G) not in P implies that G is empty or some option G' of G has
//     Φ(G') in P,
//
// for then, by induction on G, Φ(G) is in P exactly when G is a misère
// P-position. There are infinitely many positions, but the conditions only
// see images. An option of G moves in one heap h of G: its image is
// Φ(G - h) t for t in T(h), the images of h's options. So the first
// condition fails somewhere exactly when for some x in Q and heap h,
// x Φ(h) is in P and so is x t for some t in T(h) (every element is the
// image of some position). The second needs, for each position G, the set
// A(G) of its options' images: adding a heap h to G gives the image
// x Φ(h) and the set A(G) Φ(h) ∪ x T(h). The pairs (x, A) reachable from
// (1, ∅) are finitely many; a pair whose A contains another pair's (same
// x) is dominated — everything reachable from it fails only if the
// smaller one's does — so only the minimal sets are kept.

import (
	"context"
	"math/bits"
	"slices"
)

// monoid is a candidate quotient: element 0 is the identity.
type monoid struct {
	mul  [][]int32
	isP  []bool
	phi  []int32   // the image of heap n; heaps without moves map to 0
	reps []heapPos // a position of each element
}

func (m *monoid) size() int { return len(m.isP) }

// image is the image of a position.
func (m *monoid) image(p heapPos) int32 {
	x := int32(0)
	for _, h := range p {
		x = m.mul[x][m.phi[h]]
	}
	return x
}

// generator is a heap as the verification sees it: its image and the
// images of its options, each with an option that has it.
type generator struct {
	heap  int32
	image int32
	trans []int32
	with  []heapPos // with[i] is an option of the heap of image trans[i]
}

// generators lists the heaps 1..n with moves, one per distinct image and
// transition set: heaps alike add nothing new to the search.
func (m *monoid) generators(ctx context.Context, g *heapGame, n int32) ([]generator, error) {
	var out []generator
	seen := map[string]bool{}
	for h := int32(1); h <= n; h++ {
		opts, err := g.options(ctx, h)
		if err != nil {
			return nil, err
		}
		if len(opts) == 0 {
			continue
		}
		gen := generator{heap: h, image: m.phi[h]}
		set := make([]uint64, (m.size()+63)/64)
		for _, o := range opts {
			t := m.image(o)
			if set[t/64]&(1<<(t%64)) == 0 {
				set[t/64] |= 1 << (t % 64)
				gen.trans = append(gen.trans, t)
				gen.with = append(gen.with, o)
			}
		}
		sig := heapPos(append([]int32{gen.image}, sortedInts(set)...)).key()
		if !seen[sig] {
			seen[sig] = true
			out = append(out, gen)
		}
	}
	return out, nil
}

func sortedInts(set []uint64) []int32 {
	var out []int32
	for w, word := range set {
		for ; word != 0; word &= word - 1 {
			out = append(out, int32(64*w+bits.TrailingZeros64(word)))
		}
	}
	return out
}

// failure is a position where the candidate's conditions fail, and, when
// it is the first condition, the option whose image is in P too. It is
// the least such position, positions compared by their heaps from the
// largest down (a position with more of the largest heap where they
// differ is larger): every option is less than its position, so the
// candidate tells every smaller position right and this one wrong.
type failure struct {
	pos    heapPos
	option heapPos // nil for the second condition
}

// verify checks the candidate on every position of heaps 1..n; nil means
// it tells every outcome.
func (m *monoid) verify(ctx context.Context, g *heapGame, n int32) (*failure, error) {
	gens, err := m.generators(ctx, g, n)
	if err != nil {
		return nil, err
	}
	least, err := m.leastWords(ctx, gens)
	if err != nil {
		return nil, err
	}
	pf := m.pFailure(gens, least)
	var bound heapPos
	if pf != nil {
		bound = pf.pos
	}
	nf, err := m.nFailure(ctx, gens, bound)
	if nf != nil || err != nil {
		return nf, err
	}
	return pf, nil
}

// wordLess orders positions by their heaps from the largest down.
func wordLess(a, b heapPos) bool {
	for i, j := len(a)-1, len(b)-1; ; i, j = i-1, j-1 {
		switch {
		case j < 0:
			return false
		case i < 0:
			return true
		case a[i] != b[j]:
			return a[i] < b[j]
		}
	}
}

// leastWords is the least position of each element (nil for the identity).
// Positions are visited in increasing order, a heap added no more once it
// reaches an element already met: every position after that has a smaller
// one of the same element.
func (m *monoid) leastWords(ctx context.Context, gens []generator) ([]heapPos, error) {
	least := make([]heapPos, m.size())
	seen := make([]bool, m.size())
	var stack heapPos // the heaps, largest first
	steps := 0
	var visit func(i int, x int32) error
	visit = func(i int, x int32) error {
		if steps++; steps%4096 == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		if i < 0 {
			seen[x] = true
			least[x] = slices.Clone(stack)
			slices.Reverse(least[x])
			return nil
		}
		top := len(stack)
		defer func() { stack = stack[:top] }()
		for {
			if err := visit(i-1, x); err != nil {
				return err
			}
			x = m.mul[x][gens[i].image]
			if seen[x] {
				return nil
			}
			stack = append(stack, gens[i].heap)
		}
	}
	return least, visit(len(gens)-1, 0)
}

// pFailure is the least position with image x Φ(h) in P and an option's
// image x t (t in T(h)) in P too.
func (m *monoid) pFailure(gens []generator, least []heapPos) *failure {
	var f *failure
	for x := range m.size() {
		for _, gen := range gens {
			if !m.isP[m.mul[x][gen.image]] {
				continue
			}
			for i, t := range gen.trans {
				if m.isP[m.mul[x][t]] {
					if p := least[x].plus(gen.heap); f == nil || wordLess(p, f.pos) {
						f = &failure{pos: p, option: least[x].plus(gen.with[i]...)}
					}
					break
				}
			}
		}
	}
	return f
}

// reached is a pair (x, A): a position's image and its options' images.
type reached struct {
	x int32
	a []uint64
}

// nFailure is the least nonempty position below bound (nil: any) whose
// image is not in P and none of whose options' images is. Positions are
// visited in increasing order; a heap is added no more once the pair
// reached is dominated by one met before.
func (m *monoid) nFailure(ctx context.Context, gens []generator, bound heapPos) (*failure, error) {
	f, _, err := m.nSearch(ctx, gens, bound)
	return f, err
}

// nSearch is nFailure, and the minimal sets A met with each x; after a
// search without a bound and without a failure they are every position's
// (those of the other positions contain one of them).
func (m *monoid) nSearch(ctx context.Context, gens []generator, bound heapPos) (*failure, [][][]uint64, error) {
	words := (m.size() + 63) / 64
	pmask := make([]uint64, words)
	for x, p := range m.isP {
		if p {
			pmask[x/64] |= 1 << (x % 64)
		}
	}
	boundDesc := slices.Clone(bound)
	slices.Reverse(boundDesc)
	minimal := make([][][]uint64, m.size()) // the minimal sets A seen with each x
	var stack heapPos                       // the heaps, largest first
	var found *failure
	done := false // past the bound
	steps := 0
	var visit func(i int, r reached, empty bool) error
	visit = func(i int, r reached, empty bool) error {
		if steps++; steps%4096 == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		if i < 0 {
			if !empty && !m.isP[r.x] && !intersects(r.a, pmask) {
				p := slices.Clone(stack)
				slices.Reverse(p)
				found = &failure{pos: p}
			}
			return nil
		}
		top := len(stack)
		defer func() { stack = stack[:top] }()
		for found == nil && !done {
			if err := visit(i-1, r, empty); err != nil || found != nil || done {
				return err
			}
			r = m.add(r, gens[i], words)
			stack = append(stack, gens[i].heap)
			if bound != nil && !descLess(stack, boundDesc) {
				done = true
				return nil
			}
			if !keepMinimal(&minimal[r.x], r.a) {
				return nil
			}
			empty = false
		}
		return nil
	}
	err := visit(len(gens)-1, reached{a: make([]uint64, words)}, true)
	return found, minimal, err
}

// descLess orders heaps listed largest first as wordLess does.
func descLess(a, b heapPos) bool {
	for i := 0; ; i++ {
		switch {
		case i == len(b):
			return false
		case i == len(a):
			return true
		case a[i] != b[i]:
			return a[i] < b[i]
		}
	}
}

// add is the pair of r's position with the heap of gen added.
func (m *monoid) add(r reached, gen generator, words int) reached {
	next := reached{x: m.mul[r.x][gen.image], a: make([]uint64, words)}
	row := m.mul
	for w, word := range r.a {
		for ; word != 0; word &= word - 1 {
			z := row[64*w+bits.TrailingZeros64(word)][gen.image]
			next.a[z/64] |= 1 << (z % 64)
		}
	}
	for _, t := range gen.trans {
		z := m.mul[r.x][t]
		next.a[z/64] |= 1 << (z % 64)
	}
	return next
}

func intersects(a, b []uint64) bool {
	for i := range a {
		if a[i]&b[i] != 0 {
			return true
		}
	}
	return false
}

func subset(a, b []uint64) bool {
	for i := range a {
		if a[i]&^b[i] != 0 {
			return false
		}
	}
	return true
}

// keepMinimal adds a to the antichain of minimal sets unless it contains
// one of them, dropping those it is contained in; it reports whether a was
// added.
func keepMinimal(list *[][]uint64, a []uint64) bool {
	for _, b := range *list {
		if subset(b, a) {
			return false
		}
	}
	kept := (*list)[:0]
	for _, b := range *list {
		if !subset(a, b) {
			kept = append(kept, b)
		}
	}
	*list = append(kept, a)
	return true
}
