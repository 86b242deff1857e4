package stdlib

import (
	"fmt"
	"math/big"
	"sort"

	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/octal"
	"github.com/gamelang/gamelang/solve"
)

// Env is what a builtin needs from the session that makes it.
type Env struct {
	Limits *solve.Limits
}

// Arg is an argument of a builtin family: a number (*big.Int) or a set of
// numbers ([]*big.Int, ascending).
type Arg any

// Builtin is a builtin game: a ruleset, or a family of rulesets made from
// arguments (Bounded(3)).
type Builtin struct {
	Name   string
	Params []string // nil for a ruleset
	Doc    string
	Twin   string // the .game definition it answers like
	make   func(env Env, args []Arg) (game.Ruleset, error)
}

// Make returns the ruleset for the arguments (none for a ruleset).
func (b *Builtin) Make(env Env, args []Arg) (game.Ruleset, error) {
	if len(args) != len(b.Params) {
		return nil, fmt.Errorf("%s takes %d arguments, got %d", b.Name, len(b.Params), len(args))
	}
	return b.make(env, args)
}

var builtins = map[string]*Builtin{}

func register(b *Builtin) { builtins[b.Name] = b }

// Lookup returns the builtin game of that name.
func Lookup(name string) (*Builtin, bool) {
	b, ok := builtins[name]
	return b, ok
}

