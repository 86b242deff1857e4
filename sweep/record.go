package sweep

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"

	"github.com/gamelang/gamelang/internal/lines"
)

// Header is the first line of a sweep's output: what was run, with which
// bounds, which shard, by which gamelang. Shards of one sweep have equal
// headers but for Shard.
type Header struct {
	Family  string `json:"family"`
	Items   int    `json:"items"`            // games in the family, in every shard
	Values  int    `json:"values"`           // at most this many values per game
	Time    string `json:"time,omitempty"`   // at most this long per game
	Memory  int64  `json:"memory,omitempty"` // at most this many bytes per game
	Query   string `json:"query,omitempty"`  // the query run, if not the code analysis
	Shard   string `json:"shard"`            // "i/N"
	Version string `json:"version"`
}

// headerLine is how the header is written: {"sweep": {...}}.
type headerLine struct {
	Sweep *Header `json:"sweep"`
}

// Record is what a sweep found about one game: one line of its output.
// Every field but Seconds is a function of the game and the bounds, so
// runs of the same sweep agree byte for byte (without --times=false, the
// seconds differ).
type Record struct {
	Index int    `json:"index"` // the game's place in the family
	Game  string `json:"game"`  // its code, in canonical form, or the number bound
	// The code analysis: values computed, the largest, and what was proved.
	Values    int        `json:"values,omitempty"`
	Max       *uint32    `json:"max,omitempty"`
	Period    *PeriodRec `json:"period,omitempty"`
	NoPeriod  string     `json:"no_period,omitempty"` // why no period is given
	Candidate *Candidate `json:"candidate,omitempty"` // what the values suggest, unproved
	Rare      *RareRec   `json:"rare,omitempty"`      // without a period: the rare values
	Sequence  string     `json:"sequence,omitempty"`  // equal for equal sequences: see sequenceID
	Class     string     `json:"class,omitempty"`     // equal for codes of one class: see classID
	Checksum  string     `json:"checksum,omitempty"`  // SHA-256 of the values, 4 bytes each, little-endian
	// A query's answer, as --json writes it.
	Answer *Answer `json:"answer,omitempty"`
	// Why the game stopped short: "time", "memory", or an error.
	Stopped string   `json:"stopped,omitempty"`
	Error   string   `json:"error,omitempty"`
	Seconds *float64 `json:"seconds,omitempty"`
}

// PeriodRec is a proved period: g(n + Length) = g(n) for n >= Preperiod.
type PeriodRec struct {
	Length        int64  `json:"length"`
	Preperiod     int64  `json:"preperiod"`
	LastException int64  `json:"last_exception"` // Preperiod - 1, or -1 for none
	Exceptions    int64  `json:"exceptions"`     // how many n < Preperiod have g(n) != g(n + Length)
	Theorem       string `json:"theorem"`
	Needed        int64  `json:"needed"` // the theorem needed the values g(0) .. g(Needed-1)
}

// RareRec is what research tables report of a code without a known
// period: under the mask (a value v is rare when popcount(v & mask) is
// even, the mask under which the fewest heaps are rare), how many heaps
// have a rare value and the last of them, the largest value and its first
// heap, and the share of heaps with a common value.
type RareRec struct {
	Mask   uint32  `json:"mask"`
	Count  int     `json:"count"`
	Last   int     `json:"last"`
	Max    uint32  `json:"max"`
	MaxAt  int     `json:"max_at"`
	Common float64 `json:"common"` // rounded to 6 digits
}

// Candidate is a period the values suggest but do not prove yet.
type Candidate struct {
	Length    int64 `json:"length"`
	Preperiod int64 `json:"preperiod"`
	Needed    int64 `json:"needed"` // values its proof would need
}

// Answer is a query's value: its type, its JSON and its text (docs/json.md).
type Answer struct {
	Type  string          `json:"type"`
	Value json.RawMessage `json:"value"`
	Text  string          `json:"text"`
}

// writer writes a sweep's lines.
type writer struct {
	w     *bufio.Writer
	times bool
}

func (w *writer) header(h *Header) error {
	if err := w.line(headerLine{h}); err != nil {
		return err
	}
	return w.w.Flush()
}

func (w *writer) record(r Record) error {
	if !w.times {
		r.Seconds = nil
	}
	if err := w.line(r); err != nil {
		return err
	}
	return w.w.Flush() // a record is out as soon as it is known: a killed run keeps it
}

func (w *writer) line(v any) error {
	b, err := marshal(v)
	if err != nil {
		return err
	}
	b = append(b, '\n')
	_, err = w.w.Write(b)
	return err
}

// marshal is json.Marshal with <, > and & as they are (as --json writes).
func marshal(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// Output is a sweep's output read back: its header and its records, each
// with the line it was read from (Merge writes the lines as they were).
type Output struct {
	Name    string // the file it was read from
	Header  Header
	Records []Record
	Lines   [][]byte
}

// Read reads a sweep's output: a header line, then records.
func Read(name string, r io.Reader) (*Output, error) {
	lr := lines.New(r, 64<<20)
	out := &Output{Name: name}
	for {
		text, err := lr.Next()
		if err == io.EOF {
			break
		}
		line := lr.Line
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", name, line, err)
		}
		b := []byte(text)
		if line == 1 {
			var h headerLine
			if err := strictDecode(b, &h); err != nil || h.Sweep == nil {
				return nil, fmt.Errorf("%s:1: not the output of gamelang sweep (its first line is {\"sweep\": …})", name)
			}
			out.Header = *h.Sweep
			continue
		}
		var rec Record
		if err := strictDecode(b, &rec); err != nil {
			return nil, fmt.Errorf("%s:%d: %v", name, line, err)
		}
		out.Records = append(out.Records, rec)
		out.Lines = append(out.Lines, b)
	}
	if out.Header.Shard == "" {
		return nil, fmt.Errorf("%s: empty, or not the output of gamelang sweep", name)
	}
	return out, nil
}

// strictDecode reads one JSON value that is the whole line: unknown
// fields and anything after the value are errors.
func strictDecode(b []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	dec.UseNumber()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if rest := bytes.TrimSpace(b[dec.InputOffset():]); len(rest) > 0 {
		return fmt.Errorf("%q follows the record: a line holds one record", clip(rest))
	}
	return nil
}

func clip(b []byte) string {
	if len(b) > 40 {
		return string(b[:40]) + "..."
	}
	return string(b)
}
