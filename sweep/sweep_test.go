package sweep

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

func TestParseFamily(t *testing.T) {
	cases := []struct {
		spec  string
		n     int
		first string
		last  string
		codes bool
	}{
		{"octal:1", 16, "0.0", "4.7", true},
		{"octal:3", 1024, "0.000", "4.777", true},
		{"hex:2", 512, "0.00", "4.ff", true},
		{"0.16, 4.007,0.6", 3, "0.16", "0.6", true},
		{"0..10", 11, "0", "10", false},
		{"-2..2", 5, "-2", "2", false},
	}
	for _, c := range cases {
		f, err := ParseFamily(c.spec)
		if err != nil {
			t.Errorf("%s: %v", c.spec, err)
			continue
		}
		if len(f.Items) != c.n || f.Items[0] != c.first || f.Items[len(f.Items)-1] != c.last || f.Codes != c.codes {
			t.Errorf("%s: %d items %s..%s (codes %v), want %d %s..%s", c.spec, len(f.Items), f.Items[0], f.Items[len(f.Items)-1], f.Codes, c.n, c.first, c.last)
		}
	}
	file := filepath.Join(t.TempDir(), "codes.txt")
	os.WriteFile(file, []byte("# Flammenkamp's hard ones\n0.16\n\n0.56  # a comment\n4.007\n"), 0o644)
	if f, err := ParseFamily("file:" + file); err != nil || strings.Join(f.Items, " ") != "0.16 0.56 4.007" {
		t.Errorf("file family: %v %v", f, err)
	}
	bad := map[string]string{
		"octal:0":        "1 to 6",
		"octal:9":        "1 to 6",
		"hex:x":          "1 to 5",
		"0.1z":           "digit",
		"10..1":          "upwards",
		"1..99999999":    "at most",
		"":               "no games",
		"file:/nonesuch": "no such file",
	}
	for spec, want := range bad {
		if _, err := ParseFamily(spec); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v, want one that says %q", spec, err, want)
		}
	}
	os.WriteFile(file, []byte("0.16\n0.9z\n"), 0o644)
	if _, err := ParseFamily("file:" + file); err == nil || !strings.Contains(err.Error(), "codes.txt:2:") {
		t.Errorf("a bad code in a file: %v, want its line", err)
	}
}

func TestParseShard(t *testing.T) {
	for s, want := range map[string]Shard{"0/1": {0, 1}, "3/7": {3, 7}} {
		if got, err := ParseShard(s); err != nil || got != want {
			t.Errorf("%s: %v %v", s, got, err)
		}
	}
	for _, s := range []string{"7/7", "-1/3", "1", "a/b", "0/0", "1/2/3"} {
		if _, err := ParseShard(s); err == nil {
			t.Errorf("%s: accepted", s)
		}
	}
	// Every game is in exactly one shard.
	for n := 1; n <= 9; n++ {
		for i := range 100 {
			in := 0
			for k := range n {
				if (Shard{k, n}).Has(i) {
					in++
				}
			}
			if in != 1 {
				t.Fatalf("game %d is in %d of %d shards", i, in, n)
			}
		}
	}
}

// sweepOut runs a sweep and returns its output.
func sweepOut(t *testing.T, o Options) (string, []Record) {
	t.Helper()
	return sweepOutF(t, o)
}

