package lines

import (
	"bufio"
	"errors"
	"fmt"
	"io"
)

// Reader reads lines.
type Reader struct {
	r    *bufio.Reader
	max  int
	Line int // the number of the line last read, from 1
}

// New reads lines of r of at most max bytes each.
func New(r io.Reader, max int) *Reader {
	return &Reader{r: bufio.NewReaderSize(r, 64<<10), max: max}
}

// TooLongError is a line over the limit, skipped.
type TooLongError struct {
	Line, Max int
}

func (e *TooLongError) Error() string {
	return fmt.Sprintf("line %d is longer than %s", e.Line, Size(e.Max))
}

// Size writes a limit in bytes as the messages say it: 64 MiB, 64 KiB.
func Size(n int) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// Next returns the next line, without its end ("\n" or "\r\n"). At the
// end of the input it returns io.EOF; for a line over the limit, a
// *TooLongError, the line skipped.
func (l *Reader) Next() (string, error) {
	var buf []byte
	long := false
	for {
		chunk, err := l.r.ReadSlice('\n')
		if !long {
			if len(buf)+len(chunk) > l.max+2 { // room for the line's end
				long, buf = true, nil
			} else {
				buf = append(buf, chunk...)
			}
		}
		switch {
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case err == io.EOF && len(buf) == 0 && !long:
			return "", io.EOF
		case err != nil && err != io.EOF:
			return "", err
		}
		l.Line++
		if long {
			return "", &TooLongError{Line: l.Line, Max: l.max}
		}
		line := trimEnd(buf)
		if len(line) > l.max {
			return "", &TooLongError{Line: l.Line, Max: l.max}
		}
		return string(line), nil
	}
}

// trimEnd is a line without its end, "\n" or "\r\n".
func trimEnd(buf []byte) []byte {
	if n := len(buf); n > 0 && buf[n-1] == '\n' {
		buf = buf[:n-1]
		if n := len(buf); n > 0 && buf[n-1] == '\r' {
			buf = buf[:n-1]
		}
	}
	return buf
}
