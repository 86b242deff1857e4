package normal

import (
	"context"
	"encoding/binary"
	"fmt"
	"math/big"

	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/play"
	"github.com/gamelang/gamelang/solve"
)

// Numbers values the positions of r written as numbers, for a loop that
// asks about millions of them (play.NumberValuer): a state graph whose keys
// are its numbers is looked up in its memo by the key written in place, a
// heap game's sequence at the heap; any other ruleset, or a ruleset with a
// 'loses if' rule, makes the position and values it as Value does.
func (s *Solver) Numbers(r game.Ruleset) (play.NumberQuery, bool) {
	rs := s.of(r)
	k := r.Kind()
	general := func(ctx context.Context, nums []int64) (int64, error) {
		xs := make([]*big.Int, len(nums))
		for i, x := range nums {
			xs[i] = big.NewInt(x)
		}
		st, err := k.Make(r.Name(), xs)
		if err != nil {
			return 0, err
		}
		g, err := s.Grundy(ctx, game.Position{{Rules: r, State: st}})
		if err != nil {
			return 0, err
		}
		if !g.IsInt64() {
			return 0, fmt.Errorf("the value of %s%s is %s, past 2^63", r.Name(), k.Format(st), g)
		}
		return g.Int64(), nil
	}
	if game.Decides(rs.base) {
		return play.NumberQuery{Value: general}, true
	}
	switch v := rs.values.(type) {
	case *graphValues:
		ik, ok := v.r.(solve.IntKeyed)
		if !ok || ik.KeyInts() != len(k.Coords()) {
			break
		}
		key := make([]byte, 8*ik.KeyInts())
		return play.NumberQuery{Memo: v.memo, Value: func(ctx context.Context, nums []int64) (int64, error) {
			if g, ok := v.memo.Known(nums); ok {
				return int64(g), nil
			}
			if len(nums) != ik.KeyInts() {
				return general(ctx, nums)
			}
			for i, x := range nums {
				if x < 0 {
					return general(ctx, nums) // Make says why not
				}
				binary.LittleEndian.PutUint64(key[8*i:], uint64(x))
			}
			g, err := v.memo.Grundy(ctx, key)
			return int64(g), err
		}}, true
	case *heapValues:
		return play.NumberQuery{Value: func(ctx context.Context, nums []int64) (int64, error) {
			if len(nums) != 1 || nums[0] < 0 {
				return general(ctx, nums)
			}
			g, err := v.seq.Value(ctx, int(nums[0]))
			return int64(g), err
		}}, true
	}
	return play.NumberQuery{Value: general}, true
}
