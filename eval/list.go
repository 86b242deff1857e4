package eval

import (
	"context"
	"math/big"

	"github.com/gamelang/gamelang/lang"
)

// Lists: [3, 3, 5] keeps its numbers in order with their repeats (a set,
// {3, 3, 5}, is {3, 5}); [e for x in S if c] is the list of a comprehension;
// xs[i] is the element at i, counted from 0 (from the end when negative).
// Ranges and sets inside the brackets give their numbers, as in a set;
// lists do not nest.

// maxList bounds the numbers one list holds, as maxListed bounds a set.
const maxList = maxListed

func (in *Interp) listLit(ctx context.Context, e *lang.ListLit, env map[string]Value) (Value, error) {
	vals, err := in.evalAll(ctx, e.Elems, env)
	if err != nil {
		return nil, err
	}
	xs := []*big.Int{}
	for i, v := range vals {
		if err := in.appendList(&xs, v, e.Pos, lang.ExprPos(e.Elems[i])); err != nil {
			return nil, err
		}
	}
	return List{xs}, nil
}

// appendList adds the numbers v stands for to a list being built at p.
func (in *Interp) appendList(xs *[]*big.Int, v Value, p, at lang.Pos) error {
	if _, ok := v.(Int); !ok {
		if _, ok := elements(v); ok {
			return errorf(at, "a list holds numbers, and lists do not nest: write the numbers, or a range")
		}
	}
	return listInts(v, at, func(x *big.Int) error {
		if len(*xs) >= maxList {
			return errorf(p, "this list has more than %d numbers", maxList)
		}
		*xs = append(*xs, x)
		return nil
	})
}

// listComprehension is the list [e for ...], in the order of its for clauses.
func (in *Interp) listComprehension(ctx context.Context, c *lang.Comprehension, env map[string]Value) (Value, error) {
	xs := []*big.Int{}
	err := in.bindings(ctx, c, env, func(env2 map[string]Value) error {
		v, err := in.eval(ctx, c.Elem, env2)
		if err != nil {
			return err
		}
		return in.appendList(&xs, v, c.Pos, lang.ExprPos(c.Elem))
	})
	if err != nil {
		return nil, err
	}
	return List{xs}, nil
}

// index is xs[i].
func (in *Interp) index(ctx context.Context, e *lang.Index, env map[string]Value) (Value, error) {
	v, err := in.eval(ctx, e.X, env)
	if err != nil {
		return nil, err
	}
	xs, ok := elements(v)
	if !ok {
		return nil, errorf(e.Pos, "only a list or a sequence has elements by index, not %s", typeName(v))
	}
	i, err := in.intArg(ctx, e.I, env)
	if err != nil {
		return nil, err
	}
	n := big.NewInt(int64(len(xs)))
	at := new(big.Int).Set(i)
	if at.Sign() < 0 {
		at.Add(at, n)
	}
	if at.Sign() < 0 || at.Cmp(n) >= 0 {
		return nil, errorf(lang.ExprPos(e.I), "index %s is out of range: the list has %d numbers (0..%d, or -%d..-1 from the end)", i, len(xs), len(xs)-1, len(xs))
	}
	return Int{xs[at.Int64()]}, nil
}

// fnLen is len(x): how many numbers a list, sequence, set or bounded range
// holds, or how many characters a string has.
func fnLen(in *Interp, ctx context.Context, call *lang.Call, args []Value) (Value, error) {
	if xs, ok := elements(args[0]); ok {
		return Int{big.NewInt(int64(len(xs)))}, nil
	}
	switch v := args[0].(type) {
	case Listed: // loopy values or genera of a range of heaps, as words
		return Int{big.NewInt(int64(len(v.Items())))}, nil
	case Indexed:
		return Int{big.NewInt(int64(len(v.At)))}, nil
	case Set:
		return Int{big.NewInt(int64(len(v.Elems)))}, nil
	case Range:
		if v.Open {
			return nil, errorf(call.Pos, "an unbounded range (%s) has no length", v)
		}
		n := new(big.Int).Sub(v.Hi, v.Lo)
		n.Add(n, big.NewInt(1))
		if n.Sign() < 0 {
			n.SetInt64(0)
		}
		return Int{n}, nil
	case Str:
		return Int{big.NewInt(int64(len([]rune(string(v)))))}, nil
	}
	return nil, errorf(call.Pos, "len needs a list, a set, a range or a string, not %s", typeName(args[0]))
}
