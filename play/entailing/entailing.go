package entailing

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"math/bits"
	"strings"

	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/play"
	"github.com/gamelang/gamelang/play/normal"
	"github.com/gamelang/gamelang/solve"
)

// Convention is play with entailing and again moves.
var Convention play.Convention = convention{}

type convention struct{}

func (convention) Name() string { return game.EntailingConvention }
func (convention) Doc() string {
	return "entailing play: moves may oblige the other player to answer in the same part (entailing) or the mover to move again; values are nimbers or ∞ (loony: whoever moves wins)"
}
func (convention) New(env play.Env) play.Solver { return New(env) }

// Value is a value under entailing play: a nimber, ∞ (loony), or, for a
// position where the player to move is obliged to answer in one part,
// only who wins.
type Value struct {
	G        *big.Int // the nimber, when neither Loony nor Obliged
	Loony    bool
	Obliged  bool
	Previous bool // when Obliged: the previous player wins
}

// Nimber is a value that is a nimber, for the language (a number).
type Nimber struct{ Value }

// Nim is the nimber.
func (n Nimber) Nim() *big.Int { return n.G }

func (v Value) String() string {
	switch {
	case v.Loony:
		return "∞"
	case v.Obliged:
		return v.Outcome().String() + " (obliged)"
	}
	return v.G.String()
}

// Label is "value".
func (v Value) Label() string { return "affine value" }

// Outcome is P for 0, N for another nimber and for ∞; for a position with
// an obligation, who wins it.
func (v Value) Outcome() game.Outcome {
	switch {
	case v.Obliged && v.Previous:
		return game.P
	case v.Obliged, v.Loony, v.G.Sign() != 0:
		return game.N
	}
	return game.P
}

// wrap is the value as play hands it out: a Nimber when it is one.
func (v Value) wrap() play.Value {
	if !v.Loony && !v.Obliged {
		return Nimber{v}
	}
	return v
}

// val is the value of a part the solver computes itself: small, since a
// nimber found by mex is at most the number of moves.
type val struct {
	n     uint64
	loony bool
}

func (a val) add(b val) val { return val{a.n ^ b.n, a.loony || b.loony} }

// nset is a set of nimbers, finite or all but finitely many: fin ∪ (N \ out)
// when co, else fin. Bitsets, the values being small.
type nset struct {
	fin, out []uint64
	co       bool
	loony    bool // in a W set: the obliged player wins when the rest is loony
}

func has(b []uint64, x uint64) bool { return x/64 < uint64(len(b)) && b[x/64]&(1<<(x%64)) != 0 }

func put(b []uint64, x uint64) []uint64 {
	for x/64 >= uint64(len(b)) {
		b = append(b, 0)
	}
	b[x/64] |= 1 << (x % 64)
	return b
}

// addFin adds x.
func (s *nset) addFin(x uint64) { s.fin = put(s.fin, x) }

// addAllBut adds every nimber not in b (b is copied).
func (s *nset) addAllBut(b []uint64) {
	if !s.co {
		s.co, s.out = true, append([]uint64(nil), b...)
		return
	}
	for i := range s.out {
		if i < len(b) {
			s.out[i] &= b[i]
		} else {
			s.out[i] = 0
		}
	}
}

// contains reports whether the nimber x is in s; x beyond the bitsets is
// in s when s is cofinite.
func (s *nset) contains(x *big.Int) bool {
	if !x.IsUint64() || x.Uint64()/64 >= uint64(max(len(s.fin), len(s.out))) {
		return s.co
	}
	n := x.Uint64()
	return has(s.fin, n) || (s.co && !has(s.out, n))
}

// addComplement adds the nimbers not in w.
func (s *nset) addComplement(w *nset) {
	if !w.co {
		s.addAllBut(w.fin)
		return
	}
	for i, o := range w.out { // complement of fin ∪ (N \ out) = out \ fin
		if i < len(w.fin) {
			o &^= w.fin[i]
		}
		for o != 0 {
			s.addFin(uint64(64*i + bits.TrailingZeros64(o)))
			o &= o - 1
		}
	}
}

