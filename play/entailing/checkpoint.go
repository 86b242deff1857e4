package entailing

// Checkpoints of the heap engine (play.Env.ValuesDir, --values-dir): now
// and then while it grows, and at the end of a growth, the values it has
// and the W it keeps are written to a file in the directory; a later engine
// of the same rules with the same directory reads them back and grows on
// from there, so a record run (Top Entails past ten million stacks) goes
// on after a stop. The file is written beside and renamed over the last,
// so a stop while writing leaves the last one whole.
//
// In the directory, for rules spelled S (their codes, made safe for a
// file name): entailing-S.gob, a gob of checkpoint.

import (
	"cmp"
	"crypto/sha256"
	"encoding/gob"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// checkpointEvery is how often a growth writes its checkpoint.
var checkpointEvery = time.Minute

// checkpoint is what the file holds.
type checkpoint struct {
	Rules  string   // the rules, as key spells them
	Values []uint16 // the values of heaps 0..len-1; loonyValue for ∞
	Wins   []savedWin
	Sum    string // sha256 of the values, as written
}

const loonyValue = ^uint16(0)

type savedWin struct {
	Heap      int64
	Co, Loony bool
	Bits      []uint64
}

// key spells the engine's rules for a file name, "" when some group is
// listed by its kind (no checkpoint then).
func (e *heapEngine) key() string {
	var parts []string
	for i, g := range []*group{e.free, e.entail, e.again} {
		switch {
		case g == nil:
			continue
		case !g.coded:
			return ""
		}
		p := []string{"free", "entail", "again"}[i] + "=" + g.code.String()
		if g.code.Unequal() {
			p += "u"
		}
		parts = append(parts, p)
	}
	return strings.Join(parts, ",")
}

// file is the checkpoint's path, "" when there is none.
func (e *heapEngine) file() string {
	if e.dir == "" || e.key() == "" {
		return ""
	}
	safe := strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '.' || r == '=' || r == '-' {
			return r
		}
		return '_'
	}, e.key())
	return filepath.Join(e.dir, "entailing-"+safe+".gob")
}

// sum is the sha256 of what c holds, W by heap.
func (c *checkpoint) sum() string {
	h := sha256.New()
	b := make([]byte, 0, 2*4096)
	for i, v := range c.Values {
		b = append(b, byte(v), byte(v>>8))
		if len(b) == cap(b) || i == len(c.Values)-1 {
			h.Write(b)
			b = b[:0]
		}
	}
	slices.SortFunc(c.Wins, func(a, b savedWin) int { return cmp.Compare(a.Heap, b.Heap) })
	for _, w := range c.Wins {
		fmt.Fprintf(h, "%d %t %t %x;", w.Heap, w.Co, w.Loony, w.Bits)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// save writes the checkpoint.
func (e *heapEngine) save() error {
	path := e.file()
	if path == "" {
		return nil
	}
	c := checkpoint{Rules: e.key(), Values: make([]uint16, len(e.lo))}
	for i, x := range e.lo {
		if x&loonyLo != 0 {
			x = loonyValue
		}
		c.Values[i] = x
	}
	for h, w := range e.wins {
		c.Wins = append(c.Wins, savedWin{Heap: h, Co: w.co, Loony: w.loony, Bits: w.b})
	}
	c.Sum = c.sum()
	tmp := path + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return err
	}
	if err := gob.NewEncoder(f).Encode(&c); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	e.saved = time.Now()
	return os.Rename(tmp, path)
}

// adopt checks a checkpoint read from path against the engine's rules and
// its checksum, and takes its values, widening the engine to hold them.
func (e *heapEngine) adopt(path string, c *checkpoint) error {
	switch {
	case c.Rules != e.key():
		return fmt.Errorf("%s holds the values of other rules (%s), not %s", path, c.Rules, e.key())
	case len(c.Values) == 0 || c.Values[0] != 0 || c.sum() != c.Sum:
		return fmt.Errorf("%s: its values do not match their checksum", path)
	}
	for _, v := range c.Values {
		for v != loonyValue && v >= 1<<e.width {
			e.width++
		}
	}
	if e.width > maxWidth {
		return fmt.Errorf("%s: a value past the heap engine's", path)
	}
	e.lo, e.hi = make([]uint16, len(c.Values)), make([]uint32, len(c.Values))
	for i, v := range c.Values {
		if v == loonyValue {
			e.lo[i], e.hi[i] = loonyLo, loonyHi
			continue
		}
		e.lo[i], e.hi[i] = v, uint32(v)
	}
	return nil
}

// load reads the checkpoint, when there is one, into a new engine.
func (e *heapEngine) load() error {
	path := e.file()
	if path == "" || len(e.lo) > 1 {
		return nil
	}
	f, err := os.Open(path)
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		return err
	}
	defer f.Close()
	var c checkpoint
	if err := gob.NewDecoder(f).Decode(&c); err != nil {
		return fmt.Errorf("%s: not a checkpoint of the heap engine: %v", path, err)
	}
	if err := e.adopt(path, &c); err != nil {
		return err
	}
	e.wins, e.winBytes = map[int64]wset{}, 0
	for _, w := range c.Wins {
		e.wins[w.Heap] = wset{co: w.Co, loony: w.Loony, b: w.Bits}
		e.winBytes += int64(8*len(w.Bits)) + 64
	}
	if e.entail != nil {
		if _, ok := e.wins[int64(len(e.lo))-1]; !ok {
			return fmt.Errorf("%s lacks W of its last heap", path)
		}
	}
	e.saved, e.resumed = time.Now(), int64(len(e.lo))
	return nil
}
