package normal

import (
	"context"
	"fmt"
	"math/big"

	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/play"
)

// Convention is normal play.
var Convention play.Convention = convention{}

type convention struct{}

func (convention) Name() string { return "normal" }
func (convention) Doc() string {
	return "normal play: the player who cannot move loses (the default)"
}
func (convention) New(env play.Env) play.Solver { return New(env) }

// Nimber is a value under normal play: a Grundy value.
type Nimber struct{ G *big.Int }

func (v Nimber) String() string { return v.G.String() }

// Nim is the nim value as a number.
func (v Nimber) Nim() *big.Int { return v.G }

// Label is "grundy".
func (v Nimber) Label() string { return "grundy" }

// Outcome is P for 0, N otherwise.
func (v Nimber) Outcome() game.Outcome {
	if v.G.Sign() == 0 {
		return game.P
	}
	return game.N
}

// Solver answers normal-play questions for a session. It keeps, for every
// ruleset (under its renames), the solver that answers for it and what that
// has learnt.
type Solver struct {
	env     play.Env
	rules   map[game.Ruleset]*ruleSolver
	passNim passNim // the table of Nim with a pass (passnim.go)
}

// New returns a solver.
func New(env play.Env) *Solver {
	return &Solver{env: env, rules: map[game.Ruleset]*ruleSolver{}}
}

// ruleSolver is what the solver knows of one ruleset.
type ruleSolver struct {
	base    game.Ruleset // under every rename
	values  Values
	closed  bool            // values comes from the ruleset's own closed form
	outcome ClosedOutcome   // nil, or the ruleset's own outcomes
	winning ClosedWinning   // nil, or the ruleset's own winning moves
	empty   *game.Component // its empty position, when decided (trap.go)
}

func (s *Solver) of(r game.Ruleset) *ruleSolver {
	base := game.Base(r)
	if rs, ok := s.rules[base]; ok {
		return rs
	}
	rs := &ruleSolver{base: base}
	if e, ok := emptyDecided(base); ok {
		rs.empty = &e
	}
	rs.values, rs.closed = s.valuesOf(base)
	if !s.env.Generic {
		rs.outcome, _ = base.(ClosedOutcome)
		rs.winning, _ = base.(ClosedWinning)
	}
	s.rules[base] = rs
	return rs
}

// Values returns the solver of a ruleset's values, for the queries that
// look into it (period(), table()).
func (s *Solver) Values(r game.Ruleset) Values { return s.of(r).values }

// Describe says which solver answers for a ruleset.
func (s *Solver) Describe(r game.Ruleset) string {
	rs := s.of(r)
	if pn, ok := r.(PassNim); ok && !s.env.Generic {
		if n, ok := pn.PassNimRules(); ok && n <= 3 {
			return fmt.Sprintf("Nim with a pass: outcomes and winning moves from the table of Nim with a pass (heaps up to %d); Grundy values from %s", MaxPassNim, rs.values.Solver())
		}
	}
	if d, ok := rs.base.(interface{ NormalSolver() string }); ok && !rs.closed && !s.env.Generic {
		return d.NormalSolver() + "; Grundy values from " + rs.values.Solver()
	}
	return rs.values.Solver()
}

// Grundy returns the nim value of a sum: the XOR of its components' values.
func (s *Solver) Grundy(ctx context.Context, p game.Position) (*big.Int, error) {
	if err := s.trap(p); err != nil {
		return nil, err
	}
	g := new(big.Int)
	for _, c := range p {
		v, err := s.component(ctx, c)
		if err != nil {
			return nil, err
		}
		g.Xor(g, v)
	}
	return g, nil
}

// component is the value of one component.
func (s *Solver) component(ctx context.Context, c game.Component) (*big.Int, error) {
	if c.Rules.Decided(c.State) {
		return nil, &game.DecidedError{Component: c}
	}
	parts := game.Parts(c) // a graph asked about whole, in its components
	if len(parts) == 1 {
		return s.of(c.Rules).values.Grundy(ctx, c.State)
	}
	g := new(big.Int)
	for _, p := range parts {
		v, err := s.of(c.Rules).values.Grundy(ctx, p.State)
		if err != nil {
			return nil, err
		}
		g.Xor(g, v)
	}
	return g, nil
}

// Value is the nim value of a sum, as a play.Value.
func (s *Solver) Value(ctx context.Context, p game.Position) (play.Value, error) {
	g, err := s.Grundy(ctx, p)
	if err != nil {
		return nil, err
	}
	return Nimber{g}, nil
}

