// Package kayles is the engine of Node Kayles and Arc Kayles (Cram) on
// grids of at most 128 cells, as the octal engine is for heaps.
//
// A position is a set of vertices, 128 bits. Its value is found by the
// outcome search over nim heaps of Lemoine and Viennot (also Beling and
// Rogalski, "On pruning search trees of impartial games", 2020), not by
// the mex over every option:
//   - G has value k exactly when G + *k is a P-position, so the value of
//     a component is the least k for which that holds;
//   - G + *k is P when no option G' of G has G' + *k P and no smaller k'
//     has G + *k' P: an N answer needs one winning move, found as the
//     options are tried, so most of the tree is never visited;
//   - an option that falls apart into components is a sum: the components
//     but the largest are valued exactly (small, and memoized), their
//     values folded into the heap, and only the largest is searched; two
//     equal components cancel, and a region that a half turn or a
//     diagonal maps onto itself with no cell on or next to its image is 0
//     (the second player copies: Tweedledum and Tweedledee).
//
// Components are keyed by their shape: the cells of a region translated to
// the corner under each of the lattice's eight symmetries, the least of
// the eight, so that a region and its turned, reflected or moved copies
// share one entry, across boards too. An entry keeps what the search has
// learnt of a component: its value, or the heaps k for which G + *k is
// known to be N, and a bound on the value. The engine plays on any graph
// of at most 128 vertices too (NewBoard), keying components by their own
// vertices: the tests check the search so on random graphs, but a
// graph's solver is better served by the generic search's keys, which
// share equal pieces anywhere.
package kayles

import (
	"context"
	"errors"
	"math/bits"
	"runtime"
	"runtime/debug"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/gamelang/gamelang/solve"
)

// MaxVertices is the most vertices of a board the engine takes.
const MaxVertices = 128

// Rule is what a move removes.
type Rule int

const (
	// Node removes a vertex and its neighbours (Node Kayles).
	Node Rule = iota
	// Arc removes two adjacent vertices (Arc Kayles; Cram on a grid).
	Arc
)

// Set is a set of a board's vertices: bit v of word v/64 is vertex v.
type Set [2]uint64

func (s Set) has(v int) bool  { return s[v>>6]&(1<<(v&63)) != 0 }
func (s Set) with(v int) Set  { s.add(v); return s }
func (s *Set) add(v int)      { s[v>>6] |= 1 << (v & 63) }
func (s Set) and(t Set) Set   { return Set{s[0] & t[0], s[1] & t[1]} }
func (s Set) minus(t Set) Set { return Set{s[0] &^ t[0], s[1] &^ t[1]} }
func (s Set) or(t Set) Set    { return Set{s[0] | t[0], s[1] | t[1]} }
func (s Set) empty() bool     { return s[0]|s[1] == 0 }
func (s Set) count() int      { return bits.OnesCount64(s[0]) + bits.OnesCount64(s[1]) }

// last is the greatest vertex of a set that is not empty.
func (s Set) last() int {
	if s[1] != 0 {
		return 127 - bits.LeadingZeros64(s[1])
	}
	return 63 - bits.LeadingZeros64(s[0])
}

// shl is the set moved k vertices up (vertex v to v + k), 0 <= k < 128.
func (s Set) shl(k int) Set {
	switch {
	case k == 0:
		return s
	case k >= 64:
		return Set{0, s[0] << (k - 64)}
	}
	return Set{s[0] << k, s[1]<<k | s[0]>>(64-k)}
}

// shr is the set moved k vertices down (vertex v to v - k), 0 <= k < 128.
func (s Set) shr(k int) Set {
	switch {
	case k == 0:
		return s
	case k >= 64:
		return Set{s[1] >> (k - 64), 0}
	}
	return Set{s[0]>>k | s[1]<<(64-k), s[1] >> k}
}

// first is the least vertex of a set that is not empty.
func (s Set) first() int {
	if s[0] != 0 {
		return bits.TrailingZeros64(s[0])
	}
	return 64 + bits.TrailingZeros64(s[1])
}

