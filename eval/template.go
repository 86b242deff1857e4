package eval

import (
	"context"
	"fmt"
	"math/big"
	"strings"

	"github.com/gamelang/gamelang/lang"
)

// Template is an expression over named numbers, parsed and checked once and
// evaluated for many values of them: the batch mode for contest input
// (gamelang --each 'a b: outcome(Wythoff(a, b))'), one answer per line.
type Template struct {
	in    *Interp
	expr  lang.Expr
	names []string
	env   map[string]Value
}

// Template parses and checks expr, in which names stand for numbers, for
// --each.
func (in *Interp) Template(ctx context.Context, names []string, expr string) (*Template, error) {
	return in.TemplateFor(ctx, "--each", names, expr)
}

// TemplateFor is Template for the option flag (--each, --query): errors name
// it, and positions are in "<each>", "<query>".
func (in *Interp) TemplateFor(ctx context.Context, flag string, names []string, expr string) (*Template, error) {
	f, err := in.parse(ctx, "<"+strings.TrimLeft(flag, "-")+">", expr, 1)
	if err != nil {
		return nil, err
	}
	if len(f.Stmts) != 1 { // none: the expression is empty
		return nil, fmt.Errorf("%s wants one expression, as in %s", flag, templateExample[flag])
	}
	s, ok := f.Stmts[0].(*lang.ExprStmt)
	if !ok {
		return nil, fmt.Errorf("%s wants one expression, as in %s", flag, templateExample[flag])
	}
	seen := map[string]bool{}
	for _, n := range names {
		if !lang.IsName(n) || seen[n] {
			return nil, fmt.Errorf("%s: %q is not a name, or is given twice", flag, n)
		}
		seen[n] = true
	}
	if errs := in.checker().Expr(s.X, names); len(errs) > 0 {
		return nil, errs
	}
	return &Template{in: in, expr: s.X, names: names, env: make(map[string]Value, len(names))}, nil
}

var templateExample = map[string]string{
	"--each":  "'a b: outcome(Wythoff(a, b))'",
	"--query": "'c: period(octal(c))'",
}

// Names are the names the template's numbers are bound to, in order.
func (t *Template) Names() []string { return t.names }

// Eval evaluates the template with its names bound to nums, in order.
func (t *Template) Eval(ctx context.Context, nums []*big.Int) (Value, error) {
	if len(nums) != len(t.names) {
		return nil, fmt.Errorf("%d numbers for %d names (%v)", len(nums), len(t.names), t.names)
	}
	for i, n := range t.names {
		t.env[n] = Int{nums[i]}
	}
	return t.in.eval(ctx, t.expr, t.env)
}

// Print writes v as a statement of line line would: text, or JSON;
// nothing for a value that prints nothing (print() has printed).
func (t *Template) Print(line int, v Value) error {
	if _, ok := v.(Nothing); ok {
		return nil
	}
	return t.in.printValue(line, v)
}

// EvalValues is Eval with values of any type: numbers (Int) or strings (Str,
// for a code, as in 'c: period(octal(c))').
func (t *Template) EvalValues(ctx context.Context, vals []Value) (Value, error) {
	if len(vals) != len(t.names) {
		return nil, fmt.Errorf("%d values for %d names (%v)", len(vals), len(t.names), t.names)
	}
	for i, n := range t.names {
		t.env[n] = vals[i]
	}
	return t.in.eval(ctx, t.expr, t.env)
}
