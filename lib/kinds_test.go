package lib_test

import (
	"math/big"
	"slices"
	"strings"
	"testing"

	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/lib"
	"github.com/gamelang/gamelang/rules/heap"
	"github.com/gamelang/gamelang/rules/set"
	"github.com/gamelang/gamelang/rules/tuple"
)

func nums(xs ...int64) []*big.Int {
	out := make([]*big.Int, len(xs))
	for i, x := range xs {
		out[i] = big.NewInt(x)
	}
	return out
}

// Each kind of position makes positions from the numbers written in them,
// writes them back, refuses what is not one with a message, and encodes
// equal positions, and only them, alike.
func TestPositionKinds(t *testing.T) {
	cases := []struct {
		kind    game.Kind
		nums    [][]int64 // positions, in increasing order
		written []string
		bad     [][]int64
		badMsg  []string
	}{
		{heap.Kind, [][]int64{{0}, {7}, {12}}, []string{"(0)", "(7)", "(12)"},
			[][]int64{{-1}, {1, 2}}, []string{"a heap cannot be negative: G(-1)", "a position of G is one heap: G(n), not 2 numbers"}},
		{tuple.Of("a", "b"), [][]int64{{0, 5}, {3, 4}, {3, 5}}, []string{"(0, 5)", "(3, 4)", "(3, 5)"},
			[][]int64{{1}, {1, -2}}, []string{"a position of G has 2 numbers (a, b), not 1", "b of G cannot be negative (-2)"}},
		{set.Over(2, 20), [][]int64{{}, {3}, {2, 5}, {2, 5, 20}}, []string{"{}", "{3}", "{2, 5}", "{2, 5, 20}"},
			[][]int64{{1}, {21}}, []string{"1 is outside the numbers of G (2..20)", "21 is outside the numbers of G (2..20)"}},
	}
	for _, c := range cases {
		var states []game.State
		for i, xs := range c.nums {
			s, err := c.kind.Make("G", nums(xs...))
			if err != nil {
				t.Fatalf("%s: %v", c.kind.Name(), err)
			}
			if got := c.kind.Format(s); got != c.written[i] {
				t.Errorf("%s: %v is written %q, want %q", c.kind.Name(), xs, got, c.written[i])
			}
			again, _ := c.kind.Make("G", nums(xs...))
			if c.kind.Encode(s) != c.kind.Encode(again) || c.kind.Compare(s, again) != 0 {
				t.Errorf("%s: %v encodes or compares unlike itself", c.kind.Name(), xs)
			}
			states = append(states, s)
		}
		for i := range states {
			for j := range states {
				if i != j && c.kind.Encode(states[i]) == c.kind.Encode(states[j]) {
					t.Errorf("%s: %s and %s encode alike", c.kind.Name(), c.written[i], c.written[j])
				}
				if cmp := c.kind.Compare(states[i], states[j]); (cmp < 0) != (i < j) || (cmp == 0) != (i == j) {
					t.Errorf("%s: Compare(%s, %s) = %d", c.kind.Name(), c.written[i], c.written[j], cmp)
				}
			}
		}
		for i, xs := range c.bad {
			if _, err := c.kind.Make("G", nums(xs...)); err == nil || err.Error() != c.badMsg[i] {
				t.Errorf("%s: %v gives %v, want %q", c.kind.Name(), xs, err, c.badMsg[i])
			}
		}
		if ex := c.kind.Example("G"); !strings.HasPrefix(ex, "G") {
			t.Errorf("%s: example %q", c.kind.Name(), ex)
		}
	}
	if got := set.Over(2, 20).Coords(); got != nil {
		t.Errorf("sets are indexed by %v", got)
	}
	if got := tuple.Of("a", "b").Coords(); !slices.Equal(got, []string{"a", "b"}) {
		t.Errorf("tuples are indexed by %v", got)
	}
}

// The registered kinds are told apart by their words, heaps need none, and
// every rule keyword belongs to some kind.
func TestRegisteredKinds(t *testing.T) {
	words := map[string]bool{}
	rules := map[string]bool{}
	for _, k := range lib.Kinds() {
		if words[k.Word()] {
			t.Errorf("two kinds are declared with %q", k.Word())
		}
		words[k.Word()] = true
		for _, r := range k.Rules() {
			rules[r] = true
		}
	}
	if !words[""] || lib.Kinds()[0].Word() != "" {
		t.Error("heaps, the default kind, must come first and need no word")
	}
	for _, r := range []string{"take", "move", "loses", "pick", "forbid"} {
		if !rules[r] {
			t.Errorf("no kind takes '%s' rules", r)
		}
	}
}
