package graph_test

// Graph rulesets over the whole rule language, against a brute force.
//
// A rule is drawn at random — loops over vertices and neighbours, guards
// on ground, degrees, adjacency, the order of vertices, vertex numbers,
// counts and quantifiers over vertices or neighbours, conditionals, let
// constants; results made of vertices, {..}, neighbours, connected, + and
// - — and written twice: as gamelang source, and as a Go function of a
// position that this file evaluates by its own reading of the language.
// The session solves the rule as it judges it (split into components or
// whole, keyed canonically or by vertices) on many random graphs, which
// share its memo; the brute force values every position whole, over
// bitmasks of the vertices left, with the Go reading of the rule. A rule
// that reads the whole position but is split, or keys that merge positions
// the rule tells apart, show as a mismatch.

import (
	"bytes"
	"context"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/gamelang/gamelang/eval"
	"github.com/gamelang/gamelang/internal/scripttest"
	"github.com/gamelang/gamelang/rules/graph"
)

// gpos is a position of the brute force: the vertices left of a graph.
type gpos struct {
	adj  []uint64
	left uint64
	vars map[string]int64
}

func (p *gpos) neighbours(v int64) uint64 { return p.adj[v] & p.left }

func (p *gpos) ground() int64 { return int64(bits.TrailingZeros64(p.left)) }

// connected is connected(v, s): the vertices of s joined to v within s.
func (p *gpos) connected(v int64, s uint64) uint64 {
	if s&(1<<v) == 0 {
		return 0
	}
	out := uint64(1) << v
	for grown := true; grown; {
		grown = false
		for x := s &^ out; x != 0; x &= x - 1 {
			u := bits.TrailingZeros64(x)
			if p.adj[u]&out != 0 {
				out |= 1 << u
				grown = true
			}
		}
	}
	return out
}

// each calls f with every vertex of s, bound to name, ascending.
func (p *gpos) each(name string, s uint64, f func() bool) {
	old, had := p.vars[name]
	defer func() {
		if had {
			p.vars[name] = old
		} else {
			delete(p.vars, name)
		}
	}()
	for ; s != 0; s &= s - 1 {
		p.vars[name] = int64(bits.TrailingZeros64(s))
		if !f() {
			return
		}
	}
}

// A rule's parts: each with its text and its Go reading.
type (
	gnum struct {
		src string
		f   func(*gpos) int64
	}
	gset struct {
		src string
		f   func(*gpos) uint64
	}
)

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// ruleGen draws rules. forms counts the guard forms drawn, so that the test
// can check it drew every one.
type ruleGen struct {
	r     *rand.Rand
	forms map[string]int
	fresh int
}

// vertexRef is a vertex a rule may name at this point: a vertex variable
// in scope, or ground.
func (g *ruleGen) vertexRef(vs []string) gnum {
	if g.r.IntN(4) == 0 {
		return gnum{"ground", func(p *gpos) int64 { return p.ground() }}
	}
	name := vs[g.r.IntN(len(vs))]
	return gnum{name, func(p *gpos) int64 { return p.vars[name] }}
}

// collection is what a comprehension runs over: vertices, the neighbours
// of a vertex, or a range of numbers (then vertex is false).
func (g *ruleGen) collection(vs []string) (src string, f func(*gpos) uint64, vertex bool) {
	switch g.r.IntN(3) {
	case 0:
		g.forms["over vertices"]++
		return "vertices", func(p *gpos) uint64 { return p.left }, true
	case 1:
		g.forms["over neighbours"]++
		x := g.vertexRef(vs)
		return "neighbours(" + x.src + ")", func(p *gpos) uint64 { return p.neighbours(x.f(p)) }, true
	}
	g.forms["over numbers"]++
	hi := g.r.IntN(3)
	return fmt.Sprintf("0..%d", hi), func(*gpos) uint64 { return 1<<(hi+1) - 1 }, false
}

