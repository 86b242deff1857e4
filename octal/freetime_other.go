//go:build !linux

package octal

// freeTime is the CPU time the machine has left free, where it can be read:
// not here.
func freeTime() int64 { return -1 }
