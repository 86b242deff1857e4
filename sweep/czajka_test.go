package sweep

import (
	"bufio"
	"context"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/gamelang/gamelang/octal"
	"github.com/gamelang/gamelang/solve"
)

// czajkaTrivial is one line of testdata/czajka-trivial.txt: Czajka's
// trivial games (github.com/tczajka/octal-games, TrivialGames.md), every
// code of up to three digits, prefixes 0. and 4., whose period shows
// within 1000 heaps, one per class.
type czajkaTrivial struct {
	code           string
	prefix, period int64
	values         []uint32
}

func readCzajka(t *testing.T) []czajkaTrivial {
	f, err := os.Open("testdata/czajka-trivial.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []czajkaTrivial
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || strings.TrimSpace(line) == "" {
			continue
		}
		f := strings.Split(line, "|")
		code := strings.TrimSpace(f[0])
		switch {
		case strings.HasPrefix(code, "."):
			code = "0" + code
		case !strings.Contains(code, "."):
			code += ".0"
		}
		pre, _ := strconv.ParseInt(strings.TrimSpace(f[1]), 10, 64)
		per, _ := strconv.ParseInt(strings.TrimSpace(f[2]), 10, 64)
		var vals []uint32
		for _, c := range strings.TrimSpace(f[3]) {
			if c == '(' || c == ')' {
				continue
			}
			v, err := strconv.ParseUint(string(c), 36, 32)
			if err != nil {
				t.Fatalf("%s: %v", line, err)
			}
			vals = append(vals, uint32(v))
		}
		out = append(out, czajkaTrivial{code, pre, per, vals})
	}
	return out
}

// firstMove is the smallest heap with a move under the code, read from its
// digits here: digit k allows taking k from a heap of k (bit 1), from a
// larger heap leaving one (bit 2), or leaving two nonempty heaps (bit 4);
// a first digit 4 splits a heap in two without taking.
func firstMove(code string) int64 {
	d0, rest, _ := strings.Cut(code, ".")
	best := int64(1 << 40)
	if d0 == "4" {
		best = 2
	}
	for i, c := range rest {
		k := int64(i + 1)
		d := c - '0'
		switch {
		case d&1 != 0:
			best = min(best, k)
		case d&2 != 0:
			best = min(best, k+1)
		case d&4 != 0:
			best = min(best, k+2)
		}
	}
	return best
}

// TestTrivialCodesAgainstCzajka: every trivial code of Czajka's table, of
// either prefix, gets its period proved here, with the same length and
// the same values. Czajka shifts a code that cannot take a heap of 1 until
// it can (heap n of the table is heap n + s of the code, s the smallest
// heap with a move less one), so its preperiod is ours less s, or less when
// the heaps shifted away already repeat the period.
func TestTrivialCodesAgainstCzajka(t *testing.T) {
	rows := readCzajka(t)
	if len(rows) != 82 {
		t.Fatalf("%d rows, want 82", len(rows))
	}
	fours := 0
	for _, r := range rows {
		c, err := ParseCode(r.code)
		if err != nil {
			t.Fatalf("%s: %v", r.code, err)
		}
		if strings.HasPrefix(r.code, "4.") {
			fours++
		}
		tab := octal.NewTable(c, octal.Config{Limits: &solve.Limits{}, What: r.code})
		per, err := tab.FindPeriod(context.Background(), 20000)
		if err != nil || per == nil {
			t.Errorf("%s: no period proved (%v); Czajka: %d from %d", r.code, err, r.period, r.prefix)
			continue
		}
		s := firstMove(r.code) - 1
		if per.Len != r.period || per.Pre-s > r.prefix {
			t.Errorf("%s: period %d from %d (shift %d); Czajka: %d from %d", r.code, per.Len, per.Pre, s, r.period, r.prefix)
		}
		if err := tab.Grow(context.Background(), int(s)+len(r.values)); err != nil {
			t.Fatal(err)
		}
		for n, want := range r.values {
			if got := tab.At(n + int(s)); got != want {
				t.Errorf("%s: g(%d) = %d; Czajka: %d", r.code, int64(n)+s, got, want)
				break
			}
		}
	}
	if fours != 14 {
		t.Errorf("%d codes 4.x, want 14", fours)
	}
}
