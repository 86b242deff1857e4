package play_test

import (
	"context"
	"fmt"
	"math/big"
	"strings"
	"testing"

	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/internal/scripttest"
	"github.com/gamelang/gamelang/play"
	"github.com/gamelang/gamelang/solve"
)

// nimValue is a position's nim value by the sum of its heaps' sizes mod
// 2 — the value of a sum of heaps of Bounded(1), from which each move
// takes one token: written here, apart from any solver.
type nimValue int

func (v nimValue) String() string { return fmt.Sprint(int(v)) }
func (v nimValue) Label() string  { return "parity" }
func (v nimValue) Outcome() game.Outcome {
	if v == 0 {
		return game.P
	}
	return game.N
}

func parity(_ context.Context, p game.Position) (play.Value, error) {
	n := 0
	for _, c := range p {
		n += int(c.State.(*big.Int).Int64())
	}
	return nimValue(n % 2), nil
}

// OptionsBy lists the moves of each component, equal components once,
// with the value of what each reaches; ToP keeps those that reach P.
func TestOptionsByAndToP(t *testing.T) {
	in := scripttest.NewInterp(t)
	b := scripttest.Ruleset(t, in, "Bounded(1)")
	p := game.Position{scripttest.At(t, b, 2)[0], scripttest.At(t, b, 3)[0], scripttest.At(t, b, 2)[0]}
	opts, err := play.OptionsBy(context.Background(), &solve.Limits{}, p, parity)
	if err != nil {
		t.Fatal(err)
	}
	var said []string
	for _, o := range opts {
		said = append(said, fmt.Sprintf("%d:%s=%s", o.Index, o.Result(p), o.Value))
	}
	// Heap 2 (index 0, and its equal at 2 not listed) and heap 3 each
	// lose a token; 7 tokens less one is even.
	want := "0:Bounded(1)(1) + Bounded(1)(3) + Bounded(1)(2)=0|1:Bounded(1)(2) + Bounded(1)(2) + Bounded(1)(2)=0"
	if got := strings.Join(said, "|"); got != want {
		t.Errorf("options:\n got %s\nwant %s", got, want)
	}
	if wins := play.ToP(opts); len(wins) != 2 {
		t.Errorf("ToP kept %d of 2 options to P", len(wins))
	}
	if wins := play.ToP(opts[:0]); len(wins) != 0 {
		t.Errorf("ToP of nothing: %v", wins)
	}
}