// All lists the builtin games by name.
func All() []*Builtin {
	var out []*Builtin
	for _, b := range builtins {
		out = append(out, b)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

func number(b string, a Arg, min int64) (*big.Int, error) {
	n, ok := a.(*big.Int)
	if !ok {
		return nil, fmt.Errorf("%s needs a number, not a set", b)
	}
	if n.Cmp(big.NewInt(min)) < 0 {
		return nil, fmt.Errorf("%s needs a number of at least %d, not %s", b, min, n)
	}
	return n, nil
}

func fixed(name string, c octal.Code, env Env) *Code {
	return NewCode(name, c, octal.Config{Limits: env.Limits}, OriginBuiltin)
}

func mustParse(code string) octal.Code {
	c, err := octal.Parse(code, 8)
	if err != nil {
		panic(err)
	}
	return c
}

// maxTake bounds the amounts of a subtraction set, whose code has one digit
// per amount.
const maxTake = 1 << 24

// SubtractionCode is the code of the subtraction game with amounts s.
func SubtractionCode(s []*big.Int) (octal.Code, error) {
	var d []octal.Digit
	for _, k := range s {
		if k.Sign() <= 0 || k.Cmp(big.NewInt(maxTake)) > 0 {
			return octal.Code{}, fmt.Errorf("the amounts of a subtraction game are from 1 to %d, not %s", maxTake, k)
		}
		for len(d) <= int(k.Int64()) {
			d = append(d, 0)
		}
		d[k.Int64()] = octal.LeaveNone | octal.LeaveOne
	}
	return octal.NewCode(d, 0), nil
}

func init() {
	register(&Builtin{Name: "Nim", Doc: "take any number of tokens from a heap: g(n) = n", Twin: "game Nim { take 1.. }",
		make: func(Env, []Arg) (game.Ruleset, error) { return NewNim(), nil }})
	register(&Builtin{Name: "Bounded", Params: []string{"m"}, Doc: "take 1 to m tokens (seed 001's game B): g(n) = n mod (m+1)", Twin: "game Bounded(m) { take 1..m }",
		make: func(_ Env, a []Arg) (game.Ruleset, error) {
			m, err := number("Bounded(m)", a[0], 0)
			if err != nil {
				return nil, err
			}
			return NewBounded(m), nil
		}})
	register(&Builtin{Name: "Subtraction", Params: []string{"S"}, Doc: "take k tokens for k in the set S (S-Nim): reach bitsets, period proved on the way", Twin: "game Subtraction(S) { take S }",
		make: func(env Env, a []Arg) (game.Ruleset, error) {
			s, ok := a[0].([]*big.Int)
			if !ok {
				s = []*big.Int{a[0].(*big.Int)}
			}
			c, err := SubtractionCode(s)
			if err != nil {
				return nil, err
			}
			return NewCode(fmt.Sprintf("Subtraction(%s)", setString(s)), c, octal.Config{Limits: env.Limits}, OriginBuiltin), nil
		}})
	register(&Builtin{Name: "Kayles", Doc: "knock down one pin or two adjacent ones from a row: octal 0.77, period 12", Twin: "game Kayles { take 1..2 split }",
		make: func(env Env, _ []Arg) (game.Ruleset, error) { return fixed("Kayles", mustParse("0.77"), env), nil }})
	register(&Builtin{Name: "DawsonKayles", Doc: "knock down two adjacent pins (seed 001's game C): octal 0.07, period 34", Twin: "game DawsonKayles { take 2 split }",
		make: func(env Env, _ []Arg) (game.Ruleset, error) {
			return fixed("DawsonKayles", mustParse("0.07"), env), nil
		}})
	register(&Builtin{Name: "DawsonsChess", Doc: "Dawson's chess: octal 0.137, period 34", Twin: "game DawsonsChess { take 1 leaving 0; take 2 leaving 0..1; take 3 leaving 0..2 }",
		make: func(env Env, _ []Arg) (game.Ruleset, error) {
			return fixed("DawsonsChess", mustParse("0.137"), env), nil
		}})
	register(&Builtin{Name: "GrundysGame", Doc: "split a heap into two unequal heaps: the sparse-space engine, no period known", Twin: "game GrundysGame { move (a, n - a) for a in 1..(n - 1) / 2 }",
		make: func(env Env, _ []Arg) (game.Ruleset, error) {
			return fixed("GrundysGame", octal.NewCode([]octal.Digit{octal.LeaveTwo}, 0).UnequalSplits(), env), nil
		}})
	register(&Builtin{Name: "Wythoff", Doc: "take from one heap, or the same from both (POJ 1067): exact P-positions at any size", Twin: "game Wythoff state (a, b) { ... }",
		make: func(env Env, _ []Arg) (game.Ruleset, error) { return NewWythoff(env.Limits), nil }})
	register(&Builtin{Name: "FibonacciNim", Doc: "take 1..cap, the next cap is twice the take (seed 004): Zeckendorf, at any size", Twin: "game FibonacciNim state (n, cap) { move (n - k, 2 * k) for k in 1..min(n, cap) }",
		make: func(env Env, _ []Arg) (game.Ruleset, error) { return NewFibonacciNim(env.Limits), nil }})
	register(&Builtin{Name: "NumberGame", Params: []string{"n"}, Doc: "pick from 2..n; picks, multiples and sums become forbidden (POJ 1143, n = 20)", Twin: "game NumberGame set { pick x in 2..20  forbid sums }",
		make: func(env Env, a []Arg) (game.Ruleset, error) {
			n, err := number("NumberGame(n)", a[0], 2)
			if err != nil {
				return nil, err
			}
			if !n.IsInt64() {
				return nil, fmt.Errorf("NumberGame(n) plays on 2..n for n up to %d", MaxNumberGame+1)
			}
			return NewNumberGame(n.Int64(), env.Limits)
		}})
	register(&Builtin{Name: "ThueMorse", Params: []string{"m"}, Doc: "take 1..m; leaving an odious heap loses (TopCoder SRM 701): outcomes in O(m log n)", Twin: "game ThueMorse(m) { take 1..m  loses if odd(popcount(n)) }",
		make: func(env Env, a []Arg) (game.Ruleset, error) {
			m, err := number("ThueMorse(m)", a[0], 1)
			if err != nil {
				return nil, err
			}
			if !m.IsInt64() {
				return nil, fmt.Errorf("ThueMorse(m) takes m up to %d", 1<<20)
			}
			return NewThueMorse(m.Int64(), env.Limits)
		}})
}

func setString(s []*big.Int) string {
	out := "{"
	for i, x := range s {
		if i > 0 {
			out += ", "
		}
		out += x.String()
	}
	return out + "}"
}
