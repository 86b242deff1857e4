package solve

// Mapped memory: a large table of plain values (no pointers), such as an
// octal code's Grundy values, is kept outside the Go heap, in memory mapped
// from the system. The collector paces itself by the heap it holds: a table
// of 20 MB in the heap lets 20 MB of a growth's garbage pile up before each
// collection (Officers to 10^7: 50 MB peak for 20 MB of values), and each
// growth of a table in the heap copies it, the old copy held until the
// next collection. Outside the heap, garbage is collected at the pace of
// what else is live, and on Linux a table grows in place (mremap). Held
// counts what is mapped, so the budget sees it.

import "sync/atomic"

// mappedBytes is what Map has mapped and Unmap not yet given back.
var mappedBytes atomic.Int64

// Mapped is the memory mapped by Map, in bytes.
func Mapped() int64 { return mappedBytes.Load() }
