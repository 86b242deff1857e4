package stdlib

// Nimstring by its structure, for pictures past the table's strings: a
// position is simplified by what the theory of Winning Ways (vol. 3,
// ch. 16) and Berlekamp's The Dots-and-Boxes Game prove of capturable
// coins, split into its components, each valued once for every shape
// (a canonical key, the same for every labelling of the coins), with its
// long chains and loops cut to the shortest of their kind.
//
// The rules, for a coin c with one string s left (capturable):
//   - s goes to the ground: c and s go (taking c answers every nimber but
//     the rest's value, which the rest's own moves never answer);
//   - s goes to a coin x with no other string (a pair, taken by one cut):
//     the pair goes, worth 0;
//   - s goes to a coin x with one other string t, and t goes to the ground
//     or to a coin with two strings or more: the position is loony (the
//     mover takes c and either takes x too or declines with t: the
//     all-but-two trick);
//   - the same with t to a coin y with no other string: the chain c-x-y,
//     both ends capturable, goes, worth 0;
//   - s goes to a coin x with two other strings or more: c and s go.
//
// Then every coin has two strings or more and no cut captures: a position
// is worth the mex of its cuts' values, a cut to a loony position answering
// nothing. A chain of three coins or more with two strings each (between
// two ends, each the ground or a coin of three strings or more) is worth
// the same at any length from three: every cut in it is to a loony
// position, and an end that loses strings either joins it to a longer
// chain or leaves a capturable coin beside it, which is loony at any
// length. So is a loop through one coin, from three coins; a cycle alone
// from four (a cycle of three, cut, leaves a chain of three whose ends are
// capturable, worth 0). Each is kept at that length.
//
// The tests check every rule against the table (nimstringtable.go), which
// they check against a brute force of the game's rules.

import (
	"encoding/binary"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/gamelang/gamelang/game"
)

// ground is the far end of a string to the ground in a shape.
const ground = -1

// shape is a Nimstring position as coins 0..n-1 and strings between two
// coins or a coin and the ground.
type shape struct {
	n       int
	strings [][2]int
	names   []string // the coins' names, for explain(); nil on the way to a value
}

// shapeOf is the shape of a position of a picture; false when the picture
// has a string from a coin to itself, which the rules above do not cover.
func shapeOf(s hstate) (shape, bool) {
	sh, _, ok := namedShapeOf(s, false)
	return sh, ok
}

// namedShapeOf is shapeOf, with the coins' names when named.
func namedShapeOf(s hstate, named bool) (shape, []string, bool) {
	p := s.pic
	index := map[int]int{}
	var names []string
	coin := func(v int) int {
		if p.onGnd[v] {
			return ground
		}
		i, ok := index[v]
		if !ok {
			i = len(index)
			index[v] = i
			names = append(names, p.g.Label(v))
		}
		return i
	}
	var sh shape
	ok := true
	s.each(func(e int) {
		u, v := p.edges[e][0], p.edges[e][1]
		if u == v && !p.onGnd[u] {
			ok = false
		}
		sh.strings = append(sh.strings, [2]int{coin(u), coin(v)})
	})
	sh.n = len(index)
	if named {
		sh.names = names
	}
	return sh, names, ok
}

// incidence lists the strings at each coin (two allocations: the lists
// share one array).
func (sh shape) incidence() [][]int { return sh.incidenceIn(&incRoom{}) }

// incRoom is room for a shape's incidence, used again from one shape to
// the next (incRooms).
type incRoom struct {
	ints []int
	at   [][]int
}

var incRooms = sync.Pool{New: func() any { return new(incRoom) }}

// incidenceIn is incidence in room (good until its next use).
func (sh shape) incidenceIn(room *incRoom) [][]int {
	buf := zeroed(&room.ints, sh.n+1+2*len(sh.strings))
	deg := buf[:sh.n+1]
	for _, s := range sh.strings {
		for _, v := range s {
			if v != ground {
				deg[v+1]++
			}
		}
	}
	for v := range sh.n {
		deg[v+1] += deg[v]
	}
	all := buf[sh.n+1 : sh.n+1+deg[sh.n]]
	if cap(room.at) < sh.n {
		room.at = make([][]int, sh.n)
	}
	inc := room.at[:sh.n]
	for v := range sh.n {
		inc[v] = all[deg[v]:deg[v]:deg[v+1]]
	}
	for i, s := range sh.strings {
		for _, v := range s {
			if v != ground {
				inc[v] = append(inc[v], i)
			}
		}
	}
	return inc
}

