package set

import (
	"math/rand/v2"
	"testing"
)

// closure is, by brute force, the closure of the numbers f (as a map) under
// addition, within lo..hi.
func closure(f map[int64]bool, hi int64) map[int64]bool {
	out := map[int64]bool{}
	for x := range f {
		out[x] = true
	}
	for changed := true; changed; {
		changed = false
		for a := range out {
			for b := range out {
				if s := a + b; s <= hi && !out[s] {
					out[s] = true
					changed = true
				}
			}
		}
	}
	return out
}

func toMap(u Universe, st State) map[int64]bool {
	out := map[int64]bool{}
	for _, x := range st.Members(u.Lo) {
		out[x] = true
	}
	return out
}

func fromMap(u Universe, m map[int64]bool) State {
	st := make(State, u.Words())
	for x := range m {
		i := x - u.Lo
		st[i/64] |= 1 << (i % 64)
	}
	return st
}

func sameSet(a, b map[int64]bool) bool {
	if len(a) != len(b) {
		return false
	}
	for x := range a {
		if !b[x] {
			return false
		}
	}
	return true
}

// CloseSums, Closed and ForbidSums against the closure by brute force, on
// random sets of one word and of several.
func TestClosureAgreesWithBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, u := range []Universe{{2, 20}, {2, 64}, {1, 150}, {5, 200}} {
		for trial := 0; trial < 200; trial++ {
			f := map[int64]bool{}
			for range rng.IntN(4) {
				f[u.Lo+rng.Int64N(u.size())] = true
			}
			want := closure(f, u.Hi)
			got := fromMap(u, f)
			u.CloseSums(got)
			if !sameSet(toMap(u, got), want) {
				t.Fatalf("%v: closure of %v is %v, want %v", u, f, toMap(u, got), want)
			}
			if probe := make(State, u.Words()); !u.Closed(got, probe) || (!sameSet(f, want) && u.Closed(fromMap(u, f), probe)) {
				t.Fatalf("%v: Closed is wrong for %v", u, f)
			}
			x := u.Lo + rng.Int64N(u.size())
			with := map[int64]bool{x: true}
			for y := range want {
				with[y] = true
			}
			u.ForbidSums(got, x)
			if w := closure(with, u.Hi); !sameSet(toMap(u, got), w) {
				t.Fatalf("%v: forbidding %d after %v gives %v, want %v", u, x, want, toMap(u, got), w)
			}
		}
	}
}

// A pick forbids the number, its multiples, or every sum, as the rule says.
func TestAfterByForbidRule(t *testing.T) {
	all := func(r *Ruleset) State {
		st := make(State, r.u.Words())
		r.u.Forbidden(st, make(State, r.u.Words())) // the complement of nothing: every number
		return st
	}
	cases := []struct {
		forbid string
		pick   int64
		want   []int64 // what is left of 2..12
	}{
		{ForbidNothing, 4, []int64{2, 3, 5, 6, 7, 8, 9, 10, 11, 12}},
		{ForbidMultiples, 4, []int64{2, 3, 5, 6, 7, 9, 10, 11}},
		{ForbidSums, 4, []int64{2, 3, 5, 6, 7, 9, 10, 11}},
		{ForbidSums, 5, []int64{2, 3, 4, 6, 7, 8, 9, 11, 12}},
	}
	for _, c := range cases {
		r := New("G", 2, 12, c.forbid)
		got := r.After(all(r), c.pick, true).Members(2)
		if len(got) != len(c.want) {
			t.Errorf("forbid %q, pick %d: %v, want %v", c.forbid, c.pick, got, c.want)
			continue
		}
		for i := range got {
			if got[i] != c.want[i] {
				t.Errorf("forbid %q, pick %d: %v, want %v", c.forbid, c.pick, got, c.want)
				break
			}
		}
	}
}
