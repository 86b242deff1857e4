package stdlib

// Canonical keys of Nimstring's components (nimstringshape.go): two
// components that are the same picture, whatever their coins are called,
// have one key.

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"slices"
	"sync"
)

// key is the component's canonical key: the least encoding over the
// labellings that colour refinement and individualisation allow, the same
// for every labelling of the coins.
func (sh shape) key() string { return string(sh.appendKey(nil)) }

// appendKey appends key to b.
func (sh shape) appendKey(b []byte) []byte {
	room := keyRooms.Get().(*keyRoom)
	defer keyRooms.Put(room)
	defer room.ints.release(room.ints.mark())
	g := sh.arcsIn(room)
	colour := zeroed(&room.colour, sh.n) // to start with, by strings to the ground and degree
	for v := range sh.n {
		colour[v] = g.ground[v]*1024 + g.deg[v]
	}
	c := canon{g: g, budget: canonBudget, room: room, best: room.best[:0], buf: room.buf[:0], pairs: room.pairs[:0]}
	c.search(refine(g, colour, room))
	room.best, room.buf, room.pairs = c.best, c.buf, c.pairs
	if c.budget < 0 {
		return sh.appendRaw(b) // too symmetric to search: the shape as labelled, shared by fewer positions
	}
	return append(b, c.best...)
}

// keyRoom is the room a key is made in, used again from one key to the
// next (keyRooms): its lists are garbage no more.
type keyRoom struct {
	nb             [][]arc
	all            []arc
	counts, colour []int
	order          []refineSig
	hashes, pairs  []uint64
	best, buf      []byte
	ints           chunks[int] // the colourings of the search, a stack (nimstringscratch.go)
}

var keyRooms = sync.Pool{New: func() any { return new(keyRoom) }}

// zeroed is *b as n zeros, grown when it must be (room kept from one use
// to the next).
func zeroed(b *[]int, n int) []int {
	if cap(*b) < n {
		*b = make([]int, n)
	}
	*b = (*b)[:n]
	clear(*b)
	return *b
}

// arc is a coin's strings to one neighbour.
type arc struct{ to, strings int }

// coinGraph is a shape as each coin's neighbours, with its strings to the
// ground and its degree.
type coinGraph struct {
	nb          [][]arc
	ground, deg []int
}

// arcsIn is the shape as a coinGraph (a string from a coin to itself
// counts twice at it, as in its degree), in room.
func (sh shape) arcsIn(room *keyRoom) coinGraph {
	n := sh.n
	counts := zeroed(&room.counts, 3*n+1)
	if cap(room.nb) < n {
		room.nb = make([][]arc, n)
	}
	if cap(room.all) < 2*len(sh.strings) {
		room.all = make([]arc, 2*len(sh.strings))
	}
	g := coinGraph{nb: room.nb[:n], ground: counts[:n], deg: counts[n : 2*n]}
	all := room.all[:0]
	start := counts[2*n:]
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
	g         coinGraph
	best, buf []byte
	pairs     []uint64 // room for encode
	budget    int
	room      *keyRoom
}

// refineSig is a coin's signature in refine.
type refineSig struct {
	colour int
	hash   uint64
	coin   int
}

// refine splits colour classes by the colours of the neighbours until
// they are stable: each coin's signature is its colour and a hash of its
// neighbours' colours with their strings, and the classes are renumbered
// 0.. in order of (colour, hash), so that equal graphs give equal colours
// (a hash that collides splits less, which costs search, not truth).
func refine(g coinGraph, colour []int, room *keyRoom) []int {
	n := len(colour)
	type sig = refineSig
	if cap(room.order) < n {
		room.order = make([]sig, n)
	}
	order := room.order[:n]
	out := room.ints.take(2 * n) // the colours made, in turn in each half
	next, spare := out[:n], out[n:]
	nb := room.hashes[:0]
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
			order[v] = sig{colour[v], h, v}
		}
		slices.SortFunc(order, func(a, b sig) int {
			if a.colour != b.colour {
				return a.colour - b.colour
			}
			return cmp.Compare(a.hash, b.hash)
		})
		if count < 0 { // the classes the colours start with
			count = 1
			for i := 1; i < n; i++ {
				if order[i].colour != order[i-1].colour {
					count++
				}
			}
		}
		classes := 0
		for i, o := range order {
			if i > 0 && (o.colour != order[i-1].colour || o.hash != order[i-1].hash) {
				classes++
			}
			next[o.coin] = classes
		}
		if classes+1 == count {
			room.hashes = nb
			return next
		}
		colour, count = next, classes+1
		next, spare = spare, next
	}
}

// search individualises each coin of the first class of more than one
// in turn, down to a discrete colouring, and keeps the least encoding.
func (cn *canon) search(colour []int) {
	if cn.budget--; cn.budget < 0 {
		return
	}
	n := len(colour)
	ints := &cn.room.ints
	defer ints.release(ints.mark())
	count := ints.take(n)
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
		cn.buf = cn.g.encode(cn.buf[:0], colour, &cn.pairs)
		if len(cn.best) == 0 || bytes.Compare(cn.buf, cn.best) < 0 { // an encoding is never empty
			cn.best = append(cn.best[:0], cn.buf...)
		}
		return
	}
	for v := range n {
		if colour[v] != cell {
			continue
		}
		m := ints.mark()
		c := ints.take(n) // v ahead of the rest of its class
		for u := range n {
			c[u] = 2*colour[u] + 1
		}
		c[v] = 2 * cell
		cn.search(refine(cn.g, c, cn.room))
		ints.release(m)
	}
}

// encode appends to b the shape with coin v at position colour[v]: the
// number of coins, each position's strings to the ground, then the pairs
// of positions joined, in order, each with its strings (*pairs is room
// for them).
func (g coinGraph) encode(b []byte, colour []int, pairs *[]uint64) []byte {
	n := len(colour)
	b = append(b, 'c')
	b = binary.AppendUvarint(b, uint64(n))
	ps := (*pairs)[:0]
	for v, c := range colour { // each position's strings to the ground, in order of positions
		ps = append(ps, uint64(c)<<40|uint64(g.ground[v]))
	}
	slices.Sort(ps)
	for _, p := range ps {
		b = binary.AppendUvarint(b, p&(1<<40-1))
	}
	ps = ps[:0]
	for v, c := range colour {
		for _, a := range g.nb[v] {
			if d := colour[a.to]; d <= c {
				ps = append(ps, uint64(c)<<40|uint64(d)<<20|uint64(a.strings))
			}
		}
	}
	slices.Sort(ps)
	for _, p := range ps {
		b = binary.AppendUvarint(b, p>>40)
		b = binary.AppendUvarint(b, p>>20&(1<<20-1))
		b = binary.AppendUvarint(b, p&(1<<20-1))
	}
	*pairs = ps
	return b
}
