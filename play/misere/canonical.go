package misere

// Misère canonical forms (Conway, On Numbers and Games, ch. 12; Siegel,
// Combinatorial Game Theory, ch. V). Two games are equal under misère play
// when adding any game X to both gives the same outcome; every class has
// one simplest form, reached by removing reversible options, and two
// games are equal exactly when their simplest forms are the same game.
//
// A game G whose options are in simplest form simplifies in one of two
// ways (Grundy and Smith's rule, with Conway's proof that there is no
// other):
//   - to 0, when every option of G has 0 as an option and some option is
//     a misère P-position (the endgame proviso: without one, G is a
//     P-position, and 0 is not);
//   - to H = {options of G born by day b}, when H is itself in simplest
//     form, every other option of G is born after day b+1 and has H as an
//     option: each of them reverses through H.
// Otherwise G is in simplest form. Forms keeps each game in simplest form
// once, as a number (MID), so that equal games are equal numbers.

import (
	"context"
	"encoding/binary"
	"slices"
	"sync"

	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/solve"
)

// MID is a game in simplest form, a number in its Forms.
type MID int32

// form is a game in simplest form.
type form struct {
	opts   []MID // its options, in simplest form, ascending by number
	bday   int32
	gminus uint32 // misère nim value: 0 for a misère P-position
	gplus  uint32 // normal-play nim value
	genus  Genus
}

// Forms is a table of games in simplest form, with their sums and mates.
// It is safe for use by several goroutines.
type Forms struct {
	mu      sync.Mutex
	games   []form
	index   map[string]MID // a game by its options' numbers
	reduced map[string]MID // an option set not in simplest form, by its numbers
	sums    map[[2]MID]MID
	mates   map[MID]MID
	plus1   map[MID]MID
	nims    []MID
	order   map[MID][]MID  // options in CGSuite's order, for writing
	phyla   map[MID]Phylum // of even games
	pairs   map[MID][]MID  // of even games: X, G-X for each even part X
	// partsLeft, when not 0, is how many more sums working out parts may
	// try (explain() budgets them); 0: no bound
	partsLeft int
	lim       *solve.Limits
	ticks     int // sums made, to poll the context now and then
}

// NewForms makes a table holding 0, with lim (nil for none) bounding how
// many games it keeps.
func NewForms(lim *solve.Limits) *Forms {
	f := &Forms{index: map[string]MID{}, reduced: map[string]MID{}, sums: map[[2]MID]MID{},
		mates: map[MID]MID{}, plus1: map[MID]MID{}, order: map[MID][]MID{},
		phyla: map[MID]Phylum{}, pairs: map[MID][]MID{}, lim: lim}
	f.games = []form{{genus: zeroGenus, gminus: 1}}
	f.index[""] = 0
	f.nims = []MID{0}
	return f
}

// Zero is the game without options.
const Zero MID = 0

func optsKey(opts []MID) string {
	b := make([]byte, 0, 4*len(opts))
	for _, o := range opts {
		b = binary.AppendUvarint(b, uint64(o))
	}
	return string(b)
}

// Options are g's options in simplest form, ascending by number.
func (f *Forms) Options(g MID) []MID {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.games[g].opts)
}

// Birthday is the day g is born: 0 for 0, else one past its options'.
func (f *Forms) Birthday(g MID) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return int(f.games[g].bday)
}

// Values are g's misère and normal-play nim values.
func (f *Forms) Values(g MID) (misere, normal uint32) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.games[g].gminus, f.games[g].gplus
}

// GenusOf is g's genus.
func (f *Forms) GenusOf(g MID) Genus {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.games[g].genus
}

// Len is how many games the table holds.
func (f *Forms) Len() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.games)
}

// Game is the simplest form of the game whose options are opts.
func (f *Forms) Game(ctx context.Context, opts []MID) (MID, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.game(ctx, opts)
}

// Nim is the nim-heap *n.
func (f *Forms) Nim(ctx context.Context, n int) (MID, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.nim(ctx, n)
}

// Add is g + h.
func (f *Forms) Add(ctx context.Context, g, h MID) (MID, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.add(ctx, g, h)
}

// Mate is g's mate: *1 for 0, else the game of its options' mates (the
// misère twin that normal play cannot tell from g's opposite parity).
func (f *Forms) Mate(ctx context.Context, g MID) (MID, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.mate(ctx, g)
}

// Odd reports whether g is odd: g + *1 is born earlier than g (of the two,
// the one born first is even).
func (f *Forms) Odd(ctx context.Context, g MID) (bool, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.odd(ctx, g)
}

