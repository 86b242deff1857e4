package loopy

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"slices"
	"sort"
	"strings"

	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/play"
	"github.com/gamelang/gamelang/play/normal"
	"github.com/gamelang/gamelang/solve"
)

// Convention is loopy play.
var Convention play.Convention = convention{}

type convention struct{}

func (convention) Name() string { return "loopy" }
func (convention) Doc() string {
	return "loopy play: normal play of games whose moves may loop; play for ever is a draw (D)"
}
func (convention) New(env play.Env) play.Solver { return New(env) }

// Value is a loopy value: a number (Inf false) or ∞(K).
type Value struct {
	G   *big.Int   // the number, when finite
	Inf bool       // infinite
	K   []*big.Int // the finite values of the moves, ascending, when infinite
}

func finite(g *big.Int) Value { return Value{G: g} }

// String is "3", or "∞{0,2}" (∞{} when no move has a finite value).
func (v Value) String() string {
	if !v.Inf {
		return v.G.String()
	}
	parts := make([]string, len(v.K))
	for i, k := range v.K {
		parts[i] = k.String()
	}
	return "∞{" + strings.Join(parts, ",") + "}"
}

// Finite is the value as a number, when it is one.
func (v Value) Finite() (*big.Int, bool) { return v.G, !v.Inf }

// Label is "loopy value".
func (v Value) Label() string { return "loopy value" }

// Outcome is P for 0, N for a number or for ∞(K) with 0 in K, D otherwise.
func (v Value) Outcome() game.Outcome {
	switch {
	case !v.Inf && v.G.Sign() == 0:
		return game.P
	case !v.Inf || v.hasZero():
		return game.N
	}
	return game.D
}

func (v Value) hasZero() bool {
	return len(v.K) > 0 && v.K[0].Sign() == 0
}

// add is Smith's sum of two values.
func (v Value) add(w Value) Value {
	switch {
	case !v.Inf && !w.Inf:
		return finite(new(big.Int).Xor(v.G, w.G))
	case v.Inf && w.Inf:
		return Value{Inf: true}
	case w.Inf:
		v, w = w, v
	}
	k := make([]*big.Int, len(v.K))
	for i, x := range v.K {
		k[i] = new(big.Int).Xor(x, w.G)
	}
	sort.Slice(k, func(i, j int) bool { return k[i].Cmp(k[j]) < 0 })
	return Value{Inf: true, K: k}
}

// Solver answers loopy questions for a session.
type Solver struct {
	env    play.Env
	normal *normal.Solver
	loops  map[game.Ruleset]*graph // rulesets whose moves loop
}

// New returns a solver.
func New(env play.Env) *Solver {
	return &Solver{env: env, normal: normal.New(env), loops: map[game.Ruleset]*graph{}}
}

// LoopError refuses loopy play of a ruleset with 'loses if' rules whose
// moves loop.
type LoopError struct{ Rules game.Ruleset }

func (e *LoopError) Error() string {
	return fmt.Sprintf("%s has moves that loop and a 'loses if' rule: loopy play is solved for games without 'loses if' rules", e.Rules.Name())
}

// part is what the solver knows of one component: its value, and its
// vertex when its ruleset loops.
type part struct {
	v      Value
	g      *graph // nil: normal play answers it
	vertex int32
}

// part values a component: by normal play while its ruleset has not been
// seen to loop, else by the labelling.
func (s *Solver) part(ctx context.Context, c game.Component) (part, error) {
	base := game.Base(c.Rules)
	g := s.loops[base]
	if g == nil {
		v, err := s.normal.Grundy(ctx, game.Position{c})
		var cycle *solve.CycleError
		if !errors.As(err, &cycle) {
			return part{v: finite(v)}, err
		}
		if game.Decides(base) {
			return part{}, &LoopError{Rules: c.Rules}
		}
		g = newGraph(base, s.env.Limits)
		s.loops[base] = g
	}
	id, err := g.vertex(ctx, c.State)
	if err != nil {
		return part{}, err
	}
	return part{v: g.value(id), g: g, vertex: id}, nil
}

// Prepare explores the positions of a range before they are valued one by
// one, so that a looping ruleset's graph is labelled once for all of them
// (grundy(G, 0..N, loopy) relabelled it once a heap: quadratic in N).
func (s *Solver) Prepare(ctx context.Context, ps []game.Position) error {
	touched := map[*graph]bool{}
	for _, p := range ps {
		for _, c := range p {
			g := s.loops[game.Base(c.Rules)]
			if g == nil {
				if _, err := s.part(ctx, c); err != nil { // normal play, or the first loop found
					return err
				}
				continue
			}
			if _, err := g.reach(ctx, c.State); err != nil {
				return err
			}
			touched[g] = true
		}
	}
	for g := range touched {
		if err := g.relabel(); err != nil {
			return err
		}
	}
	return nil
}

// Labellings is how many times the solver labelled a graph: what a range
// explored at once saves (the tests count it).
func (s *Solver) Labellings() int {
	n := 0
	for _, g := range s.loops {
		n += g.labellings
	}
	return n
}

// value is a labelled vertex's value.
func (g *graph) value(id int32) Value {
	if m := g.labels.val[id]; m >= 0 {
		return finite(big.NewInt(int64(m)))
	}
	var k []*big.Int
	for it := g.succ.of(id); it.next(); {
		if m := g.labels.val[it.v]; m >= 0 && !slices.ContainsFunc(k, func(x *big.Int) bool { return x.Int64() == int64(m) }) {
			k = append(k, big.NewInt(int64(m)))
		}
	}
	sort.Slice(k, func(i, j int) bool { return k[i].Cmp(k[j]) < 0 })
	return Value{Inf: true, K: k}
}