// all reports whether s holds every nimber.
func (s *nset) all() bool {
	if !s.co {
		return false
	}
	for i, o := range s.out {
		var f uint64
		if i < len(s.fin) {
			f = s.fin[i]
		}
		if o&^f != 0 {
			return false
		}
	}
	return true
}

// mex is the least nimber not in s (s not all).
func (s *nset) mex() uint64 {
	for i := 0; ; i++ {
		var in uint64
		if i < len(s.fin) {
			in = s.fin[i]
		}
		if s.co {
			var out uint64
			if i < len(s.out) {
				out = s.out[i]
			}
			in |= ^out
		}
		if in != math.MaxUint64 {
			return uint64(64*i + bits.TrailingZeros64(^in))
		}
	}
}

// Solver answers questions under entailing play.
//
// It values parts with an explicit stack, not by recursion, so that the
// depth of a game (a stack of a million coins obliging an answer in the
// stack below it) costs memory within the budget, never the goroutine's
// stack; a part met again while it is being valued is a loop of moves,
// refused (entailing play values games that end). A heap ruleset's parts
// are valued smallest first (warm), so that a part's moves find the
// smaller parts they leave already valued.
type Solver struct {
	env    play.Env
	normal *normal.Solver
	free   map[game.Ruleset]map[pkey]val   // the values of parts nobody is obliged in
	wins   map[game.Ruleset]map[pkey]*nset // W: the rests for which the player obliged in a part wins
	states int
	steps  int               // steps of the stack, for the polls
	warm   map[warmKey]int64 // heap rulesets: the heaps below this are valued
	cold   map[warmKey]bool  // heap rulesets whose warming met a loop: valued as asked
	onPath map[nodeKey]int   // the parts being valued, and where on the stack
	stack  []frame           // reused between computations
	// oneNumber: the rulesets whose positions are one number
	oneNumber map[game.Ruleset]bool
	// engines: the heap engines of heap rulesets (heap.go), nil for a
	// ruleset none values
	engines map[game.Ruleset]*heapEngine
}

// New returns a solver.
func New(env play.Env) *Solver {
	return &Solver{env: env, normal: normal.New(env), free: map[game.Ruleset]map[pkey]val{}, wins: map[game.Ruleset]map[pkey]*nset{},
		warm: map[warmKey]int64{}, cold: map[warmKey]bool{}, onPath: map[nodeKey]int{}, oneNumber: map[game.Ruleset]bool{},
		engines: map[game.Ruleset]*heapEngine{}}
}

// pkey is a part's key in the memo: its heap, for a one-number part (no
// string made), else its kind's encoding.
type pkey struct {
	n int64
	s string
}

func (s *Solver) key(c game.Component) pkey {
	if h, ok := s.heap(c); ok {
		return pkey{n: h}
	}
	return pkey{n: -1, s: c.Rules.Kind().Encode(c.State)}
}

// A node is what the solver values: a part's value (free) or, for a part
// left by an entailing move, W.
type node struct {
	win bool
	c   game.Component
	key pkey
}

type nodeKey struct {
	win   bool
	rules game.Ruleset
	key   pkey
}

func (n node) id() nodeKey { return nodeKey{n.win, n.c.Rules, n.key} }

type warmKey struct {
	win   bool
	rules game.Ruleset
}

// frame is a node being valued: its moves, and how far the look for the
// parts they need has gone.
type frame struct {
	n      node
	moves  []game.Move
	i, j   int   // the move, and the part of its result, to look at next
	sum    val   // the value of the parts of move i looked at
	set    *nset // what the moves before i answer
	warmed bool  // pushed to warm a heap ruleset, not asked for
	via    game.Then
}

