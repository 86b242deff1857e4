package eval

// explain(), answered by the explainer of the convention asked for.

import (
	"context"
	"github.com/gamelang/gamelang/play"
	"math/big"
	"strings"

	"github.com/gamelang/gamelang/lang"
	"github.com/gamelang/gamelang/present"
)

// Explainable is a value that explains itself (a misère canonical form):
// explain(x) gives Explain's text.
type Explainable interface {
	Explain(ctx context.Context) (string, error)
}

// explained lists the conventions explain() explains: "normal, misère and
// loopy".
func (in *Interp) explained() string {
	var names []string
	for _, c := range in.cfg.Conventions {
		if _, ok := explainers[c.Name()]; ok {
			names = append(names, c.Name())
		}
	}
	list := strings.Join(names, ", ")
	if i := strings.LastIndex(list, ", "); i >= 0 {
		list = list[:i] + " and " + list[i+2:]
	}
	return list
}

func fnExplain(in *Interp, ctx context.Context, call *lang.Call, args []Value) (Value, error) {
	if x, ok := args[0].(Explainable); ok && len(args) == 1 {
		text, err := x.Explain(ctx)
		return Explanation(text), at(call.Pos, err)
	}
	p, err := position(args[0], call.Pos)
	if err != nil {
		return nil, err
	}
	var conv play.Convention
	depth := 2
	if c, ok := args[len(args)-1].(ConventionVal); ok && len(args) == 2 {
		conv = c.C
	} else {
		conv = in.defaultConvention(args[0])
	}
	if _, ok := args[len(args)-1].(ConventionVal); !ok && len(args) == 2 {
		d, ok := args[1].(Int)
		if !ok || d.V.Sign() < 0 || d.V.Cmp(big.NewInt(present.MaxDepth)) > 0 {
			return nil, errorf(lang.ExprPos(call.Args[1]), "the depth of explain(P, depth) is a number from 0 to %d, not %s", present.MaxDepth, args[1])
		}
		depth = int(d.V.Int64())
	}
	e, ok := explainers[conv.Name()]
	if !ok {
		return nil, errorf(lang.ExprPos(call.Args[len(call.Args)-1]), "explain(P, convention) explains %s play, not %s", in.explained(), conv.Name())
	}
	text, err := e(in, ctx, p, depth)
	if err != nil {
		return nil, at(call.Pos, err)
	}
	return Explanation(text), nil
}
