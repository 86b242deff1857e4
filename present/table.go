package present

// table(G, a..b): a heap ruleset's values laid out in rows as long as its
// period (or of 10 when none is known), so that a periodic sequence shows as
// repeated rows, with the exceptions marked; a two-number ruleset's values
// as a grid (Wythoff's). This computes the cells; a TableRenderer
// (internal/render, with a table library) writes them as text, Markdown, CSV
// or JSON.

import (
	"context"
	"fmt"
	"math/big"
	"slices"
	"strings"

	"github.com/gamelang/gamelang/game"
)

// Cell is one value of a table; Mark flags an exception (a value that
// differs from the periodic one). An empty cell has Num == nil.
type Cell struct {
	Num  *big.Int
	Mark bool
}

// Table is what table() computes.
type Table struct {
	Title   string
	Corner  string   // the header of the label column
	Columns []string // the other headers
	Labels  []string // one per row
	Cells   [][]Cell
	Notes   []string
	Format  string // one of Formats
	// Records is the table as tidy data, one record per position: n, g and
	// whether g is an exception; or a, b, g and whether it is a
	// P-position. CSV is written from it.
	Records [][]string
}

// TableJSON is a table as JSON: the title, the headers, the rows of numbers
// (null for an empty cell) and the cells marked as exceptions.
type TableJSON struct {
	Title      string       `json:"title"`
	Corner     string       `json:"corner"`
	Columns    []string     `json:"columns"`
	Labels     []string     `json:"labels"`
	Rows       [][]*big.Int `json:"rows"`
	Exceptions []CellAt     `json:"exceptions"`
	Notes      []string     `json:"notes"`
}

// CellAt is a cell's place in a table.
type CellAt struct {
	Row    int `json:"row"`
	Column int `json:"column"`
}

// JSON is the table as JSON.
func (t *Table) JSON() TableJSON {
	doc := TableJSON{Title: t.Title, Corner: t.Corner, Columns: t.Columns, Labels: t.Labels, Notes: t.Notes, Exceptions: []CellAt{}, Rows: [][]*big.Int{}}
	for _, l := range []*[]string{&doc.Notes, &doc.Columns, &doc.Labels} {
		if *l == nil {
			*l = []string{}
		}
	}
	for i, cells := range t.Cells {
		row := make([]*big.Int, len(cells))
		for j, c := range cells {
			row[j] = c.Num
			if c.Mark {
				doc.Exceptions = append(doc.Exceptions, CellAt{i, j})
			}
		}
		doc.Rows = append(doc.Rows, row)
	}
	return doc
}

// TableRenderer writes a table in its format.
type TableRenderer interface {
	Render(t *Table) (string, error)
}

// Formats are the output formats of table().
var Formats = []string{"text", "markdown", "latex", "html", "csv", "json"}

// ValidFormat reports whether f is one of Formats.
func ValidFormat(f string) bool { return slices.Contains(Formats, f) }

