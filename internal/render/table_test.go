package render

import (
	"encoding/csv"
	"encoding/json"
	"math/big"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gamelang/gamelang/present"
)

func sample(format string) *present.Table {
	n := func(v int64) present.Cell { return present.Cell{Num: big.NewInt(v)} }
	return &present.Table{
		Title: "G: values", Corner: "n", Columns: []string{"+0", "+1", "+2"}, Labels: []string{"0", "3"},
		Cells:  [][]present.Cell{{n(0), {Num: big.NewInt(7), Mark: true}, n(2)}, {n(10), {}, n(1)}},
		Notes:  []string{"a note"},
		Format: format,
	}
}

func TestFormats(t *testing.T) {
	r := Tables{}
	text, _ := r.Render(sample("text"))
	for _, want := range []string{"G: values", "│ n │ +0 │ +1 │ +2 │", "│ 0 │  0 │ 7* │  2 │", "│ 3 │ 10 │    │  1 │", "a note"} {
		if !strings.Contains(text, want) {
			t.Errorf("text lacks %q:\n%s", want, text)
		}
	}
	md, _ := r.Render(sample("markdown"))
	for _, want := range []string{"**G: values**", "| n | +0 | +1 | +2 |", "| ---:|", "| 0 | 0 | 7* | 2 |"} {
		if !strings.Contains(md, want) {
			t.Errorf("markdown lacks %q:\n%s", want, md)
		}
	}
	c, _ := r.Render(sample("csv"))
	rows, err := csv.NewReader(strings.NewReader(c)).ReadAll()
	if err != nil || len(rows) != 3 || strings.Join(rows[1], ",") != "0,0,7*,2" || strings.Join(rows[2], ",") != "3,10,,1" {
		t.Errorf("csv %q: %v %v", c, rows, err)
	}
	j, _ := r.Render(sample("json"))
	var doc struct {
		Rows       [][]*int `json:"rows"`
		Exceptions []struct{ Row, Column int }
	}
	if err := json.Unmarshal([]byte(j), &doc); err != nil {
		t.Fatal(err)
	}
	if *doc.Rows[1][0] != 10 || doc.Rows[1][1] != nil || len(doc.Exceptions) != 1 || doc.Exceptions[0].Column != 1 {
		t.Errorf("json %s", j)
	}
}

func TestMarkdownNotesAreParagraphs(t *testing.T) {
	md, _ := Tables{}.Render(sample("markdown"))
	// GitHub reads a line straight after a table's last row as a row.
	if !strings.Contains(md, "| 3 | 10 |  | 1 |\n\na note") {
		t.Errorf("the note is not a paragraph of its own:\n%s", md)
	}
}

func TestLaTeX(t *testing.T) {
	s := sample("latex")
	s.Title = `G_1: 50% of {values} & "more"`
	tex, err := Tables{}.Render(s)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`% G_1: 50% of {values} & "more" (needs \usepackage{booktabs})`,
		"\\begin{tabular}{rrrr}\n\\toprule\nn & +0 & +1 & +2 \\\\\n\\midrule\n",
		"0 & 0 & \\textbf{7}$^{*}$ & 2 \\\\\n3 & 10 &  & 1 \\\\\n\\bottomrule\n\\end{tabular}",
		"{\\footnotesize a note}",
	} {
		if !strings.Contains(tex, want) {
			t.Errorf("latex lacks %q:\n%s", want, tex)
		}
	}
	if testing.Short() {
		return
	}
	// Ready to \input: pdflatex compiles it (where TeX is installed).
	pdflatex, err := exec.LookPath("pdflatex")
	if err != nil {
		t.Skip("no pdflatex")
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "t.tex"), []byte(tex), 0o644); err != nil {
		t.Fatal(err)
	}
	doc := "\\documentclass{article}\\usepackage{booktabs}\\begin{document}\\input{t.tex}\\end{document}\n"
	if err := os.WriteFile(filepath.Join(dir, "doc.tex"), []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(pdflatex, "-interaction=nonstopmode", "-halt-on-error", "doc.tex")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("pdflatex: %v\n%s", err, out)
	}
}

func TestHTML(t *testing.T) {
	s := sample("html")
	s.Title = "a <b> & c"
	h, _ := Tables{}.Render(s)
	for _, want := range []string{"<caption>a &lt;b&gt; &amp; c</caption>", `<th style="text-align:right">+2</th>`,
		`<td style="text-align:right" title="an exception to the period"><b>7*</b></td>`, "<td></td>", "<p>a note</p>"} {
		if !strings.Contains(h, want) {
			t.Errorf("html lacks %q:\n%s", want, h)
		}
	}
}

