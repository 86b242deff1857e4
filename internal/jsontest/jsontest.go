// Package jsontest gives tests the schema of --json's lines
// (docs/json-schema.json), compiled, and checks lines against it.
package jsontest

import (
	"strings"
	"testing"

	"github.com/gamelang/gamelang/docs"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// Schema is docs/json-schema.json, compiled.
func Schema(t testing.TB) *jsonschema.Schema {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(docs.JSONSchema))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("json-schema.json", doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile("json-schema.json")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// Valid reports whether line is JSON that follows the schema, and why not.
func Valid(s *jsonschema.Schema, line string) error {
	inst, err := jsonschema.UnmarshalJSON(strings.NewReader(line))
	if err != nil {
		return err
	}
	return s.Validate(inst)
}
