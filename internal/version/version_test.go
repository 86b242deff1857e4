package version

import (
	"runtime/debug"
	"strings"
	"testing"
)

func TestDescribe(t *testing.T) {
	cases := []struct {
		info debug.BuildInfo
		want string
	}{
		{debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, "gamelang (devel)"},
		{debug.BuildInfo{Main: debug.Module{Version: "v0.3.0"}, Settings: []debug.BuildSetting{
			{Key: "vcs.revision", Value: "0123456789abcdef0123"}, {Key: "vcs.modified", Value: "false"}}},
			"gamelang v0.3.0 (0123456789ab)"},
		{debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: []debug.BuildSetting{
			{Key: "vcs.revision", Value: "abc"}, {Key: "vcs.modified", Value: "true"}}},
			"gamelang (devel) (abc+dirty)"},
	}
	for _, c := range cases {
		if got := describe(&c.info); got != c.want {
			t.Errorf("describe = %q, want %q", got, c.want)
		}
	}
	if !strings.HasPrefix(String(), "gamelang ") {
		t.Errorf("String() = %q", String())
	}
}
