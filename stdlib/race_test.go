//go:build race

package stdlib

// raceEnabled: under the race detector sync.Pool drops what it is given
// at random, so the rooms pooled for keys are made again and again.
const raceEnabled = true
