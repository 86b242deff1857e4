// Package heap is the kind of position of heap games: a position is one heap
// of n tokens, a multi-heap position is a sum. Its rulesets are compiled from
// 'take', 'move' and 'loses if' rules, or given by a take-and-break code
// (octal("0.07"), Kayles, and every declaration whose take rules spell one).
package heap

import (
	"fmt"
	"math/big"

	"github.com/gamelang/gamelang/game"
)

// Kind is the game.Kind of heaps: a position is a *big.Int >= 0.
var Kind game.Kind = kind{}

type kind struct{}

func (kind) Make(name string, nums []*big.Int) (game.State, error) {
	if len(nums) != 1 {
		return nil, fmt.Errorf("a position of %s is one heap: %s(n), not %d numbers", name, name, len(nums))
	}
	if nums[0].Sign() < 0 {
		return nil, fmt.Errorf("a heap cannot be negative: %s(%s)", name, nums[0])
	}
	return nums[0], nil
}

func (kind) Name() string { return "heap" }

func (kind) Format(s game.State) string  { return "(" + s.(*big.Int).String() + ")" }
func (kind) Braces() bool                { return false }
func (kind) Example(name string) string  { return name + "(10)" }
func (kind) Coords() []string            { return []string{"n"} }
func (kind) Compare(a, b game.State) int { return a.(*big.Int).Cmp(b.(*big.Int)) }
func (kind) Encode(s game.State) string  { return s.(*big.Int).String() }
