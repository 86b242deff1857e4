package docs_test

import (
	"bytes"
	"compress/gzip"
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gamelang/gamelang/sweep"
)

var updateCensus = flag.Bool("update-census", false, "rewrite the generated parts of docs/census.md from docs/census/")

// gunzip reads a committed output.
func gunzip(t *testing.T, name string) []byte {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	b, err := io.ReadAll(z)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// merged merges the committed shard outputs matching pattern, and checks
// the merge against the committed whole (when there is one): byte for byte.
func merged(t *testing.T, pattern, whole string) []sweep.Record {
	t.Helper()
	names, err := filepath.Glob(pattern)
	if err != nil || len(names) == 0 {
		t.Fatalf("no shards %s: %v", pattern, err)
	}
	var outs []*sweep.Output
	for _, n := range names {
		o, err := sweep.Read(n, bytes.NewReader(gunzip(t, n)))
		if err != nil {
			t.Fatal(err)
		}
		outs = append(outs, o)
	}
	var buf bytes.Buffer
	recs, err := sweep.Merge(outs, &buf)
	if err != nil {
		t.Fatal(err)
	}
	if whole != "" && !bytes.Equal(buf.Bytes(), gunzip(t, whole)) {
		t.Errorf("the shards %s merged differ from %s", pattern, whole)
	}
	return recs
}

// TestCensus: the committed shards of the census merge into the committed
// census byte for byte, and the tables of docs/census.md and
// docs/misere4.md are the census of those records (go test ./docs -run
// Census -update-census rewrites them).
func TestCensus(t *testing.T) {
	censusParts(t, "census.md", map[string]part{
		"octal4":  {merged(t, "census/shard-*-of-2.jsonl.gz", "census/octal4.jsonl.gz"), sweep.Census},
		"further": {merged(t, "census/further-*-of-2.jsonl.gz", ""), sweep.Census},
		"full":    {merged(t, "census/full-*-of-2.jsonl.gz", ""), sweep.Census},
		"misere":  {merged(t, "census/misere3-*-of-2.jsonl.gz", ""), sweep.MisereTable},
	})
	censusParts(t, "misere4.md", map[string]part{
		"misere4": {merged(t, "census/misere4-*-of-16.jsonl.gz", ""), sweep.MisereTable},
	})
}

// part is a generated part of a page: records and how they are written.
type part struct {
	recs   []sweep.Record
	render func(io.Writer, []sweep.Record) error
}

// censusParts checks (or with -update-census rewrites) the parts of a page
// between <!-- census NAME --> and <!-- end of census NAME -->.
func censusParts(t *testing.T, file string, parts map[string]part) {
	t.Helper()
	page, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	text := string(page)
	for name, pt := range parts {
		var b strings.Builder
		if err := pt.render(&b, pt.recs); err != nil {
			t.Fatal(err)
		}
		begin, end := "<!-- census "+name+" -->\n", "<!-- end of census "+name+" -->"
		i, j := strings.Index(text, begin), strings.Index(text, end)
		if i < 0 || j < i {
			t.Fatalf("%s has no %q ... %q", file, begin, end)
		}
		if got := text[i+len(begin) : j]; got != b.String() {
			if !*updateCensus {
				t.Errorf("%s's %s tables are not the census of docs/census/ (go test ./docs -run Census -update-census)", file, name)
			}
			text = text[:i+len(begin)] + b.String() + text[j:]
		}
	}
	if *updateCensus {
		if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