// num draws a number-valued expression over the vertex variables vs and
// number variables ns.
func (g *ruleGen) num(d int, vs, ns []string) gnum {
	k := g.r.IntN(9)
	if d <= 0 {
		k = g.r.IntN(3)
	}
	switch k {
	case 0:
		c := int64(g.r.IntN(4))
		return gnum{fmt.Sprint(c), func(*gpos) int64 { return c }}
	case 1:
		g.forms["degree"]++
		x := g.vertexRef(vs)
		return gnum{"degree(" + x.src + ")", func(p *gpos) int64 { return int64(bits.OnesCount64(p.neighbours(x.f(p)))) }}
	case 2:
		g.forms["vertex number"]++
		x := g.vertexRef(vs)
		return gnum{x.src, x.f}
	case 3:
		if len(ns) > 0 {
			name := ns[g.r.IntN(len(ns))]
			return gnum{name, func(p *gpos) int64 { return p.vars[name] }}
		}
		g.forms["let constant"]++
		return gnum{"K", func(*gpos) int64 { return 2 }}
	case 4:
		g.forms["count"]++
		name, src, coll, inner, innerN := g.comprehension(vs, ns)
		c := g.cond(d-1, inner, innerN)
		return gnum{fmt.Sprintf("sum(1 for %s in %s if %s)", name, src, c.src), func(p *gpos) int64 {
			n := int64(0)
			p.each(name, coll(p), func() bool { n += c.f(p); return true })
			return n
		}}
	case 5:
		g.forms["min/max"]++
		a, b := g.num(d-1, vs, ns), g.num(d-1, vs, ns)
		if g.r.IntN(2) == 0 {
			return gnum{"min(" + a.src + ", " + b.src + ")", func(p *gpos) int64 { return min(a.f(p), b.f(p)) }}
		}
		return gnum{"max(" + a.src + ", " + b.src + ")", func(p *gpos) int64 { return max(a.f(p), b.f(p)) }}
	case 6:
		g.forms["arithmetic"]++
		a, b := g.num(d-1, vs, ns), g.num(d-1, vs, ns)
		if g.r.IntN(2) == 0 {
			return gnum{"(" + a.src + " + " + b.src + ")", func(p *gpos) int64 { return a.f(p) + b.f(p) }}
		}
		return gnum{"(" + a.src + " % 2)", func(p *gpos) int64 { return a.f(p) % 2 }}
	case 7:
		g.forms["if"]++
		c, a, b := g.cond(d-1, vs, ns), g.num(d-1, vs, ns), g.num(d-1, vs, ns)
		return gnum{"(if " + c.src + " then " + a.src + " else " + b.src + ")", func(p *gpos) int64 {
			if c.f(p) != 0 {
				return a.f(p)
			}
			return b.f(p)
		}}
	}
	return g.num(0, vs, ns)
}

// comprehension draws the loop of a comprehension: its variable, what it
// runs over, and the variables in scope inside it (the new one a vertex or
// a number, as the collection holds).
func (g *ruleGen) comprehension(vs, ns []string) (name, src string, coll func(*gpos) uint64, inner, innerN []string) {
	name = g.newVar()
	src, coll, vertex := g.collection(vs)
	inner, innerN = vs, ns
	if vertex {
		inner = append(slices.Clone(vs), name)
	} else {
		innerN = append(slices.Clone(ns), name)
	}
	return name, src, coll, inner, innerN
}

func (g *ruleGen) newVar() string {
	g.fresh++
	return fmt.Sprintf("x%d", g.fresh)
}

// cond draws a truth-valued expression.
func (g *ruleGen) cond(d int, vs, ns []string) gnum {
	k := g.r.IntN(8)
	if d <= 0 {
		k = g.r.IntN(3)
	}
	switch k {
	case 0:
		g.forms["compare vertices"]++
		a, b := g.vertexRef(vs), g.vertexRef(vs)
		ops := []string{"<", "<=", "==", "!="}
		op := ops[g.r.IntN(len(ops))]
		return gnum{a.src + " " + op + " " + b.src, func(p *gpos) int64 { return compare(op, a.f(p), b.f(p)) }}
	case 1:
		g.forms["adjacent"]++
		a, b := g.vertexRef(vs), g.vertexRef(vs)
		return gnum{"adjacent(" + a.src + ", " + b.src + ")", func(p *gpos) int64 { return int64(p.adj[a.f(p)] >> b.f(p) & 1) }}
	case 2:
		g.forms["compare numbers"]++
		a, b := g.num(d-1, vs, ns), g.num(d-1, vs, ns)
		ops := []string{"<", ">=", "==", "!="}
		op := ops[g.r.IntN(len(ops))]
		return gnum{a.src + " " + op + " " + b.src, func(p *gpos) int64 { return compare(op, a.f(p), b.f(p)) }}
	case 3, 4:
		g.forms["any/all"]++
		name, src, coll, inner, innerN := g.comprehension(vs, ns)
		c := g.cond(d-1, inner, innerN)
		all := k == 3
		word := map[bool]string{true: "all", false: "any"}[all]
		return gnum{fmt.Sprintf("%s(%s for %s in %s)", word, c.src, name, src), func(p *gpos) int64 {
			res := all
			p.each(name, coll(p), func() bool {
				if (c.f(p) != 0) != all {
					res = !all
					return false
				}
				return true
			})
			return b2i(res)
		}}
	case 5:
		g.forms["not"]++
		c := g.cond(d-1, vs, ns)
		return gnum{"not (" + c.src + ")", func(p *gpos) int64 { return 1 - c.f(p) }}
	case 6, 7:
		g.forms["and/or"]++
		a, b := g.cond(d-1, vs, ns), g.cond(d-1, vs, ns)
		if k == 6 {
			return gnum{"(" + a.src + " and " + b.src + ")", func(p *gpos) int64 { return a.f(p) & b.f(p) }}
		}
		return gnum{"(" + a.src + " or " + b.src + ")", func(p *gpos) int64 { return a.f(p) | b.f(p) }}
	}
	return g.cond(0, vs, ns)
}