// each calls f with every vertex of the set, in order.
func (s Set) each(f func(v int)) {
	for w := range 2 {
		for x := s[w]; x != 0; x &= x - 1 {
			f(64*w + bits.TrailingZeros64(x))
		}
	}
}

// Board is a graph the engine plays on.
type Board struct {
	n    int
	adj  []Set // the neighbours of each vertex
	arcs [][2]int
	// a grid: vertex v is the cell (v / cols, v % cols), and keys are the
	// lattice's (board-independent)
	rows, cols int
	id         uint64
	rowMask    uint64    // a row's cells, moved to the first row
	rings      [][]int16 // each arc's ring of cells (ring), -1 off the board
	crosses    [][]int16 // each cell's ring round its cross (crossRing)
	// the cells not in the first column, not in the last
	notFirst, notLast Set
}

var boards atomic.Uint64

// NewBoard makes the board of a simple graph given by its neighbour lists;
// false when it has more than MaxVertices vertices. Its components are
// keyed by their own vertices: only a grid's (NewGrid) are keyed by their
// shape, which equal regions anywhere share.
func NewBoard(adj [][]int) (*Board, bool) {
	if len(adj) > MaxVertices {
		return nil, false
	}
	b := &Board{n: len(adj), adj: make([]Set, len(adj)), id: boards.Add(1)}
	for v, ns := range adj {
		for _, u := range ns {
			b.adj[v].add(u)
			if v < u {
				b.arcs = append(b.arcs, [2]int{v, u})
			}
		}
	}
	return b, true
}

// NewGrid makes the board of the grid of r rows and c columns, cells
// numbered row by row; false when it has more than MaxVertices cells.
func NewGrid(r, c int) (*Board, bool) {
	if r*c > MaxVertices || r < 1 || c < 1 {
		return nil, false
	}
	adj := make([][]int, r*c)
	for v := range adj {
		i, j := v/c, v%c
		for _, d := range [4][2]int{{-1, 0}, {0, -1}, {0, 1}, {1, 0}} {
			if y, x := i+d[0], j+d[1]; y >= 0 && y < r && x >= 0 && x < c {
				adj[v] = append(adj[v], y*c+x)
			}
		}
	}
	b, _ := NewBoard(adj)
	if r > 64 || c > 64 { // the keys' rows would not fit a word: keyed as any graph
		return b, true
	}
	b.rows, b.cols, b.rowMask = r, c, 1<<c-1
	runsOnce.Do(makeRuns)
	for _, a := range b.arcs {
		along := 0 // a row
		if a[1]-a[0] == c {
			along = 1
		}
		b.rings = append(b.rings, ringOf(ring[along][:], a[0], r, c))
	}
	for v := range r * c {
		b.crosses = append(b.crosses, ringOf(crossRing[:], v, r, c))
	}
	for v := range r * c {
		if v%c != 0 {
			b.notFirst.add(v)
		}
		if v%c != c-1 {
			b.notLast.add(v)
		}
	}
	return b, true
}

// All is the set of every vertex of the board.
func (b *Board) All() Set {
	var s Set
	for v := range b.n {
		s.add(v)
	}
	return s
}

// key is a component's entry in the memo: on a grid its least encoding
// under the lattice's symmetries (the rows of its bounding box, then the
// box's size), elsewhere its least image under the board's automorphisms
// and the board.
type key [3]uint64

// less orders keys by their box first, then their cells: the least of a
// region's eight encodings is then among the four whose box is no taller
// than it is wide.
func less(a, b key) bool {
	if a[2] != b[2] {
		return a[2] < b[2]
	}
	if a[0] != b[0] {
		return a[0] < b[0]
	}
	return a[1] < b[1]
}

