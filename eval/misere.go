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
	"github.com/gamelang/gamelang/solve"
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

// heapArgs reads (G, a..b): a ruleset of one number and a range of them,
// calling f with each number and its position.
func (in *Interp) heapArgs(ctx context.Context, call *lang.Call, args []Value, f func(n *big.Int, p game.Position) error) error {
	return in.HeapArgs(ctx, call, args, f)
}

// HeapArgs reads the arguments (G, a..b) of a call: a ruleset of one
// number and a range or set of them, calling f with each number and its
// position; its errors point into the call.
func (in *Interp) HeapArgs(ctx context.Context, call *lang.Call, args []Value, f func(n *big.Int, p game.Position) error) error {
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
			return &solve.InterruptedError{What: "the values of " + r.Name(), Err: err}
		}
		s, err := r.Kind().Make(r.Name(), []*big.Int{n})
		if err != nil {
			return errorf(argPos, "%v", err)
		}
		return f(n, game.Position{{Rules: r, State: s}})
	})
}
