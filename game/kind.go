package game

import "math/big"

// Kind is a kind of position — heaps, tuples of numbers, sets of numbers,
// and whatever comes — with everything the rest of the program needs to know
// of it: how a position is made from the numbers written in it, how it is
// written back, and how it is encoded. Each kind lives in its own package
// (see package rules); nothing outside it switches over kinds.
type Kind interface {
	// Name names the kind in messages: "heap", "tuple (state)", "set".
	Name() string
	// Make builds the position that the numbers written after the ruleset's
	// name stand for: Kayles(7), W(3, 5), G{2, 3}. Its errors say what is
	// wrong in the words of the position; name is the ruleset's.
	Make(name string, nums []*big.Int) (State, error)
	// Format writes a position after its ruleset's name: "(7)", "(3, 5)", "{2, 3}".
	Format(s State) string
	// Braces reports whether positions are written with braces, G{2, 3..5},
	// whose numbers may be given as ranges and sets; otherwise G(3, 5).
	Braces() bool
	// Example writes a position of a ruleset of this kind, for messages that
	// say how to write one: "Kayles(10)", "W(3, 5)", "G{2, 3}".
	Example(name string) string
	// Coords names the numbers that index the positions, in order, when the
	// positions are exactly the tuples of that many numbers: ["n"] for
	// heaps, the state variables of a tuple. Sequences, tables and plots
	// walk positions by them. Nil when positions are not indexed so.
	Coords() []string
	// Compare orders positions of one ruleset, for listings that go
	// "smallest first".
	Compare(a, b State) int
	// Encode writes a canonical key of the position: equal positions, and
	// only they, have equal keys.
	Encode(s State) string
}

// ValueMaker is a Kind whose positions are made from values other than
// numbers: a graph kind's from a graph, as in NodeKayles(path(60)); a word
// kind's from a string; Hackenbush's from a graph and the names of its
// grounded vertices. The values are *graph.Graph and string, one for each
// argument written.
type ValueMaker interface {
	MakeFrom(name string, vs []any) (State, error)
}