func family(t *testing.T, spec string) *Family {
	t.Helper()
	f, err := ParseFamily(spec)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// Shards merged give the output of the whole sweep, byte for byte, in any
// order they are given; a missing, repeated, cut or foreign shard is named.
func TestMergeShards(t *testing.T) {
	f := family(t, "octal:2")
	whole, _ := sweepOut(t, Options{Family: f, Values: 3000})
	for _, n := range []int{1, 4, 7} {
		var outs []*Output
		for i := n - 1; i >= 0; i-- {
			text, _ := sweepOut(t, Options{Family: f, Values: 3000, Shard: Shard{i, n}})
			o, err := Read("shard"+Shard{i, n}.String(), strings.NewReader(text))
			if err != nil {
				t.Fatal(err)
			}
			outs = append(outs, o)
		}
		var buf bytes.Buffer
		if _, err := Merge(outs, &buf); err != nil {
			t.Fatal(err)
		}
		if buf.String() != whole {
			t.Errorf("%d shards merged differ from the whole sweep", n)
		}
		if n != 4 {
			continue
		}
		cut := *outs[1]
		cut.Records, cut.Lines = cut.Records[:3], cut.Lines[:3]
		foreign := *outs[2]
		foreign.Header.Values = 2999
		bad := map[string][]*Output{
			"shard 3/4 missing":       outs[1:],
			"given twice":             append([]*Output{outs[0]}, outs...),
			"stops after 3 of its 32": {outs[0], &cut, outs[2], outs[3]},
			"is of another sweep":     {outs[0], outs[1], &foreign, outs[3]},
		}
		for want, in := range bad {
			if _, err := Merge(in, &bytes.Buffer{}); err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("merge: %v, want an error that says %q", err, want)
			}
		}
		hostileMerges(t, outs)
	}
}

// hostileMerges: shard outputs edited by hand or forged are refused, each
// with the shard and what is wrong, and nothing is written.
func hostileMerges(t *testing.T, outs []*Output) {
	t.Helper()
	text := func(o *Output) string {
		var b strings.Builder
		h, _ := json.Marshal(map[string]any{"sweep": o.Header})
		b.Write(h)
		b.WriteString("\n")
		for _, l := range o.Lines {
			b.Write(l)
			b.WriteString("\n")
		}
		return b.String()
	}
	// trailing junk after a record is refused when the file is read
	lines := strings.SplitAfter(text(outs[0]), "\n")
	lines[1] = strings.TrimSuffix(lines[1], "\n") + " junk\n" // the first record
	junk := strings.Join(lines, "")
	if _, err := Read("junk", strings.NewReader(junk)); err == nil || !strings.Contains(err.Error(), `"junk" follows the record`) {
		t.Errorf("a record with junk after it: %v", err)
	}
	// a game relabelled: the record names another code than the family's
	relabelled := *outs[2]
	relabelled.Records = slices.Clone(relabelled.Records)
	relabelled.Records[1].Game = "0.77"
	// counts forged in the header
	negative, huge, manyShards := *outs[0], *outs[0], *outs[0]
	negative.Header.Items = -5
	huge.Header.Items = 1 << 40
	manyShards.Header.Shard = "0/1000000000000"
	for want, in := range map[string][]*Output{
		"(shard 1/4), record 2: game 5 of octal:2 is 0.05, but the record says 0.77": {outs[0], outs[1], &relabelled, outs[3]},
		"says the sweep has -5 games":            {&negative, outs[1], outs[2], outs[3]},
		"says the sweep has 1099511627776 games": {&huge, outs[1], outs[2], outs[3]},
		"only 4 outputs are given":               {&manyShards, outs[1], outs[2], outs[3]},
	} {
		var buf bytes.Buffer
		if _, err := Merge(in, &buf); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("merge: %v, want an error that says %q", err, want)
		}
		if buf.Len() > 0 {
			t.Errorf("a refused merge wrote %d bytes", buf.Len())
		}
	}
}

// A query runs per game: Kayles by number (A002186), and period() by code.
func TestQuery(t *testing.T) {
	_, recs := sweepOut(t, Options{Family: family(t, "0..12"), Query: "n: grundy(Kayles(n))"})
	want := "0 1 2 3 1 4 3 2 1 4 2 6 4" // A002186
	var got []string
	for _, r := range recs {
		got = append(got, r.Answer.Text)
	}
	if strings.Join(got, " ") != want {
		t.Errorf("Kayles by query: %v, want %s", got, want)
	}
	_, recs = sweepOut(t, Options{Family: family(t, "0.17,0.007"), Values: 2000, Query: "c: period(octal(c))"})
	if a := recs[0].Answer; a == nil || a.Type != "period" || !strings.Contains(a.Text, "period 34") {
		t.Errorf("period of 0.17 by query: %+v", recs[0])
	}
	if a := recs[1].Answer; a == nil || !strings.Contains(a.Text, "no period") {
		t.Errorf("period of 0.007 within 2000 values by query: %+v", recs[1])
	}
	_, err := Run(context.Background(), Options{Family: family(t, "0..3"), Query: "n: grundy(Kayles(n)"}, &bytes.Buffer{})
	if err == nil || !strings.Contains(err.Error(), "<query>:1:") {
		t.Errorf("a query with a syntax error: %v", err)
	}
	_, recs = sweepOut(t, Options{Family: family(t, "0..1"), Query: "n: 1 / n"})
	if recs[0].Stopped != "error" || !strings.Contains(recs[0].Error, "zero") || recs[1].Answer.Text != "1" {
		t.Errorf("a query failing for one game: %+v", recs)
	}
}

