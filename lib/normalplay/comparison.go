package normalplay

import (
	"context"
	"fmt"
	"github.com/gamelang/gamelang/present"
	"math/big"
	"slices"
	"strings"

	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/play"
	"github.com/gamelang/gamelang/play/normal"
)

// Comparison is what compare(G, H) finds: where two rulesets whose
// positions are written alike (heaps, or pairs) first have different
// values, and the options that make them differ, for "my table differs
// from the book".
type Comparison struct {
	G, H    game.Ruleset
	Checked string     // the positions compared: "heaps 0..1000"
	At      []*big.Int // the first position whose values differ; nil when they agree
	GV, HV  *big.Int   // its values (nil: decided by a loses rule)
	OnlyG   []Opt      // the moves of G there that H lacks
	OnlyH   []Opt
	Count   int  // how many positions of the range differ
	below   bool // every position a move can reach was compared first
}

// Opt is a move of a compared position: what it leaves, and its value.
type Opt struct {
	Leaves string
	Value  *big.Int
	Label  bool // Leaves is the move's label (pass, pick 4), not what it leaves
}

// Compare compares g and h on the positions of nums: heaps lo..hi, or pairs
// (a, b) with both in lo..hi, the pairs in order of a + b, then a.
func Compare(ctx context.Context, s *normal.Solver, g, h game.Ruleset, lo, hi *big.Int) (*Comparison, error) {
	c := &Comparison{G: g, H: h}
	arity := len(g.Kind().Coords())
	if arity != len(h.Kind().Coords()) || arity < 1 || arity > 2 {
		return nil, fmt.Errorf("compare(G, H) compares heap rulesets, or rulesets of pairs, whose positions are written alike: not %s (%s) and %s (%s)", g.Name(), g.Kind().Name(), h.Name(), h.Kind().Name())
	}
	positions := c.positions(arity, lo, hi)
	for _, nums := range positions {
		gv, err := valueAt(ctx, s, g, nums...)
		if err != nil {
			return nil, err
		}
		hv, err := valueAt(ctx, s, h, nums...)
		if err != nil {
			return nil, err
		}
		if same(gv, hv) {
			continue
		}
		c.Count++
		if c.At == nil {
			c.At, c.GV, c.HV = nums, gv, hv
			c.below = arity == 1 && lo.Sign() == 0
			if err := c.firstDifference(ctx, s, nums); err != nil {
				return nil, err
			}
		}
	}
	return c, nil
}

// positions are the positions compared, heaps lo..hi or pairs with both
// in lo..hi in order of their sum, and says which in c.Checked.
func (c *Comparison) positions(arity int, lo, hi *big.Int) [][]*big.Int {
	span := new(big.Int).Sub(hi, lo).Int64()
	var positions [][]*big.Int
	if arity == 1 {
		c.Checked = fmt.Sprintf("heaps %s..%s", lo, hi)
		for i := int64(0); i <= span; i++ {
			positions = append(positions, []*big.Int{new(big.Int).Add(lo, big.NewInt(i))})
		}
		return positions
	}
	x, y := c.G.Kind().Coords()[0], c.G.Kind().Coords()[1]
	c.Checked = fmt.Sprintf("the positions (%s, %s) with %s and %s in %s..%s", x, y, x, y, lo, hi)
	for sum := int64(0); sum <= 2*span; sum++ {
		for i := max(0, sum-span); i <= min(sum, span); i++ {
			positions = append(positions, []*big.Int{new(big.Int).Add(lo, big.NewInt(i)), new(big.Int).Add(lo, big.NewInt(sum-i))})
		}
	}
	return positions
}

// firstDifference notes the options that only one of the two rulesets has
// at nums, the first position where their values differ.
func (c *Comparison) firstDifference(ctx context.Context, s *normal.Solver, nums []*big.Int) error {
	gopts, err := optsAt(ctx, s, c.G, nums)
	if err != nil {
		return err
	}
	hopts, err := optsAt(ctx, s, c.H, nums)
	if err != nil {
		return err
	}
	c.OnlyG, c.OnlyH = minus(gopts, hopts), minus(hopts, gopts)
	return nil
}

func same(a, b *big.Int) bool {
	return a == nil && b == nil || a != nil && b != nil && a.Cmp(b) == 0
}

