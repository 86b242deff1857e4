package misere

import (
	"context"
	"fmt"
	"math/big"

	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/octal"
	"github.com/gamelang/gamelang/play"
)

// Convention is misère play.
var Convention play.Convention = convention{}

type convention struct{}

func (convention) Name() string { return "misere" }
func (convention) Doc() string {
	return "misère play: the player who makes the last move loses (Winning Ways, ch. 13)"
}
func (convention) New(env play.Env) play.Solver { return New(env) }

// Solver answers misère questions for a session, keeping what it learns.
type Solver struct {
	env       play.Env
	space     *space
	wins      *winSearch[sum]
	genera    *genusSearch[sum]
	quotients map[game.Ruleset]*learner
	forms     *Forms         // misère canonical forms, made when first asked
	canon     map[string]MID // the canonical form of each component asked
}

// New returns a solver.
func New(env play.Env) *Solver {
	s := &Solver{env: env, space: newSpace(), quotients: map[game.Ruleset]*learner{}}
	g := graph[sum]{key: s.space.key, options: s.space.options, what: "a misère sum", limits: env.Limits}
	s.wins = newWinSearch(g, s.known)
	s.genera = newGenusSearch(g)
	return s
}

// outcome is a position's outcome, as a play.Value.
type outcome game.Outcome

func (o outcome) String() string        { return game.Outcome(o).String() }
func (o outcome) Label() string         { return "outcome" }
func (o outcome) Outcome() game.Outcome { return game.Outcome(o) }

// Value is a position's misère nim value: 0 exactly when the player to
// move loses. Sums are valued as whole games, by search.
type Value struct{ G *big.Int }

func (v Value) String() string { return v.G.String() }

// Label is "misère value".
func (v Value) Label() string { return "misère value" }

// Nim is the value as a number.
func (v Value) Nim() *big.Int { return v.G }

// Outcome is P for 0.
func (v Value) Outcome() game.Outcome {
	if v.G.Sign() == 0 {
		return game.P
	}
	return game.N
}

// Value is the misère nim value of p.
func (s *Solver) Value(ctx context.Context, p game.Position) (play.Value, error) {
	p = game.Split(p) // a graph asked about whole, in its components
	if err := playable(p); err != nil {
		return nil, err
	}
	if c, ok := p.Decided(); ok {
		return nil, &game.DecidedError{Component: c}
	}
	t, tame, err := s.tameSum(ctx, p)
	if err != nil {
		return nil, err
	}
	if tame {
		return Value{t.misere()}, nil
	}
	g, err := s.genera.Genus(ctx, s.space.sumOf(p))
	if err != nil {
		return nil, err
	}
	return Value{big.NewInt(int64(g.Misere()))}, nil
}

// Genus is the genus of p, and whether p is tame.
func (s *Solver) Genus(ctx context.Context, p game.Position) (Genus, bool, error) {
	p = game.Split(p) // a graph asked about whole, in its components
	if err := playable(p); err != nil {
		return Genus{}, false, err
	}
	if c, ok := p.Decided(); ok {
		return Genus{}, false, &game.DecidedError{Component: c}
	}
	t, tame, err := s.tameSum(ctx, p)
	if err != nil {
		return Genus{}, false, err
	}
	if tame {
		if g, ok := t.genus(); ok {
			return g, true, nil
		}
		return Genus{}, true, fmt.Errorf("the genus of %s has a nim value past 2^32, %s", p, t.g)
	}
	g, err := s.genera.Genus(ctx, s.space.sumOf(p))
	return g, false, err
}

// Tame reports whether p is tame: it and every position it leads to have
// the genus of a position of Nim.
func (s *Solver) Tame(ctx context.Context, p game.Position) (bool, error) {
	p = game.Split(p) // a graph asked about whole, in its components
	if err := playable(p); err != nil {
		return false, err
	}
	if c, ok := p.Decided(); ok {
		return false, &game.DecidedError{Component: c}
	}
	_, tame, err := s.tameSum(ctx, p)
	return tame, err
}

// Outcome is who wins p.
func (s *Solver) Outcome(ctx context.Context, p game.Position) (game.Outcome, error) {
	p = game.Split(p) // a graph asked about whole, in its components
	if err := playable(p); err != nil {
		return game.N, err
	}
	if _, ok := p.Decided(); ok {
		return game.N, nil // the last mover left a lost position
	}
	isP, _, err := s.decide(ctx, p)
	if isP {
		return game.P, err
	}
	return game.N, err
}

// How says how p's outcome is found, and what it is.
func (s *Solver) How(ctx context.Context, p game.Position) (game.Outcome, string, error) {
	p = game.Split(p) // a graph asked about whole, in its components
	if err := playable(p); err != nil {
		return game.N, "", err
	}
	if _, ok := p.Decided(); ok {
		return game.N, "a component is decided: the last mover lost", nil
	}
	isP, how, err := s.decide(ctx, p)
	if isP {
		return game.P, how, err
	}
	return game.N, how, err
}

// Options lists the moves with the outcome of each position reached.
func (s *Solver) Options(ctx context.Context, p game.Position) ([]play.Option, error) {
	if err := playable(p); err != nil {
		return nil, err
	}
	if c, ok := p.Decided(); ok {
		return nil, &game.DecidedError{Component: c}
	}
	return play.OptionsBy(ctx, s.env.Limits, p, func(ctx context.Context, r game.Position) (play.Value, error) {
		o, err := s.Outcome(ctx, r)
		return outcome(o), err
	})
}

