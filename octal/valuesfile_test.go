//go:build unix

package octal

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gamelang/gamelang/solve"
)

// parsed is the code s in base 8 (octal) or 16 (hexadecimal).
func parsed(t *testing.T, s string, base int) Code {
	t.Helper()
	c, err := Parse(s, base)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

var grundysGame = NewCode([]Digit{LeaveTwo}, 0).UnequalSplits()

// inMemory is the code's values computed the usual way.
func inMemory(t *testing.T, c Code, n int) *Table {
	t.Helper()
	m := NewTable(c, Config{Limits: &solve.Limits{}, What: "G"})
	if err := m.Grow(context.Background(), n); err != nil {
		t.Fatal(err)
	}
	return m
}

func sameFileValues(t *testing.T, what string, got, want *Table, n int) {
	t.Helper()
	if got.Len() < n+1 {
		t.Fatalf("%s: %d values, want %d", what, got.Len(), n+1)
	}
	for i := 0; i <= n; i++ {
		if got.At(i) != want.At(i) {
			t.Fatalf("%s: g(%d) = %d, want %d", what, i, got.At(i), want.At(i))
		}
	}
}

func meta(t *testing.T, dir string, c Code) valuesMeta {
	t.Helper()
	b, err := os.ReadFile(valuesStem(dir, c) + ".json")
	if err != nil {
		t.Fatal(err)
	}
	var m valuesMeta
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// A table in a values file computes the values the table in memory does,
// with every engine (the sparse space, the stream, the plain scan), across
// a widening of its cells, in growths of many sizes.
func TestValuesFileAgrees(t *testing.T) {
	for _, tc := range []struct {
		name string
		code Code
		n    int
	}{
		{"Grundy's game", grundysGame, 30000},
		{"4.007", parsed(t, "4.007", 8), 20000},
		{"take 1..300 (values past a byte)", subtraction(300), 5000},
		{"0.8 (three heaps)", parsed(t, "0.8", 16), 300},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			want := inMemory(t, tc.code, tc.n)
			f := NewTable(tc.code, Config{Limits: &solve.Limits{}, What: "G", ValuesDir: dir})
			for _, n := range []int{0, 10, min(999, tc.n), min(1000, tc.n), tc.n / 3, tc.n} {
				if err := f.Grow(context.Background(), n); err != nil {
					t.Fatal(err)
				}
				sameFileValues(t, tc.name, f, want, n)
			}
			if !f.inFile() || f.cellBytes() != want.cellBytes() {
				t.Errorf("in a file: %v, %d bytes a value, want %d", f.inFile(), f.cellBytes(), want.cellBytes())
			}
			if f.Engine() != want.Engine() {
				t.Errorf("engine %q, in memory %q", f.Engine(), want.Engine())
			}
			files, _ := filepath.Glob(filepath.Join(dir, "*.u*"))
			if len(files) != 1 || !strings.HasSuffix(files[0], map[int]string{1: ".u8", 2: ".u16"}[want.cellBytes()]) {
				t.Errorf("values files %v", files)
			}
		})
	}
}

// A later table of the same code takes the values saved in the file up as
// it grows over them, and computes on from there: a value altered in the
// file shows, so it was read and not computed again.
func TestValuesFileResumes(t *testing.T) {
	defer func(n int) { valuesSaveGrowth = n }(valuesSaveGrowth)
	valuesSaveGrowth = 1000
	for _, c := range []Code{grundysGame, subtraction(300)} {
		dir := t.TempDir()
		want := inMemory(t, c, 20000)
		first := NewTable(c, Config{Limits: &solve.Limits{}, What: "G", ValuesDir: dir})
		if err := first.Grow(context.Background(), 12000); err != nil {
			t.Fatal(err)
		}
		if m := meta(t, dir, c); m.Values != 12001 || m.Code != c.String() || m.Width != first.cellBytes() {
			t.Fatalf("record %+v", m)
		}
		first.seq.(interface{ close() }).close()

		// g(7) altered in the file: the resumed table must read it back.
		path := valuesStem(dir, c) + map[int]string{1: ".u8", 2: ".u16"}[first.cellBytes()]
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		data[7*first.cellBytes()] ^= 1
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		again := NewTable(c, Config{Limits: &solve.Limits{}, What: "G", ValuesDir: dir})
		if again.Len() != 0 {
			t.Fatalf("a resumed table starts with %d values", again.Len())
		}
		if err := again.Grow(context.Background(), 20000); err != nil {
			t.Fatal(err)
		}
		if again.At(7) != want.At(7)^1 {
			t.Fatalf("%s: g(7) = %d: the saved value was not read", c, again.At(7))
		}
		for i := 8; i <= 20000; i++ {
			if i != 7 && again.At(i) != want.At(i) && i <= 12000 {
				t.Fatalf("%s: g(%d) = %d, want %d", c, i, again.At(i), want.At(i))
			}
		}
	}
}