// known reports whether n is valued.
func (s *Solver) known(n node) bool {
	if n.win {
		_, ok := s.wins[n.c.Rules][n.key]
		return ok
	}
	_, ok := s.free[n.c.Rules][n.key]
	return ok
}

// store counts a state against the limits.
func (s *Solver) store(ctx context.Context) error {
	s.states++
	if s.states%256 == 0 {
		if err := ctx.Err(); err != nil {
			return &solve.InterruptedError{What: "a game with entailing moves", States: s.states, Err: err}
		}
		return s.env.Limits.CheckNow("entailing play", s.states, int64(s.states)*96)
	}
	return s.env.Limits.Check("entailing play", s.states, int64(s.states)*96)
}

// step is called at every step of the stack: Ctrl-C, the memory budget
// (the stack holds the moves of every part on it) and progress.
func (s *Solver) step(ctx context.Context) error {
	s.steps++
	if s.steps%64 != 0 {
		return nil
	}
	if err := ctx.Err(); err != nil {
		return &solve.InterruptedError{What: "a game with entailing moves", States: s.states, Err: err}
	}
	s.env.Limits.Report("entailing play", "positions", int64(s.states))
	return s.env.Limits.CheckNow("entailing play", s.states, int64(s.states)*96)
}

// engine is the heap engine that values c, with c's heap, or nil.
func (s *Solver) engine(c game.Component) (*heapEngine, int64) {
	h, ok := s.heap(c)
	if !ok {
		return nil, 0
	}
	e, ok := s.engines[c.Rules]
	if !ok && !s.env.Generic {
		e = newHeapEngine(c.Rules, s.env)
		s.engines[c.Rules] = e
	}
	return e, h
}

// Prepare values at once the heaps of a range the heap engine answers
// (grundy(TopEntails, 0..600000)): grown to the largest, in blocks on
// every core, not one heap a query.
func (s *Solver) Prepare(ctx context.Context, ps []game.Position) error {
	top := map[*heapEngine]int64{}
	for _, p := range ps {
		for _, c := range p {
			if !game.IsEntailing(c.Rules) {
				continue
			}
			if e, h := s.engine(c); e != nil {
				top[e] = max(top[e], h)
			}
		}
	}
	for e, h := range top {
		if err := e.grow(ctx, h); err != nil {
			return err
		}
	}
	return nil
}

// heap is the heap of a one-number part, and whether it is one.
func (s *Solver) heap(c game.Component) (int64, bool) {
	h, ok := c.State.(*big.Int)
	if !ok || !h.IsInt64() || h.Sign() < 0 {
		return 0, false
	}
	one, ok := s.oneNumber[c.Rules]
	if !ok {
		one = len(c.Rules.Kind().Coords()) == 1
		s.oneNumber[c.Rules] = one
	}
	return h.Int64(), one
}

// warmFirst is the node to value before n: the smallest heap of n's
// ruleset not yet valued, when n is a heap above it (warming), else n.
// Warming a heap of a million coins would need a million states: past
// the state cap it is refused at once.
func (s *Solver) warmFirst(n node) (node, bool, error) {
	h, ok := s.heap(n.c)
	wk := warmKey{n.win, n.c.Rules}
	if !ok || s.cold[wk] {
		return n, false, nil
	}
	for w := s.warm[wk]; w < h; w++ {
		if h >= int64(s.env.Limits.States()) {
			return n, false, &solve.LimitError{What: fmt.Sprintf("%s under entailing play (every heap below it is valued)", n.c), States: s.states, Bytes: solve.Held(), Limit: int64(s.env.Limits.States())}
		}
		c := game.Component{Rules: n.c.Rules, State: big.NewInt(w)}
		m := node{win: n.win, c: c, key: s.key(c)}
		if !s.known(m) {
			s.warm[wk] = w
			return m, true, nil
		}
	}
	s.warm[wk] = max(s.warm[wk], h)
	return n, false, nil
}

