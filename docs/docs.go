// Package docs holds the documentation; Tutorial gives the tutorial to the
// playground, which offers its sessions as scripts.
package docs

import _ "embed"

// Tutorial is docs/tutorial.md.
//
//go:embed tutorial.md
var Tutorial string

// JSONSchema is docs/json-schema.json, the schema of --json's lines.
//
//go:embed json-schema.json
var JSONSchema string
