package stdlib_test

// The builtin Green Hackenbush on any picture: loops, edges written twice,
// cycles, several vertices on the ground. Checked against the values the
// texts give (Winning Ways ch. 7, Lessons in Play ch. 7: a loop is worth
// an edge, a circuit through the ground of n edges fuses into n loops, a
// stalk of m edges under x is worth x + m), against the brute force of
// graph_test.go over the sets of edges left (it knows no principle), and
// against the generic solver, which searches the moves the builtin lists.

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/gamelang/gamelang/eval"
	"github.com/gamelang/gamelang/internal/scripttest"
)

func TestHackenbushPublished(t *testing.T) {
	t.Parallel()
	cycle := func(n int) string { // a circuit of n edges through the ground
		w := []string{"g"}
		prev := "g"
		for i := 1; i < n; i++ {
			w = append(w, fmt.Sprintf("%s-a%d", prev, i))
			prev = fmt.Sprintf("a%d", i)
		}
		return strings.Join(append(w, prev+"-g"), " ")
	}
	for _, c := range []struct{ pos, want string }{
		// the two pictures, worked by hand: a triangle on the
		// ground fuses into three loops; two edges from the ground to a
		// fuse into two
		{`Hackenbush(graph("g na nb g-na na-nb nb-g"))`, "1"},
		{`Hackenbush(graph("g a g-a g-a"))`, "0"},
		// a loop is worth a single edge, and loops add by XOR
		{`Hackenbush(graph("g-g"))`, "1"},
		{`Hackenbush(graph("g-g g-g"))`, "0"},
		{`Hackenbush(graph("g-g g-g g-g"))`, "1"},
		{`Hackenbush(graph("g-a a-a"))`, "2"},
		// a square standing on the ground at two vertices: its three
		// edges off the ground make a circuit through it
		{`Hackenbush(graph("l-a a-b b-r"), "l r")`, "1"},
		// a stalk of 3 under a triangle: 1 + 3
		{`Hackenbush(graph("g-s1 s1-s2 s2-t t-u u-v v-t"))`, "4"},
		// the house of Winning Ways' fusion: a square on the ground with a
		// triangle roof fuses whole: 2 walls + 1 ceiling + 2 roof = 5 loops
		{`Hackenbush(graph("l-a a-b b-r a-c c-b"), "l r")`, "1"},
		// a tree by the colon principle: b carries 1, a carries (1 + 1) xor 1 = 3,
		// e carries 1; at the ground (3 + 1) xor (1 + 1) = 6
		{`Hackenbush(graph("g-a a-b a-c b-d  g-e e-f"))`, "6"},
		// edges not reaching the ground have fallen
		{`Hackenbush(graph("g-a x-y y-z"))`, "1"},
	} {
		if got := scripttest.Out(t, "grundy("+c.pos+")"); got != c.want {
			t.Errorf("grundy(%s) = %s, want %s", c.pos, got, c.want)
		}
	}
	for n := 2; n <= 12; n++ {
		if got := scripttest.Out(t, fmt.Sprintf("grundy(Hackenbush(graph(%q)))", cycle(n))); got != fmt.Sprint(n%2) {
			t.Errorf("a circuit of %d edges through the ground: %s, want %d", n, got, n%2)
		}
		// k edges between the ground and one vertex: k loops
		pic := strings.TrimSpace(strings.Repeat("g-a ", n))
		if got := scripttest.Out(t, fmt.Sprintf("grundy(Hackenbush(graph(%q)))", pic)); got != fmt.Sprint(n%2) {
			t.Errorf("%d edges from the ground to a: %s", n, got)
		}
		// a stalk of n edges with a circuit of 3 on top: n + 1
		stalk := "g-s1"
		for i := 1; i < n; i++ {
			stalk += fmt.Sprintf(" s%d-s%d", i, i+1)
		}
		stalk += fmt.Sprintf(" s%d-x x-y y-s%d", n, n)
		if got := scripttest.Out(t, fmt.Sprintf("grundy(Hackenbush(graph(%q)))", stalk)); got != fmt.Sprint(n+1) {
			t.Errorf("a stalk of %d under a triangle: %s, want %d", n, got, n+1)
		}
	}
}

// randomPicture draws a picture of nodes vertices v0..: edges between
// random ends (loops and repeats included), and which vertices are on the
// ground (v0 and perhaps others).
func randomPicture(r *rand.Rand) (text, grounds string, ground uint, ends [][2]int, nodes int) {
	nodes = 1 + r.IntN(6)
	edges := 1 + r.IntN(11)
	var words []string
	for v := range nodes {
		words = append(words, fmt.Sprintf("v%d", v))
	}
	ground = 1
	for v := 1; v < nodes; v++ {
		if r.IntN(4) == 0 {
			ground |= 1 << v
		}
	}
	for range edges {
		e := [2]int{r.IntN(nodes), r.IntN(nodes)}
		ends = append(ends, e)
		words = append(words, fmt.Sprintf("v%d-v%d", e[0], e[1]))
	}
	var gs []string
	for v := range nodes {
		if ground&(1<<v) != 0 {
			gs = append(gs, fmt.Sprintf("v%d", v))
		}
	}
	return strings.Join(words, " "), strings.Join(gs, " "), ground, ends, nodes
}

