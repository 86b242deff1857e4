package solve

import (
	"math/rand/v2"
	"testing"
)

// The mex of a set, against the definition: the least number not in it.
func TestMexAgreesWithDefinition(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var m Mex
	for trial := 0; trial < 2000; trial++ {
		m.Clear()
		in := map[uint32]bool{}
		for range rng.IntN(40) {
			v := uint32(rng.IntN(50))
			m.Add(v)
			in[v] = true
		}
		want := uint32(0)
		for in[want] {
			want++
		}
		if got := m.Value(); got != want {
			t.Fatalf("trial %d: mex %d, want %d (set %v)", trial, got, want, in)
		}
		for v := uint32(0); v < 60; v++ {
			if m.Has(v) != in[v] {
				t.Fatalf("trial %d: Has(%d) = %v", trial, v, m.Has(v))
			}
		}
	}
}

// The stamp wraps around without old marks coming back.
func TestMexStampWraps(t *testing.T) {
	var m Mex
	m.Use(make([]uint32, 8))
	m.stamp = ^uint32(0) - 1
	m.Mark(3)
	m.Clear() // stamp = max
	m.Clear() // wraps: the slots are cleared
	if m.Has(3) || m.Value() != 0 {
		t.Fatal("a mark survived the wrap")
	}
	m.Fit(5) // room for every XOR of values up to 5, and the mex beyond
	for v := range uint32(8) {
		m.Mark(v)
	}
	if m.Value() != 8 {
		t.Fatalf("mex of 0..7 is %d", m.Value())
	}
}
