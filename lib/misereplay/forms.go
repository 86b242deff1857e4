package misereplay

// Misère canonical forms in the language: canonical(), the value they
// make (a misère game, written as CGSuite writes it), and the queries on
// it — birthday(), mate(), genus(), outcome(), grundy(G, misere) — with
// born(n), the games born by day n.

import (
	"context"
	"fmt"
	"math/big"
	"strings"

	"github.com/gamelang/gamelang/eval"
	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/lang"
	"github.com/gamelang/gamelang/play/misere"
)

// FormVal is a misère game in simplest form.
type FormVal struct {
	F     *misere.Forms
	G     misere.MID
	Text  string       // in CGSuite's notation: *[2#0]
	Given []misere.MID // the options it was made from, when known, for explain()
}

// Explain says how the game simplified, and what it is.
func (v FormVal) Explain(ctx context.Context) (string, error) {
	return v.F.Explain(ctx, v.G, v.Given)
}

func (v FormVal) String() string { return v.Text }
func (FormVal) What() string     { return "a misère game" }

// JSON is the form with what it says of the game.
func (v FormVal) JSON() (string, any) {
	gm, gp := v.F.Values(v.G)
	out := map[string]any{"form": v.Text, "birthday": v.F.Birthday(v.G), "misere_value": gm, "normal_value": gp,
		"outcome": outcomeOf(gm).String(), "genus": v.F.GenusOf(v.G).String()}
	if p, _, err := v.F.PhylumOf(context.Background(), v.G); err == nil {
		out["phylum"] = p.String()
	}
	return "misere_game", out
}

func outcomeOf(n uint32) game.Outcome {
	if n == 0 {
		return game.P
	}
	return game.N
}

// OutcomeUnder is the misère outcome, or the normal-play one when asked.
func (v FormVal) OutcomeUnder(conv string) (game.Outcome, error) {
	gm, gp := v.F.Values(v.G)
	switch conv {
	case "", misere.Convention.Name():
		return outcomeOf(gm), nil
	case "normal":
		return outcomeOf(gp), nil
	}
	return 0, fmt.Errorf("%s is a misère game: its outcome is asked under misere or normal play, not %s", v.Text, conv)
}

// NimUnder is the misère or normal-play nim value, whichever is named.
func (v FormVal) NimUnder(conv string) (*big.Int, error) {
	gm, gp := v.F.Values(v.G)
	switch conv {
	case misere.Convention.Name():
		return big.NewInt(int64(gm)), nil
	case "normal":
		return big.NewInt(int64(gp)), nil
	case "":
		return nil, fmt.Errorf("%s is a misère game with two nim values: write grundy(G, misere) (%d) or grundy(G, normal) (%d)", v.Text, gm, gp)
	}
	return nil, fmt.Errorf("%s is a misère game: its nim value is asked under misere or normal play, not %s", v.Text, conv)
}

// Plus is the sum of two misère games.
func (v FormVal) Plus(ctx context.Context, r eval.Value) (eval.Value, error) {
	w, ok := r.(FormVal)
	if !ok {
		return nil, fmt.Errorf("a misère game adds to a misère game, not %s (canonical(P) makes one of a position)", r.What())
	}
	if w.F != v.F {
		return nil, fmt.Errorf("misère games of two sessions cannot be added")
	}
	g, err := v.F.Add(ctx, v.G, w.G)
	if err != nil {
		return nil, err
	}
	return formVal(ctx, v.F, g)
}

func formVal(ctx context.Context, f *misere.Forms, g misere.MID) (FormVal, error) {
	text, err := f.Write(ctx, g)
	return FormVal{F: f, G: g, Text: text}, err
}

