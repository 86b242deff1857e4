package plot

import (
	"encoding/xml"
	"image"
	_ "image/png"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gamelang/gamelang/present"
)

// decodePNG reads a PNG file, failing the test if it is not one.
func decodePNG(t *testing.T, file string) image.Image {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, format, err := image.Decode(f)
	if err != nil || format != "png" {
		t.Fatalf("%s: %v (%s)", file, err, format)
	}
	return img
}

// count counts the pixels close to a colour.
func count(img image.Image, want func(r, g, b uint32) bool) int {
	n := 0
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			if want(r>>8, g>>8, bl>>8) {
				n++
			}
		}
	}
	return n
}

func TestScatterPNG(t *testing.T) {
	file := filepath.Join(t.TempDir(), "s.png")
	d := &present.Plot{File: file, Title: "G", XLabel: "n", YLabel: "g(n)", X: []float64{0, 1, 2, 3}, Y: []float64{0, 1, 0, 2}, Marked: []bool{true, false, false, false}}
	if err := (Plotter{}).Plot(d); err != nil {
		t.Fatal(err)
	}
	img := decodePNG(t, file)
	if b := img.Bounds(); b.Dx() < 400 || b.Dy() < 300 {
		t.Errorf("image of %v", b)
	}
	if red := count(img, func(r, g, b uint32) bool { return r > 180 && g < 80 && b < 80 }); red == 0 {
		t.Error("no red pixels: the exception is not marked")
	}
	if blue := count(img, func(r, g, b uint32) bool { return b > 150 && r < 100 }); blue == 0 {
		t.Error("no blue pixels: the values are not drawn")
	}
}

func TestHeatMapPNGAndSVG(t *testing.T) {
	dir := t.TempDir()
	grid := [][]float64{{0, 1, 2}, {1, 2, 0}, {2, 0, math.NaN()}}
	for _, name := range []string{"h.png", "h.svg"} {
		d := &present.Plot{File: filepath.Join(dir, name), Title: "W", XLabel: "b", YLabel: "a", Grid: grid}
		if err := (Plotter{}).Plot(d); err != nil {
			t.Fatal(err)
		}
	}
	img := decodePNG(t, filepath.Join(dir, "h.png"))
	if cyan := count(img, func(r, g, b uint32) bool { return r < 60 && g > 150 && b > 200 }); cyan == 0 {
		t.Error("no cyan pixels: the P-positions are not marked")
	}
	f, _ := os.Open(filepath.Join(dir, "h.svg"))
	defer f.Close()
	dec := xml.NewDecoder(f)
	elements := map[string]int{}
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("the SVG does not parse: %v", err)
		}
		if se, ok := tok.(xml.StartElement); ok {
			elements[se.Name.Local]++
		}
	}
	if elements["svg"] != 1 || elements["path"] < 9 {
		t.Errorf("SVG elements %v: want one svg and a path per cell at least", elements)
	}
	if !strings.Contains(strings.ToLower(filepath.Ext("h.svg")), "svg") {
		t.Fatal("unreachable")
	}
}
