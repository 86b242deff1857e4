//go:build unix

package octal

import "syscall"

// cpuTime is the CPU time the process has had, every thread's, in
// nanoseconds; -1 where it cannot be read.
func cpuTime() int64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return -1
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