// value values n and every part it needs, on the stack.
func (s *Solver) value(ctx context.Context, root node) error {
	if s.known(root) {
		return nil
	}
	defer func() {
		for _, f := range s.stack {
			delete(s.onPath, f.n.id())
		}
		s.stack = s.stack[:0]
	}()
	for {
		if len(s.stack) == 0 {
			// the root, or the next heap to warm before it
			if s.known(root) {
				return nil
			}
			first, warmed, err := s.warmFirst(root)
			if err != nil {
				return err
			}
			if err := s.push(ctx, first, warmed, game.Free); err != nil {
				return err
			}
			continue
		}
		f := &s.stack[len(s.stack)-1]
		next, via, found, err := s.needed(ctx, f)
		if err != nil {
			return err
		}
		if !found {
			if err := s.finish(ctx, f); err != nil {
				return err
			}
			delete(s.onPath, f.n.id())
			s.stack = s.stack[:len(s.stack)-1]
			continue
		}
		if at, ok := s.onPath[next.id()]; ok {
			if s.unwarm(next) {
				continue
			}
			return s.loop(at, next, via)
		}
		first, warmed, err := s.warmFirst(next)
		if err != nil {
			return err
		}
		if err := s.push(ctx, first, warmed || f.warmed, via); err != nil {
			return err
		}
	}
}

// push puts a part on the stack of parts being valued, with its moves.
func (s *Solver) push(ctx context.Context, n node, warmed bool, via game.Then) error {
	if err := s.step(ctx); err != nil {
		return err
	}
	if ob, ok := n.c.Rules.(obliged); ok {
		return fmt.Errorf("%s is a part someone must answer in: it has no value of its own", ob.Name()+ob.Kind().Format(n.c.State))
	}
	moves, err := game.EntailMoves(ctx, n.c)
	if err != nil {
		return err
	}
	s.onPath[n.id()] = len(s.stack)
	s.stack = append(s.stack, frame{n: n, moves: moves, warmed: warmed, via: via})
	return nil
}

// unwarm undoes a warming that met a part being valued: the smaller heaps
// are not all below the one asked for (its moves may add coins), so the
// ruleset is valued as asked from then on. It reports whether there was a
// warming to undo.
func (s *Solver) unwarm(n node) bool {
	for i, f := range s.stack {
		if !f.warmed {
			continue
		}
		for _, g := range s.stack[i:] {
			delete(s.onPath, g.n.id())
			if g.warmed {
				s.cold[warmKey{g.n.win, g.n.c.Rules}] = true
			}
		}
		s.stack = s.stack[:i]
		return true
	}
	return false
}

// loop is the error of a loop of moves: the part next, met again, was
// being valued at stack[at].
func (s *Solver) loop(at int, next node, via game.Then) error {
	var b strings.Builder
	step := func(then game.Then) string {
		if then == game.Free {
			return " -> "
		}
		return " -" + then.String() + "-> "
	}
	for i, f := range s.stack[at:] {
		if i > 0 {
			b.WriteString(step(f.via))
		}
		b.WriteString(f.n.c.String())
	}
	b.WriteString(step(via) + next.c.String())
	return fmt.Errorf("the moves loop: %s: entailing play values only games that end, and these moves can go on for ever", b.String())
}

