package eval

import (
	"fmt"
	"math/big"
	"slices"
	"strings"

	"github.com/gamelang/gamelang/builtin"
	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/lang"
	"github.com/gamelang/gamelang/play"
	"github.com/gamelang/gamelang/present"
)

// Value is anything an expression can produce, and says what it is: String
// is how a statement prints it, What names its type in messages ("a
// number"), JSON gives its type in docs/json-schema.json and its JSON form
// (json.go). A value that a table of records fits is also Tabular.
type Value interface {
	String() string
	What() string
	JSON() (typ string, val any)
}

// Tabular is a value that --format csv writes as tidy CSV records, a header
// first: a value per heap, or moves.
type Tabular interface {
	CSV() [][]string
}

// Int is an integer of any size.
type Int struct{ V *big.Int }

// Bool is a truth value.
type Bool bool

// Str is a string.
type Str string

// Range is lo..hi (inclusive), or lo.. when Open.
type Range struct {
	Lo, Hi *big.Int
	Open   bool
}

// Set is a finite set of integers, kept sorted and without repeats.
type Set struct{ Elems []*big.Int }

// List is integers in order, repeats kept: [3, 3, 5], [h for h in hs if h > 0],
// or a line of --each's input bound to a name with "...".
type List struct{ Elems []*big.Int }

// Seq is a sequence of integers, printed separated by spaces.
type Seq []*big.Int

// OutcomeVal is P or N.
type OutcomeVal game.Outcome

// RulesetVal is a compiled ruleset; called with a state it makes a position.
type RulesetVal struct{ R game.Ruleset }

// ParamGame is a game declared with parameters, or a builtin game with
// parameters; called with arguments it makes a ruleset.
type ParamGame struct {
	decl    *gameDecl
	builtin *builtin.Game
}

// PositionVal is a position: a disjunctive sum of components.
type PositionVal struct{ P game.Position }

// ConventionVal is a play convention, as queries take it: outcome(P, normal).
type ConventionVal struct{ C play.Convention }

// Moves is a list of moves of a position, as winning() returns them.
type Moves struct {
	Pos  game.Position
	Opts []play.Option
}

// OptionList is every option of a position with its value.
type OptionList struct {
	Pos  game.Position
	Opts []play.Option
}

// ValueVal is what a convention says of a position, when it is not a
// number: what grundy(P, convention) gives.
type ValueVal struct{ V play.Value }

// Explanation is the text explain() prints.
type Explanation string

// Nothing is the value of a statement that prints nothing (print itself).
type Nothing struct{}

// FuncVal is a function defined by let f(x, ...) = body.
type FuncVal struct{ Decl *lang.LetStmt }

func (v Int) String() string     { return v.V.String() }
func (v Bool) String() string    { return fmt.Sprint(bool(v)) }
func (v Str) String() string     { return string(v) }
func (v Nothing) String() string { return "" }
func (v FuncVal) String() string {
	names := make([]string, len(v.Decl.Params))
	for i, p := range v.Decl.Params {
		names[i] = p.Name
	}
	return v.Decl.Name.Name + "(" + strings.Join(names, ", ") + ")"
}
func (v Explanation) String() string { return string(v) }
func (v ValueVal) String() string    { return v.V.String() }

func (v Range) String() string {
	if v.Open {
		return v.Lo.String() + ".."
	}
	return v.Lo.String() + ".." + v.Hi.String()
}

func (v Set) String() string { return "{" + joinInts(v.Elems, ", ") + "}" }
func (v Seq) String() string { return joinInts(v, " ") }
func (v List) String() string {
	return "[" + joinInts(v.Elems, ", ") + "]"
}

func (v OutcomeVal) String() string    { return game.Outcome(v).String() }
func (v RulesetVal) String() string    { return v.R.Name() }
func (v ConventionVal) String() string { return v.C.Name() }
func (v ParamGame) String() string {
	if v.builtin != nil {
		return v.builtin.Name + "(" + strings.Join(v.builtin.Params, ", ") + ")"
	}
	return v.decl.name + "(" + strings.Join(v.decl.params, ", ") + ")"
}
func (v PositionVal) String() string { return v.P.String() }

