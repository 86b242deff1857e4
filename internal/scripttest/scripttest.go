// Package scripttest is what the tests of many packages share to run
// gamelang scripts in a session that knows every kind, convention and
// query (package lib), and the brute forces they check the solvers
// against, written apart from the solvers.
package scripttest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/gamelang/gamelang/eval"
	"github.com/gamelang/gamelang/game"
	_ "github.com/gamelang/gamelang/lib" // the sessions know gamelang's kinds, conventions and queries
)

// Defs defines the games of the seed documents, for NewInterp.
const Defs = `
game Kayles { take 1..2 split }
game KaylesCode = octal("0.77")
game DawsonKayles { take 2 split }
game DawsonKaylesCode = octal("0.07")
game DawsonsChess = octal("0.137")
game Chess137 { take 1 leaving 0; take 2 leaving 0..1; take 3 leaving 0..2 }
game Bounded(m) { take 1..m }
game ThueMorse(m) { take 1..m  loses if odd(popcount(n)) }
game Wythoff state (a, b) {
    move (a - k, b)     for k in 1..a
    move (a, b - k)     for k in 1..b
    move (a - k, b - k) for k in 1..min(a, b)
}
game FibonacciNim state (n, cap) { move (n - k, 2 * k) for k in 1..min(n, cap) }
game NumberGame set { pick x in 2..20  forbid sums }
game SNim(S) { take S }
`

// NewInterp is a session with Defs defined.
func NewInterp(t testing.TB) *eval.Interp {
	t.Helper()
	in := eval.New(eval.Config{Out: new(strings.Builder)})
	if err := in.Exec(context.Background(), "defs.game", Defs); err != nil {
		t.Fatal(in.Render(err))
	}
	return in
}

// Out runs a script in a new session and returns what it printed.
func Out(t *testing.T, src string) string {
	t.Helper()
	var buf bytes.Buffer
	in := eval.New(eval.Config{Out: &buf})
	if err := in.Exec(context.Background(), "<test>", src); err != nil {
		t.Fatalf("%s\n%s", src, in.Render(err))
	}
	return strings.TrimSpace(buf.String())
}

// BothWays checks that a script prints want with the fast paths and with
// the generic solvers (Config.Generic) alike.
func BothWays(t *testing.T, src, want string) {
	t.Helper()
	for _, generic := range []bool{false, true} {
		var out bytes.Buffer
		in := eval.New(eval.Config{Out: &out, Generic: generic})
		if err := in.Exec(context.Background(), "<test>", src); err != nil {
			t.Fatalf("%s\n%s", src, in.Render(err))
		}
		if got := strings.TrimSpace(out.String()); got != want {
			t.Fatalf("generic %v:\n%s\n got %s\nwant %s", generic, src, got, want)
		}
	}
}

// Failure runs a script that must fail and returns its rendered error
// ("" after reporting a script that did not fail).
func Failure(t *testing.T, src string) string {
	t.Helper()
	var buf bytes.Buffer
	in := eval.New(eval.Config{Out: &buf})
	err := in.Exec(context.Background(), "<test>", src)
	if err == nil {
		t.Errorf("%s: no error, printed %q", src, buf.String())
		return ""
	}
	return in.Render(err)
}

// WantError runs a script and checks that it fails with an error that
// says want.
func WantError(t *testing.T, src, want string) {
	t.Helper()
	var buf bytes.Buffer
	in := eval.New(eval.Config{Out: &buf})
	err := in.Exec(context.Background(), "<test>", src)
	if err == nil || !strings.Contains(in.Render(err), want) {
		t.Errorf("%s: %v, want an error that says %q", src, err, want)
	}
}

// MustEval evaluates expr in the session, failing the test on an error.
func MustEval(t testing.TB, in *eval.Interp, expr string) eval.Value {
	t.Helper()
	v, err := in.Eval(context.Background(), expr)
	if err != nil {
		t.Fatalf("%s: %s", expr, in.Render(err))
	}
	return v
}

