//go:build !linux

package octal

// runnable is not known here: the helper's other rules decide alone. A
// variable, for tests.
var runnable = func() int { return -1 }
