package eval

// table(G, a..b): a heap ruleset's values laid out in rows as long as its
// period (or of 10 when none is known), so that a periodic sequence shows as
// repeated rows, with the exceptions marked; a two-number tuple ruleset's
// values as a grid (Wythoff's). The evaluator computes the cells; a
// TableRenderer (internal/render, with a table library) writes them as text,
// Markdown, CSV or JSON.

import (
	"context"
	"fmt"
	"math/big"
	"strings"

	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/lang"
	"github.com/gamelang/gamelang/octal"
)

// Cell is one value of a table; Mark flags an exception (a value that
// differs from the periodic one). An empty cell has Num == nil.
type Cell struct {
	Num  *big.Int
	Mark bool
}

// TableData is what table() computes.
type TableData struct {
	Title   string
	Corner  string   // the header of the label column
	Columns []string // the other headers
	Labels  []string // one per row
	Cells   [][]Cell
	Notes   []string
	Format  string // text, markdown, csv or json
}

// TableRenderer writes a table in its format.
type TableRenderer interface {
	Render(t *TableData) (string, error)
}

// Formats are the output formats of table().
var Formats = []string{"text", "markdown", "csv", "json"}

// TableVal is the value of table(); it prints through the session's renderer.
type TableVal struct {
	Data *TableData
	r    TableRenderer
}

func (v TableVal) String() string {
	if v.r == nil {
		return plainTable(v.Data)
	}
	s, err := v.r.Render(v.Data)
	if err != nil {
		return "table: " + err.Error()
	}
	return strings.TrimRight(s, "\n")
}

// plainTable is the fallback rendering, without a table library.
func plainTable(t *TableData) string {
	var b strings.Builder
	b.WriteString(t.Title + "\n")
	b.WriteString(t.Corner + "\t" + strings.Join(t.Columns, "\t") + "\n")
	for i, row := range t.Cells {
		b.WriteString(t.Labels[i])
		for _, c := range row {
			b.WriteString("\t" + c.Text())
		}
		b.WriteString("\n")
	}
	for _, n := range t.Notes {
		b.WriteString(n + "\n")
	}
	return strings.TrimRight(b.String(), "\n")
}

// Text writes a cell: its number, with * for an exception.
func (c Cell) Text() string {
	if c.Num == nil {
		return ""
	}
	if c.Mark {
		return c.Num.String() + "*"
	}
	return c.Num.String()
}

// maxTableCells bounds a table.
const maxTableCells = 100_000

// periodLook is how far table() looks for a period to lay its rows out by.
const periodLook = 1 << 12

func biTable(in *Interp, ctx context.Context, call *lang.Call, args []Value) (Value, error) {
	format := in.cfg.TableFormat
	if len(args) == 3 {
		f, ok := args[2].(Str)
		if !ok || !validFormat(string(f)) {
			return nil, errorf(lang.ExprPos(call.Args[2]), "the format of a table is one of %s, not %s", strings.Join(Formats, ", "), args[2])
		}
		format = string(f)
	}
	if format == "" {
		format = "text"
	}
	rv, ok := args[0].(RulesetVal)
	rg, isRange := args[1].(Range)
	if !ok || !isRange || rg.Open || rg.Lo.Sign() < 0 {
		return nil, errorf(call.Pos, "table(G, a..b) needs a ruleset and a bounded range of numbers from 0")
	}
	count, err := in.rangeLen(rg, lang.ExprPos(call.Args[1]), "table(G, a..b)")
	if err != nil {
		return nil, err
	}
	if count == 0 {
		return nil, errorf(lang.ExprPos(call.Args[1]), "the range %s is empty", rg)
	}
	span := count - 1
	var t *TableData
	switch sh := rv.R.Shape(); {
	case sh.Kind == game.HeapKind:
		t, err = heapTable(ctx, rv.R, rg.Lo, span)
	case sh.Kind == game.TupleKind && len(sh.Vars) == 2:
		t, err = gridTable(ctx, rv.R, rg.Lo, span)
	default:
		return nil, errorf(call.Pos, "table(G, a..b) lays out heap rulesets and tuple rulesets of two numbers, not %s", rv.R.Name())
	}
	if err != nil {
		return nil, at(call.Pos, err)
	}
	t.Format = format
	return TableVal{Data: t, r: in.cfg.Tables}, nil
}

func validFormat(f string) bool {
	for _, g := range Formats {
		if f == g {
			return true
		}
	}
	return false
}

