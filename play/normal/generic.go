package normal

// The generic solvers: they need nothing but a ruleset's moves. A heap game
// grows its sequence g(0), g(1), ... heap by heap; a state graph is walked by
// the memoized mex of package solve; any other ruleset by a memo over its
// positions' encodings, through Moves.

import (
	"context"
	"fmt"
	"math/big"
	"strings"

	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/solve"
)

// heapValues is the Grundy sequence of a heap game: every heap a move leaves
// is smaller than the heap it came from, so g(n) is the mex of the XORs of
// values already known.
type heapValues struct {
	r   game.HeapGame
	seq *solve.Sequence
}

func newHeapValues(r game.HeapGame, limits *solve.Limits) *heapValues {
	v := &heapValues{r: r}
	v.seq = solve.NewSequence(v.optionValues, limits, r.Name())
	return v
}

func (v *heapValues) Solver() string {
	return "heap sequence: the mex over the options of each heap, listed by running the compiled rules"
}

// optionValues marks the value of every option of heap n. It asks whether
// heap n is decided first, so that a 'loses if' rule that fails at n fails
// as the sequence reaches n.
func (v *heapValues) optionValues(n int, g []uint32, m *solve.Marks) error {
	return m.Do(func() error {
		v.r.Lost(int64(n))
		return v.r.Options(m.Work, int64(n), func(parts []int64) {
			x := uint32(0)
			for _, p := range parts {
				x ^= g[p]
			}
			m.Mark(x)
		})
	})
}

func (v *heapValues) Grundy(ctx context.Context, s game.State) (*big.Int, error) {
	n := s.(*big.Int)
	if !n.IsInt64() {
		return nil, fmt.Errorf("%s(%s) is beyond reach: the heap solver computes every value up to the heap, and stores at most %d", v.r.Name(), n, v.seq.Limit())
	}
	g, err := v.seq.Value(ctx, int(n.Int64()))
	return big.NewInt(int64(g)), err
}

// Moves lists the moves of heap n once the values up to n are known, so
// that a 'loses if' rule that fails below n fails here as it does on every
// other path.
func (v *heapValues) Moves(ctx context.Context, s game.State) ([]game.Move, error) {
	if n := s.(*big.Int); n.IsInt64() && n.Int64() < int64(v.seq.Limit()) {
		if _, err := v.seq.Value(ctx, int(n.Int64())); err != nil {
			return nil, err
		}
	}
	return v.r.Moves(ctx, s)
}

// graphValues is the memoized mex over the state graph of a graph game.
type graphValues struct {
	r    game.GraphGame
	memo *solve.Memo
}

// newGraphValues makes the memo of r; generic: with no sweep, every state
// valued by the search (solve.Memo.NoSweep).
func newGraphValues(r game.GraphGame, limits *solve.Limits, generic bool) *graphValues {
	format := func(key string) string { return r.Name() + r.Kind().Format(r.State([]byte(key))) }
	memo := solve.NewMemo(r, limits, r.Name(), format)
	if generic {
		memo.NoSweep()
	}
	return &graphValues{r: r, memo: memo}
}

func (v *graphValues) Solver() string {
	if v.memo.Sweeps() {
		return "generic: the moves add constants to " + positionsOf(v.r) + ", so the states up to a position asked about are valued in order, with no search"
	}
	return "generic: memoized mex over the state graph of " + positionsOf(v.r)
}

// positionsOf says what the positions of a ruleset are: their numbers, or
// an example.
func positionsOf(r game.Ruleset) string {
	if cs := r.Kind().Coords(); len(cs) > 0 {
		return strings.Join(cs, ", ")
	}
	return "positions such as " + r.Kind().Example(r.Name())
}

// Outcome searches only as far as who wins needs (solve.Memo.Win): a state
// is N at its first option found P.
func (v *graphValues) Outcome(ctx context.Context, s game.State) (game.Outcome, error) {
	key, err := v.r.Key(s)
	if err != nil {
		return game.P, err
	}
	won, err := v.memo.Win(ctx, key)
	if won {
		return game.N, err
	}
	return game.P, err
}

func (v *graphValues) Grundy(ctx context.Context, s game.State) (*big.Int, error) {
	key, err := v.r.Key(s)
	if err != nil {
		return nil, err
	}
	g, err := v.memo.Grundy(ctx, key)
	if err == nil && g < len(smallValues) {
		return smallValues[g], nil // shared, as Values allows
	}
	return big.NewInt(int64(g)), err
}

// smallValues are the numbers 0 .. 1023, made once: most Grundy values of a
// generic game are among them, and a query need not allocate its answer.
var smallValues = func() (vs [1024]*big.Int) {
	for i := range vs {
		vs[i] = big.NewInt(int64(i))
	}
	return vs
}()
