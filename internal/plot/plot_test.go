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

// Integer axes get whole-number ticks, 1, 2 or 5 times a power of ten
// apart, at most about ten, and never "-0".
func TestIntegerTicks(t *testing.T) {
	for _, c := range []struct {
		lo, hi float64
		want   string
	}{
		{0, 8, "0 1 2 3 4 5 6 7 8"},
		{-0.5, 40.5, "0 5 10 15 20 25 30 35 40"},
		{0, 100, "0 10 20 30 40 50 60 70 80 90 100"},
		{0, 300, "0 50 100 150 200 250 300"},
		{1e15, 1e15 + 100, "1000000000000000 1000000000000010 1000000000000020 1000000000000030 1000000000000040 1000000000000050 1000000000000060 1000000000000070 1000000000000080 1000000000000090 1000000000000100"},
	} {
		var labels []string
		for _, tk := range (integers{}).Ticks(c.lo, c.hi) {
			labels = append(labels, tk.Label)
		}
		if got := strings.Join(labels, " "); got != c.want {
			t.Errorf("ticks of %v..%v: %s, want %s", c.lo, c.hi, got, c.want)
		}
	}
}

// P-positions are marked in green on a scatter plot; a heat map has its
// colour bar beside it (the white end of the palette at its top); size and
// resolution follow the options; every format of Formats is written.
func TestPlotMarksSizesAndFormats(t *testing.T) {
	dir := t.TempDir()
	seq := func(file string) *present.Plot {
		return &present.Plot{File: filepath.Join(dir, file), Title: "G", XLabel: "n", YLabel: "g(n)",
			X: []float64{0, 1, 2, 3, 4}, Y: []float64{0, 1, 2, 0, 1}, Marked: make([]bool, 5)}
	}
	d := seq("s.png")
	d.Width, d.Height, d.DPI = 4*72, 3*72, 100 // 4 x 3 inches at 100 dpi
	if err := (Plotter{}).Plot(d); err != nil {
		t.Fatal(err)
	}
	img := decodePNG(t, d.File)
	if b := img.Bounds(); b.Dx() != 400 || b.Dy() != 300 {
		t.Errorf("a 4 x 3 inch plot at 100 dpi is %v", b)
	}
	if green := count(img, func(r, g, b uint32) bool { return g > 130 && r < 60 && b < 120 }); green == 0 {
		t.Error("no green pixels: the P-positions are not marked")
	}
	h := &present.Plot{File: filepath.Join(dir, "h.png"), Title: "W", XLabel: "b", YLabel: "a", Grid: [][]float64{{0, 1}, {1, 0}}}
	if err := (Plotter{}).Plot(h); err != nil {
		t.Fatal(err)
	}
	img = decodePNG(t, h.File)
	b := img.Bounds()
	right := 0 // near-white pixels in the right fifth: the bar's top
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Max.X - b.Dx()/5; x < b.Max.X; x++ {
			if r, g, bl, _ := img.At(x, y).RGBA(); r>>8 > 230 && g>>8 > 230 && bl>>8 > 200 && !(r>>8 == 255 && g>>8 == 255 && bl>>8 == 255) {
				right++
			}
		}
	}
	if right == 0 {
		t.Error("no colour bar to the right of the heat map")
	}
	for _, ext := range Formats {
		if err := (Plotter{}).Plot(seq("f" + ext)); err != nil {
			t.Errorf("%s: %v", ext, err)
		} else if fi, err := os.Stat(filepath.Join(dir, "f"+ext)); err != nil || fi.Size() == 0 {
			t.Errorf("%s: nothing written", ext)
		}
	}
	if err := (Plotter{}).Plot(seq("f.gif")); err == nil {
		t.Error("a .gif was written")
	}
}

// TestHeatMapHasNoSeams draws a checkerboard of two values and looks
// inside the map for a pixel lighter than both colours: the page showing
// between cells.
func TestHeatMapHasNoSeams(t *testing.T) {
	const n = 24
	grid := make([][]float64, n)
	for r := range grid {
		grid[r] = make([]float64, n)
		for c := range grid[r] {
			grid[r][c] = float64(3 + 4*((r+c)%2))
		}
	}
	grid[0][0] = 10 // the top of the scale, so that 3 and 7 are its dark and middle colours
	for _, dpi := range []int{72, 150, 300} {
		file := filepath.Join(t.TempDir(), "seams.png")
		if err := (Plotter{}).Plot(&present.Plot{File: file, Grid: grid, Title: "seams", DPI: dpi}); err != nil {
			t.Fatal(err)
		}
		img := decodePNG(t, file)
		a, b := present.HeatColour(3, 10), present.HeatColour(7, 10)
		lum := func(r, g, bl uint32) uint32 { return r*299 + g*587 + bl*114 }
		ar, ag, ab, _ := a.RGBA()
		br, bg, bb, _ := b.RGBA()
		limit := max(lum(ar>>8, ag>>8, ab>>8), lum(br>>8, bg>>8, bb>>8))
		// the map's extent: where the two colours are
		x0, y0, x1, y1 := math.MaxInt, math.MaxInt, 0, 0
		bounds := img.Bounds()
		near := func(x, y int, c [3]uint32) bool {
			r, g, bl, _ := img.At(x, y).RGBA()
			d := func(p, q uint32) uint32 { return max(p, q) - min(p, q) }
			return d(r>>8, c[0]) < 3 && d(g>>8, c[1]) < 3 && d(bl>>8, c[2]) < 3
		}
		ca, cb := [3]uint32{ar >> 8, ag >> 8, ab >> 8}, [3]uint32{br >> 8, bg >> 8, bb >> 8}
		for y := bounds.Min.Y; y < bounds.Max.Y; y++ {
			for x := bounds.Min.X; x < bounds.Max.X; x++ {
				if near(x, y, ca) || near(x, y, cb) {
					x0, y0, x1, y1 = min(x0, x), min(y0, y), max(x1, x), max(y1, y)
				}
			}
		}
		// the colour bar holds the two colours too: the map ends where the
		// middle row first turns light (a seam would end it early)
		mid, end := (y0+y1)/2, x0
		for end < x1 {
			r, g, bl, _ := img.At(end, mid).RGBA()
			if lum(r>>8, g>>8, bl>>8) > limit+3000 {
				break
			}
			end++
		}
		if end-x0 < (x1-x0)*2/3 {
			t.Errorf("dpi %d: the middle row turns light at x %d, a seam (the map starts at %d, the bar ends at %d)", dpi, end, x0, x1)
		}
		x1 = end
		// inside it, a few pixels in from its edges, nothing lighter than
		// the lighter cell (the P marks are absent)
		seams := 0
		for y := y0 + 3; y < y1-3; y++ {
			for x := x0 + 3; x < x1-3; x++ {
				r, g, bl, _ := img.At(x, y).RGBA()
				corner := x < x0+(x1-x0)*2/n && y > y1-(y1-y0)*2/n // the top-colour cell and its blended edge
				if lum(r>>8, g>>8, bl>>8) > limit+3000 && !corner {
					if seams < 5 {
						t.Logf("dpi %d: light pixel at %d,%d: %d %d %d", dpi, x, y, r>>8, g>>8, bl>>8)
					}
					seams++
				}
			}
		}
		if x1-x0 < 100 || seams > 0 {
			t.Errorf("dpi %d: the map spans x %d..%d, y %d..%d; %d pixels lighter than its cells", dpi, x0, x1, y0, y1, seams)
		}
	}
}