// heapTable lays out g(lo) .. g(lo+span) in rows of the period.
func heapTable(ctx context.Context, r game.Ruleset, lo *big.Int, span int64) (*TableData, error) {
	if span+1 > maxTableCells {
		return nil, fmt.Errorf("a table has at most %d cells", maxTableCells)
	}
	width := int64(10)
	var per *octal.Period
	if pr, ok := asPeriodic(r); ok {
		hi := new(big.Int).Add(lo, big.NewInt(span))
		if _, err := pr.Period(ctx, periodLook); err != nil { // the rows follow the period when it is proved
			return nil, err
		}
		if _, err := pr.Table().Value(ctx, hi); err != nil {
			return nil, err
		}
		if p := pr.Table().Period(); p != nil {
			per = p
			if p.Len <= 60 {
				width = p.Len
			}
		}
	}
	t := &TableData{Title: fmt.Sprintf("%s: Grundy values of heaps %s..%s", r.Name(), lo, new(big.Int).Add(lo, big.NewInt(span))), Corner: "n"}
	for j := int64(0); j < width; j++ {
		t.Columns = append(t.Columns, fmt.Sprintf("+%d", j))
	}
	for i := int64(0); i <= span; i += width {
		start := new(big.Int).Add(lo, big.NewInt(i))
		t.Labels = append(t.Labels, start.String())
		row := make([]Cell, width)
		for j := int64(0); j < width && i+j <= span; j++ {
			n := new(big.Int).Add(start, big.NewInt(j))
			c := game.Component{Rules: r, State: n}
			if r.Decided(n) {
				continue // decided heaps have no value: an empty cell
			}
			g, err := game.Grundy(ctx, game.Position{c})
			if err != nil {
				return nil, err
			}
			row[j] = Cell{Num: g, Mark: per != nil && isException(per, n, g)}
		}
		t.Cells = append(t.Cells, row)
	}
	switch {
	case per != nil && width == per.Len:
		t.Notes = append(t.Notes, fmt.Sprintf("Rows of %d, the period, proved (preperiod %d); * marks an exception, a value that differs from the periodic one.", per.Len, per.Pre))
	case per != nil:
		t.Notes = append(t.Notes, fmt.Sprintf("Rows of 10; the period is %d (preperiod %d), too long for rows; * marks an exception.", per.Len, per.Pre))
	default:
		t.Notes = append(t.Notes, "Rows of 10: no period is known.")
	}
	if pr, ok := asPeriodic(r); ok && pr.Table().Decides() {
		t.Notes = append(t.Notes, "Empty cells are decided heaps: whoever leaves one loses at once.")
	}
	return t, nil
}

// isException reports whether g(n) = g differs from the periodic value.
func isException(p *octal.Period, n, g *big.Int) bool {
	if !n.IsInt64() || n.Int64() >= p.Pre {
		return false
	}
	r := ((n.Int64()-p.Pre)%p.Len + p.Len) % p.Len
	return g.Cmp(big.NewInt(int64(p.At(r)))) != 0
}

// gridTable lays out g(a, b) for a, b in lo..lo+span.
func gridTable(ctx context.Context, r game.Ruleset, lo *big.Int, span int64) (*TableData, error) {
	if (span+1)*(span+1) > maxTableCells {
		return nil, fmt.Errorf("a table has at most %d cells", maxTableCells)
	}
	vars := r.Shape().Vars
	t := &TableData{Title: fmt.Sprintf("%s: Grundy values, %s down and %s across; 0 marks the P-positions", r.Name(), vars[0], vars[1]), Corner: vars[0] + " \\ " + vars[1]}
	for j := int64(0); j <= span; j++ {
		t.Columns = append(t.Columns, new(big.Int).Add(lo, big.NewInt(j)).String())
	}
	for i := int64(0); i <= span; i++ {
		a := new(big.Int).Add(lo, big.NewInt(i))
		t.Labels = append(t.Labels, a.String())
		row := make([]Cell, span+1)
		for j := int64(0); j <= span; j++ {
			s := game.Tuple{a, new(big.Int).Add(lo, big.NewInt(j))}
			if r.Decided(s) {
				continue
			}
			g, err := game.Grundy(ctx, game.Position{{Rules: r, State: s}})
			if err != nil {
				return nil, err
			}
			row[j] = Cell{Num: g}
		}
		t.Cells = append(t.Cells, row)
	}
	return t, nil
}
