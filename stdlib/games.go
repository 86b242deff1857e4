package stdlib

import (
	"fmt"
	"math/big"
	"strings"

	"github.com/gamelang/gamelang/builtin"
	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/octal"
	"github.com/gamelang/gamelang/rules/heap"
)

// The catalogue's types, as the library writes its games.
type (
	Env  = builtin.Env
	Arg  = builtin.Arg
	Game = builtin.Game
)

func init() { builtin.Register(games...) }

// Lookup returns the builtin game of that name.
func Lookup(name string) (*Game, bool) { return builtin.Lookup(name) }

// All lists the builtin games by name.
func All() []*Game { return builtin.All() }

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

// code returns the builtin ruleset of a code.
func code(name string, c octal.Code, env Env) *heap.CodeGame {
	return heap.NewCode(name, octal.Spec{Code: c, Origin: heap.OriginBuiltin}, env.Limits)
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

// fixed is a builtin game without parameters.
func fixed(name, doc, twin string, make func(Env) game.Ruleset) *Game {
	return &Game{Name: name, Doc: doc, Twin: twin, New: func(env Env, _ []Arg) (game.Ruleset, error) { return make(env), nil }}
}

// codeGame is a builtin game given by a code.
func codeGame(name, c, doc, twin string) *Game {
	return fixed(name, doc, twin, func(env Env) game.Ruleset { return code(name, mustParse(c), env) })
}

// defined is a builtin game written in gamelang.
func defined(name, doc, source string) *Game { return &Game{Name: name, Doc: doc, Twin: source} }

var games = []*Game{
	defined("NodeKayles", "take a vertex of a graph and its neighbours: NodeKayles(path(9)), positions split into components",
		"game NodeKayles graph { move (vertices - {v} - neighbours(v)) for v in vertices }"),
	defined("ArcKayles", "take the two ends of an edge of a graph: ArcKayles(cycle(8))",
		"game ArcKayles graph { move (vertices - {u, v}) for u in vertices for v in neighbours(u) if u < v }"),
	defined("Cram", "lay a domino on two free cells side by side: Arc Kayles on a grid, Cram(grid(4, 6))",
		"game Cram graph { move (vertices - {u, v}) for u in vertices for v in neighbours(u) if u < v }"),
	fixed("Hackenbush", `Green Hackenbush on any picture: cut an edge, and what no longer reaches the ground falls; the graph's first vertex is the ground, or name the grounded vertices: Hackenbush(graph("g-a a-b b-g b-c")), Hackenbush(graph("g-a a-h"), "g h"); edges written twice and loops a-a count; by the fusion and colon principles`,
		"game Hackenbush graph { move (connected(ground, vertices - {v})) for v in vertices if v != ground } (on a tree, each vertex but the ground standing for the edge below it)",
		func(e Env) game.Ruleset { return NewHackenbush(e.Limits) }),
	fixed("Nimstring", `strings and coins (Winning Ways, ch. 16): cut a string; who leaves a coin with no string captures it and must move again; the graph's first vertex is the ground, or name the grounded vertices: Nimstring(graph("g-a a-b b-g")); values under entailing play, ∞ for loony`,
		"game Nimstring { cut a string; capturing a coin: move again } (strings and coins; its moves oblige, so the entailing convention plays it)",
		func(e Env) game.Ruleset { return NewNimstring(e.Limits) }),
	defined("TopEntails", "Top Entails (Winning Ways, ch. 12): split a stack into two, or take its top coin, and the other player must answer in that stack; values under entailing play, ∞ for loony (stacks of 1, 3, 2403, 2505...)",
		"game TopEntails { take 1 entailing; take 0 leaving 2 }"),
	defined("Chomp", "bite a chocolate bar given by its rows, Chomp(4, 4, 3); whoever must take the poisoned corner loses",
		"game Chomp list { move (if r < i then at(r) else min(at(r), j) for r in 0..len - 1 if r < i or j > 0) for i in 0..len - 1 for j in 0..at(i) - 1 if i + j > 0 }"),
	defined("StaircaseNim", "move coins down one step of a staircase, StaircaseNim(3, 1, 4): Nim on the odd steps",
		"game StaircaseNim list { move (at(0) - k, after(0)) for k in 1..at(0); move (before(i - 1), at(i - 1) + k, at(i) - k, after(i)) for i in 1..len - 1 for k in 1..at(i) }"),
	defined("TurningTurtles", `turn a head over, and perhaps one coin to its left: TurningTurtles("THHTH"), the nim sum of the places of the heads`,
		"game TurningTurtles list (T, H) { move (before(i), T, after(i)) for i in 0..len - 1 if at(i) == H; move (before(j), H + T - at(j), between(j, i), T, after(i)) for i in 0..len - 1 for j in 0..i - 1 if at(i) == H }"),
	fixed("Nim", "take any number of tokens from a heap: g(n) = n", "game Nim { take 1.. }",
		func(Env) game.Ruleset { return heap.NewBounded("Nim", nil, "") }),
	{Name: "Bounded", Params: []string{"m"}, Doc: "take 1 to m tokens (seed 001's game B): g(n) = n mod (m+1)", Twin: "game Bounded(m) { take 1..m }",
		New: makeBounded},
	{Name: "Subtraction", Params: []string{"S"}, Doc: "take k tokens for k in the set S (S-Nim): reach bitsets, period proved on the way", Twin: "game Subtraction(S) { take S }",
		New: makeSubtraction},
	codeGame("Kayles", "0.77", "knock down one pin or two adjacent ones from a row: octal 0.77, period 12", "game Kayles { take 1..2 split }"),
	codeGame("DawsonKayles", "0.07", "knock down two adjacent pins (seed 001's game C): octal 0.07, period 34", "game DawsonKayles { take 2 split }"),
	codeGame("DawsonsChess", "0.137", "Dawson's chess: octal 0.137, period 34", "game DawsonsChess { take 1 leaving 0; take 2 leaving 0..1; take 3 leaving 0..2 }"),
	fixed("GrundysGame", "split a heap into two unequal heaps: the sparse-space engine, no period known", "game GrundysGame { move (a, n - a) for a in 1..(n - 1) / 2 }",
		func(env Env) game.Ruleset {
			return code("GrundysGame", octal.NewCode([]octal.Digit{octal.LeaveTwo}, 0).UnequalSplits(), env)
		}),
	fixed("Wythoff", "take from one heap, or the same from both (POJ 1067): exact P-positions at any size", "game Wythoff state (a, b) { ... }",
		func(env Env) game.Ruleset { return NewWythoff(env.Limits) }),
	fixed("FibonacciNim", "take 1..cap, the next cap is twice the take (seed 004): Zeckendorf, at any size", "game FibonacciNim state (n, cap) { move (n - k, 2 * k) for k in 1..min(n, cap) }",
		func(env Env) game.Ruleset { return NewFibonacciNim(env.Limits) }),
	{Name: "NumberGame", Params: []string{"n"}, Doc: "pick from 2..n; picks, multiples and sums become forbidden (POJ 1143, n = 20)", Twin: "game NumberGame set { pick x in 2..20  forbid sums }",
		New: makeNumberGame},
	{Name: "ThueMorse", Params: []string{"m"}, Doc: "take 1..m; leaving an odious heap loses (TopCoder SRM 701): outcomes in O(m log n)", Twin: "game ThueMorse(m) { take 1..m  loses if odd(popcount(n)) }",
		New: makeThueMorse},
}

func makeBounded(_ Env, a []Arg) (game.Ruleset, error) {
	m, err := number("Bounded(m)", a[0], 0)
	if err != nil {
		return nil, err
	}
	return heap.NewBounded(fmt.Sprintf("Bounded(%s)", m), m, ""), nil
}

func makeSubtraction(env Env, a []Arg) (game.Ruleset, error) {
	s, ok := a[0].([]*big.Int)
	if !ok {
		s = []*big.Int{a[0].(*big.Int)}
	}
	c, err := SubtractionCode(s)
	if err != nil {
		return nil, err
	}
	return code(fmt.Sprintf("Subtraction(%s)", setString(s)), c, env), nil
}

func makeNumberGame(env Env, a []Arg) (game.Ruleset, error) {
	n, err := number("NumberGame(n)", a[0], 2)
	if err != nil {
		return nil, err
	}
	if !n.IsInt64() {
		return nil, fmt.Errorf("NumberGame(n) plays on 2..n for n up to %d", MaxNumberGame+1)
	}
	return NewNumberGame(n.Int64(), env.Limits)
}

func makeThueMorse(env Env, a []Arg) (game.Ruleset, error) {
	m, err := number("ThueMorse(m)", a[0], 1)
	if err != nil {
		return nil, err
	}
	if !m.IsInt64() {
		return nil, fmt.Errorf("ThueMorse(m) takes m up to %d", 1<<20)
	}
	return NewThueMorse(m.Int64(), env.Limits)
}

func setString(s []*big.Int) string {
	parts := make([]string, len(s))
	for i, x := range s {
		parts[i] = x.String()
	}
	return "{" + strings.Join(parts, ", ") + "}"
}
