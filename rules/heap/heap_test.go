package heap_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/gamelang/gamelang/internal/scripttest"
)

// takeRule is one 'take S leaving L' rule: the amounts S, and the numbers
// of nonempty heaps L what is left may become.
type takeRule struct {
	takes   []int
	leaving []int
}

// text writes the rule as the language does, in one of its spellings.
func (r takeRule) text(rnd *rand.Rand) string {
	s := make([]string, len(r.takes))
	for i, k := range r.takes {
		s[i] = fmt.Sprint(k)
	}
	set := "{" + strings.Join(s, ", ") + "}"
	if len(r.takes) == 1 {
		set = s[0]
	}
	l := fmt.Sprint(r.leaving)
	switch l {
	case "[0 1]":
		return "take " + set
	case "[0 1 2]":
		if rnd.IntN(2) == 0 {
			return "take " + set + " split"
		}
	}
	ls := make([]string, len(r.leaving))
	for i, j := range r.leaving {
		ls[i] = fmt.Sprint(j)
	}
	return "take " + set + " leaving {" + strings.Join(ls, ", ") + "}"
}

// bruteGrundy is the Grundy value of every heap up to top, from the
// definition of a take rule: take k of n, and what is left, n - k, becomes
// j nonempty heaps for a j the rule allows — no codes, no engine.
func bruteGrundy(rules []takeRule, top int) []int {
	g := make([]int, top+1)
	for n := 0; n <= top; n++ {
		seen := map[int]bool{}
		for _, r := range rules {
			for _, k := range r.takes {
				if k > n {
					continue
				}
				left := n - k
				for _, j := range r.leaving {
					switch {
					case j == 0 && left == 0:
						seen[0] = true
					case j == 1 && left >= 1 && k > 0:
						seen[g[left]] = true
					case j == 2:
						for a := 1; a <= left-a; a++ {
							seen[g[a]^g[left-a]] = true
						}
					case j == 3:
						for a := 1; a <= left; a++ {
							for b := a; a+b+b <= left; b++ {
								seen[g[a]^g[b]^g[left-a-b]] = true
							}
						}
					}
				}
			}
		}
		for seen[g[n]] {
			g[n]++
		}
	}
	return g
}

// The heap kind's take rules, drawn at random, against the definition:
// each ruleset is recognised as a code and run by the octal engines, and
// run again by the generic solver (Config.Generic), and both must give
// the brute force's values.
func TestRandomTakeRulesAgreeWithTheDefinition(t *testing.T) {
	t.Parallel() // each owns its session
	rnd := rand.New(rand.NewPCG(7, 74))
	const top = 60
	for range 150 {
		var rules []takeRule
		for range 1 + rnd.IntN(3) {
			var r takeRule
			for k := range 6 {
				if rnd.IntN(3) == 0 && (k > 0 || rnd.IntN(2) == 0) {
					r.takes = append(r.takes, k)
				}
			}
			for j := range 4 {
				if rnd.IntN(2) == 0 {
					r.leaving = append(r.leaving, j)
				}
			}
			if len(r.takes) == 0 {
				r.takes = []int{1 + rnd.IntN(4)}
			}
			if len(r.leaving) == 0 {
				r.leaving = []int{1}
			}
			if r.takes[0] == 0 { // taking none must split the heap
				r.leaving = []int{2 + rnd.IntN(2)}
				if rnd.IntN(2) == 0 {
					r.leaving = []int{2, 3}
				}
			}
			rules = append(rules, r)
		}
		var texts []string
		for _, r := range rules {
			texts = append(texts, r.text(rnd))
		}
		src := fmt.Sprintf("game G { %s }\ngrundy(G, 0..%d)", strings.Join(texts, "; "), top)
		want := strings.Trim(fmt.Sprint(bruteGrundy(rules, top)), "[]")
		scripttest.BothWays(t, src, want)
	}
}
