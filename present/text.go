package present

import (
	"cmp"
	"fmt"
	"math/big"
	"slices"
	"strings"

	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/play"
)

// MoveText says a move of p the way winning() does: its label ("pick 4") or
// "component -> what replaces it"; a family of moves as "component -> heaps
// for a = ...".
func MoveText(p game.Position, o play.Option) string {
	if o.Move.Label != "" {
		if len(p) > 1 { // which part the move is made in
			return p[o.Index].String() + ": " + o.Move.Label
		}
		return o.Move.Label
	}
	if f := o.Move.Family; f != nil {
		return p[o.Index].String() + " -> " + f.Heaps(o.Move.To[0].Rules.Name()) + " for " + f.Range()
	}
	return p[o.Index].String() + " -> " + game.Position(o.Move.To).String()
}

// Shown orders the options a listing prints when it prints at most n of
// them: as given when they fit; otherwise in a canonical order, by component
// and then by what the move leaves, fewest and smallest parts first, so that
// a cut list shows the same moves whichever solver listed them.
func Shown(opts []play.Option, n int) []play.Option {
	if len(opts) <= n {
		return opts
	}
	sorted := slices.Clone(opts)
	slices.SortStableFunc(sorted, func(a, b play.Option) int {
		if c := cmp.Compare(a.Index, b.Index); c != 0 {
			return c
		}
		return compareParts(a.Move.To, b.Move.To)
	})
	return sorted
}

// Count is how many moves opts stand for in p: a move listed for the first
// of equal components stands for the same move in each of them.
func Count(p game.Position, opts []play.Option) int {
	copies := make([]int, len(p))
	for _, f := range p.Firsts() {
		copies[f]++
	}
	n := 0
	for _, o := range opts {
		n += copies[o.Index]
	}
	return n
}

// compareParts orders what moves leave: fewer parts first, then part by
// part, by ruleset name and then by the order of the parts' kind.
func compareParts(a, b []game.Component) int {
	if c := cmp.Compare(len(a), len(b)); c != 0 {
		return c
	}
	for i := range a {
		if a[i].Rules != b[i].Rules {
			if c := strings.Compare(a[i].Rules.Name(), b[i].Rules.Name()); c != 0 {
				return c
			}
			continue
		}
		if c := a[i].Rules.Kind().Compare(a[i].State, b[i].State); c != 0 {
			return c
		}
	}
	return 0
}

// JoinInts writes numbers joined by sep.
func JoinInts(xs []*big.Int, sep string) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = x.String()
	}
	return strings.Join(parts, sep)
}

// Plural writes "1 move", "2 moves".
func Plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// MaxExplained bounds the moves an explanation lists for one position.
const MaxExplained = 40

// OptionText is what a move leads to: the position, a family, or a pick.
func OptionText(o play.Option) string {
	if o.Move.Label != "" {
		return o.Move.Label + ", leaving " + LeftText(o.Move.To)
	}
	if f := o.Move.Family; f != nil {
		return "to " + f.Heaps(o.Move.To[0].Rules.Name()) + " for " + f.Range()
	}
	return "to " + LeftText(o.Move.To)
}

// LeftText writes what a move leaves; nothing at all is "nothing".
func LeftText(to []game.Component) string {
	if len(to) == 0 {
		return "nothing"
	}
	return game.Position(to).String()
}

// MoveTexts says the moves, each once (equal parts give equal moves), at most
// limit of them.
func MoveTexts(p game.Position, opts []play.Option, limit int) []string {
	var out []string
	seen := map[string]bool{}
	for _, o := range Shown(opts, limit) {
		t := MoveText(p, o)
		if seen[t] {
			continue
		}
		if seen[t] = true; len(out) == limit {
			out = append(out, "...")
			break
		}
		out = append(out, t)
	}
	return out
}
