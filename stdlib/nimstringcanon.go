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
	n := sh.n
	adj := make([][]int, n)
	for i := range adj {
		adj[i] = make([]int, n+1) // adj[v][n]: strings to the ground
	}
	for _, s := range sh.strings {
		a, b := s[0], s[1]
		switch {
		case a == ground:
			adj[b][n]++
		case b == ground:
			adj[a][n]++
		default:
			adj[a][b]++
			adj[b][a]++
		}
	}
	colour := make([]int, n) // to start with, by strings to the ground and degree
	for v := range n {
		deg := 0
		for u := range n {
			deg += adj[v][u]
		}
		colour[v] = adj[v][n]*1024 + deg
	}
	c := canon{adj: adj, budget: canonBudget}
	c.search(refine(adj, colour))
	if c.budget < 0 {
		return sh.raw() // too symmetric to search: the shape as labelled, shared by fewer positions
	}
	return c.best
}

// canonBudget bounds the colourings a canonical key searches.
const canonBudget = 4096

// canon is the search for a canonical key: the least encoding so far.
type canon struct {
	adj    [][]int
	best   string
	budget int
}

// refine splits colour classes by the colours of the neighbours until
// they are stable: each coin's signature is its colour and a hash of its
// neighbours' colours with their strings, and the classes are renumbered
// 0.. in order of (colour, hash), so that equal graphs give equal colours
// (a hash that collides splits less, which costs search, not truth).
func refine(adj [][]int, colour []int) []int {
	n := len(colour)
	type sig struct {
		colour int
		hash   uint64
	}
	sigs := make([]sig, n)
	order := make([]sig, n)
	nb := make([]uint64, 0, n)
	for {
		for v := range n {
			nb = nb[:0]
			for u := range n {
				if adj[v][u] > 0 {
					nb = append(nb, uint64(colour[u])<<8|uint64(adj[v][u]))
				}
			}
			slices.Sort(nb)
			h := uint64(14695981039346656037)
			for _, x := range nb {
				h = (h ^ x) * 1099511628211
			}
			sigs[v] = sig{colour[v], h}
		}
		copy(order, sigs)
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
		slices.SortFunc(order, cmpSig)
		order = slices.Compact(order)
		next := make([]int, n)
		for v := range n {
			next[v], _ = slices.BinarySearchFunc(order, sigs[v], cmpSig)
		}
		if len(order) == classes(colour) {
			return next
		}
		colour, order = next, order[:n]
	}
}

func classes(colour []int) int {
	seen := map[int]bool{}
	for _, c := range colour {
		seen[c] = true
	}
	return len(seen)
}

// search individualises each coin of the first class of more than one
// in turn, down to a discrete colouring, and keeps the least encoding.
func (cn *canon) search(colour []int) {
	if cn.budget--; cn.budget < 0 {
		return
	}
	adj := cn.adj
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
		if e := encode(adj, colour); cn.best == "" || e < cn.best {
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
		cn.search(refine(adj, c))
	}
}

// encode writes the shape with coin v at position colour[v].
func encode(adj [][]int, colour []int) string {
	n := len(colour)
	at := make([]int, n)
	for v, c := range colour {
		at[c] = v
	}
	b := make([]byte, 0, 2+n+n*n)
	b = append(b, 'c')
	b = binary.AppendUvarint(b, uint64(n))
	for i := range n {
		b = binary.AppendUvarint(b, uint64(adj[at[i]][n]))
		for j := range i {
			b = binary.AppendUvarint(b, uint64(adj[at[i]][at[j]]))
		}
	}
	return string(b)
}
