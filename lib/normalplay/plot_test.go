package normalplay_test

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/gamelang/gamelang"
	"github.com/gamelang/gamelang/present"
)

// keep is a plotter that keeps what it is asked to draw.
type keep struct{ drawn []*present.Plot }

func (k *keep) Plot(d *present.Plot) error { k.drawn = append(k.drawn, d); return nil }
func (k *keep) Formats() []string          { return present.PlotFormats }

// TestMiserePlot checks plot(Kayles, 0..12, file, misere) against a brute
// force written here: misère Kayles on multisets of rows, a row of n pins
// losing one pin or two adjacent ones, possibly split in two; the player
// who cannot move wins. A heap's misère value is the mex of its options'
// values with an empty position valued 1; it is 0 exactly when the heap
// is a misère P-position.
func TestMiserePlot(t *testing.T) {
	k := &keep{}
	s := gamelang.NewSession(gamelang.Options{Plotter: k})
	if err := s.Exec(context.Background(), "t", `plot(Kayles, 0..12, "k.svg", misere)`); err != nil {
		t.Fatal(err)
	}
	if len(k.drawn) != 1 {
		t.Fatalf("%d plots drawn", len(k.drawn))
	}
	d := k.drawn[0]
	if d.Value != "misere value" {
		t.Errorf("the plot names its values %q", d.Value)
	}
	for n := 0; n <= 12; n++ {
		want := misereKayles(n)
		if d.X[n] != float64(n) || d.Y[n] != float64(want) {
			t.Errorf("heap %d: plotted (%v, %v), misère value %d", n, d.X[n], d.Y[n], want)
		}
		if got := d.PointMark(n) == present.PPosition; got != (want == 0) {
			t.Errorf("heap %d: marked as a P-position %v, misère value %d", n, got, want)
		}
	}
}

// misereKayles is the misère nim value of a row of n pins, by its
// definition over the positions it reaches (multisets of rows).
func misereKayles(n int) int {
	memo := map[string]int{}
	var value func(rows []int) int
	value = func(rows []int) int {
		rows = slices.DeleteFunc(slices.Clone(rows), func(r int) bool { return r == 0 })
		slices.Sort(rows)
		key := fmt.Sprint(rows)
		if v, ok := memo[key]; ok {
			return v
		}
		seen := map[int]bool{}
		for i, r := range rows {
			for take := 1; take <= 2; take++ {
				for left := 0; left+take <= r; left++ {
					next := append(slices.Clone(rows[:i]), rows[i+1:]...)
					next = append(next, left, r-take-left)
					seen[value(next)] = true
				}
			}
		}
		v := 0
		if len(seen) == 0 {
			v = 1 // no move: the player to move wins under misère play
		}
		for seen[v] {
			v++
		}
		memo[key] = v
		return v
	}
	return value([]int{n})
}