// keyOf is the key of a component, and whether a mirror maps it onto
// itself with no vertex on or next to its image (its value is then 0).
func (b *Board) keyOf(c Set) (key, bool) {
	if b.rows == 0 {
		return key{c[0], c[1], 1<<63 | b.id}, false
	}
	// the rows of the component's bounding box, r: h rows of w bits
	var r [64]uint64
	first, last := c.first()/b.cols, c.last()/b.cols
	h := last - first + 1
	cols := uint64(0)
	for i := range h {
		r[i] = c.shr((first + i) * b.cols)[0] & b.rowMask
		cols |= r[i]
	}
	c0 := bits.TrailingZeros64(cols)
	w := bits.Len64(cols) - c0
	for i := range h {
		r[i] >>= c0
	}
	// the eight encodings (less): the box h × w reflected either way or
	// turned half round, and its transpose, w × h, so too
	id := encode(r[:h], w, false, false)
	half := encode(r[:h], w, true, true)
	best := id
	if h <= w {
		best = least(best, encode(r[:h], w, true, false), encode(r[:h], w, false, true), half)
	}
	var diag, anti key
	if h >= w {
		var t [64]uint64 // w rows of h bits
		for i := range h {
			for x := r[i]; x != 0; x &= x - 1 {
				t[bits.TrailingZeros64(x)] |= 1 << i
			}
		}
		diag, anti = encode(t[:w], h, false, false), encode(t[:w], h, true, true)
		best = least(best, diag, encode(t[:w], h, true, false), encode(t[:w], h, false, true), anti)
	}
	// a mirror of a connected component: a half turn, or a diagonal of a
	// square (a reflection left to right or top to bottom maps the middle
	// column or row, never empty, onto or next to itself)
	switch {
	case half == id && centreFree(r[:h], w):
		return best, true
	case h == w && diag == id && diagonalFree(r[:h], func(i int) int { return i }):
		return best, true
	case h == w && anti == id && diagonalFree(r[:h], func(i int) int { return w - 1 - i }):
		return best, true
	}
	return best, false
}

// least is the least of keys.
func least(k key, ks ...key) key {
	for _, e := range ks {
		if less(e, k) {
			k = e
		}
	}
	return k
}

// encode is the key of the rows of a box, w bits each, reflected left to
// right (flipRows) or top to bottom (flipCols) first.
func encode(rows []uint64, w int, flipRows, flipCols bool) key {
	var e key
	h := len(rows)
	for i, x := range rows {
		if flipRows {
			x = bits.Reverse64(x) >> (64 - w)
		}
		at := i
		if flipCols {
			at = h - 1 - i
		}
		at *= w
		e[at>>6] |= x << (at & 63)
		if rest := at&63 + w - 64; rest > 0 {
			e[at>>6+1] |= x >> (w - rest)
		}
	}
	e[2] = uint64(h)<<8 | uint64(w)
	return e
}

// centreFree reports whether no cell of a box is its own image or next to
// it under the half turn: the centre cell, or the two cells about the
// centre of a box odd one way and even the other, are empty.
func centreFree(rows []uint64, w int) bool {
	h := len(rows)
	switch {
	case h%2 == 1 && w%2 == 1:
		return rows[h/2]>>(w/2)&1 == 0
	case h%2 == 1:
		return rows[h/2]>>(w/2-1)&3 == 0
	case w%2 == 1:
		return rows[h/2-1]>>(w/2)&1 == 0 && rows[h/2]>>(w/2)&1 == 0
	}
	return true
}

// diagonalFree reports whether the cells (i, col(i)) of a square box are
// empty: the fixed cells of a reflection in a diagonal.
func diagonalFree(rows []uint64, col func(int) int) bool {
	for i, x := range rows {
		if x>>col(i)&1 != 0 {
			return false
		}
	}
	return true
}

// component is the connected component of the set s holding its least
// vertex; s is not empty.
func (b *Board) component(s Set) Set {
	if b.rows > 0 {
		var comp Set
		comp.add(s.first())
		for {
			next := comp.or(comp.and(b.notLast).shl(1)).or(comp.and(b.notFirst).shr(1)).or(comp.shl(b.cols)).or(comp.shr(b.cols)).and(s)
			if next == comp {
				return comp
			}
			comp = next
		}
	}
	var comp, frontier Set
	frontier.add(s.first())
	for !frontier.empty() {
		comp = comp.or(frontier)
		var next Set
		frontier.each(func(v int) { next = next.or(b.adj[v]) })
		frontier = next.and(s).minus(comp)
	}
	return comp
}

