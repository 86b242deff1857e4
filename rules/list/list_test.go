package list

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// List and word positions are neither split into parts nor keyed by a
// canonical form: a key is the position written out, so the memo merges
// two positions only when they are the same list. Random lists, of numbers
// and of words (where a number past the alphabet is written as a number),
// have equal keys exactly when they are equal.
func TestKeysAreThePositions(t *testing.T) {
	r := rand.New(rand.NewPCG(34, 3))
	for _, k := range []kind{{}, {letters: "TH"}, {letters: "abc"}} {
		keys := map[string]State{}
		for range 20000 {
			st := make(State, r.IntN(6))
			for i := range st {
				st[i] = int64(r.IntN(4))
				if r.IntN(50) == 0 {
					st[i] = r.Int64()
				}
			}
			key := k.Encode(st)
			if old, ok := keys[key]; ok && !slices.Equal(old, st) {
				t.Fatalf("alphabet %q: %v and %v share the key %q", k.letters, old, st, key)
			}
			keys[key] = st
		}
		if len(keys) < 1000 {
			t.Errorf("alphabet %q: only %d distinct lists drawn", k.letters, len(keys))
		}
	}
}
