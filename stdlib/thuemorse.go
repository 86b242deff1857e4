package stdlib

// TopCoder SRM 701 "ThueMorseGame" (seed 003): a heap of n; a move takes 1..m
// tokens; whoever leaves a heap whose binary form has an odd number of ones
// (an odious number) loses at once.
//
// P-positions are evil numbers (even popcount) with no P-position among the m
// heaps below them. So after a P-position p the next one is the first evil
// number beyond p + m, and what happens across a block [c 2^j, (c+1) 2^j)
// depends only on j, on the parity of popcount(c) (the block is the
// Thue-Morse pattern of length 2^j or its complement) and on how far back the
// last P-position lies, capped at m+1. Those block maps compose: the block of
// level j+1 is the block of level j followed by its complement. So a table
// of (log n) x 2 x (m+2) entries, built by doubling, carries the distance
// across the binary expansion of n: the outcome in O(m log n) at any size,
// where the seed's scan is O(n). The winning move, when there is one, takes
// exactly that distance (P-positions lie more than m apart, so it is unique).
//
// The game is the code take 1..m with the 'loses if' rule; its Grundy values
// come from the octal engines, as for any code.

import (
	"context"
	"fmt"
	"math/big"
	"math/bits"

	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/octal"
	"github.com/gamelang/gamelang/rules/heap"
	"github.com/gamelang/gamelang/solve"
)

// ThueMorse is the builtin ThueMorseGame with at most m tokens per move.
type ThueMorse struct {
	*heap.CodeGame
	m      int
	blocks [][2][]int32 // blocks[j][s][d]: the distance after a block of level j and parity s entered at distance d
}

// NewThueMorse returns ThueMorse(m).
func NewThueMorse(m int64, limits *solve.Limits) (*ThueMorse, error) {
	if m < 1 || m > 1<<20 {
		return nil, fmt.Errorf("ThueMorse(m) takes 1 to m tokens, for m from 1 to %d, not %d", 1<<20, m)
	}
	d := make([]octal.Digit, m+1)
	for k := 1; k <= int(m); k++ {
		d[k] = octal.LeaveNone | octal.LeaveOne
	}
	spec := octal.Spec{Code: octal.NewCode(d, 0), Lost: func(n int64) bool { return popcount64(n)%2 == 1 }, Origin: heap.OriginBuiltin}
	t := &ThueMorse{CodeGame: heap.NewCode(fmt.Sprintf("ThueMorse(%d)", m), spec, limits), m: int(m)}
	t.SetSelf(t)
	return t, nil
}

func popcount64(n int64) int { return bits.OnesCount64(uint64(n)) }

func odious(n *big.Int) bool {
	c := 0
	for _, w := range n.Bits() {
		c += bits.OnesCount64(uint64(w))
	}
	return c%2 == 1
}

// NormalSolver says how outcomes and winning moves are answered.
func (t *ThueMorse) NormalSolver() string {
	return "outcomes and winning moves by block doubling over the Thue-Morse word, O(m log n) at any size"
}

// Decided reports whether n is odious: the player who left it has lost.
func (t *ThueMorse) Decided(s game.State) bool { return odious(s.(*big.Int)) }

// Decides is true: odious heaps are decided.
func (t *ThueMorse) Decides() bool { return true }

// level builds the block maps up to level j.
func (t *ThueMorse) level(j int) [2][]int32 {
	cap := int32(t.m + 1)
	for len(t.blocks) <= j {
		var b [2][]int32
		if len(t.blocks) == 0 { // one number: evil when the parity s is 0
			for s := 0; s < 2; s++ {
				b[s] = make([]int32, cap+1)
				for d := int32(1); d <= cap; d++ {
					switch {
					case s == 0 && d == cap: // evil, no P-position in reach: P
						b[s][d] = 1
					default:
						b[s][d] = min(d+1, cap)
					}
				}
			}
		} else {
			prev := t.blocks[len(t.blocks)-1]
			for s := 0; s < 2; s++ {
				b[s] = make([]int32, cap+1)
				for d := int32(1); d <= cap; d++ {
					b[s][d] = prev[1-s][prev[s][d]]
				}
			}
		}
		t.blocks = append(t.blocks, b)
	}
	return t.blocks[j]
}

// distance returns how far below n the last P-position lies, capped at m+1.
func (t *ThueMorse) distance(n *big.Int) int32 {
	d := int32(t.m + 1) // before heap 0 there is no P-position
	parity := 0         // of the popcount of the block's start
	for j := n.BitLen() - 1; j >= 0; j-- {
		if n.Bit(j) == 1 {
			d = t.level(j)[parity][d]
			parity ^= 1
		}
	}
	return d
}

// NormalOutcome is N for odious n (the last mover lost) and when a
// P-position lies within m below n; P otherwise.
func (t *ThueMorse) NormalOutcome(_ context.Context, s game.State) (game.Outcome, error) {
	n := s.(*big.Int)
	if odious(n) || t.distance(n) <= int32(t.m) {
		return game.N, nil
	}
	return game.P, nil
}

// NormalWinning is the winning move, at any size.
func (t *ThueMorse) NormalWinning(_ context.Context, s game.State) ([]game.Move, error) {
	n := s.(*big.Int)
	d := t.distance(n)
	if d > int32(t.m) {
		return nil, nil
	}
	to := new(big.Int).Sub(n, big.NewInt(int64(d)))
	if to.Sign() == 0 {
		return []game.Move{{}}, nil
	}
	return []game.Move{{To: []game.Component{{Rules: t, State: to}}}}, nil
}
