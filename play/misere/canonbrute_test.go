package misere

import (
	"context"
	"encoding/binary"
	"math/rand/v2"
	"slices"
	"testing"
)

// Canonical forms against the definition: G = H under misère play when
// o⁻(G + X) = o⁻(H + X) for every X. The games here are trees written
// out in full (no simplification), their outcomes found by playing the
// sum; X runs over the games born by day 3 and sums of two and three of
// them, and over random trees.

// trees hash-conses game trees by their options (as written, not
// simplified), so that sums of trees are multisets of numbers.
type trees struct {
	opts  [][]int
	index map[string]int
	wins  map[string]bool
}

func newTrees() *trees { return &trees{index: map[string]int{}, wins: map[string]bool{}} }

func (ts *trees) make(opts []int) int {
	opts = slices.Clone(opts)
	slices.Sort(opts)
	k := keyOf(opts)
	if t, ok := ts.index[k]; ok {
		return t
	}
	ts.opts = append(ts.opts, opts)
	ts.index[k] = len(ts.opts) - 1
	return len(ts.opts) - 1
}

func keyOf(xs []int) string {
	b := make([]byte, 0, 4*len(xs))
	for _, x := range xs {
		b = binary.BigEndian.AppendUint32(b, uint32(x))
	}
	return string(b)
}

// win is whether the player to move wins the sum of the trees under
// misère play: he wins when he cannot move.
func (ts *trees) win(sum []int) bool {
	sum = slices.Clone(sum)
	slices.Sort(sum)
	k := keyOf(sum)
	if w, ok := ts.wins[k]; ok {
		return w
	}
	w, moved := false, false
	for i, t := range sum {
		if i > 0 && sum[i-1] == t {
			continue
		}
		for _, o := range ts.opts[t] {
			moved = true
			next := slices.Clone(sum)
			next[i] = o
			if !ts.win(next) {
				w = true
				break
			}
		}
		if w {
			break
		}
	}
	if !moved {
		w = true
	}
	ts.wins[k] = w
	return w
}

// form is a tree's simplest form, made from its options'.
func (ts *trees) form(t *testing.T, f *Forms, x int) MID {
	opts := make([]MID, len(ts.opts[x]))
	for i, o := range ts.opts[x] {
		opts[i] = ts.form(t, f, o)
	}
	g, err := f.Game(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// sum is the tree of x + y.
func (ts *trees) sum(x, y int) int {
	var opts []int
	for _, o := range ts.opts[x] {
		opts = append(opts, ts.sum(o, y))
	}
	for _, o := range ts.opts[y] {
		opts = append(opts, ts.sum(x, o))
	}
	return ts.make(opts)
}

// random is a random tree of depth at most d.
func (ts *trees) random(r *rand.Rand, d int) int {
	if d == 0 {
		return ts.make(nil)
	}
	n := r.IntN(4)
	opts := make([]int, n)
	for i := range opts {
		opts[i] = ts.random(r, r.IntN(d))
	}
	return ts.make(opts)
}

func TestCanonicalFormsByDefinition(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	ts, f := newTrees(), NewForms(nil)
	// The games born by day 4, as trees: a tree for each simplest form of
	// a set of the day before's.
	day := []int{ts.make(nil)}
	for d := 1; d <= 4; d++ {
		var next []int
		seen := map[MID]bool{}
		for mask := 0; mask < 1<<len(day); mask++ {
			var opts []int
			for i, x := range day {
				if mask>>i&1 == 1 {
					opts = append(opts, x)
				}
			}
			x := ts.make(opts)
			if g := ts.form(t, f, x); !seen[g] {
				seen[g] = true
				next = append(next, x)
			}
		}
		day = next
	}
	if len(day) != 22 {
		t.Fatalf("%d games born by day 4, want 22", len(day))
	}
	var tests [][]int
	for i, x := range day {
		tests = append(tests, []int{x})
		for j, y := range day[i:] {
			tests = append(tests, []int{x, y})
			for _, z := range day[i+j:] {
				tests = append(tests, []int{x, y, z})
			}
		}
	}
	for range 60 {
		tests = append(tests, []int{ts.random(r, 4)})
	}
	games := slices.Clone(day)
	for range 100 {
		games = append(games, ts.random(r, 5))
	}
	sets := 200
	if testing.Short() {
		sets = 40
	}
	for range sets { // games born by day 5, and sums
		var opts []int
		for _, x := range day {
			if r.IntN(4) == 0 {
				opts = append(opts, x)
			}
		}
		games = append(games, ts.make(opts), ts.sum(day[r.IntN(len(day))], day[r.IntN(len(day))]))
	}
	for range 30 { // sums of forms are forms of sums
		x, y := games[r.IntN(len(day))], games[len(games)-1-r.IntN(2*sets)]
		s, err := f.Add(context.Background(), ts.form(t, f, x), ts.form(t, f, y))
		if err != nil {
			t.Fatal(err)
		}
		if want := ts.form(t, f, ts.sum(x, y)); s != want {
			t.Fatalf("the sum of trees %d and %d has the form %d, the sum of their forms is %d", x, y, want, s)
		}
	}
	forms := make([]MID, len(games))
	outcomes := make([][]bool, len(games))
	for i, g := range games {
		forms[i] = ts.form(t, f, g)
		for _, x := range tests {
			outcomes[i] = append(outcomes[i], ts.win(append([]int{g}, x...)))
		}
	}
	parted, unparted := 0, 0
	for i := range games {
		for j := range i {
			same := slices.Equal(outcomes[i], outcomes[j])
			switch {
			case forms[i] == forms[j] && !same:
				for k := range tests {
					if outcomes[i][k] != outcomes[j][k] {
						t.Logf("X = %v: %v", tests[k], ts.opts[tests[k][0]])
						break
					}
				}
				t.Fatalf("trees %d (%v) and %d (%v) have one simplest form, %d, but some X tells them apart", games[i], ts.opts[games[i]], games[j], ts.opts[games[j]], forms[i])
			case forms[i] != forms[j] && same:
				unparted++
			case forms[i] != forms[j]:
				parted++
			}
		}
	}
	// Distinct simplest forms are told apart by some X (Conway); the X
	// tried here part nearly all the pairs.
	if unparted*100 > parted {
		t.Errorf("%d pairs of distinct simplest forms not told apart by the X tried, %d told apart", unparted, parted)
	}
	t.Logf("%d pairs told apart, %d not by the X tried; %d simplest forms", parted, unparted, f.Len())
}
