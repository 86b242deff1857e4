package present_test

import (
	"context"
	"math"
	"math/big"
	"strconv"
	"strings"
	"testing"

	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/play"
	"github.com/gamelang/gamelang/play/loopy"
	"github.com/gamelang/gamelang/play/normal"
	"github.com/gamelang/gamelang/present"
	"github.com/gamelang/gamelang/stdlib"
)

// fake values positions by a function of the numbers that write them
// (Nim(5): 5; Wythoff(2, 3): 2, 3); its other answers are not used.
type fake struct{ f func(nums []int64) play.Value }

func (s fake) Value(_ context.Context, p game.Position) (play.Value, error) {
	text := p.String()
	inner := text[strings.Index(text, "(")+1 : strings.LastIndex(text, ")")]
	var nums []int64
	for _, f := range strings.Split(inner, ",") {
		n, err := strconv.ParseInt(strings.TrimSpace(f), 10, 64)
		if err != nil {
			panic(text)
		}
		nums = append(nums, n)
	}
	return s.f(nums), nil
}
func (fake) Outcome(context.Context, game.Position) (game.Outcome, error)  { return 0, nil }
func (fake) Options(context.Context, game.Position) ([]play.Option, error) { return nil, nil }
func (fake) Winning(context.Context, game.Position) ([]play.Option, error) { return nil, nil }
func (fake) Describe(game.Ruleset) string                                  { return "fake" }

func ruleset(t *testing.T, name string) game.Ruleset {
	b, ok := stdlib.Lookup(name)
	if !ok {
		t.Fatal(name)
	}
	r, err := b.Make(stdlib.Env{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// g(n) = (n - 2) mod 3 from heap 2 on, period 3 from 2, with g(0) = 5 and
// g(1) = 1 exceptions (the periodic values there are 1 and 2).
func periodic(nums []int64) play.Value {
	n := nums[0]
	switch n {
	case 0:
		return normal.Nimber{G: big.NewInt(5)}
	case 1:
		return normal.Nimber{G: big.NewInt(1)}
	}
	return normal.Nimber{G: big.NewInt((n - 2) % 3)}
}

var period = &present.Period{Pre: 2, Len: 3, Value: func(r int64) int64 { return r }}

func TestSequenceTableInRowsOfThePeriod(t *testing.T) {
	v := present.Values{Solver: fake{periodic}, Name: "test",
		Period: func(context.Context, *big.Int) (*present.Period, error) { return period, nil }}
	tb, err := present.SequenceTable(context.Background(), v, ruleset(t, "Nim"), big.NewInt(0), 8)
	if err != nil {
		t.Fatal(err)
	}
	if tb.Title != "Nim: test values of heaps 0..8" || len(tb.Columns) != 3 || strings.Join(tb.Labels, " ") != "0 3 6" {
		t.Fatalf("%q, columns %v, labels %v", tb.Title, tb.Columns, tb.Labels)
	}
	for i, row := range tb.Cells {
		for j, c := range row {
			n := int64(3*i + j)
			want := periodic([]int64{n}).(normal.Nimber).G
			if c.Num.Cmp(want) != 0 || c.Mark != (n < 2) {
				t.Errorf("heap %d: %v (mark %v), want %v (mark %v)", n, c.Num, c.Mark, want, n < 2)
			}
		}
	}
	if len(tb.Notes) != 1 || !strings.HasPrefix(tb.Notes[0], "Rows of 3, the period, proved (preperiod 2)") {
		t.Errorf("notes %q", tb.Notes)
	}
	if len(tb.Records) != 10 || strings.Join(tb.Records[1], " ") != "0 5 true" || strings.Join(tb.Records[9], " ") != "8 0 false" {
		t.Errorf("records %v", tb.Records)
	}
}

func TestSequenceTableWithoutAPeriod(t *testing.T) {
	v := present.Values{Solver: fake{periodic}, Name: "test", Decides: true}
	tb, err := present.SequenceTable(context.Background(), v, ruleset(t, "Nim"), big.NewInt(5), 14)
	if err != nil {
		t.Fatal(err)
	}
	if len(tb.Columns) != 10 || strings.Join(tb.Labels, " ") != "5 15" || len(tb.Cells[1]) != 10 || tb.Cells[1][5].Num != nil {
		t.Errorf("columns %v, labels %v, last row %v", tb.Columns, tb.Labels, tb.Cells[1])
	}
	if len(tb.Notes) != 2 || tb.Notes[0] != "Rows of 10: no period is known." || !strings.Contains(tb.Notes[1], "decided") {
		t.Errorf("notes %q", tb.Notes)
	}
	for _, row := range tb.Cells {
		for _, c := range row {
			if c.Mark {
				t.Errorf("an exception marked without a period: %v", tb.Cells)
			}
		}
	}
}

// The grid's P column is the outcome the convention gives, not a value 0.
func TestGridTable(t *testing.T) {
	xor := func(nums []int64) play.Value { return normal.Nimber{G: big.NewInt(nums[0] ^ nums[1])} }
	tb, err := present.GridTable(context.Background(), present.Values{Solver: fake{xor}, Name: "test"}, ruleset(t, "Wythoff"), big.NewInt(1), 3)
	if err != nil {
		t.Fatal(err)
	}
	if len(tb.Cells) != 4 || len(tb.Records) != 17 || !strings.HasPrefix(tb.Title, "Wythoff: test values") {
		t.Fatalf("%q: %d rows, %d records", tb.Title, len(tb.Cells), len(tb.Records))
	}
	for _, rec := range tb.Records[1:] {
		a, _ := strconv.Atoi(rec[0])
		b, _ := strconv.Atoi(rec[1])
		if rec[2] != strconv.Itoa(a^b) || rec[3] != strconv.FormatBool(a == b) {
			t.Errorf("record %v", rec)
		}
	}
}

// A plot marks the exceptions, and draws a value that is not a number
// apart (loopy ∞).
func TestSequencePlot(t *testing.T) {
	v := present.Values{Solver: fake{periodic}, Name: "test", Axis: "g(n)",
		Period: func(context.Context, *big.Int) (*present.Period, error) { return period, nil }}
	d, err := present.SequencePlot(context.Background(), v, ruleset(t, "Nim"), 0, 8)
	if err != nil {
		t.Fatal(err)
	}
	if d.Title != "Nim: test values (period 3 from 2)" || d.YLabel != "g(n)" || len(d.X) != 9 {
		t.Fatalf("%q %q %v", d.Title, d.YLabel, d.X)
	}
	for i, m := range d.Marked {
		if m != (i < 2) || d.P[i] != (d.Y[i] == 0) {
			t.Errorf("heap %d: marked %v, P %v, y %v", i, m, d.P[i], d.Y[i])
		}
	}
	inf := func(nums []int64) play.Value {
		if nums[0] == 3 {
			return loopy.Value{Inf: true}
		}
		return normal.Nimber{G: big.NewInt(nums[0])}
	}
	d, err = present.SequencePlot(context.Background(), present.Values{Solver: fake{inf}, Name: "loopy"}, ruleset(t, "Nim"), 0, 4)
	if err != nil {
		t.Fatal(err)
	}
	if d.YLabel != "value" || !d.Inf[3] || !math.IsNaN(d.Y[3]) || d.Inf[2] || d.Y[4] != 4 {
		t.Errorf("%q %v %v", d.YLabel, d.Inf, d.Y)
	}
}