// Random pictures: the principles, the generic solver's search over the
// builtin's moves, and the brute force agree; every winning move leads to
// 0; every option, written out and read back, has the value listed.
func TestHackenbushAgainstBruteForce(t *testing.T) {
	t.Parallel() // each owns its session
	r := rand.New(rand.NewPCG(34, 2))
	n := 400
	if testing.Short() {
		n = 80
	}
	var fast, generic []string
	var wants []int
	for range n {
		text, grounds, ground, ends, nodes := randomPicture(r)
		want, _ := scripttest.HackenbushBrute(nodes, ground, ends)
		pos := fmt.Sprintf("Hackenbush(graph(%q), %q)", text, grounds)
		if ground == 1 && r.IntN(2) == 0 {
			pos = fmt.Sprintf("Hackenbush(graph(%q))", text) // the first vertex is the ground
		}
		fast = append(fast, "grundy("+pos+")")
		generic = append(generic, "grundy("+pos+")")
		wants = append(wants, want)
	}
	for _, c := range []struct {
		name    string
		generic bool
		stmts   []string
	}{{"principles", false, fast}, {"generic search", true, generic}} {
		var buf bytes.Buffer
		in := eval.New(eval.Config{Out: &buf, Generic: c.generic})
		if err := in.Exec(context.Background(), "<test>", strings.Join(c.stmts, "\n")); err != nil {
			t.Fatal(in.Render(err))
		}
		got := strings.Fields(buf.String())
		for i, w := range wants {
			if got[i] != fmt.Sprint(w) {
				t.Errorf("%s: %s = %s, brute force %d", c.name, c.stmts[i], got[i], w)
			}
		}
	}
	// winning moves and options of some pictures, read back
	for i := range 40 {
		pos := strings.TrimSuffix(strings.TrimPrefix(fast[i], "grundy("), ")")
		var buf bytes.Buffer
		in := eval.New(eval.Config{Out: &buf})
		ctx := context.Background()
		opts, err := in.Eval(ctx, "options("+pos+")")
		if err != nil {
			t.Fatal(in.Render(err))
		}
		for _, line := range strings.Split(opts.String(), "\n") {
			// cut v0-v1 -> Hackenbush(graph("...")...)  grundy 3
			_, rest, ok := strings.Cut(line, " -> ")
			if !ok {
				continue
			}
			left, val, _ := strings.Cut(rest, "  grundy ")
			left = strings.TrimSpace(left)
			if left == "0" { // nothing left
				if strings.TrimSpace(val) != "0" {
					t.Errorf("%s: %s", pos, line)
				}
				continue
			}
			back, err := in.Eval(ctx, "grundy("+left+")")
			if err != nil {
				t.Fatalf("%s: %s does not read back: %s", pos, left, in.Render(err))
			}
			if back.String() != strings.TrimSpace(val) {
				t.Errorf("%s: %s read back is %s", pos, line, back)
			}
		}
	}
}

func TestHackenbushExplainAndErrors(t *testing.T) {
	t.Parallel() // each owns its session
	got := scripttest.Out(t, `explain(Hackenbush(graph("g-a a-b b-g b-c c-c c-d")))`)
	for _, want := range []string{
		"The least number not among them (their mex) is 0",
		"Fusion: the ground, a and b lie on cycles and fuse into one vertex; its 3 edges become loops.",
		"On c stands 1 (1 loop) xor 1 (c-d) = 0.",
		"fusion: a cycle's vertices fuse into one, its edges become loops",
		"Colon: the edge b-c, with 0 standing on it, is worth 0 + 1 = 1.",
		"On the ground stands 1 (3 loops) xor 1 (b-c) = 0.",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("explain says\n%s\nwithout %q", got, want)
		}
	}
	if got := scripttest.Out(t, `winning(Hackenbush(graph("g-a a-b a-c b-d  g-e e-f")))`); got != "cut a-b" {
		t.Errorf("winning: %s", got)
	}
	if got := scripttest.Out(t, `winning(Hackenbush(graph("g-a a-b")) + Hackenbush(graph("g-c")))`); got != `Hackenbush(graph("g-a a-b")): cut a-b` {
		t.Errorf("winning in a sum: %s", got)
	}
	if got := scripttest.Out(t, `solver(Hackenbush)`); !strings.Contains(got, "fusion principle") {
		t.Errorf("solver: %s", got)
	}
	scripttest.WantError(t, `grundy(Hackenbush(5))`, "a position of Hackenbush is a picture")
	scripttest.WantError(t, `grundy(Hackenbush(graph("g-a"), "x"))`, `x is not a vertex of graph("g-a")`)
	scripttest.WantError(t, `grundy(Hackenbush(graph("g-a"), ""))`, "name the vertices on the ground")
	scripttest.WantError(t, `grundy(Hackenbush(graph("")))`, "has no vertices, so no ground")
}

// FuzzHackenbush: a picture drawn from the fuzzer's numbers, valued by the
// principles and by the brute force.
//
//	go test ./eval -run XXX -fuzz FuzzHackenbush -fuzztime 5m
func FuzzHackenbush(f *testing.F) {
	f.Add(uint64(1), uint64(2))
	f.Add(uint64(34), uint64(34))
	f.Fuzz(func(t *testing.T, a, b uint64) {
		text, grounds, ground, ends, nodes := randomPicture(rand.New(rand.NewPCG(a, b)))
		want, _ := scripttest.HackenbushBrute(nodes, ground, ends)
		pos := fmt.Sprintf("Hackenbush(graph(%q), %q)", text, grounds)
		if got := scripttest.Out(t, "grundy("+pos+")"); got != fmt.Sprint(want) {
			t.Errorf("grundy(%s) = %s, brute force %d", pos, got, want)
		}
	})
}
