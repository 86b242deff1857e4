package solve

import (
	"context"
	"errors"
	"strings"
	"testing"
)

// adjacency is a graph given by its edges; keys are one byte.
type adjacency map[byte][]byte

func (a adjacency) Options(_ *Work, s []byte, yield func([]byte)) error {
	for _, t := range a[s[0]] {
		yield([]byte{t})
	}
	return nil
}

func TestMemoMex(t *testing.T) {
	// a -> b, c; b -> c; c -> nothing; d -> a, b, c.
	g := adjacency{'a': {'b', 'c'}, 'b': {'c'}, 'd': {'a', 'b', 'c'}}
	m := NewMemo(g, &Limits{}, "test", func(k string) string { return k })
	cases := []struct {
		state byte
		want  int
	}{{'c', 0}, {'b', 1}, {'a', 2}, {'d', 3}}
	for _, c := range cases {
		got, err := m.Grundy(context.Background(), []byte{c.state})
		if err != nil || got != c.want {
			t.Errorf("g(%c) = %d, %v; want %d", c.state, got, err, c.want)
		}
	}
	if m.Len() != 4 {
		t.Errorf("stored %d states, want 4", m.Len())
	}
}

func TestMemoDeepChainIsIterative(t *testing.T) {
	// A chain of a million states: recursion this deep would exhaust the stack.
	const n = 1_000_000
	m := NewMemo(chain(n), &Limits{}, "chain", func(k string) string { return k })
	got, err := m.Grundy(context.Background(), key(n))
	if err != nil || got != n%2 {
		t.Fatalf("g(%d) = %d, %v; want %d", n, got, err, n%2)
	}
}

type chain int

func key(i int) []byte { return []byte{byte(i), byte(i >> 8), byte(i >> 16), byte(i >> 24)} }

func (c chain) Options(_ *Work, s []byte, yield func([]byte)) error {
	i := int(s[0]) | int(s[1])<<8 | int(s[2])<<16 | int(s[3])<<24
	if i > 0 {
		yield(key(i - 1))
	}
	return nil
}

func TestMemoCycle(t *testing.T) {
	g := adjacency{'a': {'b'}, 'b': {'c'}, 'c': {'a'}}
	m := NewMemo(g, &Limits{}, "loop", func(k string) string { return k })
	_, err := m.Grundy(context.Background(), []byte{'a'})
	var ce *CycleError
	if !errors.As(err, &ce) || strings.Join(ce.Cycle, " ") != "a b c a" {
		t.Fatalf("got %v, want the cycle a -> b -> c -> a", err)
	}
	// The memo stays usable after the error.
	if _, err := m.Grundy(context.Background(), []byte{'a'}); !errors.As(err, &ce) {
		t.Fatalf("second query: %v", err)
	}
}

func TestMemoLimit(t *testing.T) {
	m := NewMemo(chain(100), &Limits{MaxStates: 10}, "chain", func(k string) string { return k })
	_, err := m.Grundy(context.Background(), key(100))
	var le *LimitError
	if !errors.As(err, &le) || le.Limit != 10 || le.States != 10 || !strings.Contains(err.Error(), "--max-states") {
		t.Fatalf("got %v, want a limit error", err)
	}
}

func TestMemoCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	m := NewMemo(chain(100_000), &Limits{}, "chain", func(k string) string { return k })
	if _, err := m.Grundy(ctx, key(100_000)); !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v, want context.Canceled", err)
	}
	if got, err := m.Grundy(context.Background(), key(100_000)); err != nil || got != 0 {
		t.Fatalf("after the interruption: %d, %v", got, err)
	}
}

func TestSequenceSubtraction(t *testing.T) {
	// S = {1, 3, 4}: the known period-7 sequence 0 1 0 1 2 3 2.
	s := NewSequence(func(n int, g []uint32, m *Marks) error {
		for _, k := range []int{1, 3, 4} {
			if k <= n {
				m.Mark(g[n-k])
			}
		}
		return nil
	}, &Limits{}, "S")
	want := []uint32{0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2}
	for n, w := range want {
		if got, err := s.Value(context.Background(), n); err != nil || got != w {
			t.Fatalf("g(%d) = %d, %v; want %d", n, got, err, w)
		}
	}
	if _, err := s.Value(context.Background(), DefaultMaxStates); err == nil {
		t.Fatal("no limit error past the cap")
	}
}
