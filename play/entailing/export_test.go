package entailing

// SetParallelFrom makes the heap engine value blocks of heaps on every core
// from heap n on, so that the tests reach that path on small games; it
// returns the function that restores it.
func SetParallelFrom(n int64) (restore func()) {
	old := parallelFrom
	parallelFrom = n
	return func() { parallelFrom = old }
}
