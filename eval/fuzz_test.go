package eval_test

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/gamelang/gamelang/eval"
	"github.com/gamelang/gamelang/lang"
)

// losesMenu are 'loses if' conditions a fuzzed ruleset may have; the last
// fails at heap 40, which both paths must report alike.
var losesMenu = []string{
	"", "", "", "odd(popcount(n))", "n % 5 == 3", "n == 2 or n == 7", "popcount(n) == 2",
	"n > 3 and n % 4 == 0", "10 / (40 - n) == 0",
}

// rulesetFrom turns fuzz bytes into a heap ruleset of take rules (amounts,
// ranges, open ranges and sets; every 'leaving'), perhaps with 'loses if'.
func rulesetFrom(data []byte) string {
	next := func() int {
		if len(data) == 0 {
			return 0
		}
		b := data[0]
		data = data[1:]
		return int(b)
	}
	var rules []string
	for i := 0; i < 1+next()%3; i++ {
		var amount string
		switch next() % 5 {
		case 0:
			amount = fmt.Sprint(next() % 7)
		case 1:
			lo := next() % 5
			amount = fmt.Sprintf("%d..%d", lo, lo+next()%6)
		case 2:
			amount = fmt.Sprintf("%d..", 1+next()%4)
		default:
			amount = fmt.Sprintf("{%d, %d}", 1+next()%6, 1+next()%9)
		}
		leave := []string{"", " split", " leaving 0", " leaving 1", " leaving 2", " leaving 0..1", " leaving {0, 2}", " leaving 1..2", " leaving 3", " leaving 0..3", " leaving {2, 3}"}[next()%11]
		rules = append(rules, "take "+amount+leave)
	}
	if c := losesMenu[next()%len(losesMenu)]; c != "" {
		rules = append(rules, "loses if "+c)
	}
	return "game G { " + strings.Join(rules, "; ") + " }"
}

// answer evaluates expr, as text (sorted lines for lists of moves) or the
// error's message.
func answer(in *eval.Interp, expr string) string {
	v, err := in.Eval(context.Background(), expr)
	if err != nil {
		msgs := lang.Positioned(err)
		if len(msgs) > 0 {
			return "error: " + msgs[0].Msg
		}
		return "error: " + err.Error()
	}
	s := strings.Split(strings.ReplaceAll(v.String(), ", ", "\n"), "\n")
	sort.Strings(s)
	return strings.Join(s, "\n")
}

// FuzzSolvers: the recognized code engines (stream, sparse space, plain,
// closed forms, runs past the state cap) agree with the generic heap path on
// random rulesets, errors included.
func FuzzSolvers(f *testing.F) {
	for _, seed := range []string{"\x00\x01\x02\x03", "\x01\x02\x01\x05\x01\x03", "\x02\x04\x02\x02\x03\x06", "\x03\x00\x03\x01\x02\x07", "\x01\x03\x05\x09\x0a\x08"} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		src := rulesetFrom(data)
		fast := eval.New(eval.Config{Out: new(strings.Builder)})
		slow := eval.New(eval.Config{Out: new(strings.Builder), Generic: true})
		capped := eval.New(eval.Config{Out: new(strings.Builder), MaxStates: 64})
		var errs []string
		for _, in := range []*eval.Interp{fast, slow, capped} {
			err := in.Exec(context.Background(), "g.game", src)
			if err != nil && !strings.Contains(err.Error(), "take 0: a take must remove") && !strings.Contains(err.Error(), "the range is empty") {
				t.Fatalf("%s: %v", src, err)
			}
			errs = append(errs, fmt.Sprint(err))
		}
		if errs[0] != "<nil>" { // refused before it runs, as it would be when played
			if errs[1] != errs[0] || errs[2] != errs[0] {
				t.Fatalf("%s: refused as %q, %q and %q", src, errs[0], errs[1], errs[2])
			}
			return
		}
		for n := 0; n <= 60; n++ {
			for _, q := range []string{"grundy(G(%d))", "outcome(G(%d))", "winning(G(%d))"} {
				expr := fmt.Sprintf(q, n)
				if a, b := answer(fast, expr), answer(slow, expr); a != b {
					t.Fatalf("%s\n%s = %q on the fast path, %q on the generic path", src, expr, a, b)
				}
			}
		}
		for _, n := range []int{70, 100, 129} { // outcomes past a cap of 64
			expr := fmt.Sprintf("outcome(G(%d))", n)
			a, b := answer(capped, expr), answer(slow, expr)
			if a != b && !strings.Contains(a, "beyond reach") && !strings.Contains(a, "limit reached") {
				t.Fatalf("%s\n%s = %q past the cap, %q on the generic path", src, expr, a, b)
			}
		}
	})
}