// ring is the ten cells around a domino of a grid, in order round it,
// as steps from its first cell: for a domino lying along a row, the row
// above from the left, the cell after it, the row below from the right,
// the cell before it; for one along a column, the same turned. Cells 1, 2,
// 4, 6, 7 and 9 are the domino's neighbours, the others the corners.
var ring = [2][10][2]int{
	{{-1, -1}, {-1, 0}, {-1, 1}, {-1, 2}, {0, 2}, {1, 2}, {1, 1}, {1, 0}, {1, -1}, {0, -1}},
	{{-1, -1}, {0, -1}, {1, -1}, {2, -1}, {2, 0}, {2, 1}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}},
}

// crossRing is the sixteen cells round a cell and its four neighbours (what
// a move of Node Kayles takes), in order round them from the cell two
// above: the even ones are the cross's neighbours.
var crossRing = [16][2]int{
	{-2, 0}, {-2, 1}, {-1, 1}, {-1, 2}, {0, 2}, {1, 2}, {1, 1}, {2, 1},
	{2, 0}, {2, -1}, {1, -1}, {1, -2}, {0, -2}, {-1, -2}, {-1, -1}, {-2, -1},
}

// oneRun is the table of a ring of n cells, neighbours (a bit a cell) those
// next to what a move takes: t[m] reports whether the ring's cells present
// (bit i of m for cell i) that are neighbours lie in one run of present
// cells round the ring. Then a region loses no connection when the move's
// cells go, since every way through them goes round them instead.
func oneRun(n int, neighbours int) []bool {
	t := make([]bool, 1<<n)
	for m := range 1 << n {
		if m == 1<<n-1 {
			t[m] = true
			continue
		}
		runs := 0 // runs holding a neighbour
		for i := range n {
			if m>>i&1 == 0 || m>>((i+n-1)%n)&1 != 0 { // not the start of a run
				continue
			}
			hit := false
			for j := i; m>>(j%n)&1 != 0; j++ {
				hit = hit || neighbours>>(j%n)&1 != 0
			}
			if hit {
				runs++
			}
		}
		t[m] = runs <= 1
	}
	return t
}

// The tables of the two rings, made with the first grid (NewGrid): the
// cross's takes milliseconds, which no other run of gamelang should pay.
var (
	dominoRuns, crossRuns []bool
	runsOnce              sync.Once
)

func makeRuns() {
	dominoRuns = oneRun(10, 1<<1|1<<2|1<<4|1<<6|1<<7|1<<9)
	crossRuns = oneRun(16, 0x5555)
}

// ringOf is the cells of a ring (steps from the cell v of an r × c grid),
// -1 off the board.
func ringOf(steps [][2]int, v, r, c int) []int16 {
	cells := make([]int16, len(steps))
	i, j := v/c, v%c
	for k, d := range steps {
		cells[k] = -1
		if y, x := i+d[0], j+d[1]; y >= 0 && y < r && x >= 0 && x < c {
			cells[k] = int16(y*c + x)
		}
	}
	return cells
}

// keepsWhole reports whether the region c stays connected when a move's
// cells go, from its ring of cells and the ring's table (see oneRun).
func keepsWhole(c Set, cells []int16, runs []bool) bool {
	m := 0
	for j, v := range cells {
		if v >= 0 && c.has(int(v)) {
			m |= 1 << j
		}
	}
	return runs[m]
}

// entry is what the search knows of a component: its value when val >= 0;
// else not has bit k when G + *k is N, and the value is at most ub (or any
// when ub < 0).
type entry struct {
	not uint64
	val int32
	ub  int32
}

