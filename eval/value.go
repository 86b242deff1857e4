package eval

import (
	"fmt"
	"math/big"
	"sort"
	"strings"

	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/stdlib"
)

// Value is anything an expression can produce. String is how a statement
// prints it.
type Value interface{ String() string }

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

// Seq is a sequence of integers, printed separated by spaces.
type Seq []*big.Int

// OutcomeVal is P or N.
type OutcomeVal game.Outcome

// RulesetVal is a compiled ruleset; called with a state it makes a position.
type RulesetVal struct{ R game.Ruleset }

// Family is a game declared with parameters, or a builtin game with
// parameters; called with arguments it makes a ruleset.
type Family struct {
	decl    *gameDecl
	builtin *stdlib.Builtin
}

// PositionVal is a position: a disjunctive sum of components.
type PositionVal struct{ P game.Position }

// Moves is a list of moves of a position, as winning() returns them.
type Moves struct {
	Pos  game.Position
	Opts []game.Option
}

// OptionList is every option of a position with its value.
type OptionList struct {
	Pos  game.Position
	Opts []game.Option
}

// Nothing is the value of a statement that prints nothing (print itself).
type Nothing struct{}

func (v Int) String() string  { return v.V.String() }
func (v Bool) String() string { return fmt.Sprint(bool(v)) }
func (v Str) String() string  { return string(v) }
func (v Nothing) String() string {
	return ""
}

func (v Range) String() string {
	if v.Open {
		return v.Lo.String() + ".."
	}
	return v.Lo.String() + ".." + v.Hi.String()
}

func (v Set) String() string { return "{" + joinInts(v.Elems, ", ") + "}" }
func (v Seq) String() string { return joinInts(v, " ") }

func (v OutcomeVal) String() string { return game.Outcome(v).String() }
func (v RulesetVal) String() string { return v.R.Name() }
func (v Family) String() string {
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
	for _, o := range v.Opts {
		if t := moveText(v.Pos, o); !seen[t] {
			seen[t] = true
			parts = append(parts, t)
		}
	}
	if line := strings.Join(parts, ", "); len(line) <= 72 {
		return line
	}
	return strings.Join(parts, "\n")
}

func (v OptionList) String() string {
	if len(v.Opts) == 0 {
		return "no moves"
	}
	var rows [][2]string
	seen := map[string]bool{}
	width := 0
	for _, o := range v.Opts {
		text := moveText(v.Pos, o)
		if o.Move.Label != "" {
			text += " -> " + game.Position(o.Move.To).String()
		}
		if len(v.Pos) > 1 {
			text += "  leaves " + o.Result.String()
		}
		if seen[text] {
			continue
		}
		seen[text] = true
		rows = append(rows, [2]string{text, "grundy " + o.Grundy.String()})
		width = max(width, len(text))
	}
	lines := make([]string, len(rows))
	for i, r := range rows {
		lines[i] = fmt.Sprintf("%-*s  %s", width, r[0], r[1])
	}
	return strings.Join(lines, "\n")
}

// DescribeMove says a move of p the way winning() does.
func DescribeMove(p game.Position, o game.Option) string { return moveText(p, o) }

// moveText says a move: its label ("pick 4") or "component -> what replaces
// it"; a family of moves as "component -> heaps for a = ...".
func moveText(p game.Position, o game.Option) string {
	if o.Move.Label != "" {
		return o.Move.Label
	}
	if f := o.Move.Family; f != nil {
		return p[o.Index].String() + " -> " + f.Heaps(o.Move.To[0].Rules.Name()) + " for " + f.Range()
	}
	return p[o.Index].String() + " -> " + game.Position(o.Move.To).String()
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
	sort.Slice(xs, func(i, j int) bool { return xs[i].Cmp(xs[j]) < 0 })
	out := xs[:0]
	for i, x := range xs {
		if i == 0 || x.Cmp(xs[i-1]) != 0 {
			out = append(out, x)
		}
	}
	return Set{Elems: out}
}

// typeName names the type of a value in error messages.
func typeName(v Value) string {
	switch v.(type) {
	case Int:
		return "a number"
	case Bool:
		return "a truth value"
	case Str:
		return "a string"
	case Range:
		return "a range"
	case Set:
		return "a set"
	case Seq:
		return "a sequence"
	case OutcomeVal:
		return "an outcome"
	case RulesetVal:
		return "a ruleset"
	case Family:
		return "a game with parameters"
	case PositionVal:
		return "a position"
	case Moves, OptionList:
		return "a list of moves"
	default:
		return "nothing"
	}
}
