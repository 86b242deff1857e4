package eval_test

// The model is open: a kind of position and a play convention that the
// interpreter has never heard of plug in through Config, and the language
// declares, checks, solves and plays them like its own. The kind is a row
// of coins (Turning Turtles), the convention a search over a sum's own
// positions; both are checked against theory and against the builtin path.

import (
	"context"
	"fmt"
	"math/big"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/gamelang/gamelang/eval"
	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/internal/scripttest"
	"github.com/gamelang/gamelang/lang"
	"github.com/gamelang/gamelang/lib"
	"github.com/gamelang/gamelang/play"
	"github.com/gamelang/gamelang/rules"
)

// coins is the kind: `game T coins { }`, positions T(1, 0, 1) with 1 for
// heads. A move turns a head to tails and may turn one coin to its left.
type coins struct{}

func (coins) Word() string                                         { return "coins" }
func (coins) Describe() string                                     { return "row of coins" }
func (coins) Rules() []string                                      { return nil }
func (coins) Locals(*lang.GameDecl) []rules.Local                  { return nil }
func (coins) Check(*lang.GameDecl, func(lang.Pos, string, ...any)) {}
func (coins) Position(d *lang.GameDecl, _ int, braces bool) string {
	if braces {
		return d.Name + " is a row of coins: write it as " + d.Name + "(1, 0, 1)"
	}
	return ""
}
func (coins) Compile(_ *lang.GameDecl, name string, _ *rules.Scope, _ rules.Options) (game.Ruleset, error) {
	return &turtles{name: name}, nil
}

// row is the game.Kind: a position is a string of '0' and '1'.
type row struct{}

func (row) Name() string { return "row of coins" }
func (row) Make(name string, nums []*big.Int) (game.State, error) {
	s := ""
	for _, x := range nums {
		if x.Cmp(big.NewInt(1)) > 0 || x.Sign() < 0 {
			return nil, fmt.Errorf("a coin of %s is 1 (heads) or 0 (tails), not %s", name, x)
		}
		s += x.String()
	}
	return s, nil
}
func (row) Format(s game.State) string {
	return "(" + strings.Join(strings.Split(s.(string), ""), ", ") + ")"
}
func (row) Braces() bool                { return false }
func (row) Example(name string) string  { return name + "(1, 0, 1)" }
func (row) Coords() []string            { return nil }
func (row) Compare(a, b game.State) int { return strings.Compare(a.(string), b.(string)) }
func (row) Encode(s game.State) string  { return s.(string) }

type turtles struct{ name string }

func (t *turtles) Name() string            { return t.name }
func (t *turtles) Kind() game.Kind         { return row{} }
func (t *turtles) Decided(game.State) bool { return false }
func (t *turtles) Moves(_ context.Context, s game.State) ([]game.Move, error) {
	c := []byte(s.(string))
	var out []game.Move
	flip := func(i int) { c[i] ^= '0' ^ '1' }
	for i := range c {
		if c[i] != '1' {
			continue
		}
		flip(i)
		out = append(out, game.Move{To: []game.Component{{Rules: t, State: string(c)}}})
		for j := 0; j < i; j++ {
			flip(j)
			out = append(out, game.Move{To: []game.Component{{Rules: t, State: string(c)}}})
			flip(j)
		}
		flip(i)
	}
	return out, nil
}

// search is the convention: who wins, by searching the positions of the sum
// itself — no values, no XOR.
type search struct{}

func (search) Name() string             { return "search" }
func (search) Doc() string              { return "normal play, by searching the sum itself" }
func (search) New(play.Env) play.Solver { return &searcher{memo: map[string]bool{}} }

type searcher struct{ memo map[string]bool }

type outcome game.Outcome

func (o outcome) String() string        { return game.Outcome(o).String() }
func (o outcome) Label() string         { return "outcome" }
func (o outcome) Outcome() game.Outcome { return game.Outcome(o) }

func key(p game.Position) string {
	var ks []string
	for _, c := range p {
		ks = append(ks, c.Rules.Name()+c.Rules.Kind().Encode(c.State))
	}
	slices.Sort(ks)
	return strings.Join(ks, "+")
}

func (s *searcher) wins(ctx context.Context, p game.Position) (bool, error) {
	if w, ok := s.memo[key(p)]; ok {
		return w, nil
	}
	w := false
	for i, c := range p {
		moves, err := c.Rules.Moves(ctx, c.State)
		if err != nil {
			return false, err
		}
		for _, m := range moves {
			lw, err := s.wins(ctx, p.Replace(i, m.To))
			if err != nil {
				return false, err
			}
			w = w || !lw
		}
	}
	s.memo[key(p)] = w
	return w, nil
}