// PlainTable is the rendering without a table library.
func PlainTable(t *Table) string {
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

// MaxTableCells bounds a table.
const MaxTableCells = 100_000

// Layout says how table() lays out a ruleset's values: by a sequence of
// heaps or a grid of pairs, or not at all.
func Layout(r game.Ruleset) (sequence, grid bool) {
	n := len(r.Kind().Coords())
	return n == 1, n == 2
}

// At is the position of r at the given numbers.
func At(r game.Ruleset, nums ...*big.Int) (game.Position, error) {
	s, err := r.Kind().Make(r.Name(), nums)
	if err != nil {
		return nil, err
	}
	return game.Position{{Rules: r, State: s}}, nil
}

// SequenceTable lays out g(lo) .. g(lo+span) in rows of the period.
func SequenceTable(ctx context.Context, v Values, r game.Ruleset, lo *big.Int, span int64) (*Table, error) {
	if span+1 > MaxTableCells {
		return nil, fmt.Errorf("a table has at most %d cells", MaxTableCells)
	}
	per, err := v.period(ctx, new(big.Int).Add(lo, big.NewInt(span)))
	if err != nil {
		return nil, err
	}
	width := int64(10)
	if per != nil && per.Len <= 60 {
		width = per.Len
	}
	t := &Table{Title: fmt.Sprintf("%s: %s values of heaps %s..%s", r.Name(), v.Name, lo, new(big.Int).Add(lo, big.NewInt(span))), Corner: "n",
		Records: [][]string{{"n", "g", "exception"}}}
	for j := int64(0); j < width; j++ {
		t.Columns = append(t.Columns, fmt.Sprintf("+%d", j))
	}
	for i := int64(0); i <= span; i += width {
		start := new(big.Int).Add(lo, big.NewInt(i))
		t.Labels = append(t.Labels, start.String())
		row, err := sequenceRow(ctx, v, r, start, min(width, span-i+1), per)
		if err != nil {
			return nil, err
		}
		for j, c := range row {
			t.Records = append(t.Records, []string{new(big.Int).Add(start, big.NewInt(int64(j))).String(), numText(c.Num), fmt.Sprint(c.Mark)})
		}
		t.Cells = append(t.Cells, append(row, make([]Cell, width-int64(len(row)))...))
	}
	t.Notes = append(t.Notes, periodNote(per, width))
	if v.Decides {
		t.Notes = append(t.Notes, "Empty cells are decided heaps: whoever leaves one loses at once.")
	}
	return t, nil
}

// sequenceRow is the cells of heaps start .. start+count-1, the exceptions
// to a period marked; decided heaps have no value: an empty cell.
func sequenceRow(ctx context.Context, v Values, r game.Ruleset, start *big.Int, count int64, per *Period) ([]Cell, error) {
	row := make([]Cell, count)
	for j := range count {
		n := new(big.Int).Add(start, big.NewInt(j))
		g, err := v.at(ctx, r, n)
		if err != nil {
			return nil, err
		}
		if g.num != nil {
			row[j] = Cell{Num: g.num, Mark: per.IsException(n, g.num)}
		}
	}
	return row, nil
}

// numText writes a value, or nothing for a decided position.
func numText(g *big.Int) string {
	if g == nil {
		return ""
	}
	return g.String()
}

// periodNote says how the rows of a table are laid out.
func periodNote(per *Period, width int64) string {
	switch {
	case per != nil && width == per.Len:
		return fmt.Sprintf("Rows of %d, the period, proved (preperiod %d); * marks an exception, a value that differs from the periodic one.", per.Len, per.Pre)
	case per != nil:
		return fmt.Sprintf("Rows of 10; the period is %d (preperiod %d), too long for rows; * marks an exception.", per.Len, per.Pre)
	}
	return "Rows of 10: no period is known."
}

// GridTable lays out g(a, b) for a, b in lo..lo+span.
func GridTable(ctx context.Context, v Values, r game.Ruleset, lo *big.Int, span int64) (*Table, error) {
	if (span+1)*(span+1) > MaxTableCells {
		return nil, fmt.Errorf("a table has at most %d cells", MaxTableCells)
	}
	vars := r.Kind().Coords()
	t := &Table{Title: fmt.Sprintf("%s: %s values, %s down and %s across; 0 marks the P-positions", r.Name(), v.Name, vars[0], vars[1]), Corner: vars[0] + " \\ " + vars[1],
		Records: [][]string{{vars[0], vars[1], "g", "p"}}}
	for j := int64(0); j <= span; j++ {
		t.Columns = append(t.Columns, new(big.Int).Add(lo, big.NewInt(j)).String())
	}
	for i := int64(0); i <= span; i++ {
		a := new(big.Int).Add(lo, big.NewInt(i))
		t.Labels = append(t.Labels, a.String())
		row := make([]Cell, span+1)
		for j := int64(0); j <= span; j++ {
			g, err := v.at(ctx, r, a, new(big.Int).Add(lo, big.NewInt(j)))
			if err != nil {
				return nil, err
			}
			if g.num != nil {
				row[j] = Cell{Num: g.num}
			}
			t.Records = append(t.Records, []string{a.String(), t.Columns[j], numText(g.num), fmt.Sprint(g.p)})
		}
		t.Cells = append(t.Cells, row)
	}
	return t, nil
}