// A resumed table computes what an uninterrupted one does (no value
// altered), with the engine's state rebuilt from the saved values.
func TestValuesFileResumesExactly(t *testing.T) {
	defer func(n int) { valuesSaveGrowth = n }(valuesSaveGrowth)
	valuesSaveGrowth = 1000
	for _, c := range []Code{grundysGame, parsed(t, "4.007", 8), subtraction(300)} {
		dir := t.TempDir()
		want := inMemory(t, c, 25000)
		first := NewTable(c, Config{Limits: &solve.Limits{}, What: "G", ValuesDir: dir})
		if err := first.Grow(context.Background(), 9000); err != nil {
			t.Fatal(err)
		}
		first.seq.(interface{ close() }).close()
		again := NewTable(c, Config{Limits: &solve.Limits{}, What: "G", ValuesDir: dir})
		for _, n := range []int{100, 8999, 9000, 9001, 25000} {
			if err := again.Grow(context.Background(), n); err != nil {
				t.Fatal(err)
			}
			sameFileValues(t, c.String(), again, want, n)
		}
	}
}

// An interrupted growth saves what it computed, and the file is in use by
// one table at a time.
func TestValuesFileInterruptedAndLocked(t *testing.T) {
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	lim := &solve.Limits{Progress: cancelAt{cancel: cancel, at: 5000}}
	tab := NewTable(grundysGame, Config{Limits: lim, What: "G", ValuesDir: dir})
	err := tab.Grow(ctx, 50000)
	if err == nil {
		t.Fatal("the growth was not interrupted")
	}
	m := meta(t, dir, grundysGame)
	if m.Values < 5000 || m.Values != tab.Len() {
		t.Fatalf("interrupted at %d values, the record says %d", tab.Len(), m.Values)
	}
	// A second table of the code, while the first has the file, keeps its
	// values in memory.
	other := NewTable(grundysGame, Config{Limits: &solve.Limits{}, What: "G", ValuesDir: dir})
	if err := other.Grow(context.Background(), 6000); err != nil || other.ValuesFile() != "" {
		t.Fatalf("a second table on the same file: %v, in %q", err, other.ValuesFile())
	}
	sameFileValues(t, "the second table", other, inMemory(t, grundysGame, 6000), 6000)
	if m := meta(t, dir, grundysGame); m.Values != tab.Len() {
		t.Errorf("the second table wrote the record: %+v", m)
	}
}

// The values in a file cost no memory: only the engine's own tables are
// counted against the budget.
func TestValuesFileMemory(t *testing.T) {
	mem := NewTable(grundysGame, Config{Limits: &solve.Limits{}, What: "G"})
	file := NewTable(grundysGame, Config{Limits: &solve.Limits{}, What: "G", ValuesDir: t.TempDir()})
	if mem.memBytesPerValue() != 2 || file.memBytesPerValue() != 1 {
		t.Errorf("bytes a value: %d in memory, %d in a file", mem.memBytesPerValue(), file.memBytesPerValue())
	}
	lim := &solve.Limits{MaxMemory: 1 << 20}
	small := NewTable(grundysGame, Config{Limits: lim, What: "G"})
	if err := small.Grow(context.Background(), 600_000); err == nil {
		t.Error("600001 values in memory fit a budget of 1 MiB")
	}
}

type cancelAt struct {
	cancel func()
	at     int64
}

func (cancelAt) Start() {}
func (cancelAt) Done()  {}
func (c cancelAt) Report(_, _ string, done, _ int64) {
	if done >= c.at {
		c.cancel()
	}
}

// subtraction is take 1..hi: g(n) = n mod (hi + 1).
func subtraction(hi int) Code {
	d := make([]Digit, hi+1)
	for k := 1; k <= hi; k++ {
		d[k] = LeaveNone | LeaveOne
	}
	return NewCode(d, 0)
}
