//go:build race

package cli_test

// raceEnabled: the race detector's shadow memory, which the Go runtime does
// not count, adds several times the heap to the resident size.
const raceEnabled = true