// degrees is the number of strings at each coin.
func (sh shape) degrees(sc *scratch) []int {
	deg := sc.ints.take(sh.n)
	for _, s := range sh.strings {
		for _, v := range s {
			if v != ground {
				deg[v]++
			}
		}
	}
	return deg
}

// other is the far end of string i from v.
func (sh shape) other(i, v int) int {
	if s := sh.strings[i]; s[0] == v {
		return s[1]
	}
	return sh.strings[i][0]
}

// without is the shape with the strings and coins marked gone, renumbered,
// in sc, with room for extra strings more; and each coin's new number.
func (sh shape) without(goneString, goneCoin []bool, extra int, sc *scratch) (shape, []int) {
	index := sc.ints.take(sh.n)
	out := shape{}
	for v := range sh.n {
		if !goneCoin[v] {
			index[v] = out.n
			out.n++
			if sh.names != nil {
				out.names = append(out.names, sh.names[v])
			}
		}
	}
	out.strings = sc.pairs.take(len(sh.strings) + extra)[:0]
	for i, s := range sh.strings {
		if goneString[i] {
			continue
		}
		var t [2]int
		for k, v := range s {
			t[k] = ground
			if v != ground {
				t[k] = index[v]
			}
		}
		out.strings = append(out.strings, t)
	}
	return out, index
}

// noter takes what a rule did, for explain(); nil: nothing is said.
type noter func(format string, args ...any)

// simplifyNoting applies the rules for capturable coins until no coin has
// fewer than two strings, saying each rule it applies (note nil: nothing
// is said); loony when the position is.
func (sh shape) simplifyNoting(note noter) (shape, bool) {
	sh, _, loony := sh.simplified(note, &incRoom{}, new(scratch))
	return sh, loony
}

// simplified is simplifyNoting with the incidence of the shape it leaves,
// the shapes on the way in sc.
func (sh shape) simplified(note noter, room *incRoom, sc *scratch) (shape, [][]int, bool) {
	for {
		inc := sh.incidenceIn(room)
		if !slices.ContainsFunc(inc, func(at []int) bool { return len(at) < 2 }) {
			return sh, inc, false
		}
		goneS, goneC := sc.bools.take(len(sh.strings)), sc.bools.take(sh.n)
		changed := false
		for c := range sh.n {
			if goneC[c] || live(inc[c], goneS) > 1 {
				continue
			}
			loony := sh.capturable(c, inc, goneS, goneC, note)
			if loony {
				return shape{}, nil, true
			}
			changed = true
		}
		if !changed {
			return sh, inc, false
		}
		sh, _ = sh.without(goneS, goneC, 0, sc)
	}
}

// live counts the strings of a coin not yet gone.
func live(at []int, gone []bool) int {
	n := 0
	for _, i := range at {
		if !gone[i] {
			n++
		}
	}
	return n
}

// liveString is a coin's one string not gone and not skip; -1 when none.
func liveString(at []int, gone []bool, skip int) int {
	for _, i := range at {
		if !gone[i] && i != skip {
			return i
		}
	}
	return -1
}

