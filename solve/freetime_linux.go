package solve

import (
	"bytes"
	"io"
	"os"
	"strconv"
	"sync"
	"syscall"

	"golang.org/x/sys/unix"
)

// FreeTime is the CPU time the machine has left free so far on the CPUs
// this process may run on, in nanoseconds, summed over them; -1 where it
// cannot be read. Free is idle, or running a niced process (one a helper
// would displace) when this process is not niced itself. It is read from
// /proc/stat, whose counts are in the kernel's USER_HZ, 100 a second on
// every architecture Go supports. The engines read it again and again, so
// it is read into one buffer and parsed in place: garbage made between two
// collections is memory touched, and a run of Officers to 10^7, which
// collects three times, made 20 MB of it.
func FreeTime() int64 {
	var set unix.CPUSet
	if unix.SchedGetaffinity(0, &set) != nil {
		return -1
	}
	prio, err := syscall.Getpriority(syscall.PRIO_PROCESS, 0)
	niced := err == nil && prio < 20 // the raw value, 20 - nice: niced is nice > 0
	statBuf.Lock()
	defer statBuf.Unlock()
	stat, err := statBuf.read("/proc/stat")
	if err != nil {
		return -1
	}
	return freeTicks(stat, set.IsSet, niced) * 1e7
}

// statBuf is the buffer /proc/stat is read into.
var statBuf fileBuf

// fileBuf is a buffer a small file is read into again and again.
type fileBuf struct {
	sync.Mutex
	b []byte
}

// read reads the whole file into the buffer, which grows to hold it.
func (fb *fileBuf) read(name string) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fb.b = fb.b[:0]
	for {
		if len(fb.b) == cap(fb.b) {
			fb.b = append(fb.b, 0)[:len(fb.b)]
		}
		n, err := f.Read(fb.b[len(fb.b):cap(fb.b)])
		fb.b = fb.b[:len(fb.b)+n]
		if err == io.EOF {
			return fb.b, nil
		}
		if err != nil {
			return nil, err
		}
	}
}

// freeTicks sums, over the lines cpuN of /proc/stat whose N is in, the idle,
// iowait and (unless niced) nice ticks; -1 if there are none.
func freeTicks(stat []byte, in func(cpu int) bool, niced bool) int64 {
	cols := []int{4, 5, 2} // idle, iowait, nice
	if niced {
		cols = cols[:2]
	}
	var sum int64
	seen := false
	for line := range bytes.Lines(stat) {
		// cpuN user nice system idle iowait ...: fields 0 to 5
		var f [6][]byte
		k := 0
		for rest := line; k < len(f); k++ {
			rest = bytes.TrimLeft(rest, " \t")
			end := bytes.IndexAny(rest, " \t\n")
			if end < 0 {
				end = len(rest)
			}
			if end == 0 {
				break
			}
			f[k], rest = rest[:end], rest[end:]
		}
		if k < len(f) || !bytes.HasPrefix(f[0], []byte("cpu")) || len(f[0]) == 3 {
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