func compare(op string, a, b int64) int64 {
	switch op {
	case "<":
		return b2i(a < b)
	case "<=":
		return b2i(a <= b)
	case ">=":
		return b2i(a >= b)
	case "==":
		return b2i(a == b)
	}
	return b2i(a != b)
}

// removal draws a set of vertices that a result takes away: around the
// vertex variables, or anywhere.
func (g *ruleGen) removal(vs []string) gset {
	x := g.vertexRef(vs)
	switch g.r.IntN(3) {
	case 0:
		return gset{"{" + x.src + "}", func(p *gpos) uint64 { return 1 << x.f(p) & p.left }}
	case 1:
		return gset{"neighbours(" + x.src + ")", func(p *gpos) uint64 { return p.neighbours(x.f(p)) }}
	}
	y := g.vertexRef(vs)
	return gset{"connected(" + x.src + ", vertices - {" + y.src + "})", func(p *gpos) uint64 {
		return p.connected(x.f(p), p.left&^(1<<y.f(p)))
	}}
}

// graphRule is a drawn move rule: its text and the Go reading of its moves.
type graphRule struct {
	src   string
	moves func(p *gpos) []uint64
}

// rule draws a move rule. Every loop variable appears in the result (the
// language asks it), and the result never keeps the first one, so that
// every move removes a vertex and play ends.
func (g *ruleGen) rule() graphRule {
	vs := []string{"v"}
	loops := []gset{{"vertices", func(p *gpos) uint64 { return p.left }}}
	if g.r.IntN(2) == 0 {
		switch g.r.IntN(4) {
		case 0:
			g.forms["second loop over vertices"]++
			loops = append(loops, gset{"vertices", func(p *gpos) uint64 { return p.left }})
		case 1:
			g.forms["loop over neighbours(ground)"]++
			loops = append(loops, gset{"neighbours(ground)", func(p *gpos) uint64 { return p.neighbours(p.ground()) }})
		default:
			loops = append(loops, gset{"neighbours(v)", func(p *gpos) uint64 { return p.neighbours(p.vars["v"]) }})
		}
		vs = append(vs, "u")
	}
	var guard *gnum
	if g.r.IntN(5) > 0 {
		c := g.cond(3, vs, nil)
		guard = &c
	}
	// the result: what stays, less {v}, less {u} when there is a u, less
	// perhaps more
	rm := []gset{{"{v}", func(p *gpos) uint64 { return 1 << p.vars["v"] }}}
	if len(vs) > 1 {
		rm = append(rm, gset{"{u}", func(p *gpos) uint64 { return 1 << p.vars["u"] }})
	}
	for range g.r.IntN(3) {
		rm = append(rm, g.removal(vs))
	}
	var res gset
	switch g.r.IntN(4) {
	case 0:
		g.forms["connected result"]++
		x := g.vertexRef(vs)
		inner := "vertices"
		for _, s := range rm {
			inner += " - " + s.src
		}
		res = gset{"connected(" + x.src + ", " + inner + ")", func(p *gpos) uint64 {
			s := p.left
			for _, r := range rm {
				s &^= r.f(p)
			}
			return p.connected(x.f(p), s)
		}}
	default:
		src := "vertices"
		for _, s := range rm {
			src += " - " + s.src
		}
		res = gset{src, func(p *gpos) uint64 {
			s := p.left
			for _, r := range rm {
				s &^= r.f(p)
			}
			return s
		}}
	}
	text := "move (" + res.src + ")"
	for i, l := range loops {
		text += " for " + vs[i] + " in " + l.src
	}
	if guard != nil {
		text += " if " + guard.src
	}
	return graphRule{src: text, moves: func(p *gpos) []uint64 {
		var out []uint64
		var loop func(i int)
		loop = func(i int) {
			if i == len(loops) {
				if guard == nil || guard.f(p) != 0 {
					out = append(out, res.f(p)&p.left)
				}
				return
			}
			p.each(vs[i], loops[i].f(p), func() bool { loop(i + 1); return true })
		}
		loop(0)
		return out
	}}
}

