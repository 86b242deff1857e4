package stdlib

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/gamelang/gamelang/solve"
)

// The table of facts answers as a Go map does, through its growing, for
// keys that share their slot's first bits.
func TestFactTable(t *testing.T) {
	rng := rand.New(rand.NewPCG(74, 6))
	var table factTable
	want := map[hkey]uint32{}
	for i := range 20000 {
		h := hkey{rng.Uint64(), rng.Uint64()}
		if i%3 == 0 {
			h[0] &= 0xffff // many keys into a few slots
		}
		if i%5 == 0 && len(want) > 0 {
			for k := range want { // a fact learnt of a key already there
				h = k
				break
			}
		}
		f := rng.Uint32() | 1
		_, had := want[h]
		if isNew := table.set(h, f); isNew == had {
			t.Fatalf("set %x: new %v, though the map had it: %v", h, isNew, had)
		}
		want[h] = f
	}
	if table.n != len(want) {
		t.Fatalf("%d entries, want %d", table.n, len(want))
	}
	if 4*table.n > 3*len(table.slots) {
		t.Fatalf("%d entries in %d slots: more than three quarters full", table.n, len(table.slots))
	}
	for h, f := range want {
		if got := table.get(h); got != f {
			t.Fatalf("get %x = %x, want %x", h, got, f)
		}
	}
	for range 1000 {
		if h := (hkey{rng.Uint64(), rng.Uint64()}); table.get(h) != 0 && want[h] == 0 {
			t.Fatalf("get %x: a fact of a key never set", h)
		}
	}
}

// A fact says the value, or the heaps known not to make a P-position.
func TestFactAnswer(t *testing.T) {
	for _, c := range []struct {
		f, k       uint32
		known, isP bool
	}{
		{0, 0, false, false},
		{factValue | 2, 2, true, true},
		{factValue | 2, 0, true, false},
		{factValue | 40, 40, true, true},
		{1<<0 | 1<<3, 3, true, false},
		{1<<0 | 1<<3, 1, false, false},
		{1 << 30, 30, true, false},
		{^uint32(0) &^ factValue, 31, false, false}, // heaps past the bits: not known
	} {
		if known, isP := answer(c.f, c.k); known != c.known || isP != c.isP {
			t.Errorf("answer(%x, %d) = %v, %v; want %v, %v", c.f, c.k, known, isP, c.known, c.isP)
		}
	}
}

// The cache of canonical keys holds the last key put in each slot, and
// starts afresh when it grows.
func TestSeenCache(t *testing.T) {
	c := seenCache(nil).sized(0)
	if len(c) != 1024 {
		t.Fatalf("%d slots, want 1024", len(c))
	}
	a, b := hkey{5, 1}, hkey{5 + 1024, 2} // one slot
	c.put(a, hkey{7, 7})
	if got, ok := c.get(a); !ok || got != (hkey{7, 7}) {
		t.Fatalf("get = %v, %v", got, ok)
	}
	c.put(b, hkey{8, 8})
	if _, ok := c.get(a); ok {
		t.Fatal("a key put out of its slot is still found")
	}
	if got, ok := c.get(b); !ok || got != (hkey{8, 8}) {
		t.Fatalf("get = %v, %v", got, ok)
	}
	if d := c.sized(1 << 30); len(d) != maxSeen {
		t.Fatalf("%d slots, want at most %d", len(d), maxSeen)
	}
	if _, ok := c.sized(100).get(b); !ok {
		t.Fatal("a cache already of the size wanted is made afresh")
	}
}

