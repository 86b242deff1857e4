//go:build !unix

package solve

import "errors"

// Without a Unix system nothing is mapped: tables stay in the Go heap.

// CanMap reports whether Map maps memory here (or always fails).
const CanMap = false

var errNoMap = errors.New("no mapped memory on this system")

func Map(int) ([]byte, error)           { return nil, errNoMap }
func Remap([]byte, int) ([]byte, error) { return nil, errNoMap }
func Unmap([]byte)                      {}
