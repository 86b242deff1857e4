package octal

// Spec describes a take-and-break game: its code, and the heaps that a
// 'loses if' rule decides. Rulesets given by a code describe themselves by
// one (Coded); solvers make their tables from it.
type Spec struct {
	Code Code
	// Lost reports whether leaving heap n loses at once; nil when no heap
	// is decided. A failing rule aborts (solve.Abort).
	Lost func(n int64) bool
	// LostBlock, when set, fills lost[i] = Lost(from+i) for a block of heaps
	// and returns how many it filled (at least one).
	LostBlock func(from int64, lost []bool) int
	// Origin says how the ruleset came to be a code, for the solvers'
	// descriptions: "octal code", "builtin", "recognized from its take rules".
	Origin string
}

// Coded is a ruleset given by a take-and-break code.
type Coded interface {
	Spec() Spec
}

// Bounded reports whether the code is take 1..m, leaving one heap or none
// (bounded Nim), and m.
func (c Code) Bounded() (int64, bool) {
	s, ok := c.Subtraction()
	if !ok {
		return 0, false
	}
	for i, k := range s {
		if k != int64(i+1) {
			return 0, false
		}
	}
	return int64(len(s)), true
}
