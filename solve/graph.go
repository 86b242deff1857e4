package solve

// The graph solver.
//
// States are canonical byte strings (a ruleset encodes its positions; equal
// positions have equal keys). The solver gives every state it meets an id,
// stores its value in vals[id], and walks the graph depth first with an explicit
// stack, so no Go recursion grows with the depth of the game:
//
//   - expanding a state lists its options once, turning each key into an id, and
//     keeps those ids on an arena that grows and shrinks with the stack;
//   - options not yet valued are pushed; when they are all done the state's
//     value is the mex of its options' values, read back from the arena;
//   - an option that is itself being expanded lies on the current path: the
//     moves loop, and the error shows the cycle.
//
// The number of stored states is capped; the context is checked every few
// thousand expansions so that long searches can be interrupted.
//
// Win asks only who wins, and searches only as far as that needs: a state is
// N as soon as one option is P, so its options are looked at one at a time,
// each searched before the next, and the rest are skipped once a P is met;
// it is P when all of them are N. A P state's value is 0, so it is stored as
// one; an N state is stored as knownN, which a later Grundy search expands
// like a state never met. Both proofs are finite trees of moves, so the
// answer holds in loopy games too; an option on the current path is a cycle,
// reported as the Grundy search reports it.

import (
	"context"
	"slices"
	"strings"
)

const (
	unvisited  int32 = -2
	inProgress int32 = -1
	knownN     int32 = -4 // an N state whose value is not known (Win)
)

// Graph is a game given by its moves on encoded states.
type Graph interface {
	// Options calls yield with the key of every option of the state with key s,
	// and w.Tick for every candidate move it considers. The slice passed to
	// yield is only valid during the call.
	Options(w *Work, s []byte, yield func(opt []byte)) error
}

// CycleError reports that moves lead back to an earlier position.
type CycleError struct {
	Cycle []string // keys, first == last
}

func (e *CycleError) Error() string {
	return "the moves loop: " + strings.Join(e.Cycle, " -> ") + ": no Grundy value; for loopy play, where such play is a draw, ask outcome(P, loopy)"
}

// Memo is a memoized mex solver for one graph. It keeps what it has learnt
// between queries.
type Memo struct {
	g      Graph
	limits *Limits
	what   string
	format func(key string) string
	table  *keyTable
	box    *box // tuples inside it are indexed by their cell (box.go); nil: none
	count  int  // the states stored
	// boxFree is how many more of the box's cells may be stored before the
	// limits are read again: the box's memory is taken once, so only the
	// state cap and the memory budget can stop them, read every 256 cells.
	boxFree int
	keyBuf  []byte  // a key decoded from the box
	vals    []int32 // by id: the box's cells, then the table's ids
	arena   []int32
	stack   []frame
	set     Mex
	cur     []byte
	work    *Work        // of the query under way
	add     func([]byte) // addOption, made once
	pending int          // options listed whose value is not known (listOptions)
	runs    []run        // runs of valued options not in the arena (addCells)
	bg      BoxGraph     // g, when it lists options as runs of cells
	addRun  func(first, step int64, count int)
	winList bool // listing for the outcome search: a P option stops it (Work.Stop)
	// The graph's moves as shifts, read once, when it can be swept (sweep.go).
	shiftsRead bool
	noSweep    bool  // NoSweep
	partSweeps bool  // sweeps go up to each root only, in this box (sweep.go)
	swept      int64 // the cells sweeps have walked, for tests
	shifts     []Shift
	changed    []bool
	raised     []bool
}

type frame struct {
	id         int32
	start, end int32 // the options' ids in arena[start:end], once expanded
	next       int32 // Win: the first option not known to be N
	expanded   bool
}

// NewMemo returns a solver for g. what names the game in errors; format turns a
// key into a readable position for cycle reports.
func NewMemo(g Graph, limits *Limits, what string, format func(key string) string) *Memo {
	m := &Memo{g: g, limits: limits, what: what, format: format, table: newKeyTable()}
	m.add = m.addOption
	m.bg, _ = g.(BoxGraph)
	m.addRun = m.addCells
	return m
}

// NoSweep makes the memo value every state by the search, never by a
// sweep (sweep.go): the generic solver's reference, to check the sweep.
func (m *Memo) NoSweep() { m.noSweep = true }