var formFuncs = map[string]eval.Func{
	"canonical": {Min: 1, Max: 2, Usage: `canonical(P), canonical("*[[2],1]")`, Doc: "the misère canonical form (simplest form) of a position, or of a game in CGSuite's notation; two games are equal under misère play when their forms are (==), and forms add with +", Call: fnCanonical},
	"birthday": {Min: 1, Max: 1, Usage: "birthday(G)", Doc: "the day a misère game is born: 0 for *[0], one past its options' otherwise", Call: formQuery(func(ctx context.Context, v FormVal) (eval.Value, error) {
		return eval.Int{V: big.NewInt(int64(v.F.Birthday(v.G)))}, nil
	})},
	"mate": {Min: 1, Max: 1, Usage: "mate(G)", Doc: "the mate of a misère game: *[1] for *[0], otherwise the game of its options' mates", Call: formQuery(func(ctx context.Context, v FormVal) (eval.Value, error) {
		m, err := v.F.Mate(ctx, v.G)
		if err != nil {
			return nil, err
		}
		return formVal(ctx, v.F, m)
	})},
	"phylum": {Min: 1, Max: 1, Usage: "phylum(G)", Doc: "the class of a misère game in Winning Ways' terms, as CGSuite names them: nim-heap, hereditarily tame, reversibly tame, tameable, hereditarily restive, reversibly restive, restless, or wild (of tame, restive, restless or wild genus)", Call: formQuery(func(ctx context.Context, v FormVal) (eval.Value, error) {
		_, name, err := v.F.PhylumOf(ctx, v.G)
		return eval.Str(name), err
	})},
	"parts": {Min: 1, Max: 1, Usage: "parts(G)", Doc: "the parts of a misère game: each even game X, other than 0 and G, with G = X + Y for some Y, listed with its difference Y (none: G is prime, 0 or *[1])", Call: formQuery(func(ctx context.Context, v FormVal) (eval.Value, error) {
		parts, err := v.F.Parts(ctx, v.G)
		if err != nil {
			return nil, err
		}
		return formList(ctx, v.F, parts)
	})},
	"partitions": {Min: 1, Max: 1, Usage: "partitions(G)", Doc: "the ways of writing a misère game as a sum of primes (and *[1] for an odd game): misère games do not always factor in one way", Call: formQuery(func(ctx context.Context, v FormVal) (eval.Value, error) {
		ps, err := v.F.Partitions(ctx, v.G)
		if err != nil {
			return nil, err
		}
		out := Partitions{}
		for _, p := range ps {
			l, err := formList(ctx, v.F, p)
			if err != nil {
				return nil, err
			}
			out = append(out, l)
		}
		return out, nil
	})},
	"born": {Min: 1, Max: 2, Usage: "born(n) or born(n, misere)", Doc: "how many misère games are born by day n (1, 2, 3, 5, 22, 4171780), by enumeration up to day 5; day 6 as Conway writes it, 2^4171780 - ... + 21, by the sets that simplify", Call: fnBorn},
}

// FormList is misère games in a list: parts(G).
type FormList []FormVal

func formList(ctx context.Context, f *misere.Forms, gs []misere.MID) (FormList, error) {
	out := make(FormList, len(gs))
	for i, g := range gs {
		v, err := formVal(ctx, f, g)
		if err != nil {
			return nil, err
		}
		out[i] = v
	}
	return out, nil
}

func (v FormList) String() string { return "[" + strings.Join(v.texts(), ", ") + "]" }
func (FormList) What() string     { return "a list of misère games" }

// JSON is the forms, as CGSuite writes them.
func (v FormList) JSON() (string, any) { return "misere_games", v.texts() }

// Items are the forms, written (len(), CSV).
func (v FormList) Items() []string { return v.texts() }

func (v FormList) texts() []string {
	ws := make([]string, len(v))
	for i, g := range v {
		ws[i] = g.Text
	}
	return ws
}

// Partitions are the ways of writing a misère game as a sum of primes.
type Partitions []FormList

func (v Partitions) String() string { return "[" + strings.Join(v.Items(), ", ") + "]" }
func (Partitions) What() string     { return "partitions of a misère game" }

// Items are the partitions, each written as a list (len(), CSV).
func (v Partitions) Items() []string {
	out := make([]string, len(v))
	for i, l := range v {
		out[i] = l.String()
	}
	return out
}

// JSON is each partition's forms.
func (v Partitions) JSON() (string, any) {
	out := make([][]string, len(v))
	for i, l := range v {
		out[i] = l.texts()
	}
	return "partitions", out
}

// formQuery is a query on a misère game, or on a position's form.
func formQuery(q func(ctx context.Context, v FormVal) (eval.Value, error)) func(*eval.Interp, context.Context, *lang.Call, []eval.Value) (eval.Value, error) {
	return func(in *eval.Interp, ctx context.Context, call *lang.Call, args []eval.Value) (eval.Value, error) {
		v, err := formOf(in, ctx, call, args[0], 0)
		if err != nil {
			return nil, err
		}
		out, err := q(ctx, v)
		return out, lang.At(call.Pos, err)
	}
}

// formOf is a value as a misère game: itself, a string read, or a
// position's form (not yet written: formVal writes it).
func formOf(in *eval.Interp, ctx context.Context, call *lang.Call, x eval.Value, arg int) (FormVal, error) {
	s := solverOf(in)
	switch x := x.(type) {
	case FormVal:
		return x, nil
	case eval.Str:
		g, given, err := s.Forms().ParseGiven(ctx, string(x))
		if err != nil {
			return FormVal{}, lang.At(lang.ExprPos(call.Args[arg]), err)
		}
		return FormVal{F: s.Forms(), G: g, Given: given}, nil
	default:
		p, err := eval.PositionOf(x, lang.ExprPos(call.Args[arg]))
		if err != nil {
			return FormVal{}, lang.Errorf(lang.ExprPos(call.Args[arg]), "a misère game is a position, a string in CGSuite's notation (\"*[[2],1]\") or canonical(...), not %s", x.What())
		}
		g, given, err := s.CanonicalGiven(ctx, p)
		if err != nil {
			return FormVal{}, lang.At(call.Pos, err)
		}
		return FormVal{F: s.Forms(), G: g, Given: given}, nil
	}
}