// A checkpoint saved mid-way (here at every report, with the sweep stopped
// after a few) resumes to the very output of an uninterrupted run; a
// checkpoint of another sweep, or damaged, is refused.
func TestCheckpointResume(t *testing.T) {
	f := family(t, "0.16,0.17,0.156,0.6")
	plain, _ := sweepOut(t, Options{Family: f, Values: 30000})
	file := filepath.Join(t.TempDir(), "ck")
	for stopAfter := 1; stopAfter <= 8; stopAfter++ {
		os.Remove(file)
		ctx, cancel := context.WithCancel(context.Background())
		saves := 0
		log := writerFunc(func(p []byte) {
			if bytes.HasPrefix(p, []byte("checkpoint:")) {
				if saves++; saves == stopAfter {
					cancel()
				}
			}
		})
		o := Options{Family: f, Values: 30000, Checkpoint: file, Every: 1, Log: log}
		_, err := Run(ctx, o, &bytes.Buffer{})
		cancel()
		if err == nil {
			t.Fatalf("stopped after %d saves: the sweep ran to the end", stopAfter)
		}
		var buf bytes.Buffer
		o.Log = nil
		if _, err := Run(context.Background(), o, &buf); err != nil {
			t.Fatal(err)
		}
		if buf.String() != plain {
			t.Fatalf("resumed after %d saves:\n%s\nwant\n%s", stopAfter, buf.String(), plain)
		}
	}
	o := Options{Family: f, Values: 29999, Checkpoint: file}
	if _, err := Run(context.Background(), o, &bytes.Buffer{}); err == nil || !strings.Contains(err.Error(), "another sweep") {
		t.Errorf("a checkpoint of another sweep: %v", err)
	}
	raw, _ := os.ReadFile(file)
	os.WriteFile(file, raw[:len(raw)/2], 0o644)
	o.Values = 30000
	var ce *checkpointError
	if _, err := Run(context.Background(), o, &bytes.Buffer{}); !errors.As(err, &ce) {
		t.Errorf("a damaged checkpoint: %v", err)
	}
}

type writerFunc func([]byte)

func (w writerFunc) Write(p []byte) (int, error) { w(p); return len(p), nil }

// The summary groups equal sequences and counts what it shows.
func TestSummary(t *testing.T) {
	_, recs := sweepOut(t, Options{Family: family(t, "0.6,0.61,0.17,0.07"), Values: 2000})
	var buf bytes.Buffer
	if err := Summary(&buf, recs); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	for _, want := range []string{"0.6 0.61\n", "34      33         32", "4 games: 2 with a proved period, 2 without", "3 distinct sequences"} {
		if !strings.Contains(out, want) {
			t.Errorf("summary lacks %q:\n%s", want, out)
		}
	}
}