func (s *searcher) Outcome(ctx context.Context, p game.Position) (game.Outcome, error) {
	w, err := s.wins(ctx, p)
	if w {
		return game.N, err
	}
	return game.P, err
}
func (s *searcher) Value(ctx context.Context, p game.Position) (play.Value, error) {
	o, err := s.Outcome(ctx, p)
	return outcome(o), err
}
func (s *searcher) Options(ctx context.Context, p game.Position) ([]play.Option, error) {
	return play.OptionsBy(ctx, nil, p, s.Value)
}
func (s *searcher) Winning(ctx context.Context, p game.Position) ([]play.Option, error) {
	opts, err := s.Options(ctx, p)
	return play.ToP(opts), err
}
func (s *searcher) Describe(game.Ruleset) string { return "search over the positions of the sum" }

func openInterp(t *testing.T) *eval.Interp {
	t.Helper()
	in := eval.New(eval.Config{Out: new(strings.Builder),
		Kinds:       append(lib.Kinds(), coins{}),
		Conventions: append(lib.Conventions(), search{})})
	if err := in.Exec(context.Background(), "open.game", "game T coins { }\ngame K { take 1..2 split }"); err != nil {
		t.Fatal(in.Render(err))
	}
	return in
}

// Turning Turtles is Nim with a heap of size i for each head at place i
// (Winning Ways, ch. 14): the generic solver finds those values.
func TestNewKindOfPosition(t *testing.T) {
	t.Parallel() // each owns its session
	in := openInterp(t)
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := 0; trial < 60; trial++ {
		var coins []string
		want := 0
		for i := 1; i <= 1+rng.IntN(9); i++ {
			c := rng.IntN(2)
			coins = append(coins, fmt.Sprint(c))
			if c == 1 {
				want ^= i
			}
		}
		expr := "grundy(T(" + strings.Join(coins, ", ") + "))"
		if got := scripttest.MustEval(t, in, expr).String(); got != fmt.Sprint(want) {
			t.Fatalf("%s = %s; Turning Turtles theory says %d", expr, got, want)
		}
	}
	for expr, want := range map[string]string{
		"outcome(T(1, 1) + K(3))": "P",                        // 1 xor 2 xor g(3) = 3 xor 3
		"winning(T(0, 1, 1))":     "T(0, 1, 1) -> T(0, 0, 0)", // the only move to 0 from 2 xor 3
		"solver(T)":               "generic: memoized mex over the moves of each position",
		"explain(T(0, 1), 0)":     "T(0, 1) has 2 moves",
	} {
		if got := scripttest.MustEval(t, in, expr).String(); !strings.Contains(got, want) {
			t.Errorf("%s = %q, want it to contain %q", expr, got, want)
		}
	}
	bad := eval.New(eval.Config{Out: new(strings.Builder), Kinds: append(lib.Kinds(), coins{})})
	err := bad.Exec(context.Background(), "bad.game", "game U coins { take 1 }\ngame V dice { }")
	for _, want := range []string{
		"bad.game:1:16: a 'take' rule does not belong in a row of coins ruleset (it belongs in heap rulesets)",
		"bad.game:2:8: dice is not a kind of game;",
	} {
		if err == nil || !strings.Contains(bad.Render(err), want) {
			t.Errorf("errors:\n%v\nwant %q", err, want)
		}
	}
}

// The search convention answers every query like normal play does, on sums
// of the new kind and a heap game.
func TestNewPlayConvention(t *testing.T) {
	t.Parallel() // each owns its session
	in := openInterp(t)
	for _, p := range []string{"T(1, 0, 1)", "T(1, 1) + K(3)", "T(0, 1, 1) + K(2) + K(5)", "K(4) + K(4)", "T(1, 0, 0, 1) + T(1)"} {
		for _, q := range []string{"outcome(%s)", "winning(%s)"} {
			normal := scripttest.MustEval(t, in, fmt.Sprintf(q, p)).String()
			searched := scripttest.MustEval(t, in, fmt.Sprintf(q[:len(q)-1]+", search)", p)).String()
			if normal != searched {
				t.Errorf("%s: normal play says %q, the search says %q", fmt.Sprintf(q, p), normal, searched)
			}
		}
	}
	if got := scripttest.MustEval(t, in, "options(K(2), search)").String(); !strings.Contains(got, "K(2) -> K(1)  outcome N") {
		t.Errorf("options under search:\n%s", got)
	}
}

// Regression: G(3) then G("3") returned the ruleset made for G(3), because
// instances were kept by their printed names.
func TestInstancesKeptByTypeAndValue(t *testing.T) {
	t.Parallel() // each owns its session
	in := eval.New(eval.Config{Out: new(strings.Builder)})
	if err := in.Exec(context.Background(), "g.game", "game G(m) { take 1..m }"); err != nil {
		t.Fatal(err)
	}
	if got := scripttest.MustEval(t, in, "grundy(G(3)(5))").String(); got != "1" {
		t.Fatalf("grundy(G(3)(5)) = %s", got)
	}
	_, err := in.Eval(context.Background(), `grundy(G("3")(5))`)
	if err == nil || !strings.Contains(err.Error(), "m is a string, not a number") {
		t.Fatalf(`G("3") gives %v, want an error about m`, err)
	}
}
