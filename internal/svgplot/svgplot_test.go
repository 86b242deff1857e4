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
	if circles[hex(green)] != 2+1 || circles[hex(blue)] != 2+1 || circles[hex(red)] != 1+1 {
		t.Errorf("circles by colour: %v", circles)
	}
	joined := strings.Join(texts, "|")
	for _, want := range []string{"Kayles & co: <values>", "heap n", "g(n)", "P-positions: g(n) = 0", "exceptions to the period"} {
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
	if circles[hex(cyan)] != 3 {
		t.Errorf("want the 3 P-positions marked, got %v", circles)
	}
	// the background, 9 cells, 64 steps of the bar and its frame, the frame
	if rects != 1+9+64+1+1 {
		t.Errorf("%d rects", rects)
	}
	if !strings.Contains(strings.Join(texts, "|"), "W; cyan dots: the 3 P-positions") {
		t.Errorf("title: %q", texts)
	}
}