// Whatever a checkpoint file holds, resuming from it resumes or refuses
// with an error: no panic, no allocation the file's numbers ask for beyond
// the sweep's bound.
func FuzzCheckpoint(f *testing.F) {
	dir := f.TempDir()
	file := filepath.Join(dir, "seed")
	fam, _ := ParseFamily("0.6,0.16")
	ctx, cancel := context.WithCancel(context.Background())
	o := Options{Family: fam, Values: 5000, Checkpoint: file, Every: 1,
		Log: writerFunc(func([]byte) { cancel() })}
	Run(ctx, o, &bytes.Buffer{})
	seed, err := os.ReadFile(file)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(seed)
	f.Add([]byte(checkpointMagic + `{"sweep":{"family":"0.6,0.16","items":2,"values":5000,"shard":"0/1","version":""},"done":[],"current":{"index":0,"game":"0.6","values":4000000000,"width":4,"seconds":0}}` + "\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(t.TempDir(), "ck")
		os.WriteFile(path, data, 0o644)
		o := Options{Family: fam, Values: 5000, Checkpoint: path, Every: time.Hour}
		var buf bytes.Buffer
		recs, err := Run(context.Background(), o, &buf)
		if err == nil && len(recs) != 2 {
			t.Fatalf("resumed to %d records", len(recs))
		}
	})
}

// Whatever the files given to merge hold, Read and Merge answer or refuse
// with an error, never a panic.
func FuzzMerge(f *testing.F) {
	fam, _ := ParseFamily("octal:1")
	for i := range 2 {
		text, _ := sweepOutF(f, Options{Family: fam, Values: 300, Shard: Shard{i, 2}})
		f.Add([]byte(text), i == 0)
	}
	text, _ := sweepOutF(f, Options{Family: fam, Values: 300, Shard: Shard{1, 2}}) // once: a sweep per input made each slow
	f.Fuzz(func(t *testing.T, data []byte, first bool) {
		o, err := Read("fuzz", bytes.NewReader(data))
		if err != nil {
			return
		}
		other, err := Read("other", strings.NewReader(text))
		if err != nil {
			t.Fatal(err)
		}
		outs := []*Output{o, other}
		if !first {
			outs = []*Output{other, o}
		}
		Merge(outs, &bytes.Buffer{})
	})
}

func sweepOutF(t testing.TB, o Options) (string, []Record) {
	t.Helper()
	var buf bytes.Buffer
	recs, err := Run(context.Background(), o, &buf)
	if err != nil {
		t.Fatal(err)
	}
	return buf.String(), recs
}

// A game that reaches its time bound is recorded as stopped, with the values
// it had, and the sweep goes on. (Treblecross to 10^7 values takes far more
// than the millisecond allowed.)
func TestTimeBound(t *testing.T) {
	_, recs := sweepOut(t, Options{Family: family(t, "0.007,0.17"), Values: 10_000_000, Time: 20 * time.Millisecond})
	if r := recs[0]; r.Stopped != "time" || !strings.Contains(r.Error, "stopped by the time bound (20ms) after") || r.Period != nil {
		t.Errorf("0.007 with 20ms: %+v", r)
	}
	// The next game runs (it needs a few microseconds; on a machine so busy
	// that it did not get them, it is stopped too, and says so).
	if r := recs[1]; r.Index != 1 || (r.Stopped == "") != (r.Period != nil && r.Period.Length == 34) {
		t.Errorf("0.17 after a stopped game: %+v", r)
	}
}

// Games run side by side give the output of one game at a time, byte for
// byte, for the code analysis and for a query; an error stops the sweep
// with the records before it written.
func TestSideBySide(t *testing.T) {
	for _, o := range []Options{
		{Family: family(t, "octal:2"), Values: 2000},
		{Family: family(t, "0..40"), Query: "n: grundy(Kayles(n) + Nim(n))"},
		{Family: family(t, "octal:2"), Query: "c: quotient(octal(c), 12)", Shard: Shard{1, 3}},
	} {
		var one, many bytes.Buffer
		o.Jobs = 1
		if _, err := Run(context.Background(), o, &one); err != nil {
			t.Fatal(err)
		}
		o.Jobs = 4
		recs, err := Run(context.Background(), o, &many)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(one.Bytes(), many.Bytes()) {
			t.Errorf("%s %s: four games at a time write another output", o.Family.Spec, o.Query)
		}
		for k := 1; k < len(recs); k++ {
			if recs[k].Index <= recs[k-1].Index {
				t.Fatalf("records out of order: %d after %d", recs[k].Index, recs[k-1].Index)
			}
		}
	}
}

