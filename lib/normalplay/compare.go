package normalplay

import (
	"context"
	"math/big"

	"github.com/gamelang/gamelang/eval"
	"github.com/gamelang/gamelang/lang"
	"github.com/gamelang/gamelang/present"
)

// Default ranges of compare(G, H): heaps 0..1000; pairs up to 30.
var compareTop = map[int]int64{1: 1000, 2: 30}

// fnCompare is compare(G, H) and compare(G, H, a..b): where two rulesets
// first have different values, and the moves that make them differ.
func fnCompare(in *eval.Interp, ctx context.Context, call *lang.Call, args []eval.Value) (eval.Value, error) {
	var rs [2]eval.RulesetVal
	for i := range rs {
		r, ok := args[i].(eval.RulesetVal)
		if !ok {
			return nil, lang.Errorf(lang.ExprPos(call.Args[i]), "compare(G, H) compares two rulesets, not %s", args[i].What())
		}
		rs[i] = r
	}
	arity := len(rs[0].R.Kind().Coords())
	lo, hi := new(big.Int), big.NewInt(compareTop[arity])
	if len(args) == 3 {
		rg, ok := args[2].(eval.Range)
		if !ok || rg.Open || rg.Lo.Sign() < 0 || rg.Hi.Cmp(rg.Lo) < 0 {
			return nil, lang.Errorf(lang.ExprPos(call.Args[2]), "compare(G, H, a..b) takes a bounded range of numbers from 0 up, not %s", args[2])
		}
		lo, hi = rg.Lo, rg.Hi
	}
	if span := new(big.Int).Sub(hi, lo); !span.IsInt64() || span.Int64() >= present.MaxTableCells || arity == 2 && span.Int64()*span.Int64() >= present.MaxTableCells {
		return nil, lang.Errorf(call.Pos, "compare(G, H, a..b) looks at most %d positions", present.MaxTableCells)
	}
	c, err := Compare(ctx, solverOf(in), rs[0].R, rs[1].R, lo, hi)
	if err != nil {
		return nil, lang.At(call.Pos, err)
	}
	return CompareVal{c}, nil
}

// CompareVal is the value of compare(): where two rulesets differ.
type CompareVal struct{ C *Comparison }

func (CompareVal) What() string     { return "a comparison" }
func (v CompareVal) String() string { return v.C.String() }

// JSON gives the first position that differs (null when none does), the
// values there and the moves only one ruleset has.
func (v CompareVal) JSON() (string, any) {
	type opt struct {
		Leaves string   `json:"leaves"`
		Value  *big.Int `json:"value"`
	}
	opts := func(os []Opt) []opt {
		out := []opt{}
		for _, o := range os {
			out = append(out, opt{o.Leaves, o.Value})
		}
		return out
	}
	c := v.C
	return "comparison", struct {
		G       string     `json:"g"`
		H       string     `json:"h"`
		Checked string     `json:"checked"`
		At      []*big.Int `json:"at"`
		GValue  *big.Int   `json:"g_value"`
		HValue  *big.Int   `json:"h_value"`
		OnlyG   []opt      `json:"only_g"`
		OnlyH   []opt      `json:"only_h"`
		Differ  int        `json:"differ"`
	}{c.G.Name(), c.H.Name(), c.Checked, c.At, c.GV, c.HV, opts(c.OnlyG), opts(c.OnlyH), c.Count}
}
