package entail_test

import (
	"context"
	"strings"
	"testing"

	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/internal/scripttest"
	"github.com/gamelang/gamelang/rules/entail"
)

// A joined ruleset lists each group's moves marked with what they oblige,
// its positions the joined ruleset's; Moves refuses, so that no convention
// but entailing play answers for it; an entailing move that leaves two
// heaps is refused with the reason.
func TestGroupsJoinedByWhatTheyOblige(t *testing.T) {
	in := scripttest.NewInterp(t)
	free := scripttest.Ruleset(t, in, "Bounded(2)")    // take 1..2
	again := scripttest.Ruleset(t, in, "DawsonKayles") // take 2 split
	r := entail.New("G", [3]game.Ruleset{game.Free: free, game.Again: again})
	s := scripttest.At(t, free, 4)[0].State
	if _, err := r.Moves(context.Background(), s); err == nil || !strings.Contains(err.Error(), "G") {
		t.Errorf("Moves: %v, want the entailing refusal", err)
	}
	moves, err := r.EntailMoves(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	var said []string
	for _, m := range moves {
		parts := []string{m.Then.String()}
		for _, c := range m.To {
			if c.Rules != r {
				t.Errorf("a move leaves a position of %s, not of the joined ruleset", c.Rules.Name())
			}
			parts = append(parts, c.Rules.Kind().Format(c.State))
		}
		said = append(said, strings.Join(parts, " "))
	}
	// From 4: take 1 or 2 (free) leaves 3 or 2; take 2 split (again)
	// leaves 2, or 1 + 1.
	want := " (3)| (2)|again (2)|again (1) (1)"
	if got := strings.Join(said, "|"); got != want {
		t.Errorf("moves from 4: %q, want %q", got, want)
	}

	bad := entail.New("H", [3]game.Ruleset{game.Entail: again})
	if _, err := bad.EntailMoves(context.Background(), s); err == nil || !strings.Contains(err.Error(), "leaves several positions") {
		t.Errorf("an entailing split: %v, want it refused", err)
	}
	if r.Name() != "G" || r.Kind() != free.Kind() || r.Decided(s) || r.Convention() != game.EntailingConvention {
		t.Error("the joined ruleset's name, kind, decided or convention is wrong")
	}
}
