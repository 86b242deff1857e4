package normalplay_test

import (
	"context"
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
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

// TestLoopyPlot checks plot(G, 0..7, file, loopy) for a two-number game
// whose moves loop against a retrograde analysis written here: positions
// without moves are lost, a position with a lost option is won, one whose
// options are all won is lost, and what is left is a draw. A draw has no
// number for a value (it is some ∞), so its cell must carry the ∞ mark; a
// lost position must be marked as a P-position and nothing else.
func TestLoopyPlot(t *testing.T) {
	const src = `game Up state (a, b) {
    move (a - k, b) for k in 1..2 if k <= a
    move (a, b - 1) if b > 0
    move (a + 1, b) if a == 3
}
plot(Up, 0..7, "up.png", loopy)`
	k := &keep{}
	s := gamelang.NewSession(gamelang.Options{Plotter: k})
	if err := s.Exec(context.Background(), "t", src); err != nil {
		t.Fatal(err)
	}
	if len(k.drawn) != 1 || k.drawn[0].Grid == nil {
		t.Fatalf("no heat map drawn: %v", k.drawn)
	}
	d := k.drawn[0]
	type pos struct{ a, b int }
	moves := func(p pos) []pos {
		var out []pos
		for k := 1; k <= 2 && k <= p.a; k++ {
			out = append(out, pos{p.a - k, p.b})
		}
		if p.b > 0 {
			out = append(out, pos{p.a, p.b - 1})
		}
		if p.a == 3 {
			out = append(out, pos{p.a + 1, p.b})
		}
		return out
	}
	const lost, won, draw = 1, 2, 0
	label := map[pos]int{}
	for changed := true; changed; {
		changed = false
		for a := 0; a <= 7; a++ {
			for b := 0; b <= 7; b++ {
				p := pos{a, b}
				if label[p] != draw {
					continue
				}
				allWon, anyLost := true, false
				for _, q := range moves(p) {
					allWon = allWon && label[q] == won
					anyLost = anyLost || label[q] == lost
				}
				switch {
				case anyLost:
					label[p], changed = won, true
				case allWon:
					label[p], changed = lost, true
				}
			}
		}
	}
	draws, losses := 0, 0
	for a := 0; a <= 7; a++ {
		for b := 0; b <= 7; b++ {
			mark := d.CellMark(a, b)
			switch label[pos{a, b}] {
			case draw:
				draws++
				if mark != present.Infinite {
					t.Errorf("(%d, %d) is a draw, marked %v", a, b, mark)
				}
			case lost:
				losses++
				if mark != present.PPosition {
					t.Errorf("(%d, %d) is lost by the player to move, marked %v", a, b, mark)
				}
			default:
				if mark == present.PPosition {
					t.Errorf("(%d, %d) is won by the player to move, marked as a P-position", a, b)
				}
			}
		}
	}
	if draws == 0 || losses == 0 {
		t.Fatalf("%d draws and %d lost positions: the test shows little", draws, losses)
	}
	// Drawn: the ∞ marks are in the picture.
	file := filepath.Join(t.TempDir(), "up.png")
	if err := gamelang.NewSession(gamelang.Options{}).Exec(context.Background(), "t", strings.Replace(src, `"up.png"`, strconv.Quote(file), 1)); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	mr, mg, mb, _ := present.MarkInfinite.RGBA()
	marked := 0
	for y := img.Bounds().Min.Y; y < img.Bounds().Max.Y; y++ {
		for x := img.Bounds().Min.X; x < img.Bounds().Max.X; x++ {
			if r, g, b, _ := img.At(x, y).RGBA(); r>>8 == mr>>8 && g>>8 == mg>>8 && b>>8 == mb>>8 {
				marked++
			}
		}
	}
	if marked < 2*draws { // each mark is a few pixels of that exact colour, and some blended
		t.Errorf("%d pixels of the ∞ mark's colour for %d draws", marked, draws)
	}
}
