package stdlib

import "unsafe"

// A searcher's scratch room for shapes (nimstringsearch.go): the shapes of
// a cut, its parts and their lists are garbage once the cut is answered,
// and a search makes millions of them (1.58 GB on the 3 × 4 start, a
// collection every 11 ms, which beside another process on the second core
// made the 2 × 5 start 14% slower than on one core: each collection waits
// there for a core).
// So they are taken from a stack of chunks, in the order of the search,
// and given back all at once when the branch that took them is done
// (mark, release): a cut that stays open keeps its room until its isPOf
// returns. Nothing taken outlives that: the memo keeps hashes, never
// shapes. The main search's scratch is its memo's (shapeValues), kept from
// one position to the next; explain and the tests make their own.

// scratch is the room, one kind of list per stack.
type scratch struct {
	pairs  chunks[[2]int]
	ints   chunks[int]
	bools  chunks[bool]
	shapes chunks[shape]
	keys   chunks[hkey]
	opts   chunks[option]
	bytes  []byte    // a key or labelling being hashed (canonical)
	chain  chainRoom // contracted's chains, one at a time
}

// scratchMark is a place on every stack, to give back to.
type scratchMark [6]chunkMark

func (sc *scratch) mark() scratchMark {
	return scratchMark{sc.pairs.mark(), sc.ints.mark(), sc.bools.mark(), sc.shapes.mark(), sc.keys.mark(), sc.opts.mark()}
}

// release gives back everything taken since m.
func (sc *scratch) release(m scratchMark) {
	sc.pairs.release(m[0])
	sc.ints.release(m[1])
	sc.bools.release(m[2])
	sc.shapes.release(m[3])
	sc.keys.release(m[4])
	sc.opts.release(m[5])
}

// chunks is a stack of T in chunks that never move, so that what was taken
// stays put while more is. take(n) is n zeroed elements (length n,
// capacity n, so that an append past them goes to the heap, never over
// what is taken next).
type chunks[T any] struct {
	bufs    [][]T
	at, off int // the chunk in use, and how much of it is taken
}

type chunkMark struct{ at, off int }

// chunkBytes is a chunk's size (or 64 elements, if more): a search's
// deepest branch takes a few chunks of each kind.
const chunkBytes = 16 << 10

// chunkLen is the elements of a chunk.
func (c *chunks[T]) chunkLen() int {
	var zero T
	return max(chunkBytes/int(unsafe.Sizeof(zero)), 64)
}

func (c *chunks[T]) mark() chunkMark { return chunkMark{c.at, c.off} }

func (c *chunks[T]) release(m chunkMark) { c.at, c.off = m.at, m.off }

func (c *chunks[T]) take(n int) []T {
	for {
		if c.at < len(c.bufs) {
			if b := c.bufs[c.at]; c.off+n <= len(b) {
				s := b[c.off : c.off+n : c.off+n]
				c.off += n
				clear(s)
				return s
			}
			if c.at+1 < len(c.bufs) || c.off > 0 {
				c.at, c.off = c.at+1, 0 // the rest of this chunk stays unused until released
				continue
			}
		}
		// a new chunk at the end, or one large enough in place of an
		// empty last one that is too short
		b := make([]T, max(c.chunkLen(), n))
		if c.at < len(c.bufs) {
			c.bufs[c.at] = b
		} else {
			c.bufs = append(c.bufs, b)
		}
	}
}
