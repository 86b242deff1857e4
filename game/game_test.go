package game_test

import (
	"context"
	"fmt"
	"math/big"
	"slices"
	"testing"

	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/internal/scripttest"
)

// Positions as sums: how they are written, a move's result, the first of
// equal components, decided components.
func TestPositions(t *testing.T) {
	in := scripttest.NewInterp(t)
	k := scripttest.Ruleset(t, in, "Kayles")
	w := scripttest.Ruleset(t, in, "Wythoff")
	p := game.Position{scripttest.At(t, k, 3)[0], scripttest.At(t, w, 2, 5)[0], scripttest.At(t, k, 3)[0], scripttest.At(t, k, 4)[0]}
	if got := p.String(); got != "Kayles(3) + Wythoff(2, 5) + Kayles(3) + Kayles(4)" {
		t.Errorf("String: %s", got)
	}
	if got := (game.Position{}).String(); got != "0" {
		t.Errorf("the empty sum: %s", got)
	}
	if got := p.Replace(1, game.Heaps(k, 1, 1)).String(); got != "Kayles(3) + Kayles(1) + Kayles(1) + Kayles(3) + Kayles(4)" {
		t.Errorf("Replace: %s", got)
	}
	if got := p.Replace(0, nil).String(); got != "Wythoff(2, 5) + Kayles(3) + Kayles(4)" {
		t.Errorf("Replace by nothing: %s", got)
	}
	firsts := p.Firsts()
	if want := []int{0, 1, 0, 3}; len(firsts) != 4 || firsts[0] != want[0] || firsts[1] != want[1] || firsts[2] != want[2] || firsts[3] != want[3] {
		t.Errorf("Firsts: %v, want %v", firsts, want)
	}
	if _, ok := p.Decided(); ok {
		t.Error("a sum of Kayles and Wythoff is not decided")
	}
	tm := scripttest.Ruleset(t, in, "ThueMorse(3)") // loses if odd(popcount(n))
	d := game.Position{scripttest.At(t, k, 3)[0], scripttest.At(t, tm, 7)[0]}
	c, ok := d.Decided()
	if !ok || c.String() != "ThueMorse(3)(7)" {
		t.Errorf("Decided: %v %v, want ThueMorse(3)(7)", c, ok)
	}
	if err := (&game.DecidedError{Component: c}).Error(); err == "" {
		t.Error("a DecidedError says nothing")
	}
	for o, s := range map[game.Outcome]string{game.P: "P", game.N: "N", game.D: "D"} {
		if o.String() != s {
			t.Errorf("outcome %d is %s", o, o)
		}
	}
}

// A family of moves is written with its running number and range.
func TestFamily(t *testing.T) {
	f := &game.Family{From: big.NewInt(5), Last: big.NewInt(999), Count: big.NewInt(30), Mod: 34, Residues: []int64{5},
		Base: []*big.Int{big.NewInt(0), big.NewInt(98), big.NewInt(7), big.NewInt(3)}, Coef: []int64{1, -1, 0, 2}}
	if got := f.Heaps("K"); got != "K(a) + K(98 - a) + K(7) + K(3 +2*a)" {
		t.Errorf("Heaps: %s", got)
	}
	if got := f.Range(); got != "a = 5, 39, ..., 999 (every 34; 30 moves)" {
		t.Errorf("Range: %s", got)
	}
	f.Residues = []int64{1, 2, 5}
	if got := f.Range(); got != "a from 5 to 999 with a mod 34 in {1, 2, 5} (30 moves)" {
		t.Errorf("Range: %s", got)
	}
}

// A renamed ruleset writes its positions, and those its moves reach, with
// its new name; As and Base see through renames.
func TestRenamed(t *testing.T) {
	in := scripttest.NewInterp(t)
	k := scripttest.Ruleset(t, in, "KaylesCode")
	r := game.Renamed(game.Renamed(k, "A"), "B")
	if r.Name() != "B" || game.Base(r) != game.Base(k) {
		t.Errorf("Renamed twice: %s, base %v", r.Name(), game.Base(r))
	}
	if _, ok := game.As[game.HeapGame](r); !ok {
		t.Error("As does not find the heap game under the rename")
	}
	moves, err := r.Moves(context.Background(), big.NewInt(2))
	if err != nil {
		t.Fatal(err)
	}
	var said []string
	for _, m := range moves {
		said = append(said, game.Position(m.To).String())
	}
	slices.Sort(said)
	if fmt.Sprint(said) != "[0 B(1)]" { // take 1 or take 2
		t.Errorf("moves from B(2): %v, want 0 and B(1)", said)
	}
	if game.Decides(r) {
		t.Error("Kayles has no decided positions")
	}
	if !game.Decides(scripttest.Ruleset(t, in, "ThueMorse(2)")) {
		t.Error("ThueMorse's 'loses if' decides positions")
	}
}
