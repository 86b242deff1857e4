package version

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"
)

func TestDescribe(t *testing.T) {
	cases := []struct {
		info debug.BuildInfo
		want string
	}{
		{debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, "gamelang " + Release},
		{debug.BuildInfo{Main: debug.Module{Version: "v0.3.0"}, Settings: []debug.BuildSetting{
			{Key: "vcs.revision", Value: "0123456789abcdef0123"}, {Key: "vcs.modified", Value: "false"}}},
			"gamelang v0.3.0 (0123456789ab)"},
		{debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: []debug.BuildSetting{
			{Key: "vcs.revision", Value: "abc"}, {Key: "vcs.modified", Value: "true"}}},
			"gamelang " + Release + " (abc+dirty)"},
	}
	for _, c := range cases {
		if got := build(&c.info).String(); got != c.want {
			t.Errorf("build(...).String() = %q, want %q", got, c.want)
		}
	}
	if !strings.HasPrefix(String(), "gamelang ") {
		t.Errorf("String() = %q", String())
	}
}

// The release is the newest one CHANGELOG.md describes.
func TestReleaseInChangelog(t *testing.T) {
	b, err := os.ReadFile("../../CHANGELOG.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(line, "## ") && !strings.Contains(line, "Unreleased") {
			if want := "## [" + strings.TrimSuffix(strings.TrimPrefix(Release, "v"), "+dev") + "]"; !strings.HasPrefix(line, want) {
				t.Errorf("the newest release in CHANGELOG.md is %q; version.Release is %s", line, Release)
			}
			return
		}
	}
	t.Error("CHANGELOG.md names no release")
}

// A plain build without version control information (go build
// -buildvcs=false, as from a tarball) still names its release.
func TestPlainBuildNamesItsRelease(t *testing.T) {
	if testing.Short() {
		t.Skip("builds gamelang (slow)")
	}
	exe := filepath.Join(t.TempDir(), "gamelang")
	build := exec.Command("go", "build", "-buildvcs=false", "-o", exe, "../../cmd/gamelang")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	out, err := exec.Command(exe, "--version").Output()
	if err != nil {
		t.Fatal(err)
	}
	if got, want := strings.TrimSpace(string(out)), "gamelang "+Release; got != want {
		t.Errorf("gamelang --version says %q, want %q", got, want)
	}
}
