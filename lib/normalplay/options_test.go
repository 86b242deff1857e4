package normalplay

import (
	"fmt"
	"testing"
)

func TestSplitOptions(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"width=8cm; height=5cm", "[[width 8cm] [height 5cm]]"},
		{"title='Kayles; misère'; dpi=300", "[[title Kayles; misère] [dpi 300]]"},
		{`title="a \"b\"; c"`, `[[title a "b"; c]]`},
		{`title='it\'s'`, `[[title it's]]`},
		{" ; title = plain words ;", "[[title plain words]]"},
		{"", "[]"},
	} {
		got, err := splitOptions(c.in)
		if err != nil || fmt.Sprint(got) != c.want {
			t.Errorf("%q: %v %v, want %s", c.in, got, err, c.want)
		}
	}
	for _, bad := range []string{"title='open", "width", "title='a' b", "width 8cm; dpi=3"} {
		if got, err := splitOptions(bad); err == nil {
			t.Errorf("%q: %v, want an error", bad, got)
		}
	}
}