// capturable applies the rule for coin c, with at most one string left,
// marking what goes; it reports whether the position is loony.
func (sh shape) capturable(c int, inc [][]int, goneS, goneC []bool, note noter) bool {
	goneC[c] = true
	s := liveString(inc[c], goneS, -1)
	if s < 0 {
		return false // a coin without strings: taken already
	}
	goneS[s] = true
	x := sh.other(s, c)
	if x == ground {
		sh.say(note, "coin %s can be taken, its last string to the ground: taking it changes no value, so it goes", c)
		return false
	}
	switch live(inc[x], goneS) { // x's strings but s
	case 0:
		sh.say(note, "coins %s and %s are a pair taken by one cut (worth 0): they go", c, x)
		goneC[x] = true
	case 1:
		t := liveString(inc[x], goneS, -1)
		y := sh.other(t, x)
		if y == ground || live(inc[y], goneS) >= 2 {
			sh.say(note, "coin %s can be taken beside %s, which has one other string: loony, by the all-but-two trick (take both, or decline with that string and leave the pair)", c, x)
			return true
		}
		sh.say(note, "coins %s, %s and %s are a chain whose ends can be taken (worth 0): they go", c, x, y)
		goneC[x], goneC[y], goneS[t] = true, true, true
	default:
		sh.say(note, "coin %s can be taken beside %s, which keeps two strings or more: taking it changes no value, so it goes", c, x)
	}
	return false
}

// say tells note what a rule did to the coins, by their names; nothing
// when note is nil (on the way to a value, where naming would cost).
func (sh shape) say(note noter, format string, coins ...int) {
	if note == nil {
		return
	}
	args := make([]any, len(coins))
	for i, v := range coins {
		args[i] = sh.name(v)
	}
	note(format, args...)
}

// name is coin v's name, or its number.
func (sh shape) name(v int) string {
	switch {
	case v == ground:
		return "the ground"
	case v < 0:
		return "no end"
	case sh.names != nil:
		return sh.names[v]
	}
	return fmt.Sprint(v)
}

// The lengths at which chains stop mattering, by their kind.
const (
	chainLong = 3 // between two ends, or a loop through one coin
	cycleLong = 4 // a cycle alone
)

// parts are a position's components once simplified and contracted, and
// its strings from the ground to the ground; loony when it is. The shapes
// are in sc.
func (sh shape) parts(sc *scratch) (parts []shape, bare int, loony bool) {
	room := incRooms.Get().(*incRoom)
	defer incRooms.Put(room)
	sh, inc, loony := sh.simplified(nil, room, sc)
	if loony {
		return nil, 0, true
	}
	parts, bare = sh.contracted(inc, nil, sc).components(sc)
	return parts, bare, false
}

// contractNoting shortens long chains and loops to the length of their
// kind, saying each chain it finds.
func (sh shape) contractNoting(note noter) shape {
	return sh.contracted(sh.incidence(), note, new(scratch))
}

// contracted is contractNoting given the shape's incidence, in sc.
func (sh shape) contracted(inc [][]int, note noter, sc *scratch) shape {
	seen := sc.bools.take(sh.n)
	room := &chainRoom{}
	if sc != nil {
		room = &sc.chain
	}
	var goneS, goneC []bool // made at the first long chain
	var added [][2]int      // the chains put back, ends first
	var keep []int
	for c := range sh.n {
		if seen[c] || len(inc[c]) != 2 {
			continue
		}
		coins, strs, ends, cycle := sh.chainIn(room, c, inc)
		for _, v := range coins {
			seen[v] = true
		}
		limit := chainLong
		if cycle {
			limit = cycleLong
		}
		sh.noteChain(note, coins, ends, cycle, limit)
		if len(coins) <= limit {
			continue
		}
		if goneS == nil {
			goneS, goneC = sc.bools.take(len(sh.strings)), sc.bools.take(sh.n)
		}
		for _, v := range coins {
			goneC[v] = true
		}
		for _, i := range strs {
			goneS[i] = true
		}
		added = append(added, ends)
		keep = append(keep, limit)
	}
	if len(added) == 0 {
		return sh
	}
	return sh.rebuilt(goneS, goneC, added, keep, sc)
}

// rebuilt is the shape without the long chains' coins and strings, with
// each put back at its kind's length between its ends, in sc.
func (sh shape) rebuilt(goneS, goneC []bool, added [][2]int, keep []int, sc *scratch) shape {
	extra := 0 // the chains' strings, which withChain appends
	for _, k := range keep {
		extra += k + 1
	}
	out, index := sh.without(goneS, goneC, extra, sc)
	at := func(v int) int {
		if v >= 0 {
			return index[v]
		}
		return v // the ground, or a cycle's no end
	}
	for i, ends := range added {
		out = out.withChain(at(ends[0]), at(ends[1]), keep[i])
	}
	return out
}

