package misere

// Sums as positions of a search: a sum of components of any rulesets, kept
// with its components sorted by a canonical key, so that the same sum
// written in another order, or reached along another path, is one position.

import (
	"context"
	"slices"
	"strconv"
	"strings"

	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/solve"
)

// sum is a position: its components and their keys, sorted by key.
type sum struct {
	parts []game.Component
	keys  []string
}

// space gives components their keys and lists the options of sums.
type space struct {
	ids map[game.Ruleset]int // a number per ruleset, under renames
}

func newSpace() *space { return &space{ids: map[game.Ruleset]int{}} }

// componentKey is a component's canonical key: its ruleset and its state.
func (sp *space) componentKey(c game.Component) string {
	base := game.Base(c.Rules)
	id, ok := sp.ids[base]
	if !ok {
		id = len(sp.ids)
		sp.ids[base] = id
	}
	return strconv.Itoa(id) + ":" + c.Rules.Kind().Encode(c.State)
}

// sumOf makes a sum of components.
func (sp *space) sumOf(parts []game.Component) sum {
	s := sum{parts: append([]game.Component(nil), parts...), keys: make([]string, len(parts))}
	for i, c := range s.parts {
		s.keys[i] = sp.componentKey(c)
	}
	idx := make([]int, len(parts))
	for i := range idx {
		idx[i] = i
	}
	slices.SortFunc(idx, func(a, b int) int { return strings.Compare(s.keys[a], s.keys[b]) })
	sorted := sum{parts: make([]game.Component, len(parts)), keys: make([]string, len(parts))}
	for i, j := range idx {
		sorted.parts[i], sorted.keys[i] = s.parts[j], s.keys[j]
	}
	return sorted
}

func (sp *space) key(s sum) string { return strings.Join(s.keys, "|") }

// options lists the sums that a move in one component reaches; equal
// components give their moves once.
func (sp *space) options(ctx context.Context, s sum) ([]sum, error) {
	var out []sum
	for i, c := range s.parts {
		if i > 0 && s.keys[i] == s.keys[i-1] {
			continue
		}
		if err := ctx.Err(); err != nil {
			return nil, &solve.InterruptedError{What: "a misère sum", Err: err}
		}
		moves, err := c.Rules.Moves(ctx, c.State)
		if err != nil {
			return nil, err
		}
		for _, m := range moves {
			out = append(out, sp.replaced(s, i, m.To))
		}
	}
	return out, nil
}

// replaced is s with part i replaced by the parts to, kept sorted: the
// other parts keep their keys, and the new ones are merged in.
func (sp *space) replaced(s sum, i int, to []game.Component) sum {
	add := sp.sumOf(to)
	n := len(s.parts) - 1 + len(add.parts)
	out := sum{parts: make([]game.Component, 0, n), keys: make([]string, 0, n)}
	j := 0
	for k := range s.parts {
		if k == i {
			continue
		}
		for j < len(add.parts) && add.keys[j] < s.keys[k] {
			out.parts, out.keys = append(out.parts, add.parts[j]), append(out.keys, add.keys[j])
			j++
		}
		out.parts, out.keys = append(out.parts, s.parts[k]), append(out.keys, s.keys[k])
	}
	out.parts = append(out.parts, add.parts[j:]...)
	out.keys = append(out.keys, add.keys[j:]...)
	return out
}
