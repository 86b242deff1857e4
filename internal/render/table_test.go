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
