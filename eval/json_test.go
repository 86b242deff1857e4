package eval_test

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gamelang/gamelang/internal/jsontest"
	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/gamelang/gamelang/eval"
	"github.com/gamelang/gamelang/internal/plot"
)

var updateJSON = flag.Bool("update-json", false, "rewrite testdata/json.golden")

// schema compiles docs/json-schema.json.
func schema(t *testing.T) *jsonschema.Schema { return jsontest.Schema(t) }

// --json writes one line per statement, every one valid under the schema,
// every type of the schema among them, as in the golden file.
func TestJSONGolden(t *testing.T) {
	t.Parallel() // each owns its session
	src, err := os.ReadFile("testdata/json.game")
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	in := eval.New(eval.Config{Out: &out, JSON: true})
	if err := in.Exec(context.Background(), "json.game", string(src)); err != nil {
		t.Fatal(err)
	}
	s := schema(t)
	seen := map[string]bool{}
	for _, line := range strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n") {
		inst, err := jsonschema.UnmarshalJSON(strings.NewReader(line))
		if err != nil {
			t.Fatalf("not JSON: %v\n%s", err, line)
		}
		if err := s.Validate(inst); err != nil {
			t.Errorf("%s\ndoes not follow the schema: %v", line, err)
		}
		var a struct{ Type string }
		if err := json.Unmarshal([]byte(line), &a); err != nil {
			t.Fatal(err)
		}
		seen[a.Type] = true
	}
	var enum struct {
		Properties struct {
			Type struct{ Enum []string }
		}
	}
	raw, _ := os.ReadFile("../docs/json-schema.json")
	if err := json.Unmarshal(raw, &enum); err != nil {
		t.Fatal(err)
	}
	// plot() writes a file: it runs apart, into a temporary directory.
	var plotOut strings.Builder
	withPlots := eval.New(eval.Config{Out: &plotOut, JSON: true, Plots: plot.Plotter{}})
	if err := withPlots.Exec(context.Background(), "plot.game", fmt.Sprintf("plot(Kayles, 0..20, %q)", filepath.Join(t.TempDir(), "k.svg"))); err != nil {
		t.Fatal(err)
	}
	inst, err := jsonschema.UnmarshalJSON(strings.NewReader(plotOut.String()))
	if err != nil || s.Validate(inst) != nil || !strings.Contains(plotOut.String(), `"type":"plot"`) {
		t.Errorf("plot: %s (%v)", plotOut.String(), err)
	}
	seen["plot"] = true
	seen["error"] = true // written by the command line: internal/cli's TestJSONErrors
	for _, typ := range enum.Properties.Type.Enum {
		if !seen[typ] {
			t.Errorf("no statement of type %s in testdata/json.game", typ)
		}
	}
	if *updateJSON {
		if err := os.WriteFile("testdata/json.golden", []byte(out.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile("testdata/json.golden")
	if err != nil {
		t.Fatal(err)
	}
	if out.String() != string(want) {
		t.Errorf("--json output differs from testdata/json.golden (go test ./eval -run TestJSONGolden -update-json, then review):\n%s", out.String())
	}
}

// A schema that rejected everything would pass the test above vacuously: it
// rejects a wrong value.
func TestJSONSchemaRejects(t *testing.T) {
	t.Parallel() // each owns its session
	s := schema(t)
	for _, bad := range []string{
		`{"line":1,"type":"integer","value":"3","text":"3"}`,
		`{"line":1,"type":"outcome","value":"X","text":"X"}`,
		`{"line":1,"type":"moves","value":{"position":"Nim(1)","count":1},"text":""}`,
		`{"line":1,"type":"integer","value":3}`,
		`{"line":0,"type":"integer","value":3,"text":"3"}`,
		`{"line":1,"type":"error","value":{"msg":"x"},"text":"x"}`,
		`{"line":1,"type":"error","value":"x","text":"x"}`,
	} {
		inst, err := jsonschema.UnmarshalJSON(strings.NewReader(bad))
		if err != nil {
			t.Fatal(err)
		}
		if s.Validate(inst) == nil {
			t.Errorf("the schema accepts %s", bad)
		}
	}
}