// Solver is the engine for one rule: its memo serves every board it is
// asked about, and grows between queries.
//
// The memo is two generations: new entries go to memo; when it holds
// room entries (two fifths of the memory budget), it becomes old and a
// new memo starts, and the old one before it is dropped. An entry found
// in old is kept in memo again: what the search still uses survives, what
// it no longer reads goes, and a search that needs more entries than the
// budget holds runs on, solving again what it dropped, instead of
// stopping at the budget. An entry is a proved fact either way.
type Solver struct {
	rule   Rule
	limits *solve.Limits
	what   string
	memo   map[key]entry
	old    map[key]entry // the generation before memo; nil at first
	room   int           // the entries of a generation
	fixed  int           // room when set (tests), not the budget's
	drops  int           // the generations dropped
	fresh  int           // the new entries stored: every 4096th reads the memory held
	ctx    context.Context
	steps  int
	levels []*level // the options listed at each depth of the search
	depth  int
	cap    int // the state cap, read as a query starts
}

// New makes the engine of a rule; what names the game in progress and in
// errors.
func New(rule Rule, limits *solve.Limits, what string) *Solver {
	return &Solver{rule: rule, limits: limits, what: what, memo: map[key]entry{}}
}

// Positions is the number of components the memo holds.
func (s *Solver) Positions() int { return len(s.memo) + len(s.old) }

// Drops is the number of generations of the memo dropped to stay within
// the budget.
func (s *Solver) Drops() int { return s.drops }

// bytesPer is what an entry of the memo costs at the peak: key (24 bytes)
// and entry (16) in a map's slot, the slots left free, and the tables a
// growing map has outgrown until they are collected: Node Kayles 7 × 9 in
// generations of 100,000 and 200,000 entries peaked at 82 and 78 bytes an
// entry, and 9 × 9 at 110 (464 MiB resident, start-up included, with
// 4,221,435 entries in its first generation). Before a rotation collected
// the generation it drops, they peaked at 141 and 131 (and Node Kayles
// 9 × 9 stopped at a budget of 4 GiB with 21,475,327 entries: 163 bytes
// each).
const bytesPer = 120

// Grundy is the value of the position set of board b.
func (s *Solver) Grundy(ctx context.Context, b *Board, set Set) (g int, err error) {
	defer solve.Catch(&err)
	s.start(ctx)
	var buf [MaxVertices / 2]part
	x, big, ok := s.fold(b, b.parts(set, buf[:0]))
	if !ok {
		return x, nil
	}
	return x ^ s.value(b, big), nil
}

// Win reports whether the player to move wins the position: whether it is
// not 0, searched as the P-test of the position plus *0 only.
func (s *Solver) Win(ctx context.Context, b *Board, set Set) (won bool, err error) {
	defer solve.Catch(&err)
	s.start(ctx)
	var buf [MaxVertices / 2]part
	return !s.sumP(b, b.parts(set, buf[:0]), 0), nil
}

// start readies the engine for a query.
func (s *Solver) start(ctx context.Context) {
	s.ctx, s.steps, s.depth, s.cap = ctx, 0, 0, s.limits.States()
	s.room = int(max(1024, s.limits.Memory()/5*2/bytesPer))
	if s.fixed > 0 {
		s.room = s.fixed
	}
}

// part is a component of a position, with its key, and whether a mirror
// maps it onto itself (its value is then 0).
type part struct {
	set      Set
	key      key
	mirrored bool
}

// parts splits a position into its components, appended to out.
func (b *Board) parts(set Set, out []part) []part {
	for !set.empty() {
		c := b.component(set)
		k, m := b.keyOf(c)
		out = append(out, part{c, k, m})
		set = set.minus(c)
	}
	return out
}

// fold values every part of a position but its largest, and returns the
// XOR of their values and the largest (false when none is left): equal
// parts cancel, and mirrored ones are 0.
func (s *Solver) fold(b *Board, ps []part) (int, part, bool) {
	var live [MaxVertices]uint8 // the parts left, by index
	n := 0
	for i, p := range ps {
		if p.mirrored {
			continue
		}
		cancelled := false
		for j := range n {
			if ps[live[j]].key == p.key {
				live[j] = live[n-1]
				n--
				cancelled = true
				break
			}
		}
		if !cancelled {
			live[n] = uint8(i)
			n++
		}
	}
	if n == 0 {
		return 0, part{}, false
	}
	largest := live[0]
	for _, i := range live[1:n] {
		if ps[i].set.count() > ps[largest].set.count() {
			largest = i
		}
	}
	x := 0
	for _, i := range live[:n] {
		if i != largest {
			x ^= s.value(b, ps[i])
		}
	}
	return x, ps[largest], true
}

