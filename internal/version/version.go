// Package version says which gamelang is running: the module version (the
// release below when the build knows none, as a plain go build of a
// checkout does) and, for a build from a git checkout, the commit (and
// whether the tree had changes). Sweeps record it, so that results say what
// computed them.
package version

import (
	"runtime/debug"
	"sync"
)

// Release is the version of this source: the last release, with "+dev"
// when the source has changed since (CHANGELOG.md's Unreleased says what).
// The commit that is tagged vX.Y.Z sets it to vX.Y.Z, and the next adds
// "+dev" again.
const Release = "v0.9.0+dev"

// String is "gamelang VERSION", with "(COMMIT)" or "(COMMIT+dirty)" when the
// build knows its commit.
var String = sync.OnceValue(func() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "gamelang (unknown build)"
	}
	return describe(info)
})

func describe(info *debug.BuildInfo) string {
	v := info.Main.Version
	if v == "" || v == "(devel)" {
		v = Release
	}
	s := "gamelang " + v
	rev, dirty := "", false
	for _, kv := range info.Settings {
		switch kv.Key {
		case "vcs.revision":
			rev = kv.Value
		case "vcs.modified":
			dirty = kv.Value == "true"
		}
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if rev != "" {
		if dirty {
			rev += "+dirty"
		}
		s += " (" + rev + ")"
	}
	return s
}