// Len is the number of states stored.
func (m *Memo) Len() int { return m.count }

// Grundy returns the nim value of the state with the given key.
func (m *Memo) Grundy(ctx context.Context, key []byte) (int, error) {
	root, err := m.root(key)
	if err != nil {
		return 0, err
	}
	if v := m.vals[root]; v >= 0 {
		return int(v), nil
	}
	if err := m.sweep(ctx, root); err != nil {
		return 0, err
	}
	if v := m.vals[root]; v >= 0 {
		return int(v), nil
	}
	if err := m.search(ctx, root, m.step); err != nil {
		return 0, err
	}
	return int(m.vals[root]), nil
}

// Win reports whether the state with the given key is an N-position (the
// player to move wins), by the outcome search (see above).
func (m *Memo) Win(ctx context.Context, key []byte) (bool, error) {
	root, err := m.root(key)
	if err != nil {
		return false, err
	}
	if v := m.vals[root]; v >= 0 || v == knownN {
		return v != 0, nil
	}
	if err := m.sweep(ctx, root); err != nil { // the values, at a few nanoseconds a state
		return false, err
	}
	if v := m.vals[root]; v >= 0 {
		return v != 0, nil
	}
	if err := m.search(ctx, root, m.stepWin); err != nil {
		return false, err
	}
	return m.vals[root] != 0, nil
}

// root is the id of the state a query asks about, the box refitted to it.
func (m *Memo) root(key []byte) (int32, error) {
	if b := m.fit(key); b != m.box {
		m.rebox(b)
		m.partSweeps = false
	}
	return m.id(key)
}

// search runs step from root until the stack is empty, reporting progress
// and looking at ctx every few thousand steps; after an error the memo
// forgets the states left in progress.
func (m *Memo) search(ctx context.Context, root int32, step func() error) error {
	m.work = NewWork(ctx, m.limits, m.what, m.Len)
	m.stack = append(m.stack[:0], frame{id: root})
	m.arena = m.arena[:0]
	steps := 0
	for len(m.stack) > 0 {
		if steps++; steps&4095 == 0 {
			m.limits.Report(m.what, "states", int64(m.count))
			if err := ctx.Err(); err != nil {
				m.abandon()
				return &InterruptedError{What: m.what, States: m.count, Err: err}
			}
		}
		if err := step(); err != nil {
			m.abandon()
			return err
		}
	}
	return nil
}

// stepWin advances the outcome search at the top of the stack: it expands
// the state, or goes on through its options from the first not known to be
// N, pushing the first unknown one; a P option makes the state N at once, and
// options all N make it P.
func (m *Memo) stepWin() error {
	top := &m.stack[len(m.stack)-1]
	if !top.expanded {
		if m.vals[top.id] != unvisited { // known through another path since it was pushed
			m.stack = m.stack[:len(m.stack)-1]
			return nil
		}
		m.vals[top.id] = inProgress
		top.expanded = true
		top.start = int32(len(m.arena))
		m.cur = append(m.cur[:0], m.key(top.id)...)
		m.winList = true // a P option met stops the listing (note, addCells)
		err := m.listOptions(top.id)
		m.winList = false
		if err != nil {
			return err
		}
		m.flush() // every option goes through the arena here
		top = &m.stack[len(m.stack)-1]
		top.end = int32(len(m.arena))
		top.next = top.start
		if m.work.Stopped() { // a move to a state known to be P: N, without looking further
			return m.settle(knownN)
		}
	}
	for ; top.next < top.end; top.next++ {
		id := m.arena[top.next]
		switch v := m.vals[id]; {
		case v == 0: // a move to a P state
			return m.settle(knownN)
		case v == inProgress:
			return m.cycle(id)
		case v == unvisited:
			m.stack = append(m.stack, frame{id: id})
			return nil
		}
	}
	return m.settle(0) // every option is N
}

// settle gives the state at the top of the stack its value and pops it.
func (m *Memo) settle(v int32) error {
	top := m.stack[len(m.stack)-1]
	m.vals[top.id] = v
	m.arena = m.arena[:top.start]
	m.stack = m.stack[:len(m.stack)-1]
	return nil
}

