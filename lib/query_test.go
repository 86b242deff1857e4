package lib_test

import (
	"context"
	"fmt"
	"math/big"
	"slices"
	"strings"
	"testing"

	"github.com/gamelang/gamelang/eval"
	"github.com/gamelang/gamelang/internal/cli"
	"github.com/gamelang/gamelang/internal/vocab"
	"github.com/gamelang/gamelang/lang"
)

// digitSum is a query of a plugin of this test's own, with a value type of
// its own: what adding a query takes is this file and a line in lib.go,
// no file under internal/.
var digitSum = eval.Plugin{Name: "test: digit sums", Funcs: map[string]eval.Func{
	"digitsum": {Min: 1, Max: 1, Usage: "digitsum(n)", Doc: "the sum of the decimal digits of n (a test's query)",
		Call: func(in *eval.Interp, ctx context.Context, call *lang.Call, args []eval.Value) (eval.Value, error) {
			n, ok := args[0].(eval.Int)
			if !ok || n.V.Sign() < 0 {
				return nil, lang.Errorf(lang.ExprPos(call.Args[0]), "digitsum(n) takes a number from 0, not %s", args[0])
			}
			v := digitsVal{n: n.V}
			for _, d := range n.V.String() {
				v.sum += int(d - '0')
			}
			return v, nil
		}},
}}

func init() { eval.Register(digitSum) }

// digitsVal is digitsum's value.
type digitsVal struct {
	n   *big.Int
	sum int
}

func (digitsVal) What() string     { return "a digit sum" }
func (v digitsVal) String() string { return fmt.Sprintf("%d (the digits of %s)", v.sum, v.n) }
func (v digitsVal) JSON() (string, any) {
	return "digit_sum", map[string]any{"n": v.n, "sum": v.sum}
}

// The new query answers at every door: run and -e, --json, check (its
// arity), --each, the prompt's :help, and the words the prompt, the
// language server and the kernel complete.
func TestAQueryOfItsOwnReachesEveryDoor(t *testing.T) {
	for _, c := range []struct {
		args       []string
		stdin      string
		code       int
		out, error string
	}{
		{[]string{"-e", "digitsum(12345)"}, "", 0, "15 (the digits of 12345)\n", ""},
		{[]string{"--json", "-e", "digitsum(10^20 + 7)"}, "", 0, `{"line":1,"type":"digit_sum","value":{"n":100000000000000000007,"sum":8},"text":"8 (the digits of 100000000000000000007)"}` + "\n", ""},
		{[]string{"check", "-"}, "digitsum(1, 2)\n", 1, "", "<stdin>:1:1: digitsum takes 1 argument"},
		{[]string{"-e", "digitsum(Nim(3))"}, "", 1, "", "<-e>:1:10: digitsum(n) takes a number from 0, not Nim(3)"},
		{[]string{"--each", "n: digitsum(n)"}, "99\n", 0, "18 (the digits of 99)\n", ""},
		{[]string{}, ":help digitsum\n", 0, "digitsum(n)", ""},
	} {
		var stdout, stderr strings.Builder
		code := cli.Main(c.args, strings.NewReader(c.stdin), &stdout, &stderr)
		if code != c.code || !strings.Contains(stdout.String(), c.out) || !strings.Contains(stderr.String(), c.error) {
			t.Errorf("gamelang %q: exit %d, stdout %q, stderr %q; want exit %d, %q, %q", c.args, code, stdout.String(), stderr.String(), c.code, c.out, c.error)
		}
	}
	if _, functions, _ := vocab.Lists(); !slices.Contains(functions, "digitsum") {
		t.Error("the language's words lack digitsum")
	}
	if sigs := vocab.Signatures("digitsum"); !slices.Equal(sigs, []string{"digitsum(n)"}) {
		t.Errorf("signatures %q", sigs)
	}
}
