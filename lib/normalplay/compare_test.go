package normalplay_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/gamelang/gamelang"
)

// subtraction is the brute force of a subtraction game: g(0..top) when a
// move takes a number of s.
func subtraction(s []int, top int) []int {
	g := make([]int, top+1)
	for n := range g {
		seen := map[int]bool{}
		for _, k := range s {
			if k <= n {
				seen[g[n-k]] = true
			}
		}
		for seen[g[n]] {
			g[n]++
		}
	}
	return g
}

// compare(S, T) on random pairs of subtraction games: the first heap where
// the brute force's values differ, and the moves only one game has there
// (the heaps n - k for the k of one set and not the other), against the
// JSON answer.
func TestCompareAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(29, 5))
	for trial := range 60 {
		draw := func() []int {
			var s []int
			for k := 1; k <= 9; k++ {
				if r.IntN(3) == 0 {
					s = append(s, k)
				}
			}
			if len(s) == 0 {
				s = []int{1 + r.IntN(9)}
			}
			return s
		}
		s, u := draw(), draw()
		if trial%10 == 0 {
			u = s // some pairs agree
		}
		const top = 60
		gs, gu := subtraction(s, top), subtraction(u, top)
		first, count := -1, 0
		for n := range gs {
			if gs[n] != gu[n] {
				count++
				if first < 0 {
					first = n
				}
			}
		}
		var out strings.Builder
		sess := gamelang.NewSession(gamelang.Options{Out: &out, JSON: true})
		src := fmt.Sprintf("game S { take {%s} }\ngame T { take {%s} }\ncompare(S, T, 0..%d)", join(s), join(u), top)
		if err := sess.Exec(context.Background(), "c.game", src); err != nil {
			t.Fatal(err)
		}
		var ans struct {
			Value struct {
				At     []int                     `json:"at"`
				G      *int                      `json:"g_value"`
				H      *int                      `json:"h_value"`
				OnlyG  []struct{ Leaves string } `json:"only_g"`
				OnlyH  []struct{ Leaves string } `json:"only_h"`
				Differ int                       `json:"differ"`
			}
		}
		lines := strings.Split(strings.TrimSpace(out.String()), "\n")
		if err := json.Unmarshal([]byte(lines[len(lines)-1]), &ans); err != nil {
			t.Fatal(err)
		}
		v := ans.Value
		if first < 0 {
			if v.At != nil || v.Differ != 0 {
				t.Errorf("%v and %v agree on 0..%d, compare says %+v", s, u, top, v)
			}
			continue
		}
		if len(v.At) != 1 || v.At[0] != first || *v.G != gs[first] || *v.H != gu[first] || v.Differ != count {
			t.Errorf("%v vs %v: first difference at %d (%d, %d), %d differ; compare says %+v", s, u, first, gs[first], gu[first], count, v)
			continue
		}
		only := func(a, b []int) (out []string) {
			for _, k := range a {
				if k <= first && !slices.Contains(b, k) {
					out = append(out, fmt.Sprint(first-k))
				}
			}
			return out
		}
		leaves := func(os []struct{ Leaves string }) (out []string) {
			for _, o := range os {
				out = append(out, o.Leaves)
			}
			return out
		}
		if !sameSet(leaves(v.OnlyG), only(s, u)) || !sameSet(leaves(v.OnlyH), only(u, s)) {
			t.Errorf("%v vs %v at %d: only S %v, only T %v; want %v, %v", s, u, first, leaves(v.OnlyG), leaves(v.OnlyH), only(s, u), only(u, s))
		}
	}
}

func join(s []int) string {
	parts := make([]string, len(s))
	for i, k := range s {
		parts[i] = fmt.Sprint(k)
	}
	return strings.Join(parts, ", ")
}

func sameSet(a, b []string) bool {
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}

// compare() explains in words, for pairs too, and refuses what it cannot
// compare.
func TestCompareText(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"game K2 { take 1 split; take 2 }\ncompare(Kayles, K2)", "Kayles and K2 first differ at heap 4: Kayles(4) has grundy 1, K2(4) has grundy 0"},
		{"game K2 { take 1 split; take 2 }\ncompare(Kayles, K2)", "moves only Kayles has there: to 1 + 1 (grundy 0)"},
		{"compare(Kayles, octal(\"0.77\"))", "Kayles and octal(\"0.77\") have the same values on heaps 0..1000."},
		{"game S { take {2, 12, 14} }\ngame SP { take {2, 12, 14}; pass once }\ncompare(S, SP, 0..15)", "moves only SP has there: pass (grundy 1)"},
		{"game W2 state (a, b) { move (a - k, b) for k in 1..a; move (a, b - k) for k in 1..b }\ncompare(Wythoff, W2, 0..5)", "first differ at (1, 1): Wythoff(1, 1) has grundy 2, W2(1, 1) has grundy 0"},
	} {
		var out strings.Builder
		sess := gamelang.NewSession(gamelang.Options{Out: &out})
		if err := sess.Exec(context.Background(), "c.game", c.src); err != nil {
			t.Fatalf("%s: %v", c.src, err)
		}
		if !strings.Contains(out.String(), c.want) {
			t.Errorf("%s:\n%s\nwant %s", c.src, out.String(), c.want)
		}
	}
	for _, c := range []struct{ src, want string }{
		{"compare(Kayles, Wythoff)", "whose positions are written alike"},
		{"compare(Kayles, 3)", "compares two rulesets, not a number"},
		{"compare(Kayles, Nim, 5..)", "bounded range"},
		{"compare(Kayles, Nim, 0..10^9)", "at most"},
	} {
		sess := gamelang.NewSession(gamelang.Options{Out: new(strings.Builder)})
		err := sess.Exec(context.Background(), "c.game", c.src)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.src, err, c.want)
		}
	}
}

// period() of a code that leaves three heaps looks 4096 values far by
// default (n^3: the memory budget alone would take days), and says how to
// look further.
func TestPeriodOfThreeHeapCodesEnds(t *testing.T) {
	var out strings.Builder
	sess := gamelang.NewSession(gamelang.Options{Out: &out})
	if err := sess.Exec(context.Background(), "p.game", `period(hex("0.3F"))`); err != nil {
		t.Fatal(err)
	}
	if got := out.String(); !strings.HasPrefix(got, "no period proved among the first 4097 values (a code that leaves three heaps costs n^3") {
		t.Errorf("period(hex(\"0.3F\")): %s", got)
	}
}
