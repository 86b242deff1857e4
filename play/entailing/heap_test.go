package entailing_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/gamelang/gamelang"
	"github.com/gamelang/gamelang/play/entailing"
)

// runWith runs a script in a session, generic (every fast path off: the
// stack solver) or not (the heap engine).
func runWith(t *testing.T, generic bool, script string) string {
	t.Helper()
	var out strings.Builder
	s := gamelang.NewSession(gamelang.Options{Out: &out, Generic: generic})
	if err := s.Exec(context.Background(), "t.game", script); err != nil {
		t.Fatalf("%s: %v", script, err)
	}
	return strings.TrimSpace(out.String())
}

// topEntails is Top Entails by the recursion of Winning Ways' entailing
// values, written here apart from the engine: W(n), the rests for which
// the player obliged in a stack of n wins, is the values of the splits of
// n, with every value not in W(n-1) (taking the top coin obliges the other
// player in n-1). A stack is loony (-1) when W(n) holds every nimber, else
// worth its mex. Sets are maps; a cofinite set is what it lacks.
func topEntails(top int) []int {
	v := make([]int, top+1)
	w, co := map[int]bool{}, false // W(0): nothing
	for n := 1; n <= top; n++ {
		splits := map[int]bool{}
		for a := 1; a <= n/2; a++ {
			if v[a] >= 0 && v[n-a] >= 0 {
				splits[v[a]^v[n-a]] = true
			}
		}
		next := map[int]bool{}
		if !co { // not in W(n-1) is cofinite: W(n) lacks W(n-1)'s members that no split reaches
			for x := range w {
				if !splits[x] {
					next[x] = true
				}
			}
			v[n] = -1
			for x := range next {
				if v[n] < 0 || x < v[n] {
					v[n] = x
				}
			}
		} else { // W(n) is what W(n-1) lacks, and the splits
			for x := range w {
				next[x] = true
			}
			for x := range splits {
				next[x] = true
			}
			for v[n] = 0; next[v[n]]; v[n]++ {
			}
		}
		w, co = next, !co
	}
	return v
}

func values(vs []int) string {
	var b strings.Builder
	for i, x := range vs {
		if i > 0 {
			b.WriteByte(' ')
		}
		if x < 0 {
			b.WriteString("∞")
		} else {
			fmt.Fprint(&b, x)
		}
	}
	return b.String()
}

// Every stack of Top Entails to 5,000 against the recursion, with the
// heaps valued in blocks on every core from heap 100 on (and the values
// widening within a block), and against the stack solver.
func TestTopEntailsAgainstARecursion(t *testing.T) {
	top, generic := 5000, 5000
	if testing.Short() {
		top, generic = 2000, 300
	}
	want := values(topEntails(top))
	q := fmt.Sprintf("grundy(TopEntails, 0..%d)", top)
	if got := runWith(t, false, q); got != want {
		t.Errorf("the engine differs from the recursion")
	}
	defer entailing.SetParallelFrom(100)()
	if got := runWith(t, false, q); got != want {
		t.Errorf("the engine in blocks differs from the recursion")
	}
	// the stack solver, on Top Entails as first written
	q = fmt.Sprintf("game T { take 1 entailing; move (a, n - a) for a in 1..n / 2 }\ngrundy(T, 0..%d)", generic)
	if got, want := runWith(t, true, q), values(topEntails(generic)); got != want {
		t.Errorf("the stack solver differs from the recursion")
	}
}

// Random heap games with free, entailing and again takes (with splits)
// valued by the engine and by the stack solver: the values of every heap,
// and the options of a few, whose entailed parts need W of heaps the
// engine keeps only at snapshots.
func TestHeapEngineAgainstTheStackSolver(t *testing.T) {
	defer entailing.SetParallelFrom(50)()
	rng := rand.New(rand.NewPCG(74, 1))
	games, top := 30, 1200
	if testing.Short() {
		games, top = 8, 300
	}
	for range games {
		var rules []string
		for range 1 + rng.IntN(4) {
			then := []string{"", "", "entailing", "again"}[rng.IntN(4)]
			r := fmt.Sprintf("take %d", rng.IntN(4)+1)
			switch {
			case then == "" && rng.IntN(3) == 0:
				r = fmt.Sprintf("take %d leaving 2", rng.IntN(3))
			case then == "again" && rng.IntN(4) == 0:
				r += " split"
			case rng.IntN(4) == 0:
				r = fmt.Sprintf("take %d..%d", 1+rng.IntN(2), 3+rng.IntN(3))
			}
			if then != "" {
				r += " " + then
			}
			rules = append(rules, r)
		}
		if all := strings.Join(rules, ";"); !strings.Contains(all, "entailing") && !strings.Contains(all, "again") { // else normal play answers
			rules = append(rules, "take 1 entailing")
		}
		decl := "game G { " + strings.Join(rules, "; ") + " }"
		script := fmt.Sprintf("%s\ngrundy(G, 0..%d)\noptions(G(%d))\noptions(G(%d))", decl, top, top, top/2+1)
		// the listings' order is each solver's own
		sorted := func(s string) string { l := strings.Split(s, "\n"); slices.Sort(l); return strings.Join(l, "\n") }
		engine, stack := sorted(runWith(t, false, script)), sorted(runWith(t, true, script))
		if engine != stack {
			t.Errorf("%s: the engine and the stack solver differ", decl)
		}
	}
}

// A growth with a values directory leaves a checkpoint that a later
// session takes up: its values and W are those of a growth from nothing,
// and a checkpoint that was changed is refused.
func TestHeapEngineCheckpoints(t *testing.T) {
	dir := t.TempDir()
	session := func(script string) (string, error) {
		var out strings.Builder
		s := gamelang.NewSession(gamelang.Options{Out: &out, ValuesDir: dir})
		err := s.Exec(context.Background(), "t.game", script)
		return strings.TrimSpace(out.String()), err
	}
	if _, err := session("grundy(TopEntails(3000))"); err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "entailing-*.gob"))
	if len(files) != 1 {
		t.Fatalf("checkpoints: %v, want one", files)
	}
	got, err := session("grundy(TopEntails, 0..4000)\noptions(TopEntails(2000))\nsolver(TopEntails)")
	if err != nil {
		t.Fatal(err)
	}
	want := values(topEntails(4000)) + "\n" + runWith(t, false, "options(TopEntails(2000))")
	if !strings.HasSuffix(got, "(resumed with 3001 heaps)") {
		t.Errorf("solver(TopEntails) after a checkpoint: %q, want it resumed with 3001 heaps", got[strings.LastIndex(got, "\n")+1:])
	}
	got = got[:strings.LastIndex(got, "\n")]
	if got != want {
		t.Errorf("resumed from the checkpoint: the values or the options differ")
	}
	b, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	b[len(b)/2] ^= 1
	if err := os.WriteFile(files[0], b, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := session("grundy(TopEntails(5000))"); err == nil || !strings.Contains(err.Error(), "checkpoint") && !strings.Contains(err.Error(), "checksum") {
		t.Errorf("a changed checkpoint: got %v, want it refused", err)
	}
}