// Winning lists the moves to P-positions.
func (s *Solver) Winning(ctx context.Context, p game.Position) ([]play.Option, error) {
	if err := playable(p); err != nil {
		return nil, err
	}
	if c, ok := p.Decided(); ok {
		return nil, &game.DecidedError{Component: c}
	}
	if !s.env.Generic && allClosed(p) {
		return boutonWinning(p), nil
	}
	opts, err := s.Options(ctx, p)
	return play.ToP(opts), err
}

// Describe says how misère outcomes of a ruleset's positions are found.
func (s *Solver) Describe(r game.Ruleset) string {
	if _, ok := game.Base(r).(bounded); ok && !s.env.Generic {
		return "misère play: Bouton's rule, at any size (Nim and bounded Nim are tame)"
	}
	if l, ok := s.learnerOf(r); ok {
		return "misère play: the misère quotient, found heap by heap (" + l.String() + "); genus arithmetic or a search where it is not found"
	}
	return "misère play: genus arithmetic where every part is tame, a search over the sum's positions otherwise"
}

// decide finds whether p is a P-position, and says how.
func (s *Solver) decide(ctx context.Context, p game.Position) (bool, string, error) {
	if !s.env.Generic && allClosed(p) {
		t, _, err := s.tameSum(ctx, p)
		return t.misere().Sign() == 0, "Bouton's rule for misère Nim", err
	}
	if r, ok := oneRuleset(p); ok {
		if l, ok := s.learnerOf(r); ok {
			isP, covered, err := l.isP(ctx, p)
			if err != nil || covered {
				return isP, "the misère quotient (" + l.String() + ")", err
			}
		}
	}
	t, tame, err := s.tameSum(ctx, p)
	if err != nil {
		return false, "", err
	}
	if tame {
		return t.misere().Sign() == 0, "genus arithmetic: every part is tame, the sum plays like misère Nim", err
	}
	w, err := s.wins.Wins(ctx, s.space.sumOf(p))
	return !w, "a search over the positions of the sum", err
}

// DecidesError refuses misère play of a game with 'loses if' rules: they
// already say who loses, and moves into decided positions are not listed,
// which misère play cannot do without.
type DecidesError struct{ Rules game.Ruleset }

func (e *DecidesError) Error() string {
	return fmt.Sprintf("%s has a 'loses if' rule, which already says who loses: misère play (the last player to move loses) is asked of games without 'loses if' rules", e.Rules.Name())
}

// playable refuses positions misère play does not answer.
func playable(p game.Position) error {
	for _, c := range p {
		if game.Decides(c.Rules) {
			return &DecidesError{Rules: c.Rules}
		}
	}
	return nil
}

// known answers a sum of heaps of one game from the quotient found so far,
// when it covers them: searches then stop at such sums.
func (s *Solver) known(x sum) (win, ok bool) {
	if len(x.parts) == 0 || s.env.Generic {
		return false, false
	}
	l := s.quotients[game.Base(x.parts[0].Rules)]
	if l == nil {
		return false, false
	}
	m := int32(0)
	for _, c := range x.parts {
		n, isHeap := c.State.(*big.Int)
		if !isHeap || s.quotients[game.Base(c.Rules)] != l || !n.IsInt64() || n.Int64() > int64(l.bound) {
			return false, false
		}
		m = l.ver.mul[m][l.ver.phi[n.Int64()]]
	}
	return !l.ver.isP[m], true
}

// oneRuleset returns the ruleset of every component of p, if they share one.
func oneRuleset(p game.Position) (game.Ruleset, bool) {
	if len(p) == 0 {
		return nil, false
	}
	r := game.Base(p[0].Rules)
	for _, c := range p[1:] {
		if game.Base(c.Rules) != r {
			return nil, false
		}
	}
	return r, true
}

// learnerOf is the quotient learner of a take-and-break game without
// 'loses if' rules, made once per ruleset.
func (s *Solver) learnerOf(r game.Ruleset) (*learner, bool) {
	base := game.Base(r)
	if l, ok := s.quotients[base]; ok {
		return l, l != nil
	}
	c, isCoded := base.(octal.Coded)
	h, isHeap := base.(game.HeapGame)
	if !isCoded || !isHeap || c.Spec().Lost != nil || s.env.Generic {
		s.quotients[base] = nil
		return nil, false
	}
	l := newLearner(h, c.Spec().Code, s.env.Limits)
	s.quotients[base] = l
	return l, true
}

// Quotient is the misère quotient of a take-and-break game, found up to
// heap bound or to its proved period.
func (s *Solver) Quotient(ctx context.Context, r game.Ruleset, bound int32) (*Quotient, error) {
	l, ok := s.learnerOf(r)
	if !ok {
		return nil, fmt.Errorf("%s is not a take-and-break game without 'loses if' rules: no misère quotient is computed for it", r.Name())
	}
	if err := l.grow(ctx, bound); err != nil {
		if ctx.Err() != nil {
			return nil, err
		}
		l.failed = err
	}
	return l.quotient(r.Name()), nil
}
