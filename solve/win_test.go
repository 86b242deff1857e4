package solve

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"
)

// dag is a random acyclic graph: state i moves only to smaller states.
type dag [][]int

func (d dag) Options(_ *Work, s []byte, yield func([]byte)) error {
	for _, t := range d[int(s[0])|int(s[1])<<8] {
		yield([]byte{byte(t), byte(t >> 8)})
	}
	return nil
}

func k2(i int) []byte { return []byte{byte(i), byte(i >> 8)} }

// Win agrees with the outcome by definition (N when some option is P),
// computed here by plain recursion, on random graphs; asked alone, and mixed
// with Grundy queries on the same memo in a random order, so that each finds
// what the other stored (P as value 0, N as not yet valued).
func TestWinAgreesWithDefinition(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := range 40 {
		n := 50 + rng.IntN(300)
		d := make(dag, n)
		for i := 1; i < n; i++ {
			for range rng.IntN(6) {
				d[i] = append(d[i], rng.IntN(i))
			}
		}
		win := make([]int, n) // 0 unknown, 1 P, 2 N
		var outcome func(i int) bool
		outcome = func(i int) bool {
			if win[i] == 0 {
				win[i] = 1
				for _, j := range d[i] {
					if !outcome(j) {
						win[i] = 2
						break
					}
				}
			}
			return win[i] == 2
		}
		alone := NewMemo(d, &Limits{}, "dag", func(k string) string { return k })
		mixed := NewMemo(d, &Limits{}, "dag", func(k string) string { return k })
		for _, i := range rng.Perm(n) {
			want := outcome(i)
			if got, err := alone.Win(context.Background(), k2(i)); err != nil || got != want {
				t.Fatalf("trial %d: Win(%d) = %v, %v; want %v", trial, i, got, err, want)
			}
			if rng.IntN(2) == 0 {
				g, err := mixed.Grundy(context.Background(), k2(i))
				if err != nil || (g != 0) != want {
					t.Fatalf("trial %d: g(%d) = %d, %v; want N = %v", trial, i, g, err, want)
				}
			} else if got, err := mixed.Win(context.Background(), k2(i)); err != nil || got != want {
				t.Fatalf("trial %d: mixed Win(%d) = %v, %v; want %v", trial, i, got, err, want)
			}
		}
	}
}

// A P option met first ends the search: the long line behind it is never
// walked; a loop behind it is never met either, and a proof that needs the
// loop reports it.
func TestWinCutsOff(t *testing.T) {
	// state 1 moves to 0 (P: no moves) and to the end of a chain 2 .. 1001
	d := make(dag, 1002)
	d[1] = []int{0, 1001}
	for i := 3; i < 1002; i++ {
		d[i] = []int{i - 1}
	}
	m := NewMemo(d, &Limits{}, "cut", func(k string) string { return k })
	if won, err := m.Win(context.Background(), k2(1)); err != nil || !won {
		t.Fatalf("Win(1) = %v, %v; want N", won, err)
	}
	if m.Len() != 3 {
		t.Errorf("the search stored %d states; the move to 0 settles it with 3", m.Len())
	}
	if g, err := m.Grundy(context.Background(), k2(1)); err != nil || g != 2 {
		t.Errorf("g(1) after Win = %d, %v; want 2 (options 0 and 1001 of values 0 and 1)", g, err)
	}

	loop := adjacency{'a': {'z', 'b'}, 'b': {'c'}, 'c': {'b'}, 'd': {'b'}}
	lm := NewMemo(loop, &Limits{}, "loop", func(k string) string { return k })
	if won, err := lm.Win(context.Background(), []byte{'a'}); err != nil || !won {
		t.Errorf("Win(a) = %v, %v; want N by the move to z, the loop unseen", won, err)
	}
	var ce *CycleError
	if _, err := lm.Win(context.Background(), []byte{'d'}); !errors.As(err, &ce) {
		t.Errorf("Win(d) = %v; want the cycle b -> c -> b", err)
	}
}

func TestWinDeepChainAndCancel(t *testing.T) {
	const n = 1_000_000
	m := NewMemo(chain(n), &Limits{}, "chain", func(k string) string { return k })
	if won, err := m.Win(context.Background(), key(n)); err != nil || won != (n%2 == 1) {
		t.Fatalf("Win(%d) = %v, %v", n, won, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	c := NewMemo(chain(100_000), &Limits{}, "chain", func(k string) string { return k })
	if _, err := c.Win(ctx, key(100_000)); !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v, want context.Canceled", err)
	}
	if won, err := c.Win(context.Background(), key(100_000)); err != nil || won {
		t.Fatalf("after the interruption: %v, %v; want P", won, err)
	}
}
