// Package version says which gamelang is running: the module version and,
// for a build from a git checkout, the commit (and whether the tree had
// changes). Sweeps record it, so that results say what computed them.
package version

import (
	"runtime/debug"
	"sync"
)

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
	s := "gamelang " + info.Main.Version
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
