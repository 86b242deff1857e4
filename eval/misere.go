package eval

// The queries of misère play that are not a convention's answer about a
// position: a position's genus, whether it is tame, and the misère
// quotient of a take-and-break game.

import (
	"context"
	"math/big"
	"strings"

	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/lang"
	"github.com/gamelang/gamelang/play/misere"
)

// Words is a sequence of words, printed separated by spaces: genera, or
// loopy values where some are infinite.
type Words []string

func (v Words) String() string { return strings.Join(v, " ") }
func (Words) What() string     { return "words" }

// Indexed is a value for each of some heaps: grundy(G, a..b), genus(G,
// a..b). It prints as its values do (Seq or Words), and as CSV a record
// per heap.
type Indexed struct {
	Name string     // what the values are: "g", "value", "genus"
	At   []*big.Int // the heaps
	Vals Listed     // Seq or Words, one per heap
}

// Listed is a value made of items, as CSV writes them one a record.
type Listed interface {
	Value
	Items() []string
}

// Items are the words.
func (v Words) Items() []string { return v }

// Items are the numbers, written out.
func (v Seq) Items() []string {
	out := make([]string, len(v))
	for i, x := range v {
		out[i] = x.String()
	}
	return out
}

func (v Indexed) String() string { return v.Vals.String() }
func (v Indexed) What() string   { return v.Vals.What() }

// GenusVal is the genus of a position, as written: 0^{120}.
type GenusVal string

func (v GenusVal) String() string { return string(v) }
func (GenusVal) What() string     { return "a genus" }

// QuotientVal is what quotient(G) finds.
type QuotientVal struct{ Q *misere.Quotient }

func (v QuotientVal) String() string { return v.Q.String() }
func (QuotientVal) What() string     { return "a misère quotient" }

// Misere is the session's solver of misère play, for programs and tests
// that ask it directly.
func (in *Interp) Misere() *misere.Solver { return in.misere() }

// misere is the session's solver of misère play.
func (in *Interp) misere() *misere.Solver {
	return in.solver(misere.Convention).(*misere.Solver)
}

// heapArgs reads (G, a..b): a ruleset of one number and a range of them,
// calling f with each number and its position.
func (in *Interp) heapArgs(ctx context.Context, call *lang.Call, args []Value, f func(n *big.Int, p game.Position) error) error {
	name := call.Fn.(*lang.Ident).Name
	r, ok := oneNumber(args[0])
	if !ok {
		return errorf(call.Pos, "%s(G, a..b) needs a heap ruleset, not %s", name, args[0])
	}
	argPos := lang.ExprPos(call.Args[1])
	if rg, ok := args[1].(Range); ok {
		if _, err := in.rangeLen(rg, argPos, name+"(G, a..b)"); err != nil {
			return err
		}
	}
	return eachInt(args[1], argPos, func(n *big.Int) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		s, err := r.Kind().Make(r.Name(), []*big.Int{n})
		if err != nil {
			return errorf(argPos, "%v", err)
		}
		return f(n, game.Position{{Rules: r, State: s}})
	})
}

func fnGenus(in *Interp, ctx context.Context, call *lang.Call, args []Value) (Value, error) {
	if len(args) == 2 {
		var out Words
		var heaps []*big.Int
		err := in.heapArgs(ctx, call, args, func(n *big.Int, p game.Position) error {
			g, _, err := in.misere().Genus(ctx, p)
			out = append(out, g.String())
			heaps = append(heaps, n)
			return err
		})
		return Indexed{Name: "genus", At: heaps, Vals: out}, at(call.Pos, err)
	}
	p, err := position(args[0], call.Pos)
	if err != nil {
		return nil, err
	}
	g, _, err := in.misere().Genus(ctx, p)
	if err != nil {
		return nil, at(call.Pos, err)
	}
	return GenusVal(g.String()), nil
}

func fnTame(in *Interp, ctx context.Context, call *lang.Call, args []Value) (Value, error) {
	p, err := position(args[0], call.Pos)
	if err != nil {
		return nil, err
	}
	tame, err := in.misere().Tame(ctx, p)
	return Bool(tame), at(call.Pos, err)
}

// defaultQuotientBound is how far quotient(G) looks for a period.
const defaultQuotientBound = 400

func fnQuotient(in *Interp, ctx context.Context, call *lang.Call, args []Value) (Value, error) {
	rv, ok := args[0].(RulesetVal)
	if !ok {
		return nil, errorf(call.Pos, "quotient(G) needs a heap ruleset, not %s", typeName(args[0]))
	}
	bound := int64(defaultQuotientBound)
	if len(args) == 2 {
		b, ok := args[1].(Int)
		if !ok || !b.V.IsInt64() || b.V.Int64() < 1 || b.V.Int64() > 1<<20 {
			return nil, errorf(lang.ExprPos(call.Args[1]), "the bound of quotient(G, bound) is a heap size from 1 to %d, not %s", 1<<20, args[1])
		}
		bound = b.V.Int64()
	}
	q, err := in.misere().Quotient(ctx, rv.R, int32(bound))
	if err != nil {
		return nil, at(call.Pos, err)
	}
	return QuotientVal{q}, nil
}
