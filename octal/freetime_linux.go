package octal

import (
	"bytes"
	"os"
	"strconv"
	"syscall"

	"golang.org/x/sys/unix"
)

// freeTime is the CPU time the machine has left free so far on the CPUs
// this process may run on, in nanoseconds, summed over them; -1 where it
// cannot be read. Free is idle, or running a niced process (one a helper
// would displace) when this process is not niced itself. It is read from
// /proc/stat, whose counts are in the kernel's USER_HZ, 100 a second on
// every architecture Go supports.
func freeTime() int64 {
	var set unix.CPUSet
	if unix.SchedGetaffinity(0, &set) != nil {
		return -1
	}
	stat, err := os.ReadFile("/proc/stat")
	if err != nil {
		return -1
	}
	prio, err := syscall.Getpriority(syscall.PRIO_PROCESS, 0)
	niced := err == nil && prio < 20 // the raw value, 20 - nice: niced is nice > 0
	return freeTicks(stat, set.IsSet, niced) * 1e7
}

// freeTicks sums, over the lines cpuN of /proc/stat whose N is in, the idle,
// iowait and (unless niced) nice ticks; -1 if there are none.
func freeTicks(stat []byte, in func(cpu int) bool, niced bool) int64 {
	cols := []int{4, 5, 2} // cpuN user nice system idle iowait ...
	if niced {
		cols = cols[:2]
	}
	var sum int64
	seen := false
	for line := range bytes.Lines(stat) {
		f := bytes.Fields(line)
		if len(f) < 6 || !bytes.HasPrefix(f[0], []byte("cpu")) || len(f[0]) == 3 {
			continue
		}
		cpu, err := strconv.Atoi(string(f[0][3:]))
		if err != nil || !in(cpu) {
			continue
		}
		for _, c := range cols {
			v, err := strconv.ParseInt(string(f[c]), 10, 64)
			if err != nil {
				return -1
			}
			sum += v
		}
		seen = true
	}
	if !seen {
		return -1
	}
	return sum
}
