package stdlib

// Nimstring (Winning Ways, vol. 3, ch. 16): strings and coins, played
// under normal play. A graph's vertices on the ground are the ground, the
// others coins, its edges strings. A move cuts a string; a player who
// leaves a coin with no string (captures it) must move again, and a
// player who has no move loses, even one who must move again. Its moves
// oblige (game.Entailing): only the entailing convention plays it.

import (
	"context"
	"slices"

	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/solve"
)

// Nimstring is the builtin Nimstring.
type Nimstring struct {
	pictures
	limits *solve.Limits      // the memory a listing of moves may take
	tables map[uint64][]uint8 // by picture: every position's value (nimstringtable.go), under pictures.mu
	shapes *shapeValues       // the components valued by their shapes (nimstringshape.go), under pictures.mu
}

// NewNimstring returns Nimstring.
func NewNimstring(l *solve.Limits) *Nimstring {
	return &Nimstring{pictures: pictures{pics: map[string]*picture{}}, limits: l}
}

func (n *Nimstring) Name() string            { return "Nimstring" }
func (n *Nimstring) Kind() game.Kind         { return hackKind{p: &n.pictures, strings: true} }
func (n *Nimstring) Decided(game.State) bool { return false }

// Moves refuses: see game.Entailing.
func (n *Nimstring) Moves(context.Context, game.State) ([]game.Move, error) {
	return nil, game.EntailingError(n.Name())
}

// EntailMoves cuts each string in turn; a cut that leaves a coin without
// a string captures it, and the mover moves again.
func (n *Nimstring) EntailMoves(ctx context.Context, s game.State) ([]game.Move, error) {
	st := s.(hstate)
	p := st.pic
	var moves []game.Move
	if err := ctx.Err(); err != nil {
		return nil, &solve.InterruptedError{What: "Nimstring", Err: err}
	}
	var spent int64
	var err error
	st.each(func(e int) {
		if err == nil {
			err = n.limits.Spend(&spent, int64(8*len(st.left)+96), "a Nimstring picture", -1)
		}
		left := slices.Clone(st.left)
		left[e/64] &^= 1 << (e % 64)
		next := hstate{p, left}
		m := game.Move{Label: "cut " + p.edgeName(e)}
		for _, v := range p.edges[e] {
			if p.onGnd[v] {
				continue
			}
			free := true
			for _, f := range p.inc[v] {
				free = free && !next.has(f)
			}
			if free {
				m.Then = game.Again // a coin captured
			}
		}
		if next.count() > 0 {
			m.To = []game.Component{{Rules: n, State: next}}
		}
		moves = append(moves, m)
	})
	return moves, err
}
