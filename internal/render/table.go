// Package render writes the tables of table() with a table library: boxes
// for the terminal, Markdown, CSV, and JSON for programs; and by hand
// LaTeX (booktabs, for papers) and HTML (for notebooks).
package render

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/jedib0t/go-pretty/v6/table"
	"github.com/jedib0t/go-pretty/v6/text"

	"github.com/gamelang/gamelang/present"
)

// Tables renders the tables of table(). Width, when not 0, is the columns
// a text table fits in (the terminal's): a wider one is folded into blocks
// of columns, each with the row labels, so that a row of the period still
// reads across its blocks; the title wraps between words.
type Tables struct{ Width int }

// Render writes t in its format.
func (r Tables) Render(t *present.Table) (string, error) {
	switch {
	case t.Format == "json":
		return renderJSON(t)
	case t.Format == "csv" && t.Records != nil:
		return renderCSV(t)
	case t.Format == "latex":
		return renderLaTeX(t), nil
	case t.Format == "html":
		return renderHTML(t), nil
	case t.Format == "markdown":
		out := "**" + t.Title + "**\n\n" + writer(t, 0, len(t.Columns)).RenderMarkdown()
		for _, n := range t.Notes { // a paragraph each, apart from the table (a line straight after it would be a row)
			out += "\n\n" + n
		}
		return out, nil
	case t.Format == "csv":
		return writer(t, 0, len(t.Columns)).RenderCSV(), nil
	}
	return r.renderText(t), nil
}

// renderText draws t in boxes, folded into blocks of columns to the width
// when it has one, with its title and notes wrapped.
func (r Tables) renderText(t *present.Table) string {
	blocks := [][2]int{{0, len(t.Columns)}}
	if r.Width > 0 && boxWidth(t, 0, len(t.Columns)) > r.Width {
		blocks = fold(t, r.Width)
	}
	var parts []string
	for i, b := range blocks {
		w := writer(t, b[0], b[1])
		if i == 0 {
			r.title(t, w, boxWidth(t, b[0], b[1]))
		}
		parts = append(parts, w.Render())
	}
	out := strings.Join(parts, "\n")
	for _, n := range t.Notes {
		if r.Width > 0 {
			n = wrap(n, r.Width)
		}
		out += "\n" + n
	}
	return out
}

// title sets the first block's title: the box widened for a title of more
// than two lines, up to titleWidth columns; it wraps between words.
func (r Tables) title(t *present.Table, w table.Writer, width int) {
	lines := strings.Count(wrap(t.Title, width-4), "\n") + 1
	if want := min(text.StringWidthWithoutEscSequences(t.Title)+4, titleWidth); want > width && lines > 2 {
		if r.Width > 0 {
			want = min(want, r.Width)
		}
		width = max(want, width)
		w.Style().Size.WidthMin = width
	}
	w.SetTitle(wrap(t.Title, width-4))
}

// titleWidth is how wide a narrow table is made for its title to wrap in.
const titleWidth = 48

// wrap breaks s into lines of at most width columns between words.
func wrap(s string, width int) string {
	lines := strings.Split(text.WrapSoft(s, max(width, 1)), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	return strings.Join(lines, "\n")
}

// writer is the table with the row labels and columns lo..hi-1.
func writer(t *present.Table, lo, hi int) table.Writer {
	w := table.NewWriter()
	w.SetStyle(table.StyleLight)
	w.Style().Format.Header = text.FormatDefault
	header := table.Row{t.Corner}
	for _, c := range t.Columns[lo:hi] {
		header = append(header, c)
	}
	w.AppendHeader(header)
	cols := make([]table.ColumnConfig, len(header))
	for i := range cols {
		cols[i] = table.ColumnConfig{Number: i + 1, Align: text.AlignRight, AlignHeader: text.AlignRight}
	}
	w.SetColumnConfigs(cols)
	for i, cells := range t.Cells {
		row := table.Row{t.Labels[i]}
		for _, c := range cells[lo:hi] {
			row = append(row, c.Text())
		}
		w.AppendRow(row)
	}
	return w
}

// boxWidth is how wide the box of the labels and columns lo..hi-1 is: a
// border, then each column's widest text with a blank either side and a
// border after.
func boxWidth(t *present.Table, lo, hi int) int {
	col := func(head string, cell func(row int) string) int {
		w := text.StringWidthWithoutEscSequences(head)
		for i := range t.Cells {
			w = max(w, text.StringWidthWithoutEscSequences(cell(i)))
		}
		return w + 3
	}
	width := 1 + col(t.Corner, func(i int) string { return t.Labels[i] })
	for j := lo; j < hi; j++ {
		width += col(t.Columns[j], func(i int) string { return t.Cells[i][j].Text() })
	}
	return width
}

// fold splits the columns into the fewest blocks of nearly equal size that
// each fit width (a block of one column may not).
func fold(t *present.Table, width int) [][2]int {
	n := len(t.Columns)
	for k := 2; ; k++ {
		var blocks [][2]int
		fits := true
		for i := range k {
			lo, hi := i*n/k, (i+1)*n/k
			if lo == hi {
				continue
			}
			blocks = append(blocks, [2]int{lo, hi})
			fits = fits && (hi-lo == 1 || boxWidth(t, lo, hi) <= width)
		}
		if fits || k >= n {
			return blocks
		}
	}
}

// renderCSV writes the table as tidy data: a header, then a record per
// position (n, g, exception; or a, b, g, p).
func renderCSV(t *present.Table) (string, error) {
	var b strings.Builder
	w := csv.NewWriter(&b)
	if err := w.WriteAll(t.Records); err != nil {
		return "", fmt.Errorf("csv: %w", err)
	}
	return strings.TrimSuffix(b.String(), "\n"), nil
}

// renderJSON writes the table as an object (see present.Table.JSON).
func renderJSON(t *present.Table) (string, error) {
	b, err := json.MarshalIndent(t.JSON(), "", "  ")
	if err != nil {
		return "", fmt.Errorf("json: %w", err)
	}
	return string(b), nil
}
