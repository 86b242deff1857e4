package normal

// The most generic solver: a memo over a ruleset's positions, keyed by their
// encoding, walked through Moves depth first with an explicit stack. A move
// may leave a sum, even of components of other rulesets (those are valued by
// their own solvers). It serves rulesets that describe their moves neither
// as a heap game nor as a state graph.

import (
	"context"
	"math/big"

	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/solve"
)

type moveValues struct {
	s     *Solver
	r     game.Ruleset
	vals  map[string]uint32
	shape Shaper // nil, or the ruleset's values by shape
	keys  int64  // the bytes of vals' keys
	spent int64  // bytes allocated since the memory was last read (solve.Limits.Spend)
}

func newMoveValues(s *Solver, r game.Ruleset) *moveValues {
	v := &moveValues{s: s, r: r, vals: map[string]uint32{}}
	if sh, ok := r.(Shaper); ok && !s.env.Generic {
		v.shape = sh
	}
	return v
}

// Shaper is a ruleset that knows the values of some positions from their
// shape (Node Kayles on a path is Dawson's Chess): ShapeGrundy gives one,
// or false; the search asks it before searching a position.
type Shaper interface {
	ShapeGrundy(ctx context.Context, s game.State) (*big.Int, bool, error)
}

// ShapeOutcomer is a Shaper that knows some positions' outcomes at less
// cost than their values (the Kayles engine asks G + *0 only).
type ShapeOutcomer interface {
	ShapeOutcome(ctx context.Context, s game.State) (game.Outcome, bool, error)
}

// Outcome is the shape's outcome when the ruleset knows it, else the
// value's.
func (v *moveValues) Outcome(ctx context.Context, s game.State) (game.Outcome, error) {
	if so, ok := v.shape.(ShapeOutcomer); ok {
		if o, ok, err := so.ShapeOutcome(ctx, s); ok || err != nil {
			return o, err
		}
	}
	g, err := v.Grundy(ctx, s)
	if err != nil {
		return game.P, err
	}
	return Nimber{g}.Outcome(), nil
}

// shaped values the position of key by its shape, when the ruleset knows
// it, and keeps the value.
func (v *moveValues) shaped(ctx context.Context, key string, s game.State) (bool, error) {
	if v.shape == nil {
		return false, nil
	}
	g, ok, err := v.shape.ShapeGrundy(ctx, s)
	if err != nil || !ok {
		return false, err
	}
	if !g.IsUint64() || g.Uint64() >= 1<<32 {
		return false, nil
	}
	v.vals[key] = uint32(g.Uint64())
	v.keys += int64(len(key)) + 16
	return true, nil
}

func (v *moveValues) Solver() string {
	return "generic: memoized mex over the moves of each position"
}

// frame is a position on the search path and its moves, once listed.
type frame struct {
	key   string
	state game.State
	moves []game.Move // nil until listed
}

func (v *moveValues) Grundy(ctx context.Context, s game.State) (*big.Int, error) {
	if v.shape != nil { // before the key: a path of a million vertices is valued sooner than keyed
		if g, ok, err := v.shape.ShapeGrundy(ctx, s); ok || err != nil {
			return g, err
		}
	}
	root := v.r.Kind().Encode(s)
	if g, ok := v.vals[root]; ok {
		return big.NewInt(int64(g)), nil
	}
	stack := []frame{{key: root, state: s}}
	path := map[string]bool{}
	for steps := 0; len(stack) > 0; steps++ {
		if steps%1024 == 0 {
			if err := v.poll(ctx); err != nil {
				return nil, err
			}
		} else if ctx.Err() != nil { // a step may list thousands of moves of a sum: Ctrl-C within milliseconds
			return nil, v.poll(ctx)
		}
		top := &stack[len(stack)-1]
		if _, done := v.vals[top.key]; done {
			stack = stack[:len(stack)-1]
			continue
		}
		if top.moves != nil {
			g, err := v.mex(ctx, top.moves)
			if err != nil {
				return nil, err
			}
			v.vals[top.key] = g
			v.keys += int64(len(top.key)) + 16
			delete(path, top.key)
			stack = stack[:len(stack)-1]
			continue
		}
		if path[top.key] {
			return nil, v.cycle(stack)
		}
		next, err := v.expand(ctx, top)
		if err != nil {
			return nil, err
		}
		path[top.key] = true
		stack = append(stack, next...)
	}
	return big.NewInt(int64(v.vals[root])), nil
}

func (v *moveValues) poll(ctx context.Context) error {
	lim := v.s.env.Limits
	lim.Report(v.what(), "states", int64(len(v.vals)))
	if err := ctx.Err(); err != nil {
		return &solve.InterruptedError{What: v.what(), States: len(v.vals), Err: err}
	}
	return lim.CheckNow(v.what(), len(v.vals)+1, v.keys+int64(len(v.vals))*64) // steps allocate much (a list's moves): read the memory each time
}

// what names the ruleset in messages: a sum with one pass has no name of
// its own, only its kind's.
func (v *moveValues) what() string {
	if n := v.r.Name(); n != "" {
		return n
	}
	return "a " + v.r.Kind().Name()
}

// expand lists the moves of the position on top and returns the frames of
// the components of this ruleset they reach that have no value yet.
func (v *moveValues) expand(ctx context.Context, f *frame) ([]frame, error) {
	moves, err := v.r.Moves(ctx, f.state)
	if err != nil {
		return nil, err
	}
	if moves == nil {
		moves = []game.Move{}
	}
	f.moves = moves
	var next []frame
	for i, m := range moves {
		if i%1024 == 1023 && ctx.Err() != nil {
			return nil, v.poll(ctx)
		}
		for _, c := range m.To {
			if game.Base(c.Rules) != v.r {
				continue
			}
			if k := v.r.Kind().Encode(c.State); !v.known(k) {
				if ok, err := v.shaped(ctx, k, c.State); ok || err != nil {
					if err != nil {
						return nil, err
					}
					continue
				}
				next = append(next, frame{key: k, state: c.State})
				if err := v.s.env.Limits.Spend(&v.spent, int64(len(k))+48, v.what(), len(v.vals)); err != nil {
					return nil, err
				}
			}
		}
	}
	return next, nil
}

func (v *moveValues) known(key string) bool {
	_, ok := v.vals[key]
	return ok
}

// mex is the value of a position whose options' components are all valued.
func (v *moveValues) mex(ctx context.Context, moves []game.Move) (uint32, error) {
	var set solve.Mex
	for _, m := range moves {
		x := uint32(0)
		for _, c := range m.To {
			if game.Base(c.Rules) == v.r {
				x ^= v.vals[v.r.Kind().Encode(c.State)]
				continue
			}
			g, err := v.s.component(ctx, c)
			if err != nil {
				return 0, err
			}
			x ^= uint32(g.Uint64())
		}
		set.Add(x)
	}
	return set.Value(), nil
}

// cycle reports the moves that loop, from the positions on the stack.
func (v *moveValues) cycle(stack []frame) error {
	top := stack[len(stack)-1]
	var path []string
	on := false
	for _, f := range stack[:len(stack)-1] {
		if f.moves == nil {
			continue
		}
		if on = on || f.key == top.key; on {
			path = append(path, game.Component{Rules: v.r, State: f.state}.String())
		}
	}
	path = append(path, game.Component{Rules: v.r, State: top.state}.String())
	return &solve.CycleError{Cycle: path}
}
