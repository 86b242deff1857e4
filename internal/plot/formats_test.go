package plot

import (
	"context"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"golang.org/x/image/tiff"

	"github.com/gamelang/gamelang/present"
)

// TestFormatsDrawTheSamePicture writes one heat map in every format, turns
// each back into pixels (Go's decoders for JPEG and TIFF, pdftoppm for the
// PDF, Ghostscript for the EPS, headless Chromium for the SVG) at the PNG's
// size, and compares three cells and both ends of the colour bar with the
// PNG: the same colours at the same places, so the same scale the same way
// up. The places are found in the PNG from the colours present.HeatColour
// gives, and the PNG itself is checked: 1 at the bottom left, 9 at the top
// right, the bar's 0 below its 9.
func TestFormatsDrawTheSamePicture(t *testing.T) {
	dir := t.TempDir()
	grid := [][]float64{{1, 2, 3}, {4, 5, 6}, {7, 8, 9}} // row 0 at the bottom
	for _, ext := range Formats {
		d := &present.Plot{File: filepath.Join(dir, "h"+ext), Title: "formats", XLabel: "b", YLabel: "a", Grid: grid, DPI: 72}
		if err := (Plotter{}).Plot(d); err != nil {
			t.Fatalf("%s: %v", ext, err)
		}
	}
	ref := decodePNG(t, filepath.Join(dir, "h.png"))
	w, h := ref.Bounds().Dx(), ref.Bounds().Dy()
	mapPart := func(x int) bool { return x < w*3/4 }
	barPart := func(x int) bool { return x > w*4/5 }
	type place struct {
		what string
		x, y int
	}
	find := func(what string, v float64, part func(x int) bool) place {
		x, y, ok := centroid(ref, present.HeatColour(v, 9), part)
		if !ok {
			t.Fatalf("the PNG has no %s (colour of %v)", what, v)
		}
		return place{what, x, y}
	}
	low, mid, high := find("cell of 1", 1, mapPart), find("cell of 5", 5, mapPart), find("cell of 9", 9, mapPart)
	bar0, bar9 := find("bar's 0", 0, barPart), find("bar's 9", 9, barPart)
	if !(low.x < mid.x && mid.x < high.x && low.y > mid.y && mid.y > high.y) {
		t.Errorf("the PNG's cells are not in place: 1 at %v, 5 at %v, 9 at %v (1 bottom left, 9 top right)", low, mid, high)
	}
	if bar0.y <= bar9.y {
		t.Errorf("the PNG's colour bar is upside down: 0 at y = %d, 9 at y = %d", bar0.y, bar9.y)
	}
	places := []place{low, mid, high, bar0, bar9}

	for _, f := range []struct {
		ext  string
		tol  int                                                  // per channel, of 255: JPEG is lossy
		read func(t *testing.T, file string) (image.Image, error) // t: the subtest's, which a missing tool skips
	}{
		{".jpg", 24, decodeWith(jpeg.Decode)},
		{".jpeg", 24, decodeWith(jpeg.Decode)},
		{".tif", 2, decodeWith(tiff.Decode)},
		{".tiff", 2, decodeWith(tiff.Decode)},
		{".pdf", 6, func(t *testing.T, file string) (image.Image, error) {
			out := filepath.Join(dir, "pdf")
			return rasterise(t, out+".png", "pdftoppm", "-r", "72", "-png", "-singlefile", file, out)
		}},
		{".eps", 6, func(t *testing.T, file string) (image.Image, error) {
			out := filepath.Join(dir, "eps.png")
			return rasterise(t, out, "gs", "-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-dEPSCrop", "-r72", "-sDEVICE=png16m", "-sOutputFile="+out, file)
		}},
		{".svg", 6, func(t *testing.T, file string) (image.Image, error) {
			html := filepath.Join(dir, "svg.html")
			page := fmt.Sprintf(`<!doctype html><body style="margin:0"><img src="%s" style="display:block;width:%dpx;height:%dpx">`, filepath.Base(file), w, h)
			if err := os.WriteFile(html, []byte(page), 0o644); err != nil {
				return nil, err
			}
			out := filepath.Join(dir, "svg.png")
			return rasterise(t, out, browser(), "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
				"--screenshot="+out, fmt.Sprintf("--window-size=%d,%d", w, h), "file://"+html)
		}},
	} {
		t.Run(f.ext, func(t *testing.T) {
			img, err := f.read(t, filepath.Join(dir, "h"+f.ext))
			if err != nil {
				t.Fatal(err)
			}
			if img == nil {
				return // skipped
			}
			if b := img.Bounds(); b.Dx() < w || b.Dy() < h || b.Dx() > w+1 || b.Dy() > h+1 {
				t.Fatalf("%s comes back %dx%d, the PNG is %dx%d", f.ext, b.Dx(), b.Dy(), w, h)
			}
			for _, p := range places {
				want, got := patch(ref, p.x, p.y), patch(img, p.x, p.y)
				if !near(want, got, f.tol) {
					t.Errorf("%s at (%d, %d): %v, the PNG has %v", p.what, p.x, p.y, got, want)
				}
			}
		})
	}
}

