//go:build !linux

package solve

// physical is the machine's memory in bytes, 0 when unknown.
func physical() int64 { return 0 }
