// Package examples holds the example scripts (every *.game here, checked
// against testdata/NAME.golden by the tests); FS gives them to the
// playground.
package examples

import "embed"

// FS holds the example scripts.
//
//go:embed *.game
var FS embed.FS