func (f *Forms) game(ctx context.Context, opts []MID) (MID, error) {
	opts = slices.Clone(opts)
	slices.Sort(opts)
	opts = slices.Compact(opts)
	k := optsKey(opts)
	if g, ok := f.index[k]; ok {
		return g, nil
	}
	if g, ok := f.reduced[k]; ok {
		return g, nil
	}
	if err := ctx.Err(); err != nil {
		return 0, &solve.InterruptedError{What: "a misère canonical form", Err: err}
	}
	if g, ok := f.simplify(opts); ok {
		f.reduced[k] = g
		return g, nil
	}
	if err := f.lim.Check("misère canonical forms", len(f.games)+len(f.reduced), int64(len(f.games))*160); err != nil {
		return 0, err
	}
	return f.record(opts, k), nil
}

// simplify is what opts reduce to, if they are not in simplest form.
func (f *Forms) simplify(opts []MID) (MID, bool) {
	r := f.reduce(opts)
	return r.to, r.ok
}

// reduction is how a set of options simplifies, if it does: to 0 (p an
// option that is a P-position), or to the game h of the options born by
// day, through which the options rev reverse.
type reduction struct {
	ok, zero bool
	to, p    MID
	day      int32
	rev      []MID
}

func (f *Forms) reduce(opts []MID) reduction {
	// To 0: every option has 0 as an option, and some option is a P-position.
	toZero, p := true, MID(-1)
	for _, o := range opts {
		og := &f.games[o]
		if len(og.opts) == 0 || og.opts[0] != Zero {
			toZero = false
			break
		}
		if p < 0 && og.gminus == 0 {
			p = o
		}
	}
	if toZero && p >= 0 {
		return reduction{ok: true, zero: true, to: Zero, p: p}
	}
	// To the options born by some day b, when every other is born after
	// b+1 and has them as an option.
	byDay := slices.Clone(opts)
	slices.SortFunc(byDay, func(a, b MID) int { return int(f.games[a].bday - f.games[b].bday) })
	for j := 1; j < len(byDay); j++ {
		if f.games[byDay[j]].bday < f.games[byDay[j-1]].bday+2 {
			continue
		}
		first := slices.Clone(byDay[:j])
		slices.Sort(first)
		h, ok := f.index[optsKey(first)]
		if !ok {
			continue
		}
		all := true
		for _, o := range byDay[j:] {
			if _, found := slices.BinarySearch(f.games[o].opts, h); !found {
				all = false
				break
			}
		}
		if all {
			return reduction{ok: true, to: h, day: f.games[byDay[j-1]].bday, rev: byDay[j:]}
		}
	}
	return reduction{}
}

// record adds a game in simplest form with the options opts.
func (f *Forms) record(opts []MID, k string) MID {
	var gm, gp solve.Mex
	gm.Clear()
	gp.Clear()
	bday := int32(-1)
	genera := make([]Genus, len(opts))
	for i, o := range opts {
		og := &f.games[o]
		bday = max(bday, og.bday)
		gm.Add(og.gminus)
		gp.Add(og.gplus)
		genera[i] = og.genus
	}
	g := MID(len(f.games))
	f.games = append(f.games, form{opts: opts, bday: bday + 1, gminus: gm.Value(), gplus: gp.Value(), genus: genusOf(genera)})
	f.index[k] = g
	return g
}

func (f *Forms) nim(ctx context.Context, n int) (MID, error) {
	for len(f.nims) <= n {
		g, err := f.game(ctx, f.nims)
		if err != nil {
			return 0, err
		}
		f.nims = append(f.nims, g)
	}
	return f.nims[n], nil
}

func (f *Forms) add(ctx context.Context, g, h MID) (MID, error) {
	if g == Zero {
		return h, nil
	}
	if h == Zero {
		return g, nil
	}
	if g > h {
		g, h = h, g
	}
	if s, ok := f.sums[[2]MID{g, h}]; ok {
		return s, nil
	}
	if f.ticks++; f.ticks%1024 == 0 {
		if err := ctx.Err(); err != nil {
			return 0, &solve.InterruptedError{What: "a misère canonical form", Err: err}
		}
	}
	gopts, hopts := f.games[g].opts, f.games[h].opts
	opts := make([]MID, 0, len(gopts)+len(hopts))
	for _, o := range gopts {
		s, err := f.add(ctx, o, h)
		if err != nil {
			return 0, err
		}
		opts = append(opts, s)
	}
	for _, o := range hopts {
		s, err := f.add(ctx, g, o)
		if err != nil {
			return 0, err
		}
		opts = append(opts, s)
	}
	s, err := f.game(ctx, opts)
	if err == nil {
		f.sums[[2]MID{g, h}] = s
	}
	return s, err
}