// A component's canonical key is the same however its coins and strings
// are numbered, and two components of one key are the same picture: on
// random shapes of up to six coins, against a search of every numbering.
func TestNimstringKeys(t *testing.T) {
	rng := rand.New(rand.NewPCG(74, 8))
	byKey := map[string]shape{}
	for range 3000 {
		n := 1 + rng.IntN(6)
		sh := shape{n: n}
		for range 1 + rng.IntN(10) {
			a, b := rng.IntN(n+1)-1, rng.IntN(n+1)-1
			if a == b {
				continue
			}
			sh.strings = append(sh.strings, [2]int{a, b})
		}
		key := sh.key()
		perm := rng.Perm(n)
		var moved shape
		moved.n = n
		for _, i := range rng.Perm(len(sh.strings)) {
			s := sh.strings[i]
			t := [2]int{ground, ground}
			for j, v := range s {
				if v != ground {
					t[j] = perm[v]
				}
			}
			if rng.IntN(2) == 0 {
				t[0], t[1] = t[1], t[0]
			}
			moved.strings = append(moved.strings, t)
		}
		if moved.key() != key {
			t.Fatalf("%v and %v, the same picture renumbered, have different keys", sh.strings, moved.strings)
		}
		if other, ok := byKey[key]; ok && !isomorphic(sh, other) {
			t.Fatalf("%v and %v have one key, but are different pictures", sh.strings, other.strings)
		}
		byKey[key] = sh
	}
	if len(byKey) < 500 {
		t.Fatalf("only %d keys: the test meets too few different shapes", len(byKey))
	}
}

// isomorphic is whether some numbering of a's coins makes its strings b's.
func isomorphic(a, b shape) bool {
	if a.n != b.n || len(a.strings) != len(b.strings) {
		return false
	}
	count := func(sh shape, perm []int) map[[2]int]int {
		m := map[[2]int]int{}
		for _, s := range sh.strings {
			t := s
			for j, v := range s {
				if v != ground && perm != nil {
					t[j] = perm[v]
				}
			}
			if t[0] > t[1] {
				t[0], t[1] = t[1], t[0]
			}
			m[t]++
		}
		return m
	}
	want := count(b, nil)
	perm := make([]int, a.n)
	used := make([]bool, a.n)
	var try func(i int) bool
	try = func(i int) bool {
		if i == a.n {
			got := count(a, perm)
			if len(got) != len(want) {
				return false
			}
			for k, c := range want {
				if got[k] != c {
					return false
				}
			}
			return true
		}
		for v := range a.n {
			if !used[v] {
				used[v], perm[i] = true, v
				if try(i + 1) {
					return true
				}
				used[v] = false
			}
		}
		return false
	}
	return try(0)
}

// Parts of one key cancel in pairs, whatever their order.
func TestCancelledParts(t *testing.T) {
	for _, c := range []struct{ keys, want []uint64 }{
		{nil, nil},
		{[]uint64{1}, []uint64{1}},
		{[]uint64{1, 1}, nil},
		{[]uint64{1, 1, 1}, []uint64{1}},
		{[]uint64{1, 2, 1, 3, 2, 2}, []uint64{2, 3}},
		{[]uint64{4, 4, 4, 4}, nil},
		{[]uint64{5, 6, 7, 6, 5}, []uint64{7}},
	} {
		var parts []shape
		var keys []hkey
		for i, k := range c.keys {
			parts = append(parts, shape{n: i})
			keys = append(keys, hkey{k, k})
		}
		parts, keys = cancelled(parts, keys)
		var got []uint64
		for i, k := range keys {
			if c.keys[parts[i].n] != k[0] {
				t.Fatalf("%v: a part moved without its key", c.keys)
			}
			got = append(got, k[0])
		}
		slices.Sort(got)
		if !slices.Equal(got, c.want) {
			t.Errorf("%v: %v left, want %v", c.keys, got, c.want)
		}
	}
}

// A budget the table cannot grow within stops the search with the memory
// limit, before the table grows.
func TestNimstringShapesBudget(t *testing.T) {
	p := boardPicture(t, 3, 3)
	sv := newShapeValues(&solve.Limits{MaxMemory: 1 << 20})
	sh, _ := shapeOf(hstate{pic: p, left: []uint64{1<<len(p.edges) - 1}})
	_, _, err := sv.value(sh)
	var le *solve.LimitError
	if !errors.As(err, &le) || !le.Memory {
		t.Fatalf("%v, want the memory limit", err)
	}
	if len(sv.memo.slots) != 0 {
		t.Fatalf("the table grew to %d slots past the budget", len(sv.memo.slots))
	}
}
