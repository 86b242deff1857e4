package render

import (
	"encoding/csv"
	"encoding/json"
	"math/big"
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
