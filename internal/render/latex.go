package render

import (
	"fmt"
	"html"
	"strings"

	"github.com/gamelang/gamelang/present"
)

// renderLaTeX writes t as a booktabs tabular ready to \input: the title
// as a comment above, exceptions in bold with a star (as the notes say),
// the notes below in small type. It needs \usepackage{booktabs}.
func renderLaTeX(t *present.Table) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%% %s (needs \\usepackage{booktabs})\n", strings.ReplaceAll(t.Title, "\n", " "))
	fmt.Fprintf(&b, "\\begin{tabular}{r%s}\n\\toprule\n", strings.Repeat("r", len(t.Columns)))
	row := func(label string, cells []string) {
		b.WriteString(label)
		for _, c := range cells {
			b.WriteString(" & " + c)
		}
		b.WriteString(" \\\\\n")
	}
	header := make([]string, len(t.Columns))
	for i, c := range t.Columns {
		header[i] = latexText(c)
	}
	row(latexText(t.Corner), header)
	b.WriteString("\\midrule\n")
	for i, cells := range t.Cells {
		texts := make([]string, len(cells))
		for j, c := range cells {
			switch {
			case c.Num == nil:
			case c.Mark:
				texts[j] = "\\textbf{" + c.Num.String() + "}$^{*}$"
			default:
				texts[j] = c.Num.String()
			}
		}
		row(latexText(t.Labels[i]), texts)
	}
	b.WriteString("\\bottomrule\n\\end{tabular}")
	for _, n := range t.Notes {
		b.WriteString("\\\\[2pt]\n{\\footnotesize " + latexText(n) + "}")
	}
	return b.String()
}

// latexText escapes the characters TeX gives a meaning.
func latexText(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '\\':
			b.WriteString(`\textbackslash{}`)
		case '&', '%', '$', '#', '_', '{', '}':
			b.WriteString(`\` + string(r))
		case '~':
			b.WriteString(`\textasciitilde{}`)
		case '^':
			b.WriteString(`\textasciicircum{}`)
		case '"':
			b.WriteString(`\textquotedbl{}`)
		case '<':
			b.WriteString(`\textless{}`)
		case '>':
			b.WriteString(`\textgreater{}`)
		case '|':
			b.WriteString(`\textbar{}`)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// renderHTML writes t as an HTML table with its title as the caption,
// exceptions in bold with a star, and the notes below.
func renderHTML(t *present.Table) string {
	var b strings.Builder
	b.WriteString("<table class=\"gamelang-table\">\n<caption>" + html.EscapeString(t.Title) + "</caption>\n<thead><tr>")
	for _, h := range append([]string{t.Corner}, t.Columns...) {
		b.WriteString("<th style=\"text-align:right\">" + html.EscapeString(h) + "</th>")
	}
	b.WriteString("</tr></thead>\n<tbody>\n")
	for i, cells := range t.Cells {
		b.WriteString("<tr><th style=\"text-align:right\">" + html.EscapeString(t.Labels[i]) + "</th>")
		for _, c := range cells {
			switch {
			case c.Num == nil:
				b.WriteString("<td></td>")
			case c.Mark:
				b.WriteString("<td style=\"text-align:right\" title=\"an exception to the period\"><b>" + c.Num.String() + "*</b></td>")
			default:
				b.WriteString("<td style=\"text-align:right\">" + c.Num.String() + "</td>")
			}
		}
		b.WriteString("</tr>\n")
	}
	b.WriteString("</tbody>\n</table>")
	for _, n := range t.Notes {
		b.WriteString("\n<p>" + html.EscapeString(n) + "</p>")
	}
	return b.String()
}
