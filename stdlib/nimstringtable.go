package stdlib

// Nimstring on a small board by a table: every position of a picture of at
// most denseStrings strings valued at once, a byte each, in one pass over
// the sets of strings left in increasing order (a cut leaves a smaller
// set). A position is worth the mex of its free cuts' values when it has
// no capture; a capture obliges the mover to move again, so it answers
// every nimber but the value it leaves (all of them when that is loony):
// a position with captures to two values, or to a loony one, or to the
// value of one of its free cuts, is loony; else it is worth that value.
// The 3 × 3 Dots-and-Boxes board (24 strings) takes about a second and
// 16 MiB, and then every position of it is a lookup.

import (
	"context"
	"fmt"
	"math/bits"

	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/solve"
)

// denseStrings is the most strings a picture valued by a table has.
const denseStrings = 26

const tableLoony = 0xff

// EntailingValue is the value of a position under entailing play, from its
// picture's table (play/entailing asks it first); false for a picture of
// more strings.
func (n *Nimstring) EntailingValue(ctx context.Context, s game.State) (uint64, bool, bool, error) {
	st, ok := s.(hstate)
	if !ok {
		return 0, false, false, nil
	}
	if len(st.pic.edges) > denseStrings {
		return n.byShape(ctx, st)
	}
	t, err := n.table(ctx, st.pic)
	if err != nil {
		return 0, false, true, err
	}
	x := t[st.left[0]]
	if x == tableLoony {
		return 0, true, true, nil
	}
	return uint64(x), false, true, nil
}

// table is the picture's table, made when first wanted.
func (n *Nimstring) table(ctx context.Context, p *picture) ([]uint8, error) {
	n.mu.Lock()
	defer n.mu.Unlock()
	if t, ok := n.tables[p.id]; ok {
		return t, nil
	}
	t, err := nimstringTable(ctx, p, n.limits)
	if err != nil {
		return nil, err
	}
	if n.tables == nil {
		n.tables = map[uint64][]uint8{}
	}
	n.tables[p.id] = t
	return t, nil
}

// stringEnds are, for each string, the strings at each of its ends'
// coins, and whether the end is a coin (not the ground).
func stringEnds(p *picture) (ends [][2]uint64, coin [][2]bool) {
	ends = make([][2]uint64, len(p.edges))
	coin = make([][2]bool, len(p.edges))
	for i, uv := range p.edges {
		for k, v := range uv {
			if p.onGnd[v] {
				continue
			}
			coin[i][k] = true
			for _, f := range p.inc[v] {
				ends[i][k] |= 1 << f
			}
		}
	}
	return ends, coin
}

// nimstringTable values every set of the picture's strings.
func nimstringTable(ctx context.Context, p *picture, limits *solve.Limits) ([]uint8, error) {
	e := len(p.edges)
	size := 1 << e
	if err := limits.CheckValues("Nimstring on "+p.g.Desc, size, int64(size)); err != nil {
		return nil, err
	}
	ends, coin := stringEnds(p)
	t := make([]uint8, size)
	for mask := 1; mask < size; mask++ {
		if mask&0xffff == 0 {
			if err := ctx.Err(); err != nil {
				return nil, &solve.InterruptedError{What: "Nimstring on " + p.g.Desc, States: mask, Err: err}
			}
			limits.ReportOf("Nimstring on "+p.g.Desc, "positions", int64(mask), int64(size))
		}
		var free uint64
		again := -1
		loony := false
		for m := uint64(mask); m != 0 && !loony; m &= m - 1 {
			i := bits.TrailingZeros64(m)
			left := uint64(mask) &^ (1 << i)
			x := t[left]
			if coin[i][0] && left&ends[i][0] == 0 || coin[i][1] && left&ends[i][1] == 0 {
				switch { // a capture: the mover moves again
				case x == tableLoony, again >= 0 && again != int(x):
					loony = true
				default:
					again = int(x)
				}
				continue
			}
			if x != tableLoony {
				free |= 1 << x
			}
		}
		switch {
		case loony, again >= 0 && free&(1<<again) != 0:
			t[mask] = tableLoony
		case again >= 0:
			t[mask] = uint8(again)
		default:
			g := bits.TrailingZeros64(^free)
			if g >= tableLoony {
				return nil, fmt.Errorf("Nimstring on %s: a value past the table's", p.g.Desc)
			}
			t[mask] = uint8(g)
		}
	}
	return t, nil
}
