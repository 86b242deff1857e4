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

// Tables renders the tables of table().
type Tables struct{}

// Render writes t in its format.
func (Tables) Render(t *present.Table) (string, error) {
	if t.Format == "json" {
		return renderJSON(t)
	}
	if t.Format == "csv" && t.Records != nil {
		return renderCSV(t)
	}
	switch t.Format {
	case "latex":
		return renderLaTeX(t), nil
	case "html":
		return renderHTML(t), nil
	}
	w := table.NewWriter()
	w.SetStyle(table.StyleLight)
	w.Style().Format.Header = text.FormatDefault
	header := table.Row{t.Corner}
	for _, c := range t.Columns {
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
		for _, c := range cells {
			row = append(row, c.Text())
		}
		w.AppendRow(row)
	}
	var out string
	switch t.Format {
	case "markdown":
		out = w.RenderMarkdown()
	case "csv":
		out = w.RenderCSV()
	default:
		w.SetTitle(t.Title)
		out = w.Render()
	}
	switch t.Format {
	case "markdown": // a paragraph each, apart from the table (a line straight after it would be a row)
		out = "**" + t.Title + "**\n\n" + out
		for _, n := range t.Notes {
			out += "\n\n" + n
		}
	case "csv":
	default:
		for _, n := range t.Notes {
			out += "\n" + n
		}
	}
	return out, nil
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