// misereOnly refuses a second argument other than misere.
func misereOnly(call *lang.Call, args []eval.Value, why string) error {
	if len(args) == 2 {
		if c, ok := args[1].(eval.ConventionVal); !ok || c.C != misere.Convention {
			return lang.Errorf(lang.ExprPos(call.Args[1]), "%s, not %s", why, args[1])
		}
	}
	return nil
}

func fnCanonical(in *eval.Interp, ctx context.Context, call *lang.Call, args []eval.Value) (eval.Value, error) {
	if err := misereOnly(call, args, "canonical(P, misere) gives misère canonical forms; under normal play a position's simplest form is the nim-heap of grundy(P)"); err != nil {
		return nil, err
	}
	v, err := formOf(in, ctx, call, args[0], 0)
	if err != nil || v.Text != "" {
		return v, err
	}
	w, err := formVal(ctx, v.F, v.G)
	w.Given = v.Given
	return w, lang.At(call.Pos, err)
}

func fnBorn(in *eval.Interp, ctx context.Context, call *lang.Call, args []eval.Value) (eval.Value, error) {
	if err := misereOnly(call, args, "born(n, misere) counts misère games (under normal play the games born by day n are the nim-heaps *0..*n: n+1 of them)"); err != nil {
		return nil, err
	}
	n, ok := args[0].(eval.Int)
	if !ok || !n.V.IsInt64() || n.V.Int64() < 0 || n.V.Int64() > misere.MaxBornDay+1 {
		return nil, lang.Errorf(lang.ExprPos(call.Args[0]), "born(n) counts the misère games born by day n, for n from 0 to %d (day 7 is not counted here), not %s", misere.MaxBornDay+1, args[0])
	}
	f := misere.NewForms(in.Limits())
	if n.V.Int64() > misere.MaxBornDay {
		dc, err := f.Count(ctx, int(n.V.Int64()))
		if err != nil {
			return nil, lang.At(call.Pos, err)
		}
		return CountVal{F: f, DC: dc}, nil
	}
	c, err := f.Born(ctx, int(n.V.Int64()))
	if err != nil {
		return nil, lang.At(call.Pos, err)
	}
	return eval.Int{V: c}, nil
}

// CountVal is the number of games born by day 6, too large for a number
// of the language (2^4171780 and less), written as Conway writes it.
type CountVal struct {
	F  *misere.Forms
	DC *misere.DayCount
}

func (v CountVal) String() string { return v.DC.Count.String() }
func (CountVal) What() string     { return "a count of misère games" }

// JSON is the count's expression, its terms and its decimal digits.
func (v CountVal) JSON() (string, any) {
	terms := make([][2]int64, len(v.DC.Count.Terms))
	for i, t := range v.DC.Count.Terms {
		terms[i] = [2]int64{t.Coef, t.Exp}
	}
	digits, _ := v.DC.Count.Digits()
	return "born", map[string]any{"day": v.DC.Day, "count": v.String(), "terms": terms, "constant": v.DC.Count.Const, "digits": digits}
}

// Explain says how the count is made: the sets of the day before's games,
// less those that simplify, each way in turn.
func (v CountVal) Explain(ctx context.Context) (string, error) {
	dc := v.DC
	var b strings.Builder
	fmt.Fprintf(&b, "the misère games born by day %d: the sets of the %d games born by day %d, 2^%d of them, less those that simplify (each in one way only: simplest forms are unique)\n", dc.Day, dc.Games, dc.Day-1, dc.Games)
	fmt.Fprintf(&b, "  to 0: every member has 0 as an option (%d games, %d of them not P-positions) and some member is a P-position: 2^%d - 2^%d sets\n", dc.ZeroAll, dc.ZeroNotP, dc.ZeroAll, dc.ZeroNotP)
	for _, t := range dc.Through {
		h, err := v.F.Write(ctx, t.H)
		if err != nil {
			return "", err
		}
		fmt.Fprintf(&b, "  to %s: the options of %s and at least one of the %d games with %s as an option: 2^%d - 1 sets\n", h, h, t.Games, h, t.Games)
	}
	digits, same := dc.Count.Digits()
	fmt.Fprintf(&b, "= %s\n%d decimal digits; the first %d are those of 2^%d", dc.Count, digits, same, dc.Games)
	return b.String(), nil
}
