// Package tuple is the kind of position of games on a tuple of numbers,
// declared `game G state (a, b) { move ... }`: Wythoff's game, Fibonacci
// Nim. Its rulesets run their compiled 'move' rules over the state graph.
package tuple

import (
	"fmt"
	"math/big"
	"strings"

	"github.com/gamelang/gamelang/game"
)

// State is a position: the numbers of the tuple, in order.
type State []*big.Int

// Of returns the kind of tuples of the named numbers.
func Of(vars ...string) game.Kind { return kind{vars: vars} }

type kind struct{ vars []string }

func (k kind) Make(name string, nums []*big.Int) (game.State, error) {
	if len(nums) != len(k.vars) {
		return nil, fmt.Errorf("a position of %s has %d numbers (%s), not %d", name, len(k.vars), strings.Join(k.vars, ", "), len(nums))
	}
	for i, x := range nums {
		if x.Sign() < 0 {
			return nil, fmt.Errorf("%s of %s cannot be negative (%s)", k.vars[i], name, x)
		}
	}
	return State(nums), nil
}

func (k kind) Name() string { return "tuple (state)" }

func (k kind) Format(s game.State) string {
	t := s.(State)
	parts := make([]string, len(t))
	for i, x := range t {
		parts[i] = x.String()
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

func (k kind) Braces() bool { return false }

func (k kind) Example(name string) string {
	nums := []string{"3", "5", "2", "4", "1", "6"}
	if len(k.vars) <= len(nums) {
		return name + "(" + strings.Join(nums[:len(k.vars)], ", ") + ")"
	}
	return name + "(" + strings.Repeat("1, ", len(k.vars)-1) + "1)"
}

func (k kind) Coords() []string { return k.vars }

func (k kind) Compare(a, b game.State) int {
	s, t := a.(State), b.(State)
	for i := range s {
		if c := s[i].Cmp(t[i]); c != 0 {
			return c
		}
	}
	return 0
}

func (k kind) Encode(s game.State) string { return k.Format(s) }
