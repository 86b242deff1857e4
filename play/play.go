package play

import (
	"context"

	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/solve"
)

// Env is what a session gives its solvers.
type Env struct {
	// Limits bound every solver of the session; changing them applies to
	// solvers already made.
	Limits *solve.Limits
	// Generic solves every ruleset with the generic solvers, using no fast
	// path (closed forms, the octal engines): slow, for checking them.
	Generic bool
	// ValuesDir, when set, is a directory where the tables of take-and-
	// break codes keep their values in files: past the memory budget, and
	// resumed by a later session (octal.Config.ValuesDir).
	ValuesDir string
}

// Convention is a way to decide who wins.
type Convention interface {
	// Name is how queries name it: outcome(P, normal).
	Name() string
	// Doc says what it is, for :help.
	Doc() string
	// New returns a solver for a session; it keeps what it learns.
	New(env Env) Solver
}

// Solver answers a convention's questions about positions — disjunctive
// sums of components of any rulesets.
type Solver interface {
	// Value is what the convention says of a position: its nim value under
	// normal play.
	Value(ctx context.Context, p game.Position) (Value, error)
	// Outcome is who wins with best play.
	Outcome(ctx context.Context, p game.Position) (game.Outcome, error)
	// Options lists every move with the value of the position it reaches.
	// Equal components have the same moves, which reach equal positions: of
	// them only the first is listed (see game.Position.Firsts).
	Options(ctx context.Context, p game.Position) ([]Option, error)
	// Winning lists the moves that win, of equal components only the first.
	Winning(ctx context.Context, p game.Position) ([]Option, error)
	// Describe says which solver answers for a ruleset, and what it knows.
	Describe(r game.Ruleset) string
}

// Value is what a convention says of a position.
type Value interface {
	// String writes the value: "3".
	String() string
	// Label names what the value is, for listings: "grundy".
	Label() string
	// Outcome is the outcome class the value implies.
	Outcome() game.Outcome
}

// Preparer is a Solver that values a range of positions better when it
// sees them all first: grundy(G, a..b, convention) hands it them before
// asking for their values one by one.
type Preparer interface {
	Prepare(ctx context.Context, ps []game.Position) error
}

// NumberValuer is a Solver whose values of a ruleset's positions are
// numbers it can give for positions written as numbers — K(x, y), G(n) —
// without making them: a generator that asks about millions of positions,
// sum(grundy(K(x, y)) for x in 1..1000 for y in 1..1000), calls the function
// Numbers returns in its loop. Its value is what Value says of the position
// of one component that those numbers make (the kind's Make), and its errors
// are Value's; ok is false for a ruleset whose values are not numbers.
type NumberValuer interface {
	Numbers(r game.Ruleset) (q NumberQuery, ok bool)
}

// NumberQuery values the positions of a ruleset written as numbers
// (NumberValuer).
type NumberQuery struct {
	// Value is the value of the position the numbers make, or the error
	// Value gives for it.
	Value func(ctx context.Context, nums []int64) (int64, error)
	// Memo, when not nil, holds values already known: what its Known says
	// of the numbers, when it says, is Value's answer, and a loop reads it
	// in place before it calls Value (a lookup, not a call per position).
	Memo *solve.Memo
}

// Option is a move of a sum with the value of the position it reaches.
// That position is not kept: in a sum of 10^5 parts each copy would cost
// 10^5 components, and Result makes it when it is wanted.
type Option struct {
	Index int       // which component moves
	Move  game.Move // the move in that component
	Value Value     // the value of the position the move reaches
}

// Result is the position the option reaches from p, the sum it moves in.
func (o Option) Result(p game.Position) game.Position { return p.Replace(o.Index, o.Move.To) }

// OptionsBy lists every move of a sum, in each component in turn (of equal
// components, the first), with the position it reaches valued by value: the options of a convention that
// values positions one by one. The list counts against the memory budget.
func OptionsBy(ctx context.Context, lim *solve.Limits, p game.Position, value func(context.Context, game.Position) (Value, error)) ([]Option, error) {
	var out []Option
	firsts := p.Firsts()
	for i, c := range p {
		if firsts[i] != i {
			continue
		}
		moves, err := c.Rules.Moves(ctx, c.State)
		if err != nil {
			return nil, err
		}
		for _, m := range moves {
			if err := lim.Hold(c.Rules.Name()); err != nil {
				return nil, err
			}
			v, err := value(ctx, p.Replace(i, m.To))
			if err != nil {
				return nil, err
			}
			out = append(out, Option{Index: i, Move: m, Value: v})
		}
	}
	return out, nil
}

// Replier is a solver that chooses its own move in play, knowing the move
// just made: loopy play needs it, so that the winner never goes round a
// cycle. Without it, play takes the first winning option.
type Replier interface {
	Reply(ctx context.Context, p game.Position, last *Option) (Option, bool, error)
}

// ToP keeps the options that reach P-positions: the winning moves, for a
// convention that values positions one by one.
func ToP(opts []Option) []Option {
	var out []Option
	for _, o := range opts {
		if o.Value.Outcome() == game.P {
			out = append(out, o)
		}
	}
	return out
}
