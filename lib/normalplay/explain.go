package normalplay

// explain(P): the computation seed 001 does by hand, for a student who has
// not met the theory yet. For one position: its moves, the value each
// reaches (a sum of heaps as the XOR of its parts), the set of those values,
// the least number not in it — the mex — and what the value says about who
// wins. For a sum: the XOR of the parts and the move that makes it 0. Then,
// to a depth, where the values of the positions that appear come from, each
// as a mex of its own moves, smallest first, as the seed's table f(0), f(1),
// ... is built.

import (
	"context"
	"fmt"
	"github.com/gamelang/gamelang/present"
	"maps"
	"math/big"
	"slices"
	"sort"
	"strings"

	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/play"
	"github.com/gamelang/gamelang/play/normal"
)

// Explain is explain(P) under normal play: the moves of p, their values and
// the mex, then where those values come from, depth levels down.
func Explain(ctx context.Context, s *normal.Solver, p game.Position, depth int) (string, error) {
	var b strings.Builder
	x := &explainer{ctx: ctx, s: s, b: &b, done: map[string]bool{}}
	if err := x.position(p, depth); err != nil {
		return "", err
	}
	return strings.TrimRight(b.String(), "\n"), nil
}

type explainer struct {
	ctx  context.Context
	s    *normal.Solver
	b    *strings.Builder
	done map[string]bool // components already explained
}

func (x *explainer) printf(format string, args ...any) { fmt.Fprintf(x.b, format, args...) }

func (x *explainer) position(p game.Position, depth int) error {
	if c, ok := p.Decided(); ok {
		x.printf("%s: the player who left %s has already lost, by a 'loses if' rule. The game is over: the player to move has won (outcome N).\n", p, c)
		return nil
	}
	if len(p) > 1 {
		return x.sum(p, depth)
	}
	return x.single(p[0], depth)
}

// single explains one component, then where its options' values come from.
func (x *explainer) single(c game.Component, depth int) error {
	v, err := x.mexLine(c, true)
	if err != nil {
		return err
	}
	x.outcome(game.Position{c}, v)
	if t, ok := game.Base(c.Rules).(Theory); ok {
		text, err := t.NormalExplain(x.ctx, c.State)
		if err != nil {
			return err
		}
		x.printf("\n%s\n", text)
		return nil
	}
	if depth > 1 {
		return x.origins(c, depth-1)
	}
	return nil
}

// Theory is a ruleset whose values come from a theorem rather than from
// the mex of its options' values, and which says how (Green Hackenbush's
// fusion and colon principles): explain shows that instead of where the
// options' values come from.
type Theory interface {
	NormalExplain(ctx context.Context, s game.State) (string, error)
}

// mexLine writes the moves of c with their values and the mex; full gives
// every move on its own line, else one line in all.
func (x *explainer) mexLine(c game.Component, full bool) (*big.Int, error) {
	opts, err := x.s.Options(x.ctx, game.Position{c})
	if err != nil {
		return nil, err
	}
	v, err := x.s.Grundy(x.ctx, game.Position{c})
	if err != nil {
		return nil, err
	}
	x.done[c.String()] = true
	vals := distinct(opts)
	if !full {
		var reach []string
		for i, o := range opts {
			if i == 6 {
				reach = append(reach, fmt.Sprintf("... %d more", len(opts)-6))
				break
			}
			reach = append(reach, fmt.Sprintf("%s (%s)", strings.TrimPrefix(present.OptionText(o), "to "), x.valueText(o)))
		}
		if len(opts) == 0 {
			x.printf("  grundy(%s) = mex{} = 0: no moves\n", c)
		} else {
			x.printf("  grundy(%s) = mex{%s} = %s: moves to %s\n", c, present.JoinInts(vals, ", "), v, strings.Join(reach, ", "))
		}
		return v, nil
	}
	if len(opts) == 0 {
		x.printf("%s has no moves: the player to move cannot move and loses.\nThe mex of the empty set is 0, so grundy(%s) = 0.\n", c, c)
		return v, nil
	}
	x.printf("%s has %s:\n", c, present.Plural(len(opts), "move"))
	rows := make([][2]string, 0, len(opts))
	width := 0
	for i, o := range opts {
		if i == present.MaxExplained {
			rows = append(rows, [2]string{fmt.Sprintf("... and %d more", len(opts)-i), ""})
			break
		}
		t := present.OptionText(o)
		rows = append(rows, [2]string{t, "grundy " + x.valueText(o)})
		width = max(width, len(t))
	}
	for _, r := range rows {
		x.printf("  %-*s  %s\n", width, r[0], r[1])
	}
	x.printf("The values of the moves are {%s}. The least number not among them (their mex) is %s,\nso grundy(%s) = %s.\n", present.JoinInts(vals, ", "), v, c, v)
	return v, nil
}

// valueText is the value an option reaches, as a XOR of its parts when it
// leaves several.
func (x *explainer) valueText(o play.Option) string {
	if len(o.Move.To) < 2 || o.Move.Family != nil {
		return o.Value.String()
	}
	parts := make([]string, len(o.Move.To))
	for i, c := range o.Move.To {
		g, err := x.s.Grundy(x.ctx, game.Position{c})
		if err != nil {
			return o.Value.String()
		}
		parts[i] = g.String()
	}
	return strings.Join(parts, " xor ") + " = " + o.Value.String()
}

// grundy is the nim value an option of normal play reaches.
func grundy(o play.Option) *big.Int { return o.Value.(normal.Nimber).G }

func distinct(opts []play.Option) []*big.Int {
	seen := map[string]bool{}
	var out []*big.Int
	for _, o := range opts {
		if g := grundy(o); !seen[g.String()] {
			seen[g.String()] = true
			out = append(out, g)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Cmp(out[j]) < 0 })
	return out
}