// step advances the search at the top of the stack.
func (m *Memo) step() error {
	top := &m.stack[len(m.stack)-1]
	if !top.expanded {
		switch m.vals[top.id] {
		case unvisited, knownN:
			return m.expand(len(m.stack) - 1)
		default: // valued through another path since it was pushed
			m.stack = m.stack[:len(m.stack)-1]
			return nil
		}
	}
	m.vals[top.id] = m.mex(m.arena[top.start:top.end])
	m.arena = m.arena[:top.start]
	m.stack = m.stack[:len(m.stack)-1]
	return nil
}

func (m *Memo) expand(i int) error {
	f := &m.stack[i]
	m.vals[f.id] = inProgress
	f.expanded = true
	f.start = int32(len(m.arena))
	m.cur = append(m.cur[:0], m.key(f.id)...) // the arena may move as ids are added
	if err := m.listOptions(f.id); err != nil {
		return err
	}
	f.end = int32(len(m.arena))
	if m.pending == 0 { // every option is valued: so is the state, at once
		return m.settle(int32(m.set.Value()))
	}
	start, end := f.start, f.end // f may move when the stack grows
	for _, id := range m.arena[start:end] {
		switch m.vals[id] {
		case unvisited, knownN:
			m.stack = append(m.stack, frame{id: id})
		case inProgress:
			return m.cycle(id)
		}
	}
	return nil
}

// listOptions appends the ids of the options of the state m.cur, whose id
// is id, to the arena. It also puts the values of those valued in m.set,
// and counts the others in m.pending: most often, the options of a state
// are all valued when it is expanded, and its value is known from this one
// pass over them.
func (m *Memo) listOptions(id int32) (err error) {
	defer Catch(&err)
	m.work.Reset()
	m.set.Clear()
	m.pending = 0
	m.runs = m.runs[:0]
	if b := m.box; m.bg != nil && b != nil && int64(id) < b.size {
		return m.bg.BoxOptions(m.work, m.cur, b.dims, b.strides, m.addRun, m.add)
	}
	return m.g.Options(m.work, m.cur, m.add)
}

// addCells takes a run of cells of the box. While every option listed so
// far is valued, their values go to m.set and the run is kept as one, in
// m.runs; from the first option whose value is not known, every option
// goes to the arena.
func (m *Memo) addCells(first, step int64, count int) {
	c, n := first, count
	if m.pending == 0 {
		if c, n = m.valuedCells(first, step, count); n == 0 {
			m.runs = append(m.runs, run{first, step, count})
			return
		}
		m.runs = append(m.runs, run{first, step, count - n})
		m.flush()
	}
	m.arena = slices.Grow(m.arena, n)
	for ; n > 0; n-- {
		id := int32(c)
		if m.vals[id] == absent {
			if err := m.meet(id); err != nil {
				panic(stop{err})
			}
		}
		m.note(id)
		c += step
	}
}

// valuedCells adds to m.set the values of the run's cells while they are
// valued, and returns the first cell not valued and how many are left.
//
// The hot loop of grids of a state game (Wythoff's rows, columns and
// diagonals): the values and the set's slots are held in locals, and
// what is rare (a value past the slots, an option not valued, a P option
// in the outcome search) leaves the inner loop, which keeps it short
// enough to stay in registers.
func (m *Memo) valuedCells(first, step int64, count int) (c int64, n int) {
	c, n = first, count
	vals := m.vals
	seen, st := m.set.Slots()
	win := m.winList
	for n > 0 {
		if win { // a P option must be seen as it is met
			for ; n > 0; n-- {
				v := uint32(vals[int32(c)])
				if v >= uint32(len(seen)) || v == 0 { // past the slots, negative (not valued), or a P option
					break
				}
				seen[v] = st
				c += step
			}
		} else {
			for ; n > 0; n-- {
				v := uint32(vals[int32(c)])
				if v >= uint32(len(seen)) {
					break
				}
				seen[v] = st
				c += step
			}
		}
		if n == 0 {
			break
		}
		v := vals[int32(c)]
		if v < 0 {
			break
		}
		if v == 0 && win {
			m.work.Stop()
			win = false // once is enough
		}
		m.set.Add(uint32(v))
		seen, st = m.set.Slots()
		c += step
		n--
	}
	return c, n
}

