package files

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// File is a file being written; Close puts it in place, Abort drops it.
type File struct {
	f    *os.File
	name string
	done bool
	n    int64 // bytes written
}

// Create starts writing the file name.
func Create(name string) (*File, error) {
	if info, err := os.Stat(name); err == nil && !info.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is not a regular file (%s): a picture or a certificate is written to a file", name, kind(info.Mode()))
	}
	f, err := os.CreateTemp(filepath.Dir(name), "."+filepath.Base(name)+".*.tmp")
	if err != nil {
		// the user's name, not the one written beside it
		return nil, &fs.PathError{Op: "create", Path: name, Err: underlying(err)}
	}
	return &File{f: f, name: name}, nil
}

func kind(m os.FileMode) string {
	switch {
	case m&os.ModeNamedPipe != 0:
		return "a named pipe"
	case m&os.ModeDevice != 0:
		return "a device"
	case m.IsDir():
		return "a directory"
	case m&os.ModeSocket != 0:
		return "a socket"
	}
	return "not a plain file"
}

func (w *File) Write(p []byte) (int, error) {
	n, err := w.f.Write(p)
	w.n += int64(n)
	return n, err
}

// Written is how many bytes were written.
func (w *File) Written() int64 { return w.n }

// KeepAs puts what was written under another name (a run that failed
// half-way keeps its output beside the file it would have replaced).
func (w *File) KeepAs(name string) error {
	saved := w.name
	w.name = name
	err := w.Close()
	w.name = saved
	return err
}

// Close finishes the file and puts it in place of name.
func (w *File) Close() error {
	if w.done {
		return nil
	}
	w.done = true
	err := w.f.Close()
	if err == nil {
		err = os.Chmod(w.f.Name(), 0o644)
	}
	if err == nil {
		err = os.Rename(w.f.Name(), w.name)
	}
	if err != nil {
		os.Remove(w.f.Name())
		err = &fs.PathError{Op: "write", Path: w.name, Err: underlying(err)}
	}
	return err
}

// underlying is the cause of an error of the file system, without the
// names of the file written beside.
func underlying(err error) error {
	var pe *fs.PathError
	var le *os.LinkError
	switch {
	case errors.As(err, &pe):
		return pe.Err
	case errors.As(err, &le):
		return le.Err
	}
	return err
}

// Abort drops what was written: name is left as it was.
func (w *File) Abort() {
	if !w.done {
		w.done = true
		w.f.Close()
		os.Remove(w.f.Name())
	}
}

// Write writes name whole with write, or leaves it as it was.
func Write(name string, write func(io.Writer) error) error {
	f, err := Create(name)
	if err != nil {
		return err
	}
	if err := write(f); err != nil {
		f.Abort()
		return err
	}
	return f.Close()
}