// Outcome returns P or N. A sum with a decided component is N: the last
// mover created a losing position and has lost.
func (s *Solver) Outcome(ctx context.Context, p game.Position) (game.Outcome, error) {
	if _, ok := p.Decided(); ok {
		return game.N, nil
	}
	if len(p) == 1 {
		if o, ok, err := s.passNimOutcome(ctx, p[0]); ok {
			return o, err
		}
	}
	if len(p) == 1 && len(game.Parts(p[0])) == 1 {
		rs := s.of(p[0].Rules)
		if rs.outcome != nil {
			return rs.outcome.NormalOutcome(ctx, p[0].State)
		}
		if o, ok := rs.values.(outcomer); ok {
			return o.Outcome(ctx, p[0].State)
		}
	}
	g, err := s.Grundy(ctx, p)
	if err != nil {
		return game.P, err
	}
	return Nimber{g}.Outcome(), nil
}

// Options lists every move of the sum with the resulting position and value.
// A decided position has no options: the game is over.
func (s *Solver) Options(ctx context.Context, p game.Position) ([]play.Option, error) {
	total, err := s.Grundy(ctx, p)
	if err != nil {
		return nil, err
	}
	var out []play.Option
	firsts := p.Firsts()
	for i, c := range p {
		if firsts[i] != i {
			continue
		}
		own, err := s.component(ctx, c)
		if err != nil {
			return nil, err
		}
		moves, err := s.Moves(ctx, c)
		if err != nil {
			return nil, err
		}
		for _, m := range moves {
			if err := s.env.Limits.Hold(c.Rules.Name()); err != nil {
				return nil, err
			}
			g, err := s.Grundy(ctx, m.To)
			if err != nil {
				return nil, err
			}
			g.Xor(g, own).Xor(g, total)
			out = append(out, play.Option{Index: i, Move: m, Value: Nimber{g}})
		}
	}
	return out, nil
}

// Winning lists the moves to value 0: the moves that win. In each component
// they are the moves to the value that the rest of the sum cancels; a single
// component needs no value at all, only its moves to 0 (which closed forms
// give for huge positions whose Grundy value is unknown).
func (s *Solver) Winning(ctx context.Context, p game.Position) ([]play.Option, error) {
	if c, ok := p.Decided(); ok {
		return nil, &game.DecidedError{Component: c}
	}
	if len(p) == 1 {
		if out, ok, err := s.passNimWinning(ctx, p[0]); ok {
			return out, err
		}
	}
	var total *big.Int
	if len(p) > 1 {
		var err error
		if total, err = s.Grundy(ctx, p); err != nil {
			return nil, err
		}
	}
	var out []play.Option
	firsts := p.Firsts()
	for i, c := range p {
		if firsts[i] != i {
			continue
		}
		target := new(big.Int)
		if total != nil {
			own, err := s.component(ctx, c)
			if err != nil {
				return nil, err
			}
			target.Xor(own, total)
		}
		moves, err := s.MovesTo(ctx, c, target)
		if err != nil {
			return out, err
		}
		for _, m := range moves {
			out = append(out, play.Option{Index: i, Move: m, Value: Nimber{new(big.Int)}})
		}
	}
	return out, nil
}

// Moves lists the moves of a component: its ruleset's, or for a huge heap
// whose period is proved, its splits grouped into families by value.
func (s *Solver) Moves(ctx context.Context, c game.Component) ([]game.Move, error) {
	rs := s.of(c.Rules)
	if l, ok := rs.values.(lister); ok {
		moves, err := l.Moves(ctx, c.State)
		return game.Own(moves, rs.base, c.Rules), err
	}
	return c.Rules.Moves(ctx, c.State)
}

// MovesTo lists the moves of a component to positions of value v.
func (s *Solver) MovesTo(ctx context.Context, c game.Component, v *big.Int) ([]game.Move, error) {
	rs := s.of(c.Rules)
	if v.Sign() == 0 && rs.winning != nil {
		moves, err := rs.winning.NormalWinning(ctx, c.State)
		return game.Own(moves, rs.base, c.Rules), err
	}
	if t, ok := rs.values.(targeter); ok {
		moves, err := t.MovesTo(ctx, c.State, v)
		return game.Own(moves, rs.base, c.Rules), err
	}
	moves, err := s.Moves(ctx, c)
	if err != nil {
		return nil, err
	}
	var out []game.Move
	for _, m := range moves {
		if _, decided := game.Position(m.To).Decided(); v.Sign() == 0 && !decided {
			// a move to 0 is a move to P: who wins there is enough
			o, err := s.Outcome(ctx, game.Position(m.To))
			if err != nil {
				return nil, err
			}
			if o == game.P {
				out = append(out, m)
			}
			continue
		}
		g, err := s.Grundy(ctx, m.To)
		if err != nil {
			return nil, err
		}
		if g.Cmp(v) == 0 {
			out = append(out, m)
		}
	}
	return out, nil
}
