package rules_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/gamelang/gamelang/eval"
	"github.com/gamelang/gamelang/internal/scripttest"
)

// A guard protects the ranges of the loops after the variables it uses:
// in 'for k in 1..a / b if b > 0' the range is made only when b > 0. The
// game (subtract a multiple of b from a) is valued against a memo written
// here over the same moves.
func TestGuardProtectsRange(t *testing.T) {
	t.Parallel() // each owns its session
	in := eval.New(eval.Config{Out: new(strings.Builder)})
	src := `game E state (a, b) {
    move (a - k * b, b) for k in 1..a / b if b > 0
    move (a, b - j) for j in 1..b if a > 0 and b % a >= 0 and j <= b / a + 1
}`
	if err := in.Exec(context.Background(), "t", src); err != nil {
		t.Fatal(in.Render(err))
	}
	memo := map[[2]int]int{}
	var g func(a, b int) int
	g = func(a, b int) int {
		if v, ok := memo[[2]int{a, b}]; ok {
			return v
		}
		seen := map[int]bool{}
		if b > 0 {
			for k := 1; k <= a/b; k++ {
				seen[g(a-k*b, b)] = true
			}
		}
		if a > 0 {
			for j := 1; j <= b && j <= b/a+1; j++ {
				seen[g(a, b-j)] = true
			}
		}
		v := 0
		for seen[v] {
			v++
		}
		memo[[2]int{a, b}] = v
		return v
	}
	for a := 0; a <= 12; a++ {
		for b := 0; b <= 12; b++ {
			got := scripttest.MustEval(t, in, fmt.Sprintf("grundy(E(%d, %d))", a, b)).String()
			if want := fmt.Sprint(g(a, b)); got != want {
				t.Errorf("grundy(E(%d, %d)) = %s, want %s", a, b, got, want)
			}
		}
	}
}