// noteChain says what a chain is and what it is worth to the search.
func (sh shape) noteChain(note noter, coins []int, ends [2]int, cycle bool, limit int) {
	if note == nil {
		return
	}
	var names []string
	for _, v := range coins {
		names = append(names, sh.name(v))
	}
	kind := fmt.Sprintf("a chain of %d (%s) from %s to %s", len(coins), strings.Join(names, ", "), sh.name(ends[0]), sh.name(ends[1]))
	switch {
	case cycle:
		kind = fmt.Sprintf("a cycle of %d (%s)", len(coins), strings.Join(names, ", "))
	case ends[0] == ends[1] && ends[0] != ground:
		kind = fmt.Sprintf("a loop of %d (%s) through %s", len(coins), strings.Join(names, ", "), sh.name(ends[0]))
	}
	if len(coins) < limit {
		note("%s: short", kind)
		return
	}
	note("%s: long, every cut in it is to a loony position; valued as one of %d", kind, limit)
}

// cycleEnd marks a chain that is a cycle alone, with no end.
const cycleEnd = -2

// withChain adds a chain of k coins between a and b (cycleEnd: a cycle).
func (sh shape) withChain(a, b, k int) shape {
	first := sh.n
	sh.n += k
	if a == cycleEnd {
		for i := range k {
			sh.strings = append(sh.strings, [2]int{first + i, first + (i+1)%k})
		}
		return sh
	}
	prev := a
	for i := range k {
		sh.strings = append(sh.strings, [2]int{prev, first + i})
		prev = first + i
	}
	sh.strings = append(sh.strings, [2]int{prev, b})
	return sh
}

// chainRoom is room for chainIn's lists, used again from one chain to the
// next.
type chainRoom struct {
	sides       [2][]int
	strs, coins []int
}

// chainIn is the maximal chain of coins of two strings through c: its
// coins, its strings, its two ends (the ground or coins of other degrees),
// and whether it is a cycle alone; its lists in room (good until the next
// call).
func (sh shape) chainIn(room *chainRoom, c int, inc [][]int) (coins, strs []int, ends [2]int, cycle bool) {
	sides := &room.sides // the coins on each side of c, outwards
	sides[0], sides[1] = sides[0][:0], sides[1][:0]
	strs = room.strs[:0]
	for side := range 2 {
		prev, s := c, inc[c][side]
		for {
			if slices.Contains(strs, s) {
				return sh.cycleFrom(c, *sides), strs, [2]int{cycleEnd, cycleEnd}, true
			}
			strs = append(strs, s)
			room.strs = strs
			v := sh.other(s, prev)
			if v == ground || len(inc[v]) != 2 {
				ends[side] = v
				break
			}
			if v == c {
				return sh.cycleFrom(c, *sides), strs, [2]int{cycleEnd, cycleEnd}, true
			}
			sides[side] = append(sides[side], v)
			next := inc[v][0]
			if next == s {
				next = inc[v][1]
			}
			prev, s = v, next
		}
	}
	coins = append(room.coins[:0], sides[0]...)
	slices.Reverse(coins)
	coins = append(append(coins, c), sides[1]...)
	room.coins = coins
	return coins, strs, ends, false
}

// cycleFrom is a cycle's coins in order, from c.
func (sh shape) cycleFrom(c int, sides [2][]int) []int {
	return append([]int{c}, append(sides[0], sides[1]...)...)
}

