package svgplot

import (
	"encoding/xml"
	"math"
	"strings"
	"testing"

	"github.com/gamelang/gamelang/present"
)

// shapes decodes an SVG and counts its circles by fill colour, and its
// rects.
func shapes(t *testing.T, svg string) (circles map[string]int, rects int, texts []string) {
	t.Helper()
	circles = map[string]int{}
	dec := xml.NewDecoder(strings.NewReader(svg))
	inText := false
	for {
		tok, err := dec.Token()
		if err != nil {
			if err.Error() != "EOF" {
				t.Fatalf("not XML: %v\n%s", err, svg)
			}
			return
		}
		switch e := tok.(type) {
		case xml.StartElement:
			switch e.Name.Local {
			case "circle":
				for _, a := range e.Attr {
					if a.Name.Local == "fill" {
						circles[a.Value]++
					}
				}
			case "rect":
				rects++
			case "text":
				inText = true
			}
		case xml.CharData:
			if inText {
				texts = append(texts, string(e))
			}
		case xml.EndElement:
			inText = false
		}
	}
}

func TestScatter(t *testing.T) {
	d := &present.Plot{Title: "Kayles & co: <values>", XLabel: "heap n", YLabel: "g(n)",
		X: []float64{0, 1, 2, 3, 4}, Y: []float64{0, 1, 2, 0, 1}, Marked: []bool{false, false, false, false, true}}
	circles, _, texts := shapes(t, SVG(d))
	// two P-positions, two regular points, one exception, and a legend dot each
	if circles[hex(present.MarkP)] != 2+1 || circles[hex(present.MarkValue)] != 2+1 || circles[hex(present.MarkException)] != 1+1 {
		t.Errorf("circles by colour: %v", circles)
	}
	joined := strings.Join(texts, "|")
	for _, want := range []string{"Kayles & co: <values>", "heap n", "g(n)", "P-position", "exception to the period"} {
		if !strings.Contains(joined, want) {
			t.Errorf("no text %q among %q", want, joined)
		}
	}
}

func TestHeat(t *testing.T) {
	nan := math.NaN()
	d := &present.Plot{Title: "W", XLabel: "b", YLabel: "a", Lo: 0,
		Grid: [][]float64{{0, 1, 2}, {1, 2, 0}, {2, 0, nan}}}
	p := &Plotter{}
	if err := p.Plot(&present.Plot{File: "w.png", Grid: d.Grid, Title: d.Title}); err != nil {
		t.Fatal(err)
	}
	circles, rects, texts := shapes(t, p.Drawn["w.png"])
	if circles[hex(present.MarkPOnHeat)] != 3+1 {
		t.Errorf("want the 3 P-positions marked and a legend dot, got %v", circles)
	}
	// the background, 9 cells, a step of the bar for each value 0..2 and
	// its frame, the frame, the legend's square for "no value"
	if rects != 1+9+3+1+1+1 {
		t.Errorf("%d rects", rects)
	}
	if joined := strings.Join(texts, "|"); !strings.Contains(joined, "P-positions (3)") || !strings.Contains(joined, "no value") {
		t.Errorf("legend: %q", texts)
	}
}