func (f *Forms) mate(ctx context.Context, g MID) (MID, error) {
	if g == Zero {
		return f.nim(ctx, 1)
	}
	if m, ok := f.mates[g]; ok {
		return m, nil
	}
	gopts := f.games[g].opts
	opts := make([]MID, len(gopts))
	for i, o := range gopts {
		m, err := f.mate(ctx, o)
		if err != nil {
			return 0, err
		}
		opts[i] = m
	}
	m, err := f.game(ctx, opts)
	if err == nil {
		f.mates[g] = m
	}
	return m, err
}

func (f *Forms) plusOne(ctx context.Context, g MID) (MID, error) {
	if p, ok := f.plus1[g]; ok {
		return p, nil
	}
	one, err := f.nim(ctx, 1)
	if err != nil {
		return 0, err
	}
	p, err := f.add(ctx, g, one)
	if err == nil {
		f.plus1[g], f.plus1[p] = p, g
	}
	return p, err
}

func (f *Forms) odd(ctx context.Context, g MID) (bool, error) {
	p, err := f.plusOne(ctx, g)
	return err == nil && f.games[p].bday < f.games[g].bday, err
}

// even is g's even part: g, or g + *1 when g is odd.
func (f *Forms) even(ctx context.Context, g MID) (MID, bool, error) {
	odd, err := f.odd(ctx, g)
	if err != nil || !odd {
		return g, false, err
	}
	p, err := f.plusOne(ctx, g)
	return p, true, err
}

// isNim reports whether g is a nim-heap, and which.
func (f *Forms) isNim(ctx context.Context, g MID) (int, bool, error) {
	b := int(f.games[g].bday)
	n, err := f.nim(ctx, b)
	return b, err == nil && n == g, err
}

// Forms is the session's table of misère canonical forms.
func (s *Solver) Forms() *Forms {
	if s.forms == nil {
		s.forms, s.canon = NewForms(s.env.Limits), map[string]MID{}
	}
	return s.forms
}

// Canonical is the misère canonical form of p: of each component, from
// its options', and their sum.
func (s *Solver) Canonical(ctx context.Context, p game.Position) (MID, error) {
	g, _, err := s.CanonicalGiven(ctx, p)
	return g, err
}

// CanonicalGiven is Canonical, with the forms of p's options when p is
// one component (for Explain).
func (s *Solver) CanonicalGiven(ctx context.Context, p game.Position) (MID, []MID, error) {
	p = game.Split(p)
	if len(p) == 1 && !p[0].Rules.Decided(p[0].State) {
		if err := playable(p); err != nil {
			return 0, nil, err
		}
		opts, err := s.componentOptions(ctx, s.Forms(), p[0])
		if err != nil {
			return 0, nil, err
		}
		g, err := s.Forms().Game(ctx, opts)
		if err == nil {
			s.canon[s.space.componentKey(p[0])] = g
		}
		return g, opts, err
	}
	g, err := s.canonical(ctx, p)
	return g, nil, err
}

func (s *Solver) canonical(ctx context.Context, p game.Position) (MID, error) {
	p = game.Split(p)
	if err := playable(p); err != nil {
		return 0, err
	}
	f := s.Forms()
	total := Zero
	for _, c := range p {
		g, err := s.component(ctx, f, c)
		if err != nil {
			return 0, err
		}
		if total, err = f.Add(ctx, total, g); err != nil {
			return 0, err
		}
	}
	return total, nil
}

// component is the canonical form of one component.
func (s *Solver) component(ctx context.Context, f *Forms, c game.Component) (MID, error) {
	k := s.space.componentKey(c)
	if g, ok := s.canon[k]; ok {
		return g, nil
	}
	if c.Rules.Decided(c.State) {
		return 0, &game.DecidedError{Component: c}
	}
	opts, err := s.componentOptions(ctx, f, c)
	if err != nil {
		return 0, err
	}
	g, err := f.Game(ctx, opts)
	if err == nil {
		s.canon[k] = g
	}
	return g, err
}

// componentOptions are the forms of a component's options.
func (s *Solver) componentOptions(ctx context.Context, f *Forms, c game.Component) ([]MID, error) {
	moves, err := c.Rules.Moves(ctx, c.State)
	if err != nil {
		return nil, err
	}
	opts := make([]MID, 0, len(moves))
	for _, m := range moves {
		o := Zero
		for _, part := range m.To {
			g, err := s.component(ctx, f, part)
			if err != nil {
				return nil, err
			}
			if o, err = f.Add(ctx, o, g); err != nil {
				return nil, err
			}
		}
		opts = append(opts, o)
	}
	return opts, nil
}
