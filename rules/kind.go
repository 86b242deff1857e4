package rules

import (
	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/lang"
	"github.com/gamelang/gamelang/solve"
)

// Kind is a kind of position that games can be declared on: heaps (`game G
// { ... }`), tuples (`game G state (a, b) { ... }`), sets (`game G set { ...
// }`). It tells the check pass what a declaration of it may say, and
// compiles one into a ruleset. A kind lives in its own package with its
// positions (a game.Kind) and rulesets, and is registered in one line of
// lib/lib.go.
type Kind interface {
	// Word is what follows a game's name to declare this kind: "" for heaps,
	// "state", "set".
	Word() string
	// Describe names the kind in messages: "heap", "tuple (state)", "set".
	Describe() string
	// Rules lists the rules a body of this kind may hold, by keyword:
	// "take", "move", "loses", "pick", "forbid".
	Rules() []string
	// Locals are the names the rules of d see besides the game's parameters
	// and the globals: n for heaps, the state variables of a tuple.
	Locals(d *lang.GameDecl) []Local
	// Check reports what is wrong with d beyond its rules' expressions: a
	// missing rule, a move of the wrong length, a word it does not know.
	Check(d *lang.GameDecl, report func(p lang.Pos, format string, args ...any))
	// Position says what is wrong with a position of d written with n
	// numbers, in braces or in parentheses, or "" when nothing is (or when
	// only the numbers' values can tell).
	Position(d *lang.GameDecl, n int, braces bool) string
	// Compile makes the ruleset that d describes, named name, with the
	// parameters and globals in sc.
	Compile(d *lang.GameDecl, name string, sc *Scope, opt Options) (game.Ruleset, error)
}

// Parted is a kind some of whose rules may leave several positions (a
// heap split in two): Parts says where the first such rule of d is, so
// that a pass, which belongs to one game, is refused at its declaration.
type Parted interface {
	Parts(d *lang.GameDecl) (lang.Pos, bool)
}

// Documented is a kind that explains its word and the names its rules
// see, for :help and the editors' hover: each maps to a line of help,
// usage first ("at(i): the number at index i of the list, from 0").
type Documented interface {
	Help() map[string]string
}

// Local is a name a kind binds in the rules of a declaration.
type Local struct {
	Name string
	Pos  lang.Pos // where the declaration names it; the zero Pos for names it gives itself (n)
	What string   // "state variable"; for a name given by the kind, what it is ("the heap size in a heap ruleset")
}

// Options are the choices a session makes about compiling.
type Options struct {
	// Generic leaves rulesets as their rules say, recognising no known game
	// in them (a take-and-break code, say), so that the fast paths can be
	// checked against them.
	Generic bool
	// Limits bound the moves a ruleset lists for one position.
	Limits *solve.Limits
}