// wide is a table of period 34 (Dawson's Kayles' rows) with values of one
// and two digits, and a long title and note.
func wide() *present.Table {
	t := &present.Table{Title: "DawsonKayles: Grundy values of heaps 0..101, in rows of the period; a long title to wrap",
		Corner: "n", Notes: []string{"Rows of 34, the period, proved (preperiod 53); * marks an exception, a value that differs from the periodic one."},
		Format: "text"}
	for c := range 34 {
		t.Columns = append(t.Columns, "+"+big.NewInt(int64(c)).String())
	}
	for r := range 3 {
		t.Labels = append(t.Labels, big.NewInt(int64(34*r)).String())
		var row []present.Cell
		for c := range 34 {
			row = append(row, present.Cell{Num: big.NewInt(int64((r*34 + c) * 7 % 13)), Mark: c%9 == 4})
		}
		t.Cells = append(t.Cells, row)
	}
	return t
}

// cellsOf reads a text table's blocks back: for each row label, its cells
// in order across the blocks, and the column headers in order.
func cellsOf(out string) (headers []string, rows map[string][]string) {
	rows = map[string][]string{}
	for _, line := range strings.Split(out, "\n") {
		if !strings.HasPrefix(line, "│") {
			continue
		}
		f := strings.Split(strings.Trim(line, "│"), "│")
		if len(f) < 2 {
			continue // the title
		}
		for i := range f {
			f[i] = strings.TrimSpace(f[i])
		}
		if f[0] == "n" {
			headers = append(headers, f[1:]...)
		} else {
			rows[f[0]] = append(rows[f[0]], f[1:]...)
		}
	}
	return headers, rows
}

// A table wider than the terminal is folded into blocks of columns that
// fit it, each with the row labels; read back across the blocks, every
// row has every cell in order. The title and the notes wrap between words.
func TestFoldToWidth(t *testing.T) {
	tab := wide()
	full, _ := Tables{}.Render(tab)
	wantHeaders, wantRows := cellsOf(full)
	if len(wantHeaders) != 34 || len(wantRows["68"]) != 34 {
		t.Fatalf("the unfolded table reads back as %d headers, %d cells", len(wantHeaders), len(wantRows["68"]))
	}
	for _, width := range []int{60, 80, 100, 120, 240} {
		out, _ := Tables{Width: width}.Render(tab)
		blocks := strings.Count(out, "┌")
		for _, line := range strings.Split(out, "\n") {
			if n := len([]rune(line)); n > width {
				t.Errorf("width %d: a line of %d columns: %q", width, n, line)
			}
		}
		headers, rows := cellsOf(out)
		if strings.Join(headers, " ") != strings.Join(wantHeaders, " ") {
			t.Errorf("width %d: headers %v", width, headers)
		}
		for label, cells := range wantRows {
			if strings.Join(rows[label], " ") != strings.Join(cells, " ") {
				t.Errorf("width %d: row %s reads %v, want %v", width, label, rows[label], cells)
			}
		}
		if width >= 240 && blocks != 1 || width < 240 && blocks < 2 {
			t.Errorf("width %d: %d blocks", width, blocks)
		}
		for _, word := range strings.Fields(tab.Title + " " + tab.Notes[0]) {
			if !strings.Contains(out, word) {
				t.Errorf("width %d: %q is broken across lines:\n%s", width, word, out)
			}
		}
	}
}

// A table narrower than its title is widened for it (up to titleWidth),
// and the title wraps between words, never inside one.
func TestTitleWrapsBetweenWords(t *testing.T) {
	tab := sample("text")
	tab.Title = "W: Grundy values, a down and b across; 0 marks the P-positions"
	for _, width := range []int{0, 30, 80} {
		out, _ := Tables{Width: width}.Render(tab)
		for _, word := range strings.Fields(tab.Title) {
			if !strings.Contains(out, word) {
				t.Errorf("width %d: %q is broken across lines:\n%s", width, word, out)
			}
		}
		for _, line := range strings.Split(out, "\n") {
			if n := len([]rune(line)); width > 0 && n > width || n > titleWidth {
				t.Errorf("width %d: a line of %d columns: %q", width, n, line)
			}
		}
	}
}
