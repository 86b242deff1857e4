package present

import (
	"fmt"
	"math/big"
	"strings"

	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/play"
)

// MoveText says a move of p the way winning() does: its label ("pick 4") or
// "component -> what replaces it"; a family of moves as "component -> heaps
// for a = ...".
func MoveText(p game.Position, o play.Option) string {
	if o.Move.Label != "" {
		return o.Move.Label
	}
	if f := o.Move.Family; f != nil {
		return p[o.Index].String() + " -> " + f.Heaps(o.Move.To[0].Rules.Name()) + " for " + f.Range()
	}
	return p[o.Index].String() + " -> " + game.Position(o.Move.To).String()
}

func joinInts(xs []*big.Int, sep string) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = x.String()
	}
	return strings.Join(parts, sep)
}

// plural writes "1 move", "2 moves".
func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}
