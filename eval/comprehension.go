package eval

import (
	"context"
	"errors"
	"maps"
	"math/big"

	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/lang"
	"github.com/gamelang/gamelang/numeric"
	"github.com/gamelang/gamelang/solve"
)

// Comprehensions: {e for x in S ... if c} is a set, [e for ...] a list
// (list.go), and all, any, sum, xor, min and max take the same without
// brackets, a generator. The variables range over numbers (a range, a set,
// a list or a number) and are bound in a copy of the environment, one value
// at a time.

// errStop ends a walk over the bindings early (all and any know their answer).
var errStop = errors.New("stop")

// bindings runs f for every binding of c's variables that passes its
// condition, with the variables bound in env2.
func (in *Interp) bindings(ctx context.Context, c *lang.Comprehension, env map[string]Value, f func(env2 map[string]Value) error) error {
	env2 := maps.Clone(env)
	if env2 == nil {
		env2 = map[string]Value{}
	}
	steps := 0
	var loop func(depth int) error
	loop = func(depth int) error {
		if depth == len(c.Fors) {
			if c.Cond != nil {
				ok, err := in.truth(ctx, c.Cond, env2)
				if err != nil || !ok {
					return err
				}
			}
			return f(env2)
		}
		fc := c.Fors[depth]
		rng, err := in.eval(ctx, fc.Range, env2)
		if err != nil {
			return err
		}
		return eachIntUpTo(rng, lang.ExprPos(fc.Range), 0, func(x *big.Int) error { // no cap: ctx stops a long walk
			if steps++; steps%4096 == 0 {
				if err := ctx.Err(); err != nil {
					return &solve.InterruptedError{What: "a comprehension", Err: err}
				}
			}
			env2[fc.Var.Name] = Int{x}
			return loop(depth + 1)
		})
	}
	return loop(0)
}

// truth evaluates a condition.
func (in *Interp) truth(ctx context.Context, e lang.Expr, env map[string]Value) (bool, error) {
	v, err := in.eval(ctx, e, env)
	if err != nil {
		return false, err
	}
	b, ok := v.(Bool)
	if !ok {
		return false, errorf(lang.ExprPos(e), "expected a truth value (true or false), not %s", typeName(v))
	}
	return bool(b), nil
}

// setComprehension is the set {e for ...}.
func (in *Interp) setComprehension(ctx context.Context, c *lang.Comprehension, env map[string]Value) (Value, error) {
	var xs []*big.Int
	err := in.bindings(ctx, c, env, func(env2 map[string]Value) error {
		x, err := in.intArg(ctx, c.Elem, env2)
		if err != nil {
			return err
		}
		if len(xs) >= maxListed {
			return errorf(c.Pos, "this set has more than %d members", maxListed)
		}
		xs = append(xs, x)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return newSet(xs), nil
}

// generator answers all, any, sum, xor, min or max of a generator; sum adds
// positions too, into one disjunctive sum: sum(Nim(h) for h in hs).
func (in *Interp) generator(ctx context.Context, name string, c *lang.Comprehension, env map[string]Value) (Value, error) {
	var acc *big.Int
	var pos game.Position // the sum so far, when the values are positions
	n := 0
	result := name == "all"
	fn := numeric.Funcs[name]
	err := in.bindings(ctx, c, env, func(env2 map[string]Value) error {
		if name == "all" || name == "any" {
			ok, err := in.truth(ctx, c.Elem, env2)
			if err != nil {
				return err
			}
			if ok == (name == "any") {
				result = ok
				return errStop
			}
			return nil
		}
		v, err := in.eval(ctx, c.Elem, env2)
		if err != nil {
			return err
		}
		n++
		if p, ok := v.(PositionVal); ok && name == "sum" && acc == nil {
			pos = append(pos, p.P...)
			return nil
		}
		x, ok := v.(Int)
		if !ok || pos != nil {
			what := "numbers"
			if name == "sum" {
				what = "numbers, or positions to add"
			}
			return errorf(lang.ExprPos(c.Elem), "%s needs %s, not %s", name, what, typeName(v))
		}
		switch {
		case acc == nil:
			acc = new(big.Int).Set(x.V) // the generator's own: folded in place
		case fn.Fold != nil:
			fn.Fold(acc, x.V)
		default:
			acc, err = fn.Big([]*big.Int{acc, x.V})
		}
		return err
	})
	switch {
	case err != nil && err != errStop:
		return nil, err
	case name == "all" || name == "any":
		return Bool(result), nil
	case pos != nil:
		return PositionVal{pos}, nil
	case n == 0 && (name == "sum" || name == "xor"):
		return Int{new(big.Int)}, nil
	case n == 0:
		return nil, errorf(c.Pos, "%s of nothing: no value passed", name)
	}
	return Int{acc}, nil
}