// outcome says what the value means for the player to move.
func (x *explainer) outcome(p game.Position, v *big.Int) {
	if v.Sign() == 0 {
		x.printf("The value is 0: every move leads to a position of value other than 0, from which the\nother player can come back to 0. So the player to move loses (outcome P).\n")
		return
	}
	win, err := x.s.Winning(x.ctx, p)
	if err != nil || len(win) == 0 {
		x.printf("The value is not 0, so the player to move wins (outcome N).\n")
		return
	}
	to := present.MoveTexts(p, win, 6)
	x.printf("The value is not 0, so the player to move wins (outcome N) by moving to a position of value 0:\n  %s\n", strings.Join(to, "\n  "))
}

// sum explains a sum by the XOR of its parts.
func (x *explainer) sum(p game.Position, depth int) error {
	x.printf("%s is a sum: a move is a move in one of its parts. Its value is the XOR (nim sum) of\nthe parts' values:\n", p)
	vals, err := x.parts(p)
	if err != nil {
		return err
	}
	total, err := x.s.Grundy(x.ctx, p)
	if err != nil {
		return err
	}
	x.printf("%s = %s (in binary %s).\n", present.JoinInts(vals, " xor "), total, binaryXOR(vals, total))
	if err := x.sumOutcome(p, total); err != nil {
		return err
	}
	if depth > 1 {
		return x.partsOrigins(p, depth)
	}
	return nil
}

// parts writes each part of the sum p with its value, and returns them.
func (x *explainer) parts(p game.Position) ([]*big.Int, error) {
	var vals []*big.Int
	width := 0
	for _, c := range p {
		width = max(width, len(c.String()))
	}
	for _, c := range p {
		v, err := x.s.Grundy(x.ctx, game.Position{c})
		if err != nil {
			return nil, err
		}
		vals = append(vals, v)
		x.printf("  %-*s  grundy %s\n", width, c, v)
	}
	return vals, nil
}

// binaryXOR is vals xor ... = total written in binary, all as wide.
func binaryXOR(vals []*big.Int, total *big.Int) string {
	bitsN := max(total.BitLen(), 1)
	for _, v := range vals {
		bitsN = max(bitsN, v.BitLen())
	}
	bin := make([]string, len(vals))
	for i, v := range vals {
		bin[i] = fmt.Sprintf("%0*s", bitsN, v.Text(2))
	}
	return strings.Join(bin, " xor ") + " = " + fmt.Sprintf("%0*s", bitsN, total.Text(2))
}

// sumOutcome says who wins the sum p of value total, and how.
func (x *explainer) sumOutcome(p game.Position, total *big.Int) error {
	if total.Sign() == 0 {
		x.printf("The XOR is 0: any move changes one part's value, which makes the XOR other than 0.\nSo the player to move loses (outcome P).\n")
		return nil
	}
	win, err := x.s.Winning(x.ctx, p)
	if err != nil {
		return err
	}
	x.printf("The XOR is not 0, so the player to move wins (outcome N): change one part to the value\nthat makes the XOR 0 (its value xor %s):\n", total)
	for _, t := range present.MoveTexts(p, win, 6) {
		x.printf("  %s\n", t)
	}
	return nil
}

// partsOrigins writes where the values of the sum's parts come from.
func (x *explainer) partsOrigins(p game.Position, depth int) error {
	x.printf("\nWhere the parts' values come from:\n")
	for _, c := range p {
		if err := x.origins(c, depth-1); err != nil {
			return err
		}
	}
	for _, c := range p {
		if !x.done[c.String()] {
			if _, err := x.mexLine(c, false); err != nil {
				return err
			}
		}
	}
	return nil
}

// origins writes, smallest first, the mex of every component that the
// moves of c reach, to the depth.
func (x *explainer) origins(c game.Component, depth int) error {
	seen := map[string]game.Component{}
	frontier := []game.Component{c}
	for d := 0; d < depth; d++ {
		var next []game.Component
		for _, f := range frontier {
			reached, err := x.reached(f, seen)
			if err != nil {
				return err
			}
			next = append(next, reached...)
		}
		frontier = next
	}
	if len(seen) == 0 {
		return nil
	}
	parts := slices.Collect(maps.Values(seen))
	sort.Slice(parts, func(i, j int) bool { return smaller(parts[i], parts[j]) })
	if x.b.Len() > 0 && !strings.HasSuffix(x.b.String(), ":\n") {
		x.printf("\nWhere the values of the moves come from, smallest first:\n")
	}
	for _, p := range parts {
		if _, err := x.mexLine(p, false); err != nil {
			return err
		}
	}
	return nil
}

// reached returns the components that the listed moves of f reach and that
// are not yet in seen or explained, adding them to seen.
func (x *explainer) reached(f game.Component, seen map[string]game.Component) ([]game.Component, error) {
	opts, err := x.s.Options(x.ctx, game.Position{f})
	if err != nil {
		return nil, err
	}
	var out []game.Component
	for i, o := range opts {
		if i == present.MaxExplained || o.Move.Family != nil {
			break
		}
		for _, part := range o.Move.To {
			k := part.String()
			if _, ok := seen[k]; !ok && !x.done[k] {
				seen[k] = part
				out = append(out, part)
			}
		}
	}
	return out, nil
}

// smaller orders components: by ruleset, then by the order of their kind.
func smaller(a, b game.Component) bool {
	if a.Rules != b.Rules {
		return a.Rules.Name() < b.Rules.Name()
	}
	return a.Rules.Kind().Compare(a.State, b.State) < 0
}
