package files

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// A file is written whole or not at all, and a pipe is refused at once,
// never opened (which would block until a reader comes).
func TestWrite(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "p.png")
	if err := Write(name, func(w io.Writer) error { _, err := io.WriteString(w, "first"); return err }); err != nil {
		t.Fatal(err)
	}
	failed := errors.New("the drawing failed")
	err := Write(name, func(w io.Writer) error { io.WriteString(w, "half"); return failed })
	if err != failed {
		t.Fatalf("a failed write: %v", err)
	}
	if b, _ := os.ReadFile(name); string(b) != "first" {
		t.Errorf("after a failed write the file holds %q", b)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".*tmp")); len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
	fifo := filepath.Join(dir, "fifo.png")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no named pipes here:", err)
	}
	err = Write(fifo, func(w io.Writer) error { return nil })
	if err == nil || !strings.Contains(err.Error(), "is not a regular file (a named pipe)") {
		t.Errorf("a named pipe: %v", err)
	}
	if err := Write(dir, func(w io.Writer) error { return nil }); err == nil || !strings.Contains(err.Error(), "a directory") {
		t.Errorf("a directory: %v", err)
	}
	// a file that cannot be made is named as the user wrote it, not as the
	// file written beside it
	missing := filepath.Join(dir, "nosuch", "x.png")
	if err := Write(missing, func(w io.Writer) error { return nil }); err == nil || err.Error() != "create "+missing+": no such file or directory" {
		t.Errorf("a missing directory: %v", err)
	}
}

// KeepAs puts what was written beside the file it would have replaced.
func TestKeepAs(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "out.jsonl")
	os.WriteFile(name, []byte("old"), 0o644)
	f, err := Create(name)
	if err != nil {
		t.Fatal(err)
	}
	io.WriteString(f, "half")
	if f.Written() != 4 {
		t.Errorf("written %d", f.Written())
	}
	if err := f.KeepAs(name + ".partial"); err != nil {
		t.Fatal(err)
	}
	old, _ := os.ReadFile(name)
	part, _ := os.ReadFile(name + ".partial")
	if string(old) != "old" || string(part) != "half" {
		t.Errorf("file %q, partial %q", old, part)
	}
}