// sumP reports whether the position of the parts ps plus *h is P.
func (s *Solver) sumP(b *Board, ps []part, h int) bool {
	x, big, ok := s.fold(b, ps)
	if !ok {
		return x == h
	}
	return s.p(b, big, h^x, nil)
}

// value is the value of a component: the least h with G + *h P. Its
// options are listed once for every h tried.
func (s *Solver) value(b *Board, c part) int {
	if e := s.get(c.key); e.val >= 0 {
		return int(e.val)
	}
	lv := s.list(b, c.set)
	defer s.release()
	for h := 0; ; h++ {
		if s.p(b, c, h, lv) {
			return h
		}
	}
}

// p reports whether the component c plus *h is a P-position; lv is the
// listing of c's options when the caller has made it (nil: p lists them
// if it must, once for the smaller heaps it tries too).
func (s *Solver) p(b *Board, c part, h int, lv *level) bool {
	e := s.get(c.key)
	switch {
	case e.val >= 0:
		return int(e.val) == h
	case h < 64 && e.not>>h&1 != 0, e.ub >= 0 && h > int(e.ub):
		return false
	}
	s.tick()
	if lv == nil {
		lv = s.list(b, c.set)
		defer s.release()
	}
	if s.optionP(b, lv, h) { // a move of c to a P-position: N
		if h < 64 {
			e = s.get(c.key)
			e.not |= 1 << h
			s.store(c.key, e)
		}
		return false
	}
	// no option is of value h: the value is at most h, and is h when no
	// smaller heap makes c + *h' P
	e = s.get(c.key)
	if e.ub < 0 || int(e.ub) > h {
		e.ub = int32(h)
	}
	s.store(c.key, e)
	for h2 := range h {
		if s.p(b, c, h2, lv) {
			return false
		}
	}
	e = s.get(c.key)
	e.val = int32(h)
	s.store(c.key, e)
	return true
}

// optionP reports whether some option of a listing plus *h is a
// P-position. The options are tried in the order of their largest
// component, smallest first: an option that leaves small pieces is
// searched soonest, and a win found there spares the rest; before any
// search, a win the memo knows already.
func (s *Solver) optionP(b *Board, lv *level, h int) bool {
	for _, o := range lv.opts {
		if s.knownP(lv.parts[o.start:o.end], h) {
			return true
		}
	}
	for _, o := range lv.opts {
		if s.sumP(b, lv.parts[o.start:o.end], h) {
			return true
		}
	}
	return false
}

// knownP reports whether the memo knows that the parts plus *h are P:
// every part's value known (or mirrored, or cancelled by an equal one),
// and their XOR h.
func (s *Solver) knownP(ps []part, h int) bool {
	x := 0
	for i, p := range ps {
		if p.mirrored {
			continue
		}
		twins := 0 // the equal parts before it
		for _, q := range ps[:i] {
			if q.key == p.key {
				twins++
			}
		}
		e := s.get(p.key)
		if e.val < 0 {
			return false
		}
		if twins&1 != 0 {
			x ^= int(e.val) // its twin's value: they cancel
			continue
		}
		x ^= int(e.val)
	}
	return x == h
}

// option is a move's result: its parts, ps[start:end] of the depth's
// buffer, and the size of the largest.
type option struct {
	start, end int32
	largest    int32
}

// level is the buffers of one depth of the search.
type level struct {
	opts  []option
	parts []part
}