// note appends an option to the arena, its value to m.set when it has one,
// and counts it in m.pending when not (the runs kept whole go to the arena
// first: the state needs them all).
func (m *Memo) note(id int32) {
	if v := m.vals[id]; v >= 0 {
		if v == 0 && m.winList {
			m.work.Stop()
		}
		m.set.Add(uint32(v))
	} else {
		if m.pending == 0 {
			m.flush()
		}
		m.pending++
	}
	m.arena = append(m.arena, id)
}

// run is a run of cells of the box: first, first+step, … count of them.
type run struct {
	first, step int64
	count       int
}

// flush moves the runs kept whole to the arena.
func (m *Memo) flush() {
	for _, r := range m.runs {
		m.arena = slices.Grow(m.arena, r.count)
		for c, n := r.first, r.count; n > 0; n-- {
			m.arena = append(m.arena, int32(c))
			c += r.step
		}
	}
	m.runs = m.runs[:0]
}

// addOption appends the id of an option to the arena.
func (m *Memo) addOption(opt []byte) {
	id, err := m.id(opt)
	if err != nil {
		panic(stop{err})
	}
	m.note(id)
}

func (m *Memo) id(key []byte) (int32, error) {
	base := int32(0)
	if b := m.box; b != nil {
		if c, in := b.cell(key); in {
			if m.vals[c] == absent {
				if err := m.meet(c); err != nil {
					return 0, err
				}
			}
			return c, nil
		}
		base = int32(b.size)
	}
	id, slot := m.table.lookup(key)
	if id >= 0 {
		return base + id, nil
	}
	if err := m.limits.Check(m.what, m.count+1, m.bytes()); err != nil {
		return 0, err
	}
	m.vals = append(m.vals, unvisited)
	m.count++
	m.boxFree = 0 // the box's cells are counted against the cap anew
	return base + m.table.insert(key, slot), nil
}

// meet stores the cell c of the box, met for the first time, as a state.
func (m *Memo) meet(c int32) error {
	if m.boxFree == 0 {
		if err := m.limits.Check(m.what, m.count+1, m.bytes()); err != nil {
			return err
		}
		m.boxFree = max(1, min(256, m.limits.maxStates()-m.count))
	}
	m.boxFree--
	m.vals[c] = unvisited
	m.count++
	return nil
}

// key is the key of a state.
func (m *Memo) key(id int32) []byte {
	if b := m.box; b != nil {
		if int64(id) < b.size {
			m.keyBuf = b.key(id, m.keyBuf[:cap(m.keyBuf)])
			return m.keyBuf
		}
		id -= int32(b.size)
	}
	return m.table.key(id)
}

// bytes estimates the memory of the memo's tables once one more state is
// stored, counting a doubling of the hash table when it is due.
func (m *Memo) bytes() int64 {
	slots := len(m.table.slots)
	if 2*(m.table.n+1) > slots {
		slots *= 2
	}
	keyLen := max(m.table.keyLen, 0)
	n := int64(m.table.n + 1)
	boxed := int64(0)
	if m.box != nil {
		boxed = m.box.size * 4
	}
	return boxed + n*int64(keyLen+4) + int64(slots)*8 + int64(cap(m.arena))*4 + int64(cap(m.stack))*16
}

func (m *Memo) mex(opts []int32) int32 {
	m.set.Clear()
	for _, id := range opts {
		m.set.Add(uint32(m.vals[id]))
	}
	return int32(m.set.Value())
}

// cycle builds the error for a move back to id, which is on the current path.
func (m *Memo) cycle(id int32) error {
	var path []string
	on := false
	for _, f := range m.stack {
		if !f.expanded {
			continue
		}
		if f.id == id {
			on = true
		}
		if on {
			path = append(path, m.format(string(m.key(f.id))))
		}
	}
	path = append(path, m.format(string(m.key(id))))
	return &CycleError{Cycle: path}
}

// abandon forgets the values of states left in progress, so that the memo
// stays consistent after an error or an interruption.
func (m *Memo) abandon() {
	for _, f := range m.stack {
		if m.vals[f.id] == inProgress {
			m.vals[f.id] = unvisited
		}
	}
	m.stack = m.stack[:0]
	m.arena = m.arena[:0]
}