// String lists the moves on one line when they fit, else one per line. Moves
// that read the same (the same move in equal components) are listed once.
func (v Moves) String() string {
	if len(v.Opts) == 0 {
		return "none"
	}
	var parts []string
	seen := map[string]bool{}
	for _, o := range present.Shown(v.Opts, maxShown) {
		if len(parts) == maxShown {
			parts = append(parts, fmt.Sprintf("... the first %d of %d moves", maxShown, present.Count(v.Pos, v.Opts)))
			break
		}
		if t := present.MoveText(v.Pos, o); !seen[t] {
			seen[t] = true
			parts = append(parts, t)
		}
	}
	if line := strings.Join(parts, ", "); len(line) <= 72 {
		return line
	}
	return strings.Join(parts, "\n")
}

// maxShown bounds the moves a list prints: a position with millions of
// moves gives the first ones and the count.
const maxShown = 1000

// maxAligned is the longest move text that options() pads so that the
// values line up; a longer one (a family of splits of a huge heap) is
// followed by its value at once rather than widening every line.
const maxAligned = 100

// maxLeaves is the most parts a sum may have for options() to write the
// whole sum each move leaves; past it, each row says only the move.
const maxLeaves = 8

func (v OptionList) String() string {
	if len(v.Opts) == 0 {
		return "no moves"
	}
	var rows [][2]string
	seen := map[string]bool{}
	width := 0
	for _, o := range present.Shown(v.Opts, maxShown) {
		text := present.MoveText(v.Pos, o)
		if o.Move.Label != "" {
			text += " -> " + game.Position(o.Move.To).String()
		}
		if len(v.Pos) > 1 && len(v.Pos) <= maxLeaves {
			text += "  leaves " + o.Result(v.Pos).String()
		}
		if seen[text] {
			continue
		}
		seen[text] = true
		if len(rows) == maxShown {
			break
		}
		rows = append(rows, [2]string{text, o.Value.Label() + " " + o.Value.String()})
		if len(text) <= maxAligned {
			width = max(width, len(text))
		}
	}
	lines := make([]string, len(rows))
	for i, r := range rows {
		lines[i] = fmt.Sprintf("%-*s  %s", width, r[0], r[1])
	}
	if len(rows) < len(v.Opts) && len(rows) == maxShown {
		lines = append(lines, fmt.Sprintf("... the first %d of %d moves", maxShown, present.Count(v.Pos, v.Opts)))
	}
	return strings.Join(lines, "\n")
}

func joinInts(xs []*big.Int, sep string) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = x.String()
	}
	return strings.Join(parts, sep)
}

// newSet builds a Set from integers in any order, with repeats.
func newSet(xs []*big.Int) Set {
	slices.SortFunc(xs, func(a, b *big.Int) int { return a.Cmp(b) })
	return Set{Elems: slices.CompactFunc(xs, func(a, b *big.Int) bool { return a.Cmp(b) == 0 })}
}

// elements are the numbers of a list or a sequence, in order.
func elements(v Value) ([]*big.Int, bool) {
	switch v := v.(type) {
	case List:
		return v.Elems, true
	case Seq:
		return v, true
	case Indexed: // grundy(G, a..b): counted from heap a
		return elements(v.Vals)
	}
	return nil, false
}

// typeName names the type of a value in error messages.
func typeName(v Value) string { return v.What() }

func (Int) What() string           { return "a number" }
func (ValueVal) What() string      { return "a value" }
func (Bool) What() string          { return "a truth value" }
func (Str) What() string           { return "a string" }
func (Range) What() string         { return "a range" }
func (Set) What() string           { return "a set" }
func (Seq) What() string           { return "a sequence" }
func (List) What() string          { return "a list" }
func (OutcomeVal) What() string    { return "an outcome" }
func (RulesetVal) What() string    { return "a ruleset" }
func (ParamGame) What() string     { return "a game with parameters" }
func (PositionVal) What() string   { return "a position" }
func (ConventionVal) What() string { return "a play convention" }
func (FuncVal) What() string       { return "a function" }
func (Moves) What() string         { return "a list of moves" }
func (OptionList) What() string    { return "a list of moves" }
func (Nothing) What() string       { return "nothing" }
func (Explanation) What() string   { return "an explanation" }