// optsAt lists the moves of r at nums by what they leave, written without
// the ruleset's name so that two rulesets' moves compare: "3 + 2" for heaps.
func optsAt(ctx context.Context, s *normal.Solver, r game.Ruleset, nums []*big.Int) ([]Opt, error) {
	p, err := present.At(r, nums...)
	if err != nil {
		return nil, err
	}
	opts, err := s.Options(ctx, p)
	if err != nil {
		return nil, err
	}
	var out []Opt
	seen := map[string]bool{}
	for _, o := range opts {
		leaves := leavesText(o.Result(p), o)
		if seen[leaves] {
			continue
		}
		seen[leaves] = true
		v, _ := new(big.Int).SetString(o.Value.String(), 10) // nil: decided
		out = append(out, Opt{Leaves: leaves, Value: v, Label: o.Move.Label != ""})
	}
	return out, nil
}

// leavesText writes what a move leaves: the parts' numbers in order, "0"
// for nothing.
func leavesText(q game.Position, o play.Option) string {
	if o.Move.Label != "" {
		return o.Move.Label
	}
	var parts []string
	for _, c := range q {
		f := c.Rules.Kind().Format(c.State)
		if strings.HasPrefix(f, "(") && strings.HasSuffix(f, ")") && !strings.Contains(f, ",") {
			f = f[1 : len(f)-1] // a heap: its number alone
		}
		parts = append(parts, f)
	}
	if len(parts) == 0 {
		return "0"
	}
	slices.Sort(parts)
	return strings.Join(parts, " + ")
}

// minus is the moves of a that b lacks.
func minus(a, b []Opt) []Opt {
	in := map[string]bool{}
	for _, o := range b {
		in[o.Leaves] = true
	}
	var out []Opt
	for _, o := range a {
		if !in[o.Leaves] {
			out = append(out, o)
		}
	}
	return out
}

// position writes the compared position of r at nums: "Kayles(7)".
func (c *Comparison) position(r game.Ruleset) string {
	p, err := present.At(r, c.At...)
	if err != nil {
		return fmt.Sprint(c.At)
	}
	return p.String()
}

func valueText(v *big.Int) string {
	if v == nil {
		return "decided by its loses rule"
	}
	return "grundy " + v.String()
}

// String says where the rulesets first differ and why: the moves one has
// and the other lacks, with their values.
func (c *Comparison) String() string {
	if c.At == nil {
		return fmt.Sprintf("%s and %s have the same values on %s.", c.G.Name(), c.H.Name(), c.Checked)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s and %s first differ at %s: %s has %s, %s has %s",
		c.G.Name(), c.H.Name(), c.place(), c.position(c.G), valueText(c.GV), c.position(c.H), valueText(c.HV))
	if c.Count > 1 {
		fmt.Fprintf(&b, " (%d of %s differ)", c.Count, c.Checked)
	}
	b.WriteString(".\n")
	for _, side := range []struct {
		r    game.Ruleset
		only []Opt
	}{{c.G, c.OnlyG}, {c.H, c.OnlyH}} {
		if len(side.only) == 0 {
			fmt.Fprintf(&b, "  %s has no move there that the other lacks.\n", side.r.Name())
			continue
		}
		fmt.Fprintf(&b, "  moves only %s has there:", side.r.Name())
		for i, o := range side.only {
			if i == 8 {
				fmt.Fprintf(&b, " ... (%d in all)", len(side.only))
				break
			}
			if o.Label {
				fmt.Fprintf(&b, " %s (%s)", o.Leaves, valueText(o.Value))
			} else {
				fmt.Fprintf(&b, " to %s (%s)", o.Leaves, valueText(o.Value))
			}
			if i+1 < len(side.only) && i < 7 {
				b.WriteString(",")
			}
		}
		b.WriteString("\n")
	}
	if c.below {
		b.WriteString("  Every smaller heap has the same value in both: these moves make the difference.")
	} else {
		b.WriteString("  The positions compared before it have the same values in both.")
	}
	return b.String()
}

// place writes the position compared: "heap 7", "(3, 5)".
func (c *Comparison) place() string {
	if len(c.At) == 1 {
		return "heap " + c.At[0].String()
	}
	return "(" + c.At[0].String() + ", " + c.At[1].String() + ")"
}

// valueAt is the Grundy value of r at the given numbers, nil for a decided
// position.
func valueAt(ctx context.Context, s *normal.Solver, r game.Ruleset, nums ...*big.Int) (*big.Int, error) {
	p, err := present.At(r, nums...)
	if err != nil {
		return nil, err
	}
	if _, decided := p.Decided(); decided {
		return nil, nil
	}
	return s.Grundy(ctx, p)
}