func decodeWith(dec func(r io.Reader) (image.Image, error)) func(*testing.T, string) (image.Image, error) {
	return func(_ *testing.T, file string) (image.Image, error) {
		f, err := os.Open(file)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		return dec(f)
	}
}

// browser is Chromium's name on this machine, "" for none.
func browser() string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// rasterise runs a program that writes the PNG out, and reads it; without
// the program the test is skipped (nil, nil), except in CI.
func rasterise(t *testing.T, out, prog string, args ...string) (image.Image, error) {
	t.Helper()
	if prog == "" {
		prog = "chromium"
	}
	if _, err := exec.LookPath(prog); err != nil {
		if os.Getenv("CI") != "" {
			return nil, fmt.Errorf("%s is missing (.ci/run installs it)", prog)
		}
		t.Skipf("no %s on this machine: this format is not turned back into pixels", prog)
		return nil, nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	if msg, err := exec.CommandContext(ctx, prog, args...).CombinedOutput(); err != nil {
		return nil, fmt.Errorf("%s: %v\n%s", prog, err, msg)
	}
	f, err := os.Open(out)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return png.Decode(f)
}

// centroid is the middle of the pixels of colour c (within 2 per channel)
// in the columns part allows.
func centroid(img image.Image, c color.Color, part func(x int) bool) (x, y int, ok bool) {
	b := img.Bounds()
	want := rgb(c)
	sx, sy, n := 0, 0, 0
	for py := b.Min.Y; py < b.Max.Y; py++ {
		for px := b.Min.X; px < b.Max.X; px++ {
			if part(px-b.Min.X) && near(rgb(img.At(px, py)), want, 2) {
				sx, sy, n = sx+px-b.Min.X, sy+py-b.Min.Y, n+1
			}
		}
	}
	if n < 20 {
		return 0, 0, false
	}
	return sx / n, sy / n, true
}

// patch is the mean colour of the 5x5 pixels around (x, y).
func patch(img image.Image, x, y int) [3]int {
	var sum [3]int
	b := img.Bounds()
	for dy := -2; dy <= 2; dy++ {
		for dx := -2; dx <= 2; dx++ {
			c := rgb(img.At(b.Min.X+x+dx, b.Min.Y+y+dy))
			for i := range sum {
				sum[i] += c[i]
			}
		}
	}
	for i := range sum {
		sum[i] /= 25
	}
	return sum
}

func rgb(c color.Color) [3]int {
	r, g, b, _ := c.RGBA()
	return [3]int{int(r >> 8), int(g >> 8), int(b >> 8)}
}

func near(a, b [3]int, tol int) bool {
	for i := range a {
		if d := a[i] - b[i]; d > tol || -d > tol {
			return false
		}
	}
	return true
}