// needed is the next part f's moves need that is not yet valued, and the
// kind of move that leads to it. The look moves past what is valued,
// adding what each move answers to f's set as soon as its parts are all
// valued, so that each part is looked up once.
func (s *Solver) needed(ctx context.Context, f *frame) (node, game.Then, bool, error) {
	if f.set == nil {
		f.set = &nset{}
	}
	for ; f.i < len(f.moves); f.i, f.j, f.sum = f.i+1, 0, (val{}) {
		m := f.moves[f.i]
		if m.Then == game.Entail {
			w := &nset{} // leaving nothing: the obliged player loses
			if len(m.To) > 0 {
				n := node{win: true, c: m.To[0], key: s.key(m.To[0])}
				var ok bool
				if w, ok = s.wins[n.c.Rules][n.key]; !ok {
					return n, m.Then, true, nil
				}
			}
			f.set.add(entailAnswer(w))
			continue
		}
		for ; f.j < len(m.To); f.j++ {
			c := m.To[f.j]
			if !game.IsEntailing(c.Rules) {
				v, err := s.part(ctx, c) // normal play's solver values it
				if err != nil {
					return node{}, 0, false, err
				}
				f.sum = f.sum.add(v)
				continue
			}
			n := node{c: c, key: s.key(c)}
			v, ok := s.free[n.c.Rules][n.key]
			if !ok {
				return n, m.Then, true, nil
			}
			f.sum = f.sum.add(v)
		}
		f.set.add(sumAnswer(f.sum, m.Then))
	}
	return node{}, 0, false, nil
}

// finish values f's node from the set its moves answer.
func (s *Solver) finish(ctx context.Context, f *frame) error {
	set := f.set
	r := f.n.c.Rules
	if f.n.win {
		if s.wins[r] == nil {
			s.wins[r] = map[pkey]*nset{}
		}
		s.wins[r][f.n.key] = set
	} else {
		v := val{loony: true}
		if !set.all() {
			v = val{n: set.mex()}
		}
		if s.free[r] == nil {
			s.free[r] = map[pkey]val{}
		}
		s.free[r][f.n.key] = v
	}
	return s.store(ctx)
}

// part is the value of a component nobody is obliged in.
func (s *Solver) part(ctx context.Context, c game.Component) (val, error) {
	if ob, ok := c.Rules.(obliged); ok {
		return val{}, fmt.Errorf("%s is a part someone must answer in: it has no value of its own", ob.Name()+ob.Kind().Format(c.State))
	}
	if !game.IsEntailing(c.Rules) {
		g, err := s.normal.Grundy(ctx, game.Position{c})
		if err != nil {
			return val{}, err
		}
		if !g.IsUint64() {
			return val{}, fmt.Errorf("%s is worth %s, too large to add to a game with entailing moves", c, g)
		}
		return val{n: g.Uint64()}, nil
	}
	if v, ok := game.As[Valuer](c.Rules); ok && !s.env.Generic {
		g, loony, ok, err := v.EntailingValue(ctx, c.State)
		if ok || err != nil {
			return val{n: g, loony: loony}, err
		}
	}
	if e, h := s.engine(c); e != nil {
		return e.value(ctx, h)
	}
	n := node{c: c, key: s.key(c)}
	if err := s.value(ctx, n); err != nil {
		return val{}, err
	}
	return s.free[c.Rules][n.key], nil
}

// answer is what a move answers: the values x of the rest for which the
// player who makes it wins (loony: when the rest is loony). A free move to
// a position worth v answers v; an again move every x but v, and a loony
// rest (the mover moves again in a loony sum); an entailing move to H the
// x for which the player obliged in H loses, and a loony rest when that
// player loses with it.
func (s *Solver) answer(ctx context.Context, m game.Move) (*nset, error) {
	if m.Then == game.Entail {
		w, err := s.obliged(ctx, m.To)
		if err != nil {
			return nil, err
		}
		return entailAnswer(w), nil
	}
	v, err := s.sum(ctx, m.To)
	if err != nil {
		return nil, err
	}
	return sumAnswer(v, m.Then), nil
}

// entailAnswer is what an entailing move answers, W being what the
// player obliged by it wins against.
func entailAnswer(w *nset) *nset {
	a := &nset{}
	a.addComplement(w)
	a.loony = !w.loony
	return a
}

// sumAnswer is what a free or again move to parts worth v answers.
func sumAnswer(v val, then game.Then) *nset {
	a := &nset{}
	switch {
	case then == game.Again && v.loony:
		a.addAllBut(nil)
	case then == game.Again:
		a.addAllBut(put(nil, v.n))
	case !v.loony:
		a.addFin(v.n)
	}
	a.loony = then == game.Again
	return a
}

