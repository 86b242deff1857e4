//go:build !linux

package solve

// FreeTime is the CPU time the machine has left free, where it can be read:
// not here.
func FreeTime() int64 { return -1 }
