package lines

import (
	"errors"
	"io"
	"strings"
	"testing"
)

func TestLines(t *testing.T) {
	long := strings.Repeat("x", 200<<10) // past bufio.Scanner's 64 KiB and the reader's buffer
	in := "a\r\nbb\n" + long + "\n" + strings.Repeat("y", 301) + "\nlast"
	r := New(strings.NewReader(in), 300)
	var got []string
	for {
		s, err := r.Next()
		var tl *TooLongError
		switch {
		case err == io.EOF:
			want := "a|bb|line 3 is longer than 300 bytes|line 4 is longer than 300 bytes|last"
			if strings.Join(got, "|") != want {
				t.Errorf("got %q, want %q", strings.Join(got, "|"), want)
			}
			r = New(strings.NewReader(long+"\n"), 1<<20)
			if s, err := r.Next(); err != nil || s != long {
				t.Errorf("a line of 200 KiB under a limit of 1 MiB: %v", err)
			}
			return
		case errors.As(err, &tl):
			got = append(got, err.Error())
		case err != nil:
			t.Fatal(err)
		default:
			got = append(got, s)
		}
	}
}

func TestSize(t *testing.T) {
	for n, want := range map[int]string{64 << 20: "64 MiB", 64 << 10: "64 KiB", 300: "300 bytes"} {
		if Size(n) != want {
			t.Errorf("Size(%d) = %q", n, Size(n))
		}
	}
}
