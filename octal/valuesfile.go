//go:build unix

package octal

// Values files: a table whose Config names a ValuesDir keeps its values in a
// file there, mapped into memory. The operating system keeps the pages in
// use in RAM (the newest heaps, and the small ones every split reads) and the
// rest on disk, so a run goes on past the memory budget, which counts only
// what the Go runtime holds; the engines read the cells as they read any
// slice. The file is also the run's checkpoint: now and then, and at the end
// of every growth, the values are written out and a small record beside
// them says how many are final; a later table of the same code with the same
// directory takes them up as it grows over them, and computes on from there.
//
// In the directory, for a code spelled S (its name made safe for a file):
//
//	S.u8, S.u16 or S.u32   the values, one cell each, little-endian
//	S.json                 {"code": ..., "width": ..., "values": ...}
//	S.lock                 held while a table uses the files
//
// A mapping is never unmapped while the process runs: a growth maps the file
// anew, larger, and slices of the older mappings (which see the same pages)
// stay valid. Space on disk is allocated before it is mapped, so a full disk
// is an error at the growth, not a fault at a write.

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"golang.org/x/sys/unix"
)

// errValuesInUse says that another table (of this process or another) has
// the code's values file: this one keeps its values in memory.
var errValuesInUse = errors.New("the values file is in use")

// valuesSyncEvery is how often a growth writes its values out.
const valuesSyncEvery = time.Minute

// valuesMeta is the record of what a values file holds.
type valuesMeta struct {
	Code   string `json:"code"`
	Width  int    `json:"width"`
	Values int    `json:"values"`
}

// valuesFile is the file a table's values live in.
type valuesFile struct {
	stem  string // the directory and the code's file name, without extension
	code  string
	width int
	f     *os.File
	lock  *os.File
	mem   []byte // the newest mapping
	saved int    // the values the record says are final
	last  time.Time
}

// valuesStem is where the files of code c go in dir: a name a reader can
// tell, and a hash that keeps two codes apart.
func valuesStem(dir string, c Code) string {
	s := c.String()
	sum := sha256.Sum256([]byte(s))
	safe := strings.Map(func(r rune) rune {
		switch {
		case 'a' <= r && r <= 'z', 'A' <= r && r <= 'Z', '0' <= r && r <= '9', r == '.', r == '-':
			return r
		}
		return '_'
	}, s)
	if len(safe) > 40 { // a long code is told apart by its hash
		safe = safe[:40]
	}
	return filepath.Join(dir, safe+"-"+hex.EncodeToString(sum[:4]))
}

// openValues opens (or creates) the values file of c in dir: the values
// saved there and their width, or width 1 and none.
func openValues(dir string, c Code) (*valuesFile, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	v := &valuesFile{stem: valuesStem(dir, c), code: c.String(), width: 1}
	lock, err := os.OpenFile(v.stem+".lock", os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	if err := unix.Flock(int(lock.Fd()), unix.LOCK_EX|unix.LOCK_NB); err != nil {
		lock.Close()
		return nil, errValuesInUse
	}
	v.lock = lock
	if b, err := os.ReadFile(v.stem + ".json"); err == nil {
		var m valuesMeta
		if err := json.Unmarshal(b, &m); err != nil || m.Code != v.code || (m.Width != 1 && m.Width != 2 && m.Width != 4) || m.Values < 0 {
			v.close()
			return nil, fmt.Errorf("%s.json is not a record of the values of %s", v.stem, v.code)
		}
		v.width, v.saved = m.Width, m.Values
	} else if !errors.Is(err, os.ErrNotExist) {
		v.close()
		return nil, err
	}
	if err := v.openData(v.saved == 0); err != nil {
		v.close()
		return nil, err
	}
	if st, err := v.f.Stat(); err != nil || st.Size() < int64(v.saved)*int64(v.width) {
		v.close()
		return nil, fmt.Errorf("%s holds fewer values than %s.json says (%d)", v.f.Name(), v.stem, v.saved)
	}
	return v, nil
}

func (v *valuesFile) dataPath() string { return fmt.Sprintf("%s.u%d", v.stem, 8*v.width) }

// path is the file the values are in; "" for none.
func (v *valuesFile) path() string {
	if v == nil {
		return ""
	}
	return v.dataPath()
}

// openData opens the file of the current width, emptied when fresh.
func (v *valuesFile) openData(fresh bool) error {
	flags := os.O_RDWR | os.O_CREATE
	if fresh {
		flags |= os.O_TRUNC
	}
	f, err := os.OpenFile(v.dataPath(), flags, 0o644)
	if err != nil {
		return err
	}
	v.f, v.mem = f, nil
	return nil
}

// widen moves to a file of cells of width bytes, empty; the caller copies
// the values over and syncs, after which the narrower file is removed.
func (v *valuesFile) widen(width int) (*valuesFile, error) {
	w := &valuesFile{stem: v.stem, code: v.code, width: width, lock: v.lock, last: v.last}
	if err := w.openData(true); err != nil {
		return nil, err
	}
	return w, nil
}

// ensure maps room for at least n cells and returns the mapping.
func (v *valuesFile) ensure(n int) ([]byte, error) {
	need := int64(n) * int64(v.width)
	if int64(len(v.mem)) >= need {
		return v.mem, nil
	}
	size := max(need, 2*int64(len(v.mem)), 1<<20)
	page := int64(os.Getpagesize())
	size = (size + page - 1) / page * page
	if err := allocate(v.f, size); err != nil {
		return nil, fmt.Errorf("no room for the values of %s in %s: %w", v.code, v.f.Name(), err)
	}
	mem, err := unix.Mmap(int(v.f.Fd()), 0, int(size), unix.PROT_READ|unix.PROT_WRITE, unix.MAP_SHARED)
	if err != nil {
		return nil, fmt.Errorf("mapping %s: %w", v.f.Name(), err)
	}
	v.mem = mem
	return mem, nil
}

// sync writes the first n values out and records them as final.
func (v *valuesFile) sync(n int) error {
	if n*v.width > len(v.mem) {
		return fmt.Errorf("values file %s: %d values are not mapped", v.f.Name(), n)
	}
	if n > 0 {
		if err := unix.Msync(v.mem[:n*v.width], unix.MS_SYNC); err != nil {
			return fmt.Errorf("writing %s: %w", v.f.Name(), err)
		}
	}
	b, _ := json.Marshal(valuesMeta{Code: v.code, Width: v.width, Values: n})
	tmp := v.stem + ".json.tmp"
	if err := os.WriteFile(tmp, append(b, '\n'), 0o644); err != nil {
		return err
	}
	if err := os.Rename(tmp, v.stem+".json"); err != nil {
		return err
	}
	v.saved, v.last = n, time.Now()
	return nil
}

// due reports whether the values should be written out now.
func (v *valuesFile) due() bool {
	if v.last.IsZero() {
		v.last = time.Now()
	}
	return time.Since(v.last) >= valuesSyncEvery
}

// remove closes and deletes the file of a narrower width once a wider one
// took over (its mappings stay, unused).
func (v *valuesFile) remove() {
	v.f.Close()
	os.Remove(v.dataPath())
}

func (v *valuesFile) close() {
	if v.f != nil {
		v.f.Close()
	}
	if v.lock != nil {
		v.lock.Close()
	}
}
