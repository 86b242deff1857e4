// Command topentailsnaive checks the loony stacks of Top Entails by the
// plain recursion, apart from the heap engine (play/entailing/heap.go): for
// each stack n, the values of its splits, then W(n) from W(n-1) (taking the
// top coin obliges the other player in n-1): when W(n-1) is finite, W(n)
// holds every nimber but W(n-1)'s members no split reaches, and n is worth
// the least of those, ∞ when there is none; when W(n-1) holds all but a
// finite set, W(n) is that set and the splits' values, and n is worth its
// mex. One core, no blocks, O(n^2): to 700,000 in about 2.5 minutes. It
// prints the loony stacks, the largest value and the last stack's value,
// for comparison with bench/records/topentails.
//
//	go run ./bench/records/topentailsnaive N
package main

import (
	"fmt"
	"os"
	"strconv"
)

const loony = -1

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: topentailsnaive N")
		os.Exit(2)
	}
	top, err := strconv.Atoi(os.Args[1])
	if err != nil || top < 1 {
		fmt.Fprintln(os.Stderr, "topentailsnaive: N must be a positive number")
		os.Exit(2)
	}
	v, loonies, largest := values(top)
	last := fmt.Sprint(v[top])
	if v[top] == loony {
		last = "∞"
	}
	fmt.Printf("loony stacks to %d: %v\nlargest value: %d\nvalue of %d: %s\n", top, loonies, largest, top, last)
}

// values are the values of the stacks to top (loony for ∞), the loony
// stacks and the largest value.
func values(top int) (v []int32, loonies []int, largest int32) {
	v = make([]int32, top+1)
	w := &wTracker{span: 1} // W(0) is empty: finite
	for n := 1; n <= top; n++ {
		for a := 1; a <= n/2; a++ {
			x, y := v[a], v[n-a]
			if x != loony && y != loony {
				w.seen[x^y] = int32(n)
			}
		}
		v[n] = w.next(n)
		if v[n] == loony {
			loonies = append(loonies, n)
		} else if v[n] > largest {
			largest = v[n]
			for w.span <= int(largest) {
				w.span *= 2
			}
			if largest >= width/2 {
				fmt.Fprintln(os.Stderr, "topentailsnaive: a value past the table")
				os.Exit(1)
			}
		}
	}
	return v, loonies, largest
}

// width bounds the values: they stay far below it (checked).
const width = 1 << 15

// wTracker follows the set W(n-1) of the recursion, finite and cofinite
// by turns.
type wTracker struct {
	set      [width]bool  // W(n-1)'s finite part: its members, or what it lacks
	seen     [width]int32 // seen[x] == n: a split of n is worth x
	cofinite bool
	span     int // a power of two above every value: XORs of values are below it
}

// next is the value of stack n from the splits of n marked in seen: W
// loses the values the splits reach (a cofinite W lacks them too), and the
// value is its least member left, loony when a finite W has none.
func (w *wTracker) next(n int) int32 {
	defer func() { w.cofinite = !w.cofinite }()
	if !w.cofinite {
		v := int32(loony)
		for x := w.span - 1; x >= 0; x-- {
			if w.set[x] && w.seen[x] == int32(n) {
				w.set[x] = false
			}
			if w.set[x] {
				v = int32(x)
			}
		}
		return v
	}
	for x := 0; x < w.span; x++ {
		if w.seen[x] == int32(n) {
			w.set[x] = true
		}
	}
	v := int32(0)
	for w.set[v] {
		v++
	}
	return v
}
