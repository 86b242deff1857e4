package octal

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
	"time"
)

// run grows a table as a sweep does: to its proved period within limit
// values, or to limit values where no theorem applies.
func run(t *testing.T, tab *Table, limit int) *Period {
	t.Helper()
	ctx := context.Background()
	if tab.provable() {
		p, err := tab.FindPeriod(ctx, limit-1)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	if err := tab.Grow(ctx, limit-1); err != nil {
		t.Fatal(err)
	}
	return nil
}

func all(tab *Table) []uint32 {
	v := make([]uint32, tab.Len())
	for i := range v {
		v[i] = tab.At(i)
	}
	return v
}

// A table resumed from any prefix of its values ends exactly as the
// uninterrupted run: the same values (those after the prefix computed by an
// engine that rebuilt its state from the prefix), the same length, the same
// period. Every engine is covered: sparse space (values that need 16 bits
// too), the stream's window and reach bitsets, and the plain engine.
func TestResumeFromAnyPrefix(t *testing.T) {
	cases := []struct {
		code  string
		limit int
	}{
		{"0.16", 4000},   // sparse space, no period yet
		{"0.156", 20000}, // sparse space, period 349 after 3478
		{"4.007", 5000},  // sparse space, values beyond 255
		{"0.333", 3000},  // stream, a window (take 1..3)
		{"0.3033", 3000}, // stream, reach bitsets (take 1, 3, 4)
		{"0.3" + strings.Repeat("0", 68) + "3", 3000},                                   // stream, reach bitsets over several words (take 1, 70)
		{"0.3" + strings.Repeat("0", 150) + "3" + strings.Repeat("0", 100) + "2", 3000}, // stream, direct (take 1, 152, 253)
		{"0.(3)", 1500}, // plain (an infinite code)
		{"0.f", 400},    // plain (splits in three)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, c := range cases {
		whole := table(t, c.code, Config{})
		p := run(t, whole, c.limit)
		want := all(whole)
		if got := definition(whole.Code(), nil, min(len(want)-1, 1500)); !equalPrefix(got, want) {
			t.Fatalf("%s: the uninterrupted run disagrees with the definition", c.code)
		}
		cuts := []int{1, 2, 63, 64, 65, len(want) - 1, len(want)}
		for range 6 {
			cuts = append(cuts, 1+rng.IntN(len(want)))
		}
		for _, cut := range cuts {
			tab := table(t, c.code, Config{})
			if err := tab.Preload(want[:cut]); err != nil {
				t.Fatal(err)
			}
			q := run(t, tab, c.limit)
			got := all(tab)
			if len(got) != len(want) {
				t.Fatalf("%s resumed at %d: %d values, want %d", c.code, cut, len(got), len(want))
			}
			for i := range got {
				if got[i] != want[i] {
					t.Fatalf("%s resumed at %d: g(%d) = %d, want %d", c.code, cut, i, got[i], want[i])
				}
			}
			if (p == nil) != (q == nil) || p != nil && (p.Pre != q.Pre || p.Len != q.Len || p.Checked != q.Checked) {
				t.Fatalf("%s resumed at %d: period %v, want %v", c.code, cut, q, p)
			}
		}
	}
}

func equalPrefix(def []int, got []uint32) bool {
	for i, v := range def {
		if uint32(v) != got[i] {
			return false
		}
	}
	return true
}

// Values written with WriteValues, in the table's cells (bytes, then 16
// bits for 4.007, whose values pass 255), read back with ReadValues; a
// damaged file has another checksum, a short one is refused. Checksum is of
// 4-byte values whatever the cells.
func TestValuesRoundTrip(t *testing.T) {
	for _, c := range []struct {
		code  string
		n     int
		width int
	}{{"0.6", 3000, 1}, {"4.007", 3000, 2}} {
		tab := table(t, c.code, Config{})
		run(t, tab, c.n)
		var buf bytes.Buffer
		width, sum, err := tab.WriteValues(&buf)
		if err != nil || width != c.width || buf.Len() != width*tab.Len() {
			t.Fatalf("%s: width %d, %d bytes, %v; want width %d", c.code, width, buf.Len(), err, c.width)
		}
		raw := buf.Bytes()
		vals, got, err := ReadValues(bytes.NewReader(raw), tab.Len(), width)
		if err != nil || !bytes.Equal(got, sum) {
			t.Fatal(err, "or the checksum differs")
		}
		for i, v := range vals {
			if v != tab.At(i) {
				t.Fatalf("%s: g(%d) read back as %d, want %d", c.code, i, v, tab.At(i))
			}
		}
		var four bytes.Buffer
		for _, v := range vals {
			four.Write([]byte{byte(v), byte(v >> 8), byte(v >> 16), byte(v >> 24)})
		}
		if s := sha256.Sum256(four.Bytes()); !bytes.Equal(s[:], tab.Checksum(tab.Len())) {
			t.Errorf("%s: Checksum is not the SHA-256 of the values as 4 bytes each", c.code)
		}
		raw[100] ^= 1
		if _, got, _ := ReadValues(bytes.NewReader(raw), tab.Len(), width); bytes.Equal(got, sum) {
			t.Fatal("a damaged file has the checksum of the values")
		}
		if _, _, err := ReadValues(bytes.NewReader(raw[:50]), tab.Len(), width); err == nil {
			t.Fatal("a short file was read without complaint")
		}
	}
}

// The checkpoint hook runs on the growing goroutine when due, sees the
// values stored so far, and an error it returns stops the growth.
func TestCheckpointHook(t *testing.T) {
	stop := errors.New("stop here")
	saves := 0
	cp := &Checkpoint{Every: time.Nanosecond, Save: func(tab *Table) error {
		saves++
		if tab.Len() == 0 || tab.At(0) != 0 {
			t.Errorf("save %d sees %d values", saves, tab.Len())
		}
		if saves == 3 {
			return stop
		}
		return nil
	}}
	tab := table(t, "0.16", Config{Checkpoint: cp})
	err := tab.Grow(context.Background(), 200000)
	if !errors.Is(err, stop) || saves != 3 {
		t.Fatalf("Grow returned %v after %d saves, want the hook's error after 3", err, saves)
	}
	if err := table(t, "0.16", Config{Lost: func(int64) bool { return false }}).Preload([]uint32{0}); err == nil {
		t.Fatal("a table with a 'loses if' rule was preloaded")
	}
}

// A forged count asks for no memory it does not read: 2^40 values of four
// bytes announced before a file of eight bytes end at the file's end.
func TestReadValuesForgedCount(t *testing.T) {
	_, _, err := ReadValues(bytes.NewReader(make([]byte, 8)), 1<<40, 4)
	if err == nil || !strings.Contains(err.Error(), "of 1099511627776: unexpected EOF") {
		t.Errorf("a forged count: %v", err)
	}
	if _, _, err := ReadValues(bytes.NewReader(nil), -1, 4); err == nil {
		t.Error("a negative count is read")
	}
}
