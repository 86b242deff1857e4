package eval

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"math/big"

	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/play"
	"github.com/gamelang/gamelang/present"
)

// With Config.JSON, each statement that prints writes one line of JSON (JSON
// Lines): an object with the statement's line, the type of its value, the
// value in a form that type documents, and the text the statement prints
// without JSON. Integers are JSON numbers with every digit (read them with a
// decoder that keeps big integers: Python's json, Go's json.Number). The
// schema is docs/json-schema.json; docs/json.md explains it.

// Answer is the JSON of one statement's value.
type Answer struct {
	Line  int    `json:"line"`
	Type  string `json:"type"`
	Value any    `json:"value"`
	Text  string `json:"text"`
}

// moveJSON is a move of a listing: the part that moves (0 first), what it
// was, what it leaves in its place, and the move as winning() says it; for
// options(), the value reached.
type moveJSON struct {
	Part  int        `json:"part"`
	From  string     `json:"from"`
	To    []string   `json:"to"`
	Text  string     `json:"text"`
	Value *valueJSON `json:"value,omitempty"`
}

// valueJSON is what a play convention says of a position: its kind
// ("grundy", "misère", "loopy"), the value (a number when it is one) and the
// outcome it implies.
type valueJSON struct {
	Kind    string `json:"kind"`
	Value   any    `json:"value"`
	Outcome string `json:"outcome"`
}

func playValueJSON(v play.Value) *valueJSON {
	var val any = v.String()
	if n, ok := new(big.Int).SetString(v.String(), 10); ok {
		val = n
	}
	return &valueJSON{Kind: v.Label(), Value: val, Outcome: v.Outcome().String()}
}

func movesJSON(p game.Position, opts []play.Option, withValues bool) any {
	shown := present.Shown(opts, maxShown)
	out := struct {
		Position string     `json:"position"`
		Count    int        `json:"count"`
		Moves    []moveJSON `json:"moves"`
	}{Position: p.String(), Count: present.Count(p, opts), Moves: []moveJSON{}}
	for _, o := range shown[:min(len(shown), maxShown)] {
		m := moveJSON{Part: o.Index, From: p[o.Index].String(), To: []string{}, Text: present.MoveText(p, o)}
		for _, c := range o.Move.To {
			m.To = append(m.To, c.String())
		}
		if withValues {
			m.Value = playValueJSON(o.Value)
		}
		out.Moves = append(out.Moves, m)
	}
	return out
}

// toJSON gives a value's type and its JSON form.
func toJSON(v Value) (string, any) { return v.JSON() }

func (v Int) JSON() (string, any)         { return "integer", v.V }
func (v Bool) JSON() (string, any)        { return "boolean", bool(v) }
func (v Str) JSON() (string, any)         { return "text", string(v) }
func (v Explanation) JSON() (string, any) { return "explanation", string(v) }
func (v Nothing) JSON() (string, any)     { return "text", "" }
func (v Set) JSON() (string, any)         { return "set", nonNil(v.Elems) }
func (v Indexed) JSON() (string, any)     { return v.Vals.JSON() }
func (v Seq) JSON() (string, any)         { return "sequence", nonNil([]*big.Int(v)) }
func (v List) JSON() (string, any)        { return "list", nonNil(v.Elems) }
func (v OutcomeVal) JSON() (string, any)  { return "outcome", game.Outcome(v).String() }
func (v ParamGame) JSON() (string, any)   { return "family", v.String() }
func (v FuncVal) JSON() (string, any)     { return "function", v.String() }
func (v ConventionVal) JSON() (string, any) {
	return "convention", v.C.Name()
}
func (v Moves) JSON() (string, any)      { return "moves", movesJSON(v.Pos, v.Opts, false) }
func (v OptionList) JSON() (string, any) { return "options", movesJSON(v.Pos, v.Opts, true) }
func (v ValueVal) JSON() (string, any)   { return "value", playValueJSON(v.V) }
func (v Words) JSON() (string, any)      { return "words", nonNilStrings(v) }