// randomGraphRules draws a graph of n vertices named v0..v(n-1) in order,
// often disconnected: its text and adjacency.
func randomGraphRules(r *rand.Rand) (string, []uint64) {
	n := 1 + r.IntN(9)
	return scripttest.RandomGraph(r, n, []float64{0.15, 0.3, 0.5}[r.IntN(3)])
}

// graphRuleStats counts how the session judged the rules it solved.
type graphRuleStats struct{ pairs, split, canonical, splitCanonical int }

// checkGraphRule solves rule on graphs in one session and compares every
// answer with the brute force.
func checkGraphRule(t *testing.T, rule graphRule, graphs []string, adjs [][]uint64, st *graphRuleStats) {
	t.Helper()
	var buf bytes.Buffer
	in := eval.New(eval.Config{Out: &buf})
	ctx := context.Background()
	src := "let K = 2\ngame G graph { " + rule.src + " }"
	if err := in.Exec(ctx, "<rule>", src); err != nil {
		t.Fatalf("%s\n%s", src, in.Render(err))
	}
	rv, err := in.Eval(ctx, "G")
	if err != nil {
		t.Fatal(err)
	}
	split, canonical := rv.(eval.RulesetVal).R.(*graph.Ruleset).Splits()
	for i, text := range graphs {
		adj := adjs[i]
		p := &gpos{adj: adj, vars: map[string]int64{}}
		want := scripttest.BruteValue(uint64(1)<<len(adj)-1, func(left uint64) []uint64 {
			p.left = left
			return rule.moves(p)
		})
		got, err := in.Eval(ctx, fmt.Sprintf("grundy(G(graph(%q)))", text))
		if err != nil {
			t.Fatalf("%s on graph(%q): %s", src, text, in.Render(err))
		}
		if got.String() != fmt.Sprint(want) {
			t.Errorf("%s\non graph(%q) (split %v, canonical %v): %s, brute force %d", src, text, split, canonical, got, want)
		}
		st.pairs++
		st.split += int(b2i(split))
		st.canonical += int(b2i(canonical))
		st.splitCanonical += int(b2i(split && canonical))
	}
}

// TestGraphRulesAgainstBruteForce: 300 rules, each on 8 graphs in one
// session (2,400 pairs).
func TestGraphRulesAgainstBruteForce(t *testing.T) {
	t.Parallel() // each owns its session
	r := rand.New(rand.NewPCG(34, 1))
	g := &ruleGen{r: r, forms: map[string]int{}}
	var st graphRuleStats
	rules := 300
	if testing.Short() {
		rules = 60
	}
	for range rules {
		rule := g.rule()
		var texts []string
		var adjs [][]uint64
		for range 8 {
			text, adj := randomGraphRules(r)
			texts, adjs = append(texts, text), append(adjs, adj)
		}
		checkGraphRule(t, rule, texts, adjs, &st)
	}
	t.Logf("%d pairs: %d split, %d canonical, %d both; guard forms %v", st.pairs, st.split, st.canonical, st.splitCanonical, g.forms)
	for _, form := range []string{"compare vertices", "adjacent", "compare numbers", "any/all", "not", "and/or",
		"degree", "vertex number", "let constant", "count", "min/max", "arithmetic", "if",
		"over vertices", "over neighbours", "over numbers", "second loop over vertices", "loop over neighbours(ground)", "connected result"} {
		if g.forms[form] == 0 {
			t.Errorf("no rule used %s", form)
		}
	}
	// both ways of solving are exercised, not only the safe one (the short
	// run's 60 rules are too few for the shares, only for both being used)
	few, fewBoth := st.pairs/10, st.pairs/20
	if testing.Short() {
		few, fewBoth = 1, 1
	}
	if st.split < few || st.splitCanonical < fewBoth || st.split == st.pairs {
		t.Errorf("judgements: %+v", st)
	}
}

// FuzzGraphRules: a rule and graphs drawn from the fuzzer's bytes.
//
//	go test ./eval -run XXX -fuzz FuzzGraphRules -fuzztime 5m
func FuzzGraphRules(f *testing.F) {
	f.Add(uint64(1), uint64(2))
	f.Add(uint64(34), uint64(0))
	f.Add(uint64(7), uint64(99))
	f.Fuzz(func(t *testing.T, a, b uint64) {
		r := rand.New(rand.NewPCG(a, b))
		g := &ruleGen{r: r, forms: map[string]int{}}
		rule := g.rule()
		var texts []string
		var adjs [][]uint64
		for range 4 {
			text, adj := randomGraphRules(r)
			texts, adjs = append(texts, text), append(adjs, adj)
		}
		checkGraphRule(t, rule, texts, adjs, &graphRuleStats{})
	})
}
