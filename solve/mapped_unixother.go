//go:build unix && !linux

package solve

import "runtime"

// Remap is mem (from Map) grown to n bytes, what it held kept and the rest
// zeroed: a new mapping, copied into a stretch at a time (a copy call is no
// preemption point); nothing may read mem after.
func Remap(mem []byte, n int) ([]byte, error) {
	out, err := Map(n)
	if err != nil {
		return nil, err
	}
	for i := 0; i < len(mem); i += 1 << 20 {
		copy(out[i:], mem[i:min(i+1<<20, len(mem))])
		runtime.Gosched()
	}
	Unmap(mem)
	return out, nil
}