// add adds every member of o to s.
func (s *nset) add(o *nset) {
	for len(s.fin) < len(o.fin) {
		s.fin = append(s.fin, 0)
	}
	for i, w := range o.fin {
		s.fin[i] |= w
	}
	if o.co {
		s.addAllBut(o.out)
	}
	s.loony = s.loony || o.loony
}

// sum is the value of parts nobody is obliged in.
func (s *Solver) sum(ctx context.Context, parts []game.Component) (val, error) {
	var t val
	for _, c := range parts {
		v, err := s.part(ctx, c)
		if err != nil {
			return val{}, err
		}
		t = t.add(v)
	}
	return t, nil
}

// obliged is W of what an entailing move leaves (one part or nothing): the
// values of the rest for which the player obliged to answer in it wins.
func (s *Solver) obliged(ctx context.Context, to []game.Component) (*nset, error) {
	if len(to) == 0 {
		return &nset{}, nil // no answer: the obliged player loses
	}
	if e, h := s.engine(to[0]); e != nil {
		return e.winSet(ctx, h)
	}
	n := node{win: true, c: to[0], key: s.key(to[0])}
	if err := s.value(ctx, n); err != nil {
		return nil, err
	}
	return s.wins[to[0].Rules][n.key], nil
}

// Value is a position's value: a nimber or ∞ when nobody is obliged, else
// who wins.
func (s *Solver) Value(ctx context.Context, p game.Position) (play.Value, error) {
	v, err := s.positionValue(ctx, p)
	return v.wrap(), err
}

func (s *Solver) positionValue(ctx context.Context, p game.Position) (Value, error) {
	at, err := obligation(p)
	if err != nil {
		return Value{}, err
	}
	total := new(big.Int)
	loony := false
	for i, c := range p {
		if i == at {
			continue
		}
		if game.IsEntailing(c.Rules) {
			v, err := s.part(ctx, c)
			if err != nil {
				return Value{}, err
			}
			loony = loony || v.loony
			total.Xor(total, new(big.Int).SetUint64(v.n))
			continue
		}
		g, err := s.normal.Grundy(ctx, game.Position{c})
		if err != nil {
			return Value{}, err
		}
		total.Xor(total, g)
	}
	if at < 0 {
		if loony {
			return Value{Loony: true}, nil
		}
		return Value{G: total}, nil
	}
	w, err := s.obligedIn(ctx, p[at])
	if err != nil {
		return Value{}, err
	}
	wins := w.loony
	if !loony {
		wins = w.contains(total)
	}
	return Value{Obliged: true, Previous: !wins}, nil
}

// obligedIn is W of a part someone must answer in.
func (s *Solver) obligedIn(ctx context.Context, c game.Component) (*nset, error) {
	switch r := c.Rules.(type) {
	case *entailedPart:
		return s.obliged(ctx, []game.Component{{Rules: r.Inner, State: c.State}})
	case turn:
		// handing the turn back leaves the rest to the mover: the obliged
		// player wins when it is 0
		return &nset{fin: put(nil, 0)}, nil
	}
	return &nset{}, nil // nothing left to answer in
}

// obligation is the index of the part the player to move must answer in,
// -1 when there is none.
func obligation(p game.Position) (int, error) {
	at := -1
	for i, c := range p {
		if _, ok := c.Rules.(obliged); ok {
			if at >= 0 {
				return 0, fmt.Errorf("%s obliges the player to move in two parts at once", p)
			}
			at = i
		}
	}
	return at, nil
}

// Outcome is who wins.
func (s *Solver) Outcome(ctx context.Context, p game.Position) (game.Outcome, error) {
	v, err := s.positionValue(ctx, p)
	if err != nil {
		return 0, err
	}
	return v.Outcome(), nil
}