// A cancelled sweep stops its games side by side and says so.
func TestSideBySideCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := Run(ctx, Options{Family: family(t, "octal:2"), Values: 1000000, Jobs: 2}, &bytes.Buffer{})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled sweep: %v", err)
	}
}

// gamesBar records what a sweep reports.
type gamesBar struct {
	started, done int
	reports       []string
}

func (b *gamesBar) Start() { b.started++ }
func (b *gamesBar) Done()  { b.done++ }
func (b *gamesBar) Report(what, unit string, done, total int64) {
	b.reports = append(b.reports, fmt.Sprintf("%s %d/%d %s", what, done, total, unit))
}

// Side by side, the bar counts the games written, one report each, in
// order, from a sweep's start to its end; one at a time it follows each
// game (one start and one end a game).
func TestSideBySideProgress(t *testing.T) {
	bar := &gamesBar{}
	o := Options{Family: family(t, "0.1,0.2,0.3,0.4,0.5"), Values: 3000, Progress: bar, Jobs: 2}
	if _, err := Run(context.Background(), o, &bytes.Buffer{}); err != nil {
		t.Fatal(err)
	}
	want := []string{"0.1,0.2,0.3,0.4,0.5 1/5 games", "0.1,0.2,0.3,0.4,0.5 2/5 games", "0.1,0.2,0.3,0.4,0.5 3/5 games",
		"0.1,0.2,0.3,0.4,0.5 4/5 games", "0.1,0.2,0.3,0.4,0.5 5/5 games"}
	if bar.started != 1 || bar.done != 1 || !slices.Equal(bar.reports, want) {
		t.Errorf("side by side: %d starts, %d ends, reports %q", bar.started, bar.done, bar.reports)
	}
	bar = &gamesBar{}
	o.Progress, o.Jobs = bar, 1
	if _, err := Run(context.Background(), o, &bytes.Buffer{}); err != nil {
		t.Fatal(err)
	}
	if bar.started != 5 || bar.done != 5 {
		t.Errorf("one at a time: %d starts, %d ends", bar.started, bar.done)
	}
}

// The default runs a game a core; a checkpoint, one at a time.
func TestDefaultJobs(t *testing.T) {
	if got, want := (Options{}).jobs(), runtime.GOMAXPROCS(0); got != want {
		t.Errorf("default: %d games at a time, want %d", got, want)
	}
	if got := (Options{Jobs: 3, Checkpoint: "x.ck"}).jobs(); got != 1 {
		t.Errorf("with a checkpoint: %d games at a time", got)
	}
}

// A game side by side that the memory budget stopped runs again alone, and
// its record is the one of one at a time: here each game is stopped when
// the other runs beside it (both reach the barrier together), and is
// whole alone.
func TestStoppedBesideRunsAlone(t *testing.T) {
	var running atomic.Int32
	var arrived sync.WaitGroup
	arrived.Add(2)
	var calls atomic.Int32
	game := func(_ context.Context, i int) (Record, error) {
		first := calls.Add(1) <= 2
		defer running.Add(-1)
		beside := running.Add(1) > 1
		if first {
			arrived.Done()
			arrived.Wait() // both games are under way
			beside = true
		}
		if beside {
			return Record{Index: i, Stopped: "memory"}, nil
		}
		return Record{Index: i, Values: 10}, nil
	}
	var out bytes.Buffer
	s := &sweep{o: Options{Family: family(t, "0..1"), Query: "n: n"}, w: &writer{w: bufio.NewWriter(&out)}}
	if err := s.sideBySide(context.Background(), []int{0, 1}, 2, game); err != nil {
		t.Fatal(err)
	}
	if len(s.done) != 2 || calls.Load() != 4 {
		t.Fatalf("%d records after %d runs", len(s.done), calls.Load())
	}
	for k, r := range s.done {
		if r.Index != k || r.Stopped != "" || r.Values != 10 {
			t.Errorf("record %d: %+v", k, r)
		}
	}
}
