// Package version says which gamelang is running: the module version (the
// release below when the build knows none, as a plain go build of a
// checkout does) and, for a build from a git checkout, the commit (and
// whether the tree had changes). Sweeps record it, so that results say what
// computed them.
package version

import (
	"runtime"
	"runtime/debug"
	"sync"
)

// Release is the version of this source: the last release, with "+dev"
// when the source has changed since (CHANGELOG.md's Unreleased says what).
// The commit that is tagged vX.Y.Z sets it to vX.Y.Z, and the next adds
// "+dev" again.
const Release = "v0.9.0+dev"

// Build is what a build knows of itself.
type Build struct {
	Version string `json:"version"`          // the module's version, or Release
	Commit  string `json:"commit,omitempty"` // the first 12 digits of the commit built, if known
	Dirty   bool   `json:"dirty,omitempty"`  // the tree had changes
	Go      string `json:"go"`               // the Go release that built it
}

// Info is this build's.
var Info = sync.OnceValue(func() Build {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return Build{Version: "(unknown build)", Go: runtime.Version()}
	}
	return build(info)
})

// String is "gamelang VERSION", with "(COMMIT)" or "(COMMIT+dirty)" when the
// build knows its commit.
func String() string { return Info().String() }

func (b Build) String() string {
	s := "gamelang " + b.Version
	if b.Commit != "" {
		s += " (" + b.Commit
		if b.Dirty {
			s += "+dirty"
		}
		s += ")"
	}
	return s
}

func build(info *debug.BuildInfo) Build {
	b := Build{Version: info.Main.Version, Go: info.GoVersion}
	if b.Version == "" || b.Version == "(devel)" {
		b.Version = Release
	}
	for _, kv := range info.Settings {
		switch kv.Key {
		case "vcs.revision":
			b.Commit = kv.Value
		case "vcs.modified":
			b.Dirty = kv.Value == "true"
		}
	}
	if len(b.Commit) > 12 {
		b.Commit = b.Commit[:12]
	}
	if b.Commit == "" {
		b.Dirty = false
	}
	return b
}