// Options lists the moves of the part the player to move must answer in, or
// of every part, each with what it obliges made a part of the position it
// reaches.
func (s *Solver) Options(ctx context.Context, p game.Position) ([]play.Option, error) {
	at, err := obligation(p)
	if err != nil {
		return nil, err
	}
	var out []play.Option
	firsts := p.Firsts()
	for i, c := range p {
		if (at >= 0 && i != at) || (at < 0 && firsts[i] != i) {
			continue
		}
		moves, err := s.moves(ctx, c)
		if err != nil {
			return nil, err
		}
		for _, m := range moves {
			if err := s.env.Limits.Hold("entailing play"); err != nil {
				return nil, err
			}
			v, err := s.Value(ctx, p.Replace(i, m.To))
			if err != nil {
				return nil, err
			}
			out = append(out, play.Option{Index: i, Move: m, Value: v})
		}
	}
	return out, nil
}

// moves are a component's moves with what they oblige made parts of what
// they leave: an entailing move leaves its part Entailed (or, leaving
// nothing, a part with no move), an again move leaves the mover's Turn.
func (s *Solver) moves(ctx context.Context, c game.Component) ([]game.Move, error) {
	switch r := c.Rules.(type) {
	case *entailedPart:
		c = game.Component{Rules: r.Inner, State: c.State}
	case turn:
		return []game.Move{{Label: "hand the turn back"}}, nil
	case nothing:
		return nil, nil
	}
	moves, err := game.EntailMoves(ctx, c)
	if err != nil {
		return nil, err
	}
	for i, m := range moves {
		switch m.Then {
		case game.Entail:
			to := game.Component{Rules: nothing{}, State: nil}
			if len(m.To) > 0 {
				to = game.Component{Rules: &entailedPart{Inner: m.To[0].Rules}, State: m.To[0].State}
			}
			moves[i].To = []game.Component{to}
		case game.Again:
			moves[i].To = append(append([]game.Component(nil), m.To...), game.Component{Rules: turn{}})
		}
	}
	return moves, nil
}

// Winning lists the moves to P-positions.
func (s *Solver) Winning(ctx context.Context, p game.Position) ([]play.Option, error) {
	opts, err := s.Options(ctx, p)
	return play.ToP(opts), err
}

// Describe says how a ruleset is solved.
func (s *Solver) Describe(r game.Ruleset) string {
	if !game.IsEntailing(r) {
		return "normal play's solver (no move of it obliges): " + s.normal.Describe(r)
	}
	e := s.engines[r]
	if e == nil && !s.env.Generic {
		e = newHeapEngine(r, s.env)
	}
	if e != nil {
		d := "the heap engine of entailing play: heap by heap, each heap's W (the rests its obliged player wins against) from the values of the smaller heaps and W of those its entailing moves reach, splits marked in blocks on every core"
		if f := e.file(); f != "" {
			d += "; its checkpoint: " + f
			if e.resumed > 0 {
				d += fmt.Sprintf(" (resumed with %d heaps)", e.resumed)
			}
		}
		return d
	}
	return "the affine impartial mex: each part's value from the values of the rest its moves answer, an entailing move's from who wins when obliged to answer in what it leaves (memoized)"
}

// Valuer is a ruleset that values its own positions under entailing play,
// where it can (Nimstring on a board of a few strings, by a table of every
// position): ok is false where it cannot, and the solver searches. A
// ruleset has the method without importing this package.
type Valuer interface {
	EntailingValue(ctx context.Context, s game.State) (nim uint64, loony, ok bool, err error)
}

// Structured is a ruleset whose positions the theory values by their
// structure (Nimstring's chains and loops): explain() shows what it sees.
type Structured interface {
	Structure(s game.State) (string, bool)
}

// obliged is a part the player to move must answer in.
type obliged interface {
	game.Ruleset
	obligation()
}

