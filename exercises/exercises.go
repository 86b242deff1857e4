// Package exercises holds the sets of exercises (every *.exercises here,
// each checked against its published solutions by internal/exercise's
// tests); FS gives them to the playground.
package exercises

import "embed"

// FS holds the sets of exercises.
//
//go:embed *.exercises
var FS embed.FS
