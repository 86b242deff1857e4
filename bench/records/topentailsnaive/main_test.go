package main

import (
	"slices"
	"testing"
)

// The recursion gives Top Entails' values as Winning Ways prints them (vol.
// 2, ch. 12: 0 ∞ 0 ∞ 1 0 2 1 3 for the stacks 0 to 8) and, to 3,000 coins,
// the loony stacks West found: 1, 3, 2403 and 2505.
func TestValues(t *testing.T) {
	v, loonies, _ := values(3000)
	if want := []int32{0, loony, 0, loony, 1, 0, 2, 1, 3}; !slices.Equal(v[:9], want) {
		t.Errorf("values 0..8 = %v, want %v", v[:9], want)
	}
	if want := []int{1, 3, 2403, 2505}; !slices.Equal(loonies, want) {
		t.Errorf("loony stacks to 3000 = %v, want %v", loonies, want)
	}
}
