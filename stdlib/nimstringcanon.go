package stdlib

// Canonical keys of Nimstring's components (nimstringshape.go): two
// components that are the same picture, whatever their coins are called,
// have one key.

import (
	"encoding/binary"
	"slices"
)

// key is the component's canonical key: the least encoding over the
// labellings that colour refinement and individualisation allow, the same
// for every labelling of the coins.
func (sh shape) key() string {
	g := sh.arcs()
	colour := make([]int, sh.n) // to start with, by strings to the ground and degree
	for v := range sh.n {
		colour[v] = g.ground[v]*1024 + g.deg[v]
	}
	c := canon{g: g, budget: canonBudget}
	c.search(refine(g, colour))
	if c.budget < 0 {
		return sh.raw() // too symmetric to search: the shape as labelled, shared by fewer positions
	}
	return c.best
}

// arc is a coin's strings to one neighbour.
type arc struct{ to, strings int }

// coinGraph is a shape as each coin's neighbours, with its strings to the
// ground and its degree.
type coinGraph struct {
	nb          [][]arc
	ground, deg []int
}

// arcs is the shape as a coinGraph (a string from a coin to itself counts
// twice at it, as in its degree).
func (sh shape) arcs() coinGraph {
	n := sh.n
	g := coinGraph{nb: make([][]arc, n), ground: make([]int, 2*n)}
	g.ground, g.deg = g.ground[:n], g.ground[n:]
	all := make([]arc, 0, 2*len(sh.strings))
	start := make([]int, n+1)
	for _, s := range sh.strings {
		for _, v := range s {
			if v != ground {
				g.deg[v]++
			}
		}
	}
	for v := range n {
		start[v+1] = start[v] + g.deg[v]
	}
	all = all[:start[n]]
	for v := range n {
		g.nb[v] = all[start[v]:start[v]:start[v+1]]
	}
	add := func(a, b int) {
		for i := range g.nb[a] {
			if g.nb[a][i].to == b {
				g.nb[a][i].strings++
				return
			}
		}
		g.nb[a] = append(g.nb[a], arc{b, 1})
	}
	for _, s := range sh.strings {
		a, b := s[0], s[1]
		switch {
		case a == ground && b == ground:
		case a == ground:
			g.ground[b]++
		case b == ground:
			g.ground[a]++
		default:
			add(a, b)
			add(b, a)
		}
	}
	return g
}

// canonBudget bounds the colourings a canonical key searches.
const canonBudget = 4096

// canon is the search for a canonical key: the least encoding so far.
type canon struct {
	g      coinGraph
	best   string
	budget int
}

// refine splits colour classes by the colours of the neighbours until
// they are stable: each coin's signature is its colour and a hash of its
// neighbours' colours with their strings, and the classes are renumbered
// 0.. in order of (colour, hash), so that equal graphs give equal colours
// (a hash that collides splits less, which costs search, not truth).
func refine(g coinGraph, colour []int) []int {
	n := len(colour)
	type sig struct {
		colour int
		hash   uint64
	}
	cmpSig := func(a, b sig) int {
		if a.colour != b.colour {
			return a.colour - b.colour
		}
		switch {
		case a.hash < b.hash:
			return -1
		case a.hash > b.hash:
			return 1
		}
		return 0
	}
	sigs := make([]sig, 2*n)
	sigs, order := sigs[:n], sigs[n:]
	var nb []uint64
	count := -1 // the classes of colour, once known
	for {
		for v := range n {
			nb = nb[:0]
			for _, a := range g.nb[v] {
				nb = append(nb, uint64(colour[a.to])<<8|uint64(a.strings))
			}
			slices.Sort(nb)
			h := uint64(14695981039346656037)
			for _, x := range nb {
				h = (h ^ x) * 1099511628211
			}
			sigs[v] = sig{colour[v], h}
		}
		copy(order, sigs)
		slices.SortFunc(order, cmpSig)
		if count < 0 { // the classes the colours start with
			count = 1
			for i := 1; i < n; i++ {
				if order[i].colour != order[i-1].colour {
					count++
				}
			}
		}
		order = slices.Compact(order)
		next := make([]int, n)
		for v := range n {
			next[v], _ = slices.BinarySearchFunc(order, sigs[v], cmpSig)
		}
		if len(order) == count {
			return next
		}
		colour, count, order = next, len(order), order[:n]
	}
}

// search individualises each coin of the first class of more than one
// in turn, down to a discrete colouring, and keeps the least encoding.
func (cn *canon) search(colour []int) {
	if cn.budget--; cn.budget < 0 {
		return
	}
	n := len(colour)
	count := make([]int, n)
	for _, c := range colour {
		count[c]++
	}
	cell := -1
	for c := range n {
		if count[c] > 1 {
			cell = c
			break
		}
	}
	if cell < 0 {
		if e := cn.g.encode(colour); cn.best == "" || e < cn.best {
			cn.best = e
		}
		return
	}
	for v := range n {
		if colour[v] != cell {
			continue
		}
		c := make([]int, n) // v ahead of the rest of its class
		for u := range n {
			c[u] = 2*colour[u] + 1
		}
		c[v] = 2 * cell
		cn.search(refine(cn.g, c))
	}
}

// encode writes the shape with coin v at position colour[v]: the number
// of coins, each position's strings to the ground, then the pairs of
// positions joined, in order, each with its strings.
func (g coinGraph) encode(colour []int) string {
	n := len(colour)
	at := make([]int, n)
	for v, c := range colour {
		at[c] = v
	}
	var pairs []uint64
	for v, c := range colour {
		for _, a := range g.nb[v] {
			if d := colour[a.to]; d <= c {
				pairs = append(pairs, uint64(c)<<40|uint64(d)<<20|uint64(a.strings))
			}
		}
	}
	slices.Sort(pairs)
	b := make([]byte, 0, 2+n+3*len(pairs))
	b = append(b, 'c')
	b = binary.AppendUvarint(b, uint64(n))
	for i := range n {
		b = binary.AppendUvarint(b, uint64(g.ground[at[i]]))
	}
	for _, p := range pairs {
		b = binary.AppendUvarint(b, p>>40)
		b = binary.AppendUvarint(b, p>>20&(1<<20-1))
		b = binary.AppendUvarint(b, p&(1<<20-1))
	}
	return string(b)
}
