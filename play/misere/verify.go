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
// it is the first condition, the option whose image is in P too.
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
	if f := m.pFailure(gens); f != nil {
		return f, nil
	}
	return m.nFailure(ctx, gens)
}

// pFailure looks for x and h with x Φ(h) and some x t (t in T(h)) in P.
func (m *monoid) pFailure(gens []generator) *failure {
	for x := range m.size() {
		for _, gen := range gens {
			if !m.isP[m.mul[x][gen.image]] {
				continue
			}
			for i, t := range gen.trans {
				if m.isP[m.mul[x][t]] {
					return &failure{pos: m.reps[x].plus(gen.heap), option: m.reps[x].plus(gen.with[i]...)}
				}
			}
		}
	}
	return nil
}

// reached is a pair (x, A) with a position that has it.
type reached struct {
	x   int32
	a   []uint64
	pos heapPos
}

// nFailure searches the pairs (x, A) for a nonempty position whose image is
// not in P and none of whose options' images is.
func (m *monoid) nFailure(ctx context.Context, gens []generator) (*failure, error) {
	words := (m.size() + 63) / 64
	pmask := make([]uint64, words)
	for x, p := range m.isP {
		if p {
			pmask[x/64] |= 1 << (x % 64)
		}
	}
	minimal := make([][][]uint64, m.size()) // the minimal sets A seen with each x
	queue := []reached{{x: 0, a: make([]uint64, words)}}
	for steps := 0; len(queue) > 0; steps++ {
		if steps%1024 == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		r := queue[0]
		queue = queue[1:]
		for _, gen := range gens {
			next := m.add(r, gen, words)
			if !m.isP[next.x] && !intersects(next.a, pmask) {
				return &failure{pos: next.pos}, nil
			}
			if keepMinimal(&minimal[next.x], next.a) {
				queue = append(queue, next)
			}
		}
	}
	return nil, nil
}

// add is the pair of r's position with the heap of gen added.
func (m *monoid) add(r reached, gen generator, words int) reached {
	next := reached{x: m.mul[r.x][gen.image], a: make([]uint64, words), pos: r.pos.plus(gen.heap)}
	for _, y := range sortedInts(r.a) {
		z := m.mul[y][gen.image]
		next.a[z/64] |= 1 << (z % 64)
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