func (v Range) JSON() (string, any) {
	r := struct {
		From *big.Int `json:"from"`
		To   *big.Int `json:"to"` // null when open
	}{From: v.Lo}
	if !v.Open {
		r.To = v.Hi
	}
	return "range", r
}

func (v RulesetVal) JSON() (string, any) {
	return "ruleset", struct {
		Name string `json:"name"`
		Kind string `json:"kind"`
	}{v.R.Name(), v.R.Kind().Name()}
}

func (v PositionVal) JSON() (string, any) {
	parts := []string{}
	for _, c := range v.P {
		parts = append(parts, c.String())
	}
	return "position", struct {
		Text  string   `json:"text"`
		Parts []string `json:"parts"`
	}{v.P.String(), parts}
}

// csvOf is a value as tidy CSV records, a header first, for --format csv:
// a value per heap (n, g), or moves (part, from, to, move, and for options
// the kind, value and outcome reached); nil for a value no table fits.
func csvOf(v Value) [][]string {
	if t, ok := v.(Tabular); ok {
		return t.CSV()
	}
	return nil
}

// CSV is a record per heap: n and its value.
func (v Indexed) CSV() [][]string {
	out := [][]string{{"n", v.Name}}
	vals := v.Vals.Items()
	for i, n := range v.At {
		out = append(out, []string{n.String(), vals[i]})
	}
	return out
}

// CSV is a record per move.
func (v Moves) CSV() [][]string { return movesCSV(v.Pos, v.Opts, false) }

// CSV is a record per move, with the value it reaches.
func (v OptionList) CSV() [][]string { return movesCSV(v.Pos, v.Opts, true) }

func movesCSV(p game.Position, opts []play.Option, withValues bool) [][]string {
	header := []string{"part", "from", "to", "move"}
	if withValues {
		header = append(header, "kind", "value", "outcome")
	}
	out := [][]string{header}
	shown := present.Shown(opts, maxShown)
	for _, o := range shown[:min(len(shown), maxShown)] {
		rec := []string{fmt.Sprint(o.Index), p[o.Index].String(), game.Position(o.Move.To).String(), present.MoveText(p, o)}
		if withValues {
			rec = append(rec, o.Value.Label(), o.Value.String(), o.Value.Outcome().String())
		}
		out = append(out, rec)
	}
	return out
}

func nonNil(xs []*big.Int) []*big.Int {
	if xs == nil {
		return []*big.Int{}
	}
	return xs
}

func nonNilStrings(xs []string) []string {
	if xs == nil {
		return []string{}
	}
	return xs
}

// printValue writes what a statement prints: its text, or with JSON one
// line of JSON.
func (in *Interp) printValue(line int, v Value) error {
	if in.cfg.Answered != nil {
		defer in.cfg.Answered(line, v)
	}
	if in.cfg.Display != nil && in.cfg.Display(line, v) {
		return nil
	}
	if in.cfg.TableFormat == "csv" && !in.cfg.JSON {
		if records := csvOf(v); records != nil {
			w := csv.NewWriter(in.cfg.Out)
			return w.WriteAll(records)
		}
	}
	if !in.cfg.JSON {
		_, err := io.WriteString(in.cfg.Out, v.String()+"\n")
		return err
	}
	typ, val := toJSON(v)
	return in.writeJSON(Answer{Line: line, Type: typ, Value: val, Text: v.String()})
}

func (in *Interp) writeJSON(a Answer) error { return WriteAnswer(in.cfg.Out, a) }

// WriteAnswer writes a as one line of JSON, with <, > and & as they are.
func WriteAnswer(w io.Writer, a Answer) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(a)
}

// AnswerOf is the JSON answer of a value, as --json writes it (without a
// line): its type, its JSON value and its text.
func AnswerOf(v Value) Answer {
	typ, val := toJSON(v)
	return Answer{Type: typ, Value: val, Text: v.String()}
}
