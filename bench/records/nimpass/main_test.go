package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// pWith is a brute force of Nim on three heaps with the pass left: either
// player may pass once, never from a position without a move.
func pWith(a, b, c int, memo map[[3]int]bool) bool {
	k := [3]int{a, b, c}
	if p, ok := memo[k]; ok {
		return p
	}
	p := a^b^c != 0 || a+b+c == 0 // the pass to a P-position of plain Nim wins
	hs := [3]int{a, b, c}
	for i := 0; i < 3 && p; i++ {
		for n := 0; n < hs[i] && p; n++ {
			next := hs
			next[i] = n
			p = !pWith(next[0], next[1], next[2], memo)
		}
	}
	memo[k] = p
	return p
}

// The run writes every P-position with c <= 40 in shards, counted per c as
// the brute force counts them (272 in all), and a run stopped is resumed:
// a shard removed is written again byte for byte, the others not touched.
func TestShardsAgainstBruteForce(t *testing.T) {
	dir := t.TempDir()
	if err := run(dir, 40, 16); err != nil {
		t.Fatal(err)
	}
	memo := map[[3]int]bool{}
	var want strings.Builder
	total := 0
	for c := 0; c <= 40; c++ {
		for b := 0; b <= c; b++ {
			for a := 0; a <= b; a++ {
				if pWith(a, b, c, memo) {
					fmt.Fprintf(&want, "%d %d %d\n", a, b, c)
					total++
				}
			}
		}
	}
	if total != 272 {
		t.Errorf("the brute force finds %d P-positions to 40, docs/nimpass.md says 272", total)
	}
	var got strings.Builder
	for k := 0; k < 3; k++ {
		b, err := os.ReadFile(filepath.Join(dir, fmt.Sprintf("shard-%d.txt", k)))
		if err != nil {
			t.Fatal(err)
		}
		got.Write(b)
	}
	if got.String() != want.String() {
		t.Errorf("the shards differ from the brute force:\n%s\nwant\n%s", got.String(), want.String())
	}
	one := filepath.Join(dir, "shard-1.txt")
	before, _ := os.ReadFile(one)
	kept, _ := os.Stat(filepath.Join(dir, "shard-0.txt"))
	if err := os.Remove(one); err != nil {
		t.Fatal(err)
	}
	if err := run(dir, 40, 16); err != nil {
		t.Fatal(err)
	}
	if after, _ := os.ReadFile(one); string(after) != string(before) {
		t.Errorf("shard 1 written again differs")
	}
	if again, _ := os.Stat(filepath.Join(dir, "shard-0.txt")); !again.ModTime().Equal(kept.ModTime()) {
		t.Errorf("shard 0, done, was written again")
	}
}