// list lists the options of a component in the order they are tried,
// with their parts, in the buffers of the search's next depth, which the
// caller gives back (release) when it is done with them.
func (s *Solver) list(b *Board, c Set) *level {
	if s.depth == len(s.levels) {
		s.levels = append(s.levels, new(level))
	}
	lv := s.levels[s.depth]
	s.depth++
	opts, ps := lv.opts[:0], lv.parts[:0]
	add := func(o Set) {
		start := len(ps)
		ps = b.parts(o, ps)
		largest := 0
		for _, p := range ps[start:] {
			largest = max(largest, p.set.count())
		}
		opts = append(opts, option{int32(start), int32(len(ps)), int32(largest)})
	}
	whole := func(o Set) { // still one region: no walk over it
		k, m := b.keyOf(o)
		ps = append(ps, part{o, k, m})
		opts = append(opts, option{int32(len(ps) - 1), int32(len(ps)), int32(o.count())})
	}
	if s.rule == Node {
		c.each(func(v int) {
			o := c.minus(b.adj[v].with(v))
			if b.crosses == nil || o.empty() || !keepsWhole(c, b.crosses[v], crossRuns) {
				add(o)
				return
			}
			whole(o)
		})
	} else {
		for i, a := range b.arcs {
			if !c.has(a[0]) || !c.has(a[1]) {
				continue
			}
			o := c.minus(Set{}.with(a[0]).with(a[1]))
			if b.rings == nil || o.empty() || !keepsWhole(c, b.rings[i], dominoRuns) {
				add(o)
				continue
			}
			whole(o)
		}
	}
	slices.SortStableFunc(opts, func(x, y option) int { return int(x.largest - y.largest) })
	lv.opts, lv.parts = opts, ps
	return lv
}

// release gives back the buffers of the deepest listing.
func (s *Solver) release() { s.depth-- }

// get is the entry of a component, empty when the memo has none; one
// found in the old generation is kept in the new.
func (s *Solver) get(k key) entry {
	if e, ok := s.memo[k]; ok {
		return e
	}
	if e, ok := s.old[k]; ok {
		s.store(k, e)
		return e
	}
	return entry{val: -1, ub: -1}
}

// store keeps an entry in the new generation, starting another when it
// is full; a new entry is checked against the state cap, and every 4096th
// against the memory budget, read from the runtime: 85% of the budget is
// the most it may hold; the two generations are 80% of it by the estimate
// of bytesPer, and when they take more, shrink makes them smaller.
func (s *Solver) store(k key, e entry) {
	if _, ok := s.memo[k]; !ok {
		if len(s.memo) >= s.room {
			s.rotate()
		}
		s.fresh++
		if n := s.Positions() + 1; n > s.cap || s.fresh&4095 == 0 {
			if err := s.limits.CheckNow(s.what, n, int64(n)*bytesPer); err != nil {
				var le *solve.LimitError
				if !errors.As(err, &le) || !le.Memory || !s.shrink() {
					solve.Abort(err)
				}
			}
		}
	}
	s.memo[k] = e
}

// rotate makes the new generation the old one, dropping the old.
func (s *Solver) rotate() {
	if s.old != nil {
		s.drops++
	}
	s.old, s.memo = s.memo, make(map[key]entry, s.room/4)
	// The generation dropped is collected now: left to the collector's
	// pace, a third generation's worth of garbage would sit beside the
	// two (the pace is set by the heap, mostly the generations). Its
	// maps hold no pointers, so a collection costs little; a generation
	// fills in minutes.
	runtime.GC()
}

// shrink answers the budget when the generations hold more than bytesPer
// says (the maps' growth, the garbage of a dropped generation): the old
// generation goes at once (or, when there is none, the new), the memory
// it held goes back to the system, and the generations to come are half
// as long as the new one was. False when the new one is too small to be
// halved again: the budget is then too small for the search.
func (s *Solver) shrink() bool {
	if len(s.memo) < 2048 {
		return false
	}
	s.room = len(s.memo) / 2
	if s.old == nil {
		s.rotate()
	}
	s.old = nil
	s.drops++
	debug.FreeOSMemory()
	return true
}

// tick looks at the context every 256 steps (a step lists up to a few
// hundred options: Ctrl-C answers within milliseconds), and reports
// progress every 4096.
func (s *Solver) tick() {
	if s.steps++; s.steps&255 != 0 {
		return
	}
	if s.steps&4095 == 0 {
		s.limits.Report(s.what, "positions", int64(s.Positions()))
	}
	if err := s.ctx.Err(); err != nil {
		solve.Abort(&solve.InterruptedError{What: s.what, States: s.Positions(), Err: err})
	}
}
