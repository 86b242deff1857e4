// Package files writes the files a script asks for (pictures,
// certificates) whole or not at all: into a temporary file beside the
// target, renamed over it only once everything is written. A name that is
// not a regular file — a pipe nobody reads, a device — is refused rather
// than opened, which could block for ever or lose what is written.
//
// # Where things are
//
// With it, the files a script writes (pictures, certificates) are written
// whole or not at all (a temporary file renamed over the target), and a name
// that is a pipe or a device is refused rather than opened.
package files