// entailedPart is a part left by an entailing move: the player to move must
// answer in it.
type entailedPart struct{ Inner game.Ruleset }

func (e *entailedPart) obligation()             {}
func (e *entailedPart) Name() string            { return e.Inner.Name() }
func (e *entailedPart) Kind() game.Kind         { return entailedKind{e.Inner.Kind()} }
func (e *entailedPart) Decided(game.State) bool { return false }
func (e *entailedPart) Moves(ctx context.Context, s game.State) ([]game.Move, error) {
	return nil, game.EntailingError(e.Inner.Name())
}

// entailedKind writes an entailed part with "answer in" before it.
type entailedKind struct{ game.Kind }

func (k entailedKind) Format(s game.State) string { return k.Kind.Format(s) + " (answer here)" }
func (k entailedKind) Encode(s game.State) string { return "E" + k.Kind.Encode(s) }

// turn is the mover's turn left by an again move: the other player's one
// move hands it back.
type turn struct{}

func (turn) obligation()             {}
func (turn) Name() string            { return "again (the same player moves next)" }
func (turn) Kind() game.Kind         { return markKind{} }
func (turn) Decided(game.State) bool { return false }
func (turn) Moves(context.Context, game.State) ([]game.Move, error) {
	return []game.Move{{Label: "hand the turn back"}}, nil
}

// nothing is what an entailing move that leaves nothing obliges the other
// player to answer in: no move, so that player loses.
type nothing struct{}

func (nothing) obligation()             {}
func (nothing) Name() string            { return "nothing to answer in" }
func (nothing) Kind() game.Kind         { return markKind{} }
func (nothing) Decided(game.State) bool { return false }
func (nothing) Moves(context.Context, game.State) ([]game.Move, error) {
	return nil, nil
}

// markKind is the kind of the marks: no state, written as nothing.
type markKind struct{}

func (markKind) Name() string { return "mark" }
func (markKind) Make(string, []*big.Int) (game.State, error) {
	return nil, fmt.Errorf("a mark is made by a move")
}
func (markKind) Format(game.State) string    { return "" }
func (markKind) Braces() bool                { return false }
func (markKind) Example(string) string       { return "" }
func (markKind) Coords() []string            { return nil }
func (markKind) Compare(a, b game.State) int { return 0 }
func (markKind) Encode(game.State) string    { return "" }

// Answer is what one move of a part answers: the values of the rest for
// which it wins, written out ("3", "every nimber but 0", "none").
type Answer struct {
	Move    game.Move
	Answers string
}

// Explain lists the moves of a part nobody is obliged in with what each
// answers, and the part's value.
func (s *Solver) Explain(ctx context.Context, c game.Component) ([]Answer, play.Value, error) {
	moves, err := game.EntailMoves(ctx, c)
	if err != nil {
		return nil, nil, err
	}
	var out []Answer
	for _, m := range moves {
		a, err := s.answer(ctx, m)
		if err != nil {
			return nil, nil, err
		}
		out = append(out, Answer{Move: m, Answers: a.String()})
	}
	v, err := s.Value(ctx, game.Position{c})
	return out, v, err
}

// String writes a set of nimbers: "none", "0, 2", "every nimber",
// "every nimber but 1, 3".
func (s *nset) String() string {
	list := func(b []uint64) []string {
		var out []string
		for i, w := range b {
			for w != 0 {
				out = append(out, fmt.Sprint(64*i+bits.TrailingZeros64(w)))
				w &= w - 1
			}
		}
		return out
	}
	if !s.co {
		if f := list(s.fin); len(f) > 0 {
			return strings.Join(f, ", ")
		}
		return "none"
	}
	var but []uint64
	for i, o := range s.out {
		if i < len(s.fin) {
			o &^= s.fin[i]
		}
		but = append(but, o)
	}
	if b := list(but); len(b) > 0 {
		return "every nimber but " + strings.Join(b, ", ")
	}
	return "every nimber"
}
