package heap

import (
	"context"
	"fmt"
	"math/big"

	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/octal"
	"github.com/gamelang/gamelang/solve"
)

// Bounded is bounded Nim, take 1..m tokens from a heap, for an m of any
// size; with m = nil it is Nim itself, take 1... (Declarations whose take
// rules spell either become one.)
type Bounded struct {
	name   string
	m      *big.Int // nil: no bound
	origin string
}

// NewBounded returns bounded Nim with at most m tokens per move (m nil: Nim).
func NewBounded(name string, m *big.Int, origin string) *Bounded {
	return &Bounded{name: name, m: m, origin: origin}
}

// Name is the ruleset's name.
func (r *Bounded) Name() string { return r.name }

// Rename changes the name (see game.Renamer).
func (r *Bounded) Rename(name string) { r.name = name }

// Kind is heaps.
func (r *Bounded) Kind() game.Kind { return Kind }

// Decided is always false.
func (r *Bounded) Decided(game.State) bool { return false }

// Lost is always false.
func (r *Bounded) Lost(int64) bool { return false }

// Bound is m, the most a move takes; nil for Nim.
func (r *Bounded) Bound() *big.Int { return r.m }

// Origin says how the ruleset came to be bounded Nim; "" for the builtins.
func (r *Bounded) Origin() string { return r.origin }

func (r *Bounded) specOrigin() string {
	if r.origin == "" {
		return OriginBuiltin
	}
	return r.origin
}

// Spec is the code of the game, take 1..m: 0.333... with m digits, or 0.(3).
func (r *Bounded) Spec() octal.Spec {
	if r.m == nil {
		return octal.Spec{Code: octal.NewCode([]octal.Digit{0}, octal.LeaveNone|octal.LeaveOne), Origin: r.specOrigin()}
	}
	m := int(min(r.m.Int64(), 1<<24)) // a bound beyond any heap asked changes nothing
	d := make([]octal.Digit, m+1)
	for k := 1; k <= m; k++ {
		d[k] = octal.LeaveNone | octal.LeaveOne
	}
	return octal.Spec{Code: octal.NewCode(d, 0), Origin: r.specOrigin()}
}

// most is the most tokens a move may take from heap n.
func (r *Bounded) most(n *big.Int) *big.Int {
	if r.m == nil || r.m.Cmp(n) > 0 {
		return n
	}
	return r.m
}

// maxList is the most moves Moves lists; winning moves are found at any size.
const maxList = 1 << 20

// Moves lists the heaps a move leaves, largest first (take 1, take 2, ...),
// emptying the heap last.
func (r *Bounded) Moves(_ context.Context, s game.State) ([]game.Move, error) {
	n := s.(*big.Int)
	most := r.most(n)
	if most.Cmp(big.NewInt(maxList)) > 0 {
		return nil, fmt.Errorf("%s(%s) has %s moves, too many to list; winning() finds the winning one at any size", r.name, n, most)
	}
	var out []game.Move
	for k := int64(1); k <= most.Int64(); k++ {
		out = append(out, game.Move{To: r.take(n, big.NewInt(k))})
	}
	return out, nil
}

// take is what taking k tokens from heap n leaves.
func (r *Bounded) take(n, k *big.Int) []game.Component {
	a := new(big.Int).Sub(n, k)
	if a.Sign() == 0 {
		return nil
	}
	return []game.Component{{Rules: r, State: a}}
}

// Options calls f with the heap each move leaves.
func (r *Bounded) Options(w *solve.Work, n int64, f func(parts []int64)) error {
	most := n
	if r.m != nil && r.m.Cmp(big.NewInt(n)) < 0 {
		most = r.m.Int64()
	}
	var buf [1]int64
	for k := int64(1); k <= most; k++ {
		w.Tick()
		if k == n {
			f(buf[:0])
		} else {
			f(append(buf[:0], n-k))
		}
	}
	return nil
}

// TakeTo is the move that leaves heap to from heap n, if there is one.
func (r *Bounded) TakeTo(n, to *big.Int) ([]game.Move, bool) {
	if to.Sign() < 0 || to.Cmp(n) >= 0 || new(big.Int).Sub(n, to).Cmp(r.most(n)) > 0 {
		return nil, false
	}
	return []game.Move{{To: r.take(n, new(big.Int).Sub(n, to))}}, true
}
