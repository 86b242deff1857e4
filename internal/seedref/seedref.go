// Package seedref holds the seed documents' own solutions, transcribed as
// they are written there, for the tests to check the solvers against. The
// solvers never use it.
package seedref

import "math/bits"

// ThueMorse is seed 003's O(n) solution of TopCoder's ThueMorseGame: a
// sliding window of the last m results; true when the first player (Alice),
// to move at a heap of n, wins.
func ThueMorse(n int64, m int) bool {
	all := uint64(1)<<m - 1
	window := all
	for i := int64(0); i <= n; i++ {
		res := uint64(0)
		if bits.OnesCount64(uint64(i))&1 == 1 || window != all {
			res = 1
		}
		window = (window<<1)&all | res
	}
	return window&1 == 1
}
