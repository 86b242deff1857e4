package rules

// Block evaluation of a rule expression over consecutive heaps. A 'loses if'
// condition is asked of every heap in turn, hundreds of millions of times in a
// long run; evaluated per heap, its closures cost more than the engine that
// asks. Compiled here a second time, each node fills a block of results for
// n = from .. from+len-1 in a loop, so the call overhead is paid once per
// block. The results are those of the scalar closures, errors included:
// 'and'/'or' evaluate their right side for every heap of the block, so they
// are compiled to blocks only when that side cannot fail; any node not
// handled here leaves the expression to the scalar closures.

import (
	"math"
	"math/bits"

	"github.com/gamelang/gamelang/lang"
	"github.com/gamelang/gamelang/solve"
)

// BlockFunc fills out[i] with the expression's value for n = from + i, the
// other registers as in r.
type BlockFunc func(r []int64, from int64, out []int64)

// block is a compiled block expression; total means it cannot fail.
type block struct {
	fn    BlockFunc
	total bool
}

// CompileBlock compiles e for blocks of the heap register (slot 0), or
// reports false when some node is not handled.
func (s *Scope) CompileBlock(e lang.Expr) (f BlockFunc, ok bool) {
	defer func() {
		if r := recover(); r != nil {
			if _, isStop := solve.Stopped(r); !isStop {
				panic(r)
			}
			ok = false // a constant that fails: the scalar closures report it
		}
	}()
	b, ok := s.blockExpr(e)
	return b.fn, ok
}

func fill(out []int64, v int64) {
	for i := range out {
		out[i] = v
	}
}

func (s *Scope) blockExpr(e lang.Expr) (block, bool) {
	switch e := e.(type) {
	case *lang.Paren:
		return s.blockExpr(e.X)
	case *lang.IntLit, *lang.Ident:
		if id, ok := e.(*lang.Ident); ok {
			if slot, bound := s.slots[id.Name]; bound {
				if slot != 0 {
					return block{}, false
				}
				return block{fn: func(_ []int64, from int64, out []int64) {
					for i := range out {
						out[i] = from + int64(i)
					}
				}, total: true}, true
			}
		}
		c := s.intExpr(e)
		return block{fn: func(_ []int64, _ int64, out []int64) { fill(out, c.Val) }, total: true}, c.Const
	case *lang.Unary:
		return s.blockUnary(e)
	case *lang.Binary:
		return s.blockBinary(e)
	case *lang.Call:
		return s.blockCall(e)
	}
	return block{}, false
}

func (s *Scope) blockUnary(e *lang.Unary) (block, bool) {
	x, ok := s.blockExpr(e.X)
	if !ok {
		return block{}, false
	}
	if e.Op == "not" {
		return block{fn: func(r []int64, from int64, out []int64) {
			x.fn(r, from, out)
			for i, v := range out {
				out[i] = b2i(v == 0)
			}
		}, total: x.total}, true
	}
	return block{fn: func(r []int64, from int64, out []int64) {
		x.fn(r, from, out)
		for i, v := range out {
			if v == math.MinInt64 {
				Fail(e.Pos, "integer overflow")
			}
			out[i] = -v
		}
	}}, true
}

func (s *Scope) blockBinary(e *lang.Binary) (block, bool) {
	l, okL := s.blockExpr(e.Left)
	r, okR := s.blockExpr(e.Right)
	if !okL || !okR {
		return block{}, false
	}
	if (e.Op == "and" || e.Op == "or") && !r.total {
		return block{}, false
	}
	var tmp []int64
	both := func(regs []int64, from int64, out []int64) []int64 {
		if len(tmp) < len(out) {
			tmp = make([]int64, len(out))
		}
		l.fn(regs, from, out)
		r.fn(regs, from, tmp[:len(out)])
		return tmp[:len(out)]
	}
	total := l.total && r.total
	switch e.Op {
	case "and", "or":
		stop := b2i(e.Op == "or")
		return block{fn: func(regs []int64, from int64, out []int64) {
			right := both(regs, from, out)
			for i, v := range out {
				if b2i(v != 0) == stop {
					out[i] = stop
				} else {
					out[i] = b2i(right[i] != 0)
				}
			}
		}, total: total}, true
	case "==", "!=", "<", "<=", ">", ">=":
		cmp := compare(e.Op)
		return block{fn: func(regs []int64, from int64, out []int64) {
			right := both(regs, from, out)
			for i, v := range out {
				out[i] = cmp(v, right[i])
			}
		}, total: total}, true
	}
	op := intOp(e.Op, e.OpPos)
	return block{fn: func(regs []int64, from int64, out []int64) {
		right := both(regs, from, out)
		for i, v := range out {
			out[i] = op(v, right[i])
		}
	}}, true
}

func (s *Scope) blockCall(e *lang.Call) (block, bool) {
	id, ok := e.Fn.(*lang.Ident)
	if !ok || len(e.Args) != 1 {
		return block{}, false
	}
	x, ok := s.blockExpr(e.Args[0])
	if !ok {
		return block{}, false
	}
	loop := map[string]func(out []int64){
		"odd": func(out []int64) {
			for i, v := range out {
				out[i] = v & 1
			}
		},
		"even": func(out []int64) {
			for i, v := range out {
				out[i] = 1 - v&1
			}
		},
		"popcount": func(out []int64) {
			for i, v := range out {
				if v < 0 {
					Fail(e.Pos, "popcount of a negative number (%d)", v)
				}
				out[i] = int64(bits.OnesCount64(uint64(v)))
			}
		},
		"abs": func(out []int64) {
			for i, v := range out {
				out[i] = absChecked(e.Pos, v)
			}
		},
		"min": func([]int64) {}, "max": func([]int64) {}, "xor": func([]int64) {},
	}[id.Name]
	if loop == nil {
		return block{}, false
	}
	total := x.total && id.Name != "popcount" && id.Name != "abs"
	return block{fn: func(r []int64, from int64, out []int64) {
		x.fn(r, from, out)
		loop(out)
	}, total: total}, true
}
