package gamelang

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"github.com/gamelang/gamelang/game"
	"io"
	"math/big"

	"github.com/gamelang/gamelang/eval"
	"github.com/gamelang/gamelang/internal/plot"
	"github.com/gamelang/gamelang/internal/render"
	"github.com/gamelang/gamelang/lib/graphs"
	"github.com/gamelang/gamelang/lib/misereplay"
	"github.com/gamelang/gamelang/lib/normalplay"
)

// Value is what an expression gives. Every value prints as the command
// line prints it (String), names its type (What: "a number"), and gives
// its JSON (JSON: its type in docs/json-schema.json and its form). The
// types below are the values a program meets; switch on them for their
// contents.
type Value = eval.Value

// The types of values.
type (
	// Int is an integer of any size: V.
	Int = eval.Int
	// Bool is a truth value.
	Bool = eval.Bool
	// String is a string.
	String = eval.Str
	// Range is Lo..Hi, or Lo.. when Open.
	Range = eval.Range
	// Set is a set of integers, ascending: Elems.
	Set = eval.Set
	// List is integers in order, repeats kept: [3, 3, 5], Elems.
	List = eval.List
	// Sequence is integers in order, printed separated by spaces: the
	// values (Vals) of what grundy(G, a..b) gives, a PerHeap.
	Sequence = eval.Seq
	// PerHeap is a value for each of some heaps (At): grundy(G, a..b),
	// genus(G, a..b). Vals is a Sequence, or Words.
	PerHeap = eval.Indexed
	// Words are values written as words (genera, loopy values).
	Words = eval.Words
	// Outcome is P (the previous player wins) or N, or D (a draw).
	Outcome = eval.OutcomeVal
	// Ruleset is a game: R.
	Ruleset = eval.RulesetVal
	// Position is a position, a sum of components: P.
	Position = eval.PositionVal
	// Moves are moves of a position, as winning() gives them.
	Moves = eval.Moves
	// OptionList is every move of a position with the value it reaches.
	OptionList = eval.OptionList
	// PlayValue is what a play convention says of a position when it is
	// not a number: a misère value, a loopy value ∞{1, 2}.
	PlayValue = eval.ValueVal
	// Period is what period() proves (P, S) or says.
	Period = normalplay.PeriodVal
	// Table is table()'s table (render it with RenderTable).
	Table = normalplay.TableVal
	// Plot is what plot() wrote.
	Plot = normalplay.PlotVal
	// Genus is Conway's genus of a position under misère play.
	Genus = misereplay.GenusVal
	// Quotient is a misère quotient.
	Quotient = misereplay.QuotientVal
	// Explanation is explain()'s text.
	Explanation = eval.Explanation
	// Graph is a graph given as data, the position of graph games.
	Graph = graphs.GraphVal
	// Nothing is the value of a statement that prints nothing itself
	// (print() has printed).
	Nothing = eval.Nothing
)

// The outcomes, as values compare with them: v == gamelang.P.
const (
	P = Outcome(game.P) // the previous player (the one who just moved) wins
	N = Outcome(game.N) // the next player (the one to move) wins
	D = Outcome(game.D) // a draw: play goes on for ever (loopy games)
)

// BigInt is v as an integer, when it is one.
func BigInt(v Value) (*big.Int, bool) {
	n, ok := v.(Int)
	if !ok {
		return nil, false
	}
	return n.V, true
}

// JSON is a value as the command line's --json writes it: an object with
// its type, its value in the form docs/json.md gives for that type, and
// its text (the line field is left out). Integers are JSON numbers with
// every digit.
func JSON(v Value) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	a := eval.AnswerOf(v)
	err := enc.Encode(struct {
		Type  string `json:"type"`
		Value any    `json:"value"`
		Text  string `json:"text"`
	}{a.Type, a.Value, a.Text})
	return bytes.TrimRight(b.Bytes(), "\n"), err
}

// CSV is a value as tidy CSV records, a header first, as --format csv
// writes it: a record per heap of grundy(G, a..b), a record per move of
// winning() and options(); nil for a value no table fits.
func CSV(v Value) [][]string {
	if t, ok := v.(eval.Tabular); ok {
		return t.CSV()
	}
	return nil
}

// RenderTable writes a table of table() in a format: "text" (boxed, as the
// prompt shows it), "markdown", "latex" (a booktabs tabular), "html", "csv"
// (tidy data) or "json".
func RenderTable(t Table, format string) (string, error) {
	d := *t.Data
	d.Format = format
	switch format {
	case "text", "markdown", "latex", "html", "csv", "json":
	default:
		return "", fmt.Errorf("a table is written as text, markdown, latex, html, csv or json, not %q", format)
	}
	return render.Tables{}.Render(&d)
}

// WritePlot draws what plot(game, lo..hi, file, options) would, into w, in
// the format of the extension ext (".png", ".jpg", ".tif", ".svg", ".pdf"
// or ".eps"). game is an expression naming a ruleset of the session:
// "Kayles", "Wythoff", "octal(\"0.137\")".
func (s *Session) WritePlot(ctx context.Context, w io.Writer, ext, game string, lo, hi int64, options string) error {
	v, err := s.Eval(ctx, game)
	if err != nil {
		return err
	}
	r, ok := v.(Ruleset)
	if !ok {
		return fmt.Errorf("%s is %s, not a ruleset", game, v.What())
	}
	d, err := normalplay.PlotData(s.in, ctx, r.R, lo, hi, options)
	if err != nil {
		return convert(err)
	}
	return plot.Write(w, ext, d)
}
