// Package misereplay plugs misère play into the language: the convention
// (play/misere), its queries — genus(), tame(), quotient() — and explain()
// under misère play.
package misereplay

import (
	"context"
	"io"
	"math/big"

	"github.com/gamelang/gamelang/cert"
	"github.com/gamelang/gamelang/eval"
	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/lang"
	"github.com/gamelang/gamelang/play"
	"github.com/gamelang/gamelang/play/misere"
)

// Plugin is misère play and its queries.
var Plugin = eval.Plugin{
	Name:        "misère play",
	Conventions: []play.Convention{misere.Convention},
	Funcs: map[string]eval.Func{
		"genus":    {Min: 1, Max: 2, Usage: "genus(P) or genus(G, a..b)", Doc: "Conway's genus of a position, g^{γ0γ1...}: its normal and misère nim values, and the misère values with copies of *2 added", Call: fnGenus},
		"tame":     {Min: 1, Max: 1, Usage: "tame(P)", Doc: "whether a position and every position it leads to have the genus of a Nim position: then misère sums of it play like misère Nim", Call: fnTame},
		"quotient": {Min: 1, Max: 3, Usage: `quotient(G), quotient(G, bound), quotient(G, "file.cert")`, Doc: "the misère quotient of a take-and-break game, found heap by heap up to bound (400) or a proved period; with a file, a certificate of it that cmd/certcheck checks (docs/certificates.md)", Call: fnQuotient},
	},
	Explainers: map[string]eval.Explainer{misere.Convention.Name(): func(in *eval.Interp, ctx context.Context, p game.Position, _ int) (string, error) {
		return ExplainMisere(ctx, solverOf(in), p)
	}},
}

func init() {
	for name, f := range formFuncs {
		Plugin.Funcs[name] = f
	}
}

// SolverOf is a session's solver of misère play.
func SolverOf(in *eval.Interp) *misere.Solver {
	return in.Solver(misere.Convention.Name()).(*misere.Solver)
}

func solverOf(in *eval.Interp) *misere.Solver { return SolverOf(in) }

// GenusVal is the genus of a position, as written: 0^{120}.
type GenusVal string

func (v GenusVal) String() string      { return string(v) }
func (GenusVal) What() string          { return "a genus" }
func (v GenusVal) JSON() (string, any) { return "genus", string(v) }

// QuotientVal is what quotient(G) finds.
type QuotientVal struct{ Q *misere.Quotient }

func (v QuotientVal) String() string { return v.Q.String() }
func (QuotientVal) What() string     { return "a misère quotient" }
func (v QuotientVal) JSON() (string, any) {
	q := v.Q
	out := map[string]any{"game": q.Game, "order": q.Order, "presentation": q.Presentation, "p_portion": q.P, "bound": q.Bound, "tame": q.Tame()}
	if q.Period != nil {
		out["period"] = map[string]any{"period": q.Period.Len, "preperiod": q.Period.Pre, "needed": q.Period.Needed}
	}
	if q.Stopped != "" {
		out["stopped"] = q.Stopped
	}
	return "quotient", out
}

func fnGenus(in *eval.Interp, ctx context.Context, call *lang.Call, args []eval.Value) (eval.Value, error) {
	if len(args) == 2 {
		var out eval.Words
		var heaps []*big.Int
		err := in.HeapArgs(ctx, call, args, func(n *big.Int, p game.Position) error {
			g, _, err := solverOf(in).Genus(ctx, p)
			out = append(out, g.String())
			heaps = append(heaps, n)
			return err
		})
		return eval.Indexed{Name: "genus", At: heaps, Vals: out}, lang.At(call.Pos, err)
	}
	if v, ok := args[0].(FormVal); ok {
		return GenusVal(v.F.GenusOf(v.G).String()), nil
	}
	p, err := eval.PositionOf(args[0], call.Pos)
	if err != nil {
		return nil, err
	}
	g, _, err := solverOf(in).Genus(ctx, p)
	if err != nil {
		return nil, lang.At(call.Pos, err)
	}
	return GenusVal(g.String()), nil
}

func fnTame(in *eval.Interp, ctx context.Context, call *lang.Call, args []eval.Value) (eval.Value, error) {
	p, err := eval.PositionOf(args[0], call.Pos)
	if err != nil {
		return nil, err
	}
	tame, err := solverOf(in).Tame(ctx, p)
	return eval.Bool(tame), lang.At(call.Pos, err)
}

// defaultQuotientBound is how far quotient(G) looks for a period.
const defaultQuotientBound = 400

func fnQuotient(in *eval.Interp, ctx context.Context, call *lang.Call, args []eval.Value) (eval.Value, error) {
	rv, ok := args[0].(eval.RulesetVal)
	if !ok {
		return nil, lang.Errorf(call.Pos, "quotient(G) needs a heap ruleset, not %s", args[0].What())
	}
	bound := int64(defaultQuotientBound)
	var file string
	if n := len(args); n >= 2 {
		if name, ok := args[n-1].(eval.Str); ok {
			if file = string(name); file == "" {
				return nil, lang.Errorf(lang.ExprPos(call.Args[n-1]), "the certificate's file name is empty")
			}
			args = args[:n-1]
		} else if n == 3 {
			return nil, lang.Errorf(lang.ExprPos(call.Args[2]), "the last argument of quotient(G, bound, file) is the certificate's file name, a string, not %s", args[2].What())
		}
	}
	if len(args) == 2 {
		b, ok := args[1].(eval.Int)
		if !ok || !b.V.IsInt64() || b.V.Int64() < 1 || b.V.Int64() > 1<<20 {
			return nil, lang.Errorf(lang.ExprPos(call.Args[1]), "the bound of quotient(G, bound) is a heap size from 1 to %d, not %s", 1<<20, args[1])
		}
		bound = b.V.Int64()
	}
	q, err := solverOf(in).Quotient(ctx, rv.R, int32(bound))
	if err != nil {
		return nil, lang.At(call.Pos, err)
	}
	if file != "" {
		if err := in.WriteFile(file, func(w io.Writer) error { return cert.Quotient(w, q) }); err != nil {
			return nil, lang.Errorf(lang.ExprPos(call.Args[len(call.Args)-1]), "quotient() could not write the certificate %s: %v", file, err)
		}
	}
	return QuotientVal{q}, nil
}
