package eval_test

import (
	"fmt"
	"math/bits"
	"strings"
	"testing"
)

// The classics of examples/classics.game against theory computed here:
// Mock Turtles' values are the odious numbers (OEIS A000069), Turning
// Turtles' are n, Lasker's Nim follows g(4k+1) = 4k+1, g(4k+2) = 4k+2,
// g(4k+3) = 4k+4, g(4k+4) = 4k+3, and Kiki's P-positions come from a plain
// win/loss search.
func TestClassics(t *testing.T) {
	var odious, lasker []string
	for k := uint(0); len(odious) < 80; k++ {
		if bits.OnesCount(k)%2 == 1 {
			odious = append(odious, fmt.Sprint(k))
		}
	}
	for n := 0; n <= 200; n++ {
		g := n
		switch {
		case n > 0 && n%4 == 3:
			g = n + 1
		case n > 0 && n%4 == 0:
			g = n - 1
		}
		lasker = append(lasker, fmt.Sprint(g))
	}
	src := `game MockTurtles {
    take max(n, 1)
    move (a) for a in 1..n-1
    move (a, b) for a in 1..n-1 for b in a+1..n-1
}
game TurningTurtles {
    take max(n, 1)
    move (a) for a in 1..n-1
}
game Lasker { take 1..; take 0 leaving 2 }
grundy(MockTurtles, 1..80)
grundy(Lasker, 0..200)
all(grundy(TurningTurtles(n)) == n for n in 0..100)`
	got := strings.Split(out(t, src), "\n")
	if got[0] != strings.Join(odious, " ") {
		t.Errorf("Mock Turtles:\n got %s\nwant %s (A000069)", got[0], strings.Join(odious, " "))
	}
	if got[1] != strings.Join(lasker, " ") {
		t.Errorf("Lasker's Nim:\n got %s\nwant %s", got[1], strings.Join(lasker, " "))
	}
	if got[2] != "true" {
		t.Error("Turning Turtles is not Nim")
	}
	// Kiki: win/loss by search over the board.
	const size = 25
	var win [size + 1][size + 1]bool
	var p []string
	for x := 1; x <= size; x++ {
		for y := 1; y <= size; y++ {
			win[x][y] = x > 1 && !win[x-1][y] || y > 1 && !win[x][y-1] || x > 1 && y > 1 && !win[x-1][y-1]
			if !win[x][y] {
				p = append(p, fmt.Sprint(1000*x+y))
			}
		}
	}
	kiki := out(t, fmt.Sprintf(`game Kiki state (x, y) {
    move (x - 1, y) if x > 1
    move (x, y - 1) if y > 1
    move (x - 1, y - 1) if x > 1 and y > 1
}
{1000 * a + b for a in 1..%d for b in 1..%d if outcome(Kiki(a, b)) == P}`, size, size))
	if kiki != "{"+strings.Join(p, ", ")+"}" {
		t.Errorf("Kiki's P-positions:\n got %s\nwant {%s}", kiki, strings.Join(p, ", "))
	}
}