// components splits a shape into its parts joined by coins, in sc;
// strings from the ground to the ground are counted apart (each worth *1).
func (sh shape) components(sc *scratch) (parts []shape, bare int) {
	var small [3 * maxShapeCoins]int // room for parent, byRoot and index, on the stack
	room := small[:]
	if 3*sh.n > len(room) {
		room = make([]int, 3*sh.n)
	}
	room = room[:3*sh.n]
	clear(room)
	parent := room[:sh.n]
	for i := range parent {
		parent[i] = i
	}
	find := func(v int) int {
		for parent[v] != v {
			parent[v] = parent[parent[v]]
			v = parent[v]
		}
		return v
	}
	for _, s := range sh.strings {
		if s[0] != ground && s[1] != ground {
			parent[find(s[0])] = find(s[1])
		}
	}
	byRoot, index := room[sh.n:2*sh.n], room[2*sh.n:] // a root's part, plus one; each coin's number in its part
	roots := 0
	for v := range sh.n {
		if find(v) == v {
			roots++
		}
	}
	parts = sc.shapes.take(roots)[:0]
	for v := range sh.n {
		r := find(v)
		if byRoot[r] == 0 {
			parts = append(parts, shape{})
			byRoot[r] = len(parts)
		}
		k := byRoot[r] - 1
		index[v] = parts[k].n
		parts[k].n++
	}
	if len(parts) == 1 && !slices.Contains(sh.strings, [2]int{ground, ground}) {
		parts[0] = shape{n: sh.n, strings: sh.strings}
		return parts, 0 // one part, numbered as it was
	}
	partOf := func(s [2]int) int { // a string's part; -1 from the ground to the ground
		v := s[0]
		if v == ground {
			v = s[1]
		}
		if v == ground {
			return -1
		}
		return byRoot[find(v)] - 1
	}
	end := sc.ints.take(len(parts)) // the strings of each part, then where its strings end in all
	for _, s := range sh.strings {
		if k := partOf(s); k >= 0 {
			end[k]++
		}
	}
	for k := 1; k < len(parts); k++ {
		end[k] += end[k-1]
	}
	var all [][2]int
	if len(parts) > 0 {
		all = sc.pairs.take(end[len(parts)-1])
	}
	for k := range parts {
		from := 0
		if k > 0 {
			from = end[k-1]
		}
		parts[k].strings = all[from:from:end[k]]
	}
	for _, s := range sh.strings {
		k := partOf(s)
		if k < 0 {
			bare++
			continue
		}
		var t [2]int
		for j, u := range s {
			t[j] = ground
			if u != ground {
				t[j] = index[u]
			}
		}
		parts[k].strings = append(parts[k].strings, t)
	}
	return parts, bare
}

// appendRaw appends to b the component as labelled: its coins' number and
// its strings.
func (sh shape) appendRaw(b []byte) []byte {
	b = append(b, 'r')
	b = binary.AppendUvarint(b, uint64(sh.n))
	for _, s := range sh.strings {
		b = binary.AppendUvarint(b, uint64(s[0]+1))
		b = binary.AppendUvarint(b, uint64(s[1]+1))
	}
	return b
}

// maxNotes bounds the lines Structure writes.
const maxNotes = 24

// Structure says what the theory sees in a position, for explain(): each
// rule for capturable coins it applies, then the chains, loops and cycles
// of coins with two strings, and the parts that are left.
func (n *Nimstring) Structure(s game.State) (string, bool) {
	st, ok := s.(hstate)
	if !ok {
		return "", false
	}
	sh, _, ok := namedShapeOf(st, true)
	if !ok {
		return "", false
	}
	var lines []string
	note := func(format string, args ...any) { lines = append(lines, fmt.Sprintf(format, args...)) }
	sh, loony := sh.simplifyNoting(note)
	if !loony {
		sh.contractNoting(note)
		parts, bare := sh.components(new(scratch))
		switch {
		case len(parts) == 0 && bare == 0:
			note("nothing is left: worth 0")
		case len(parts)+bare > 1:
			note("%d parts are left, each valued once for its shape (the same for every naming of its coins), and the value is their XOR", len(parts)+bare)
		}
	}
	if len(lines) == 0 {
		note("every coin has three strings or more: no cut takes a coin, and the value is the mex of the cuts' values")
	}
	if len(lines) > maxNotes {
		lines = append(lines[:maxNotes], fmt.Sprintf("and %d more", len(lines)-maxNotes))
	}
	return "By the theory of strings and coins (Winning Ways, ch. 16; Berlekamp, The Dots-and-Boxes Game):\n  " + strings.Join(lines, "\n  ") + "\n", true
}