// parts values every component of p, and says whether one loops.
func (s *Solver) parts(ctx context.Context, p game.Position) ([]part, bool, error) {
	out := make([]part, len(p))
	loops := false
	for i, c := range p {
		pt, err := s.part(ctx, c)
		if err != nil {
			return nil, false, err
		}
		out[i], loops = pt, loops || pt.g != nil
	}
	return out, loops, nil
}

// Value is a position's loopy value: by Smith's rule for sums.
func (s *Solver) Value(ctx context.Context, p game.Position) (play.Value, error) {
	if c, ok := p.Decided(); ok {
		return nil, &game.DecidedError{Component: c}
	}
	parts, loops, err := s.parts(ctx, p)
	if err != nil {
		return nil, err
	}
	if !loops {
		return s.normal.Value(ctx, p)
	}
	return sum(parts), nil
}

func sum(parts []part) Value {
	total := finite(new(big.Int))
	for _, pt := range parts {
		total = total.add(pt.v)
	}
	return total
}

// Outcome is P, N or D.
func (s *Solver) Outcome(ctx context.Context, p game.Position) (game.Outcome, error) {
	if _, ok := p.Decided(); ok {
		return game.N, nil
	}
	v, err := s.Value(ctx, p)
	if err != nil {
		return game.N, err
	}
	return v.Outcome(), nil
}

// Options lists every move with the value of the position it reaches.
func (s *Solver) Options(ctx context.Context, p game.Position) ([]play.Option, error) {
	if c, ok := p.Decided(); ok {
		return nil, &game.DecidedError{Component: c}
	}
	return play.OptionsBy(ctx, s.env.Limits, p, s.Value)
}

// Describe says how a ruleset's positions are valued.
func (s *Solver) Describe(r game.Ruleset) string {
	if g := s.loops[game.Base(r)]; g != nil {
		return fmt.Sprintf("loopy play: generalized Sprague-Grundy values, labelled on the %d positions met so far (its moves loop)", g.len())
	}
	return "loopy play: " + s.normal.Describe(r) + " (no loop met so far: the values are Grundy values)"
}

// Winning lists the moves that win and make progress, the least counter
// first: in a sum of numbers, a move that lowers one part to the value that
// makes the sum 0; in a sum with one infinite part ∞(K), a move of that
// part to the number that makes the sum 0. Moves that raise a number also
// reach 0 at times; they are left out, for a winner who makes them may be
// sent round a cycle for ever.
func (s *Solver) Winning(ctx context.Context, p game.Position) ([]play.Option, error) {
	if c, ok := p.Decided(); ok {
		return nil, &game.DecidedError{Component: c}
	}
	parts, loops, err := s.parts(ctx, p)
	if err != nil || !loops {
		if err != nil {
			return nil, err
		}
		return s.normal.Winning(ctx, p)
	}
	if sum(parts).Outcome() != game.N {
		return nil, nil
	}
	var out []ranked
	firsts := p.Firsts()
	for i, c := range p {
		if firsts[i] != i {
			continue
		}
		found, err := s.winningIn(ctx, p, parts, i, c)
		if err != nil {
			return nil, err
		}
		out = append(out, found...)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].rank < out[j].rank })
	opts := make([]play.Option, len(out))
	for i, r := range out {
		opts[i] = r.Option
	}
	return opts, nil
}

// winningIn lists the winning moves of part i of p, each with the counter
// of what it reaches.
func (s *Solver) winningIn(ctx context.Context, p game.Position, parts []part, i int, c game.Component) ([]ranked, error) {
	rest := sum(slices.Delete(slices.Clone(parts), i, i+1))
	if rest.Inf || !parts[i].v.Inf && rest.G.Cmp(parts[i].v.G) >= 0 {
		return nil, nil
	}
	moves, err := c.Rules.Moves(ctx, c.State)
	if err != nil {
		return nil, err
	}
	var out []ranked
	for _, m := range moves {
		v, rank, err := s.reached(ctx, m.To)
		if err != nil {
			return nil, err
		}
		if !v.Inf && v.G.Cmp(rest.G) == 0 {
			o := play.Option{Index: i, Move: m, Value: finite(new(big.Int))}
			out = append(out, ranked{o, rank})
		}
	}
	return out, nil
}

// ranked is a winning move and the counter of the position it reaches.
type ranked struct {
	play.Option
	rank int32
}

// reached is the value of what a move leaves, and its counter when that is
// one position of a ruleset that loops.
func (s *Solver) reached(ctx context.Context, to []game.Component) (Value, int32, error) {
	parts, _, err := s.parts(ctx, to)
	if err != nil {
		return Value{}, 0, err
	}
	rank := int32(-1)
	if len(parts) == 1 && parts[0].g != nil {
		rank = parts[0].g.labels.cnt[parts[0].vertex]
	}
	return sum(parts), rank, nil
}

// Reply is the solver's move in play: a winning move that makes progress,
// in the part the other player just moved when there is one there (it
// reverses a move away from a value), the least counter first.
func (s *Solver) Reply(ctx context.Context, p game.Position, last *play.Option) (play.Option, bool, error) {
	win, err := s.Winning(ctx, p)
	if err != nil || len(win) == 0 {
		return play.Option{}, false, err
	}
	if last != nil {
		for _, o := range win {
			if o.Index == last.Index {
				return o, true, nil
			}
		}
	}
	return win[0], true, nil
}
