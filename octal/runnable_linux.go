package octal

import (
	"bytes"
	"os"
	"strconv"
)

// runnable is the number of threads the machine can run now (the fourth
// field of /proc/loadavg, "runnable/total"), or -1 when it cannot be read.
// A variable, for tests.
var runnable = readRunnable

func readRunnable() int {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return -1
	}
	f := bytes.Fields(b)
	if len(f) < 4 {
		return -1
	}
	r, _, ok := bytes.Cut(f[3], []byte("/"))
	if !ok {
		return -1
	}
	n, err := strconv.Atoi(string(r))
	if err != nil {
		return -1
	}
	return n
}
