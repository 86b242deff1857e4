package heap

import (
	"context"
	"fmt"
	"math/big"

	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/octal"
	"github.com/gamelang/gamelang/rules"
	"github.com/gamelang/gamelang/solve"
)

// CodeGame is the ruleset of a take-and-break code: octal("0.07"), Kayles,
// Dawson's Kayles, and every heap declaration made of constant take rules.
// It describes itself by its code (octal.Coded), which is how the solvers
// of normal play find the octal engines for it.
type CodeGame struct {
	name   string
	spec   octal.Spec
	self   game.Ruleset // the ruleset a CodeGame is embedded in, if any: moves lead to its positions
	limits *solve.Limits
}

// Origins of a code ruleset.
const (
	OriginCode    = "octal code"
	OriginRules   = "recognized from its take rules"
	OriginLoses   = "recognized from its take rules and 'loses if' rule"
	OriginBuiltin = "builtin"
)

// NewCode returns the ruleset of a code; limits bound the moves it lists.
func NewCode(name string, spec octal.Spec, limits *solve.Limits) *CodeGame {
	return &CodeGame{name: name, spec: spec, limits: limits}
}

// SetSelf makes the positions that moves lead to positions of r, a ruleset
// that embeds this one.
func (r *CodeGame) SetSelf(self game.Ruleset) { r.self = self }

// rules is the ruleset of the positions moves lead to.
func (r *CodeGame) rules() game.Ruleset {
	if r.self != nil {
		return r.self
	}
	return r
}

// Name is the ruleset's name.
func (r *CodeGame) Name() string { return r.name }

// Rename changes the name (see game.Renamer).
func (r *CodeGame) Rename(name string) { r.name = name }

// Kind is heaps.
func (r *CodeGame) Kind() game.Kind { return Kind }

// Spec is the code and its decided heaps.
func (r *CodeGame) Spec() octal.Spec { return r.spec }

// Lost reports whether heap n is decided by a 'loses if' rule.
func (r *CodeGame) Lost(n int64) bool { return r.spec.Lost != nil && r.spec.Lost(n) }

// Decided reports whether the heap is decided; false when the rule fails
// there (the solvers then report the failure).
func (r *CodeGame) Decided(s game.State) bool {
	n := s.(*big.Int)
	return r.spec.Lost != nil && n.IsInt64() && rules.Holds(func() bool { return r.Lost(n.Int64()) })
}

// Decides reports whether the ruleset has a 'loses if' rule.
func (r *CodeGame) Decides() bool { return r.spec.Lost != nil }

// Options calls f with the heaps left by every move from heap n.
func (r *CodeGame) Options(w *solve.Work, n int64, f func(parts []int64)) (err error) {
	defer solve.Catch(&err)
	r.spec.Code.Options(n, r.spec.Lost, func(parts []int64) {
		w.Tick()
		f(parts)
	})
	return nil
}

// Moves lists every move of heap n one by one; a huge heap of a code that
// never splits has one move per take at most.
func (r *CodeGame) Moves(ctx context.Context, s game.State) (out []game.Move, err error) {
	n := s.(*big.Int)
	if c := r.spec.Code; c.Finite() && c.Splits() == 1 && !n.IsInt64() {
		return r.singles(n), nil
	}
	if !n.IsInt64() || n.Int64() >= 1<<40 {
		return nil, &TooManyMovesError{Position: game.Component{Rules: r.rules(), State: n}}
	}
	w := solve.NewWork(ctx, r.limits, r.name, func() int { return 0 })
	err = w.Do(func() error {
		r.Lost(n.Int64()) // a 'loses if' that fails here fails before any move is listed
		return r.Options(w, n.Int64(), func(parts []int64) {
			out = append(out, game.Move{To: game.Heaps(r.rules(), parts...)})
		})
	})
	return out, err
}

// singles lists the moves of a huge heap n of a code that never splits.
func (r *CodeGame) singles(n *big.Int) []game.Move {
	var out []game.Move
	c := r.spec.Code
	for k := int64(1); k <= int64(c.MaxTake()); k++ {
		if c.Digit(k)&octal.LeaveOne != 0 {
			rest := new(big.Int).Sub(n, big.NewInt(k))
			out = append(out, game.Move{To: []game.Component{{Rules: r.rules(), State: rest}}})
		}
	}
	return out
}

// TooManyMovesError reports a heap with too many moves to list one by one.
type TooManyMovesError struct{ Position game.Component }

func (e *TooManyMovesError) Error() string {
	return fmt.Sprintf("%s has too many moves to list one by one", e.Position)
}
