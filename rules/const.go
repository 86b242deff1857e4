package rules

import (
	"math/big"

	"github.com/gamelang/gamelang/lang"
)

// Const is the value of a name that a rule uses but does not bind: a
// parameter of the game or a global. Rules can use numbers and truth
// values, and take from or loop over sets, lists and ranges.
type Const struct {
	kind  constKind
	ints  []*big.Int // the number; a set's members; a range's ends (one when open)
	truth bool
	typ   string // what any other value is, for messages: "a string"
	fn    *lang.LetStmt
}

type constKind int

const (
	constOther constKind = iota
	constInt
	constBool
	constSet
	constList
	constRange
	constFunc
)

// FuncConst is a function defined by let f(x, ...) = body: a rule that
// calls it runs its body with the parameters bound to the arguments.
func FuncConst(d *lang.LetStmt) Const { return Const{kind: constFunc, fn: d} }

// IntConst is a number.
func IntConst(x *big.Int) Const { return Const{kind: constInt, ints: []*big.Int{x}} }

// BoolConst is a truth value.
func BoolConst(b bool) Const { return Const{kind: constBool, truth: b} }

// SetConst is a set of numbers.
func SetConst(xs []*big.Int) Const { return Const{kind: constSet, ints: xs} }

// ListConst is a list of numbers: a rule loops over them in order, repeats
// included, as over a set.
func ListConst(xs []*big.Int) Const { return Const{kind: constList, ints: xs} }

// RangeConst is lo..hi, or lo.. when hi is nil.
func RangeConst(lo, hi *big.Int) Const {
	c := Const{kind: constRange, ints: []*big.Int{lo}}
	if hi != nil {
		c.ints = append(c.ints, hi)
	}
	return c
}

// OtherConst is a value rules cannot use; typ says what it is ("a string").
func OtherConst(typ string) Const { return Const{typ: typ} }

func (c Const) what() string {
	switch c.kind {
	case constInt:
		return "a number"
	case constBool:
		return "a truth value"
	case constSet:
		return "a set"
	case constList:
		return "a list"
	case constRange:
		return "a range"
	case constFunc:
		return "a function"
	}
	return c.typ
}