// Ruleset returns the compiled ruleset a name is bound to.
func Ruleset(t testing.TB, in *eval.Interp, name string) game.Ruleset {
	t.Helper()
	r, ok := MustEval(t, in, name).(eval.RulesetVal)
	if !ok {
		t.Fatalf("%s is not a ruleset", name)
	}
	return r.R
}

// At is the position of r written with the numbers xs.
func At(t testing.TB, r game.Ruleset, xs ...int64) game.Position {
	t.Helper()
	nums := make([]*big.Int, len(xs))
	for i, x := range xs {
		nums[i] = big.NewInt(x)
	}
	s, err := r.Kind().Make(r.Name(), nums)
	if err != nil {
		t.Fatal(err)
	}
	return game.Position{{Rules: r, State: s}}
}

// BruteValue is the Grundy value of start by a memoized mex over next,
// the positions its moves reach.
func BruteValue[K comparable](start K, next func(K) []K) int {
	memo := map[K]int{}
	var g func(K) int
	g = func(p K) int {
		if v, ok := memo[p]; ok {
			return v
		}
		seen := map[int]bool{}
		for _, q := range next(p) {
			seen[g(q)] = true
		}
		v := 0
		for seen[v] {
			v++
		}
		memo[p] = v
		return v
	}
	return g(start)
}

// NodeKaylesMoves are the vertex sets a move of Node Kayles removes from
// the vertices left (bitmasks over adj): a vertex and its neighbours.
func NodeKaylesMoves(left uint64, adj []uint64) []uint64 {
	var out []uint64
	for v := range adj {
		if left&(1<<v) != 0 {
			out = append(out, (1<<v|adj[v])&left)
		}
	}
	return out
}

// RandomGraph is a graph of n vertices v0..v(n-1), each edge there with
// probability p: its text for graph() and its adjacency bitmasks.
func RandomGraph(r *rand.Rand, n int, p float64) (string, []uint64) {
	adj := make([]uint64, n)
	var words []string
	for u := range n {
		words = append(words, fmt.Sprintf("v%d", u)) // every vertex, in order
	}
	for u := range n {
		for v := u + 1; v < n; v++ {
			if r.Float64() < p {
				adj[u] |= 1 << v
				adj[v] |= 1 << u
				words = append(words, fmt.Sprintf("v%d-v%d", u, v))
			}
		}
	}
	return strings.Join(words, " "), adj
}

// HackenbushBrute values Green Hackenbush on a multigraph (loops allowed)
// with the nodes of the mask ground on the ground, over bitmasks of the
// edges left; it also says whether every edge is joined to the ground.
func HackenbushBrute(nodes int, ground uint, ends [][2]int) (int, bool) {
	grounded := func(left uint) uint { // the edges still joined to the ground
		reach := ground // nodes reached
		for changed := true; changed; {
			changed = false
			for e, p := range ends {
				if left&(1<<e) != 0 && (reach>>p[0]&1 != reach>>p[1]&1) {
					reach |= 1<<p[0] | 1<<p[1]
					changed = true
				}
			}
		}
		var out uint
		for e, p := range ends {
			if left&(1<<e) != 0 && reach&(1<<p[0]) != 0 {
				out |= 1 << e
			}
		}
		return out
	}
	value := func(start uint) int {
		return BruteValue(start, func(left uint) []uint {
			var out []uint
			for e := range ends {
				if left&(1<<e) != 0 {
					out = append(out, grounded(left&^(1<<e)))
				}
			}
			return out
		})
	}
	all := uint(1)<<len(ends) - 1
	return value(grounded(all)), grounded(all) == all
}

// ErrNegative is what a brute force of moves on numbers returns when a move
// would leave a negative number.
var ErrNegative = errors.New("negative")

// Addend writes c·name as an addend of a rule's expression: " + 2 * x",
// " - y", "" for c = 0.
func Addend(c int64, name string) string {
	switch {
	case c == 0:
		return ""
	case c == 1:
		return " + " + name
	case c == -1:
		return " - " + name
	case c < 0:
		return fmt.Sprintf(" - %d * %s", -c, name)
	}
	return fmt.Sprintf(" + %d * %s", c, name)
}
