// Package lines reads text a line at a time with no limit but the one it
// is given: bufio.Scanner stops at its first line over 64 KiB with
// "token too long", and at a longer line than its buffer allows stops
// reading for good. A Reader skips a line over its limit whole, says so,
// and reads on after it.
//
// # Where things are
//
// It gives text read a line at a time up to a limit, a longer line skipped
// and said (bufio.Scanner stops for good at 64 KiB): the prompt's pipe,
// `--each`, graph text, sweep files.
package lines
