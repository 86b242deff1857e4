package sweep

// Checkpoints. A sweep with a checkpoint file saves, every interval, the
// records done and the values of the game under way, and a run of the same
// sweep resumes from the file: the records are written again, and the game
// under way grows on from its values (octal.Table.Preload), bit for bit as
// if it had never stopped. The file:
//
//	gamelang checkpoint 1
//	{"sweep": HEADER, "done": [RECORD, ...], "current": {"index": …, "game": …, "values": L, "width": W, "seconds": …}}
//	L values, W bytes each (the table's cells: 1, 2 or 4), little-endian (only with "current")
//	{"sha256": "…"}  the SHA-256 of those bytes
//
// It is written to FILE.tmp, synced, and renamed over FILE, so a run killed
// while saving leaves the previous checkpoint whole. A run killed at any
// time loses at most one interval.

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"reflect"
	"time"

	"github.com/gamelang/gamelang/octal"
)

const checkpointMagic = "gamelang checkpoint 1\n"

// current is the game under way in a checkpoint.
type current struct {
	Index   int     `json:"index"`
	Game    string  `json:"game"`
	Values  int     `json:"values"`
	Width   int     `json:"width"` // bytes per value: 1, 2 or 4
	Seconds float64 `json:"seconds"`
}

// checkpointSum follows the values: their checksum.
type checkpointSum struct {
	SHA256 string `json:"sha256"`
}

type checkpointHead struct {
	Sweep   *Header  `json:"sweep"`
	Done    []Record `json:"done"`
	Current *current `json:"current,omitempty"`
}

// checkpointError is a checkpoint that could not be written or read: it
// stops the sweep (a sweep that cannot save must not run on as if it could).
type checkpointError struct {
	path string
	err  error
}

func (e *checkpointError) Error() string { return fmt.Sprintf("checkpoint %s: %v", e.path, e.err) }
func (e *checkpointError) Unwrap() error { return e.err }

// saveIfDue saves the records done when an interval has passed.
func (s *sweep) saveIfDue() error {
	if s.o.Checkpoint == "" || s.o.Every <= 0 || time.Since(s.last) < s.o.Every {
		return nil
	}
	return s.save(nil, nil)
}

// save writes the checkpoint: the records done and, when cur is set, the
// values of the table under way.
func (s *sweep) save(cur *current, tab *octal.Table) error {
	err := s.write(cur, tab)
	s.last = time.Now()
	if err != nil {
		return &checkpointError{s.o.Checkpoint, err}
	}
	if s.o.Log != nil {
		if cur != nil {
			fmt.Fprintf(s.o.Log, "checkpoint: %d games done, %d values of %s, saved to %s\n", len(s.done), cur.Values, cur.Game, s.o.Checkpoint)
		} else {
			fmt.Fprintf(s.o.Log, "checkpoint: %d games done, saved to %s\n", len(s.done), s.o.Checkpoint)
		}
	}
	return nil
}

func (s *sweep) write(cur *current, tab *octal.Table) error {
	if cur != nil {
		cur.Width = tab.CellBytes()
	}
	tmp := s.o.Checkpoint + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return err
	}
	defer os.Remove(tmp) // a no-op once renamed
	w := bufio.NewWriterSize(f, 1<<20)
	head, err := marshal(checkpointHead{Sweep: s.h, Done: s.done, Current: cur})
	if err == nil {
		_, err = w.WriteString(checkpointMagic + string(head) + "\n")
	}
	if err == nil && cur != nil {
		width, sum, werr := tab.WriteValues(w)
		if err = werr; err == nil && width != cur.Width {
			err = fmt.Errorf("the values were written %d bytes each, not %d", width, cur.Width)
		}
		if err == nil {
			tail, _ := marshal(checkpointSum{hex.EncodeToString(sum)})
			_, err = w.Write(append(tail, '\n'))
		}
	}
	if err == nil {
		err = w.Flush()
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	return os.Rename(tmp, s.o.Checkpoint)
}

// resume reads the checkpoint file, if there is one: it must be of this
// very sweep (family, bounds, shard, gamelang).
func (s *sweep) resume() error {
	if s.o.Checkpoint == "" {
		return nil
	}
	s.last = time.Now()
	f, err := os.Open(s.o.Checkpoint)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return &checkpointError{s.o.Checkpoint, err}
	}
	defer f.Close()
	if err := s.read(bufio.NewReaderSize(f, 1<<20)); err != nil {
		return &checkpointError{s.o.Checkpoint, err}
	}
	if s.o.Log != nil {
		msg := fmt.Sprintf("resuming from %s: %d games done", s.o.Checkpoint, len(s.done))
		if s.resumeVals != nil {
			msg += fmt.Sprintf(", %s at %d values", s.o.Family.Items[s.resumeAt], len(s.resumeVals))
		}
		fmt.Fprintln(s.o.Log, msg)
	}
	return nil
}

func (s *sweep) read(r *bufio.Reader) error {
	head, err := s.readHead(r)
	if err != nil {
		return err
	}
	s.done = head.Done
	if c := head.Current; c != nil {
		return s.readCurrent(r, c)
	}
	return nil
}

// readHead reads a checkpoint's first two lines, its magic and its head,
// and checks that the head is this sweep's and its records in order.
func (s *sweep) readHead(r *bufio.Reader) (*checkpointHead, error) {
	magic, err := r.ReadString('\n')
	if err != nil || magic != checkpointMagic {
		return nil, errors.New("not a gamelang checkpoint")
	}
	line, err := r.ReadBytes('\n')
	if err != nil {
		return nil, fmt.Errorf("cut short: %v", err)
	}
	var head checkpointHead
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&head); err != nil || head.Sweep == nil {
		return nil, fmt.Errorf("damaged: %v", err)
	}
	if !reflect.DeepEqual(*head.Sweep, *s.h) {
		got, _ := marshal(head.Sweep)
		want, _ := marshal(s.h)
		return nil, fmt.Errorf("it is of another sweep:\n  saved:   %s\n  this one: %s\n(remove it, or give another file, to start afresh)", got, want)
	}
	for k, rec := range head.Done {
		if !s.o.Shard.Has(rec.Index) || k > 0 && rec.Index <= head.Done[k-1].Index || rec.Index >= len(s.o.Family.Items) {
			return nil, fmt.Errorf("damaged: record %d has index %d", k, rec.Index)
		}
	}
	return &head, nil
}

// readCurrent reads the values of the game under way, c, and their
// checksum, the checkpoint's end.
func (s *sweep) readCurrent(r *bufio.Reader, c *current) error {
	if c.Index <= s.lastDone() || c.Index >= len(s.o.Family.Items) || !s.o.Shard.Has(c.Index) {
		return fmt.Errorf("damaged: the game under way has index %d", c.Index)
	}
	if c.Values < 0 || c.Values > s.o.Values {
		return fmt.Errorf("damaged: the game under way has %d values, the bound is %d", c.Values, s.o.Values)
	}
	vals, sum, err := octal.ReadValues(r, c.Values, c.Width)
	if err != nil {
		return err
	}
	var tail checkpointSum
	line, err := r.ReadBytes('\n')
	if err == nil {
		err = json.Unmarshal(line, &tail)
	}
	if err != nil || tail.SHA256 != hex.EncodeToString(sum) {
		return errors.New("damaged: the values do not match their checksum")
	}
	if _, err := r.ReadByte(); err != io.EOF {
		return errors.New("damaged: it goes on after the checksum")
	}
	s.resumeAt, s.resumeVals, s.resumeSecs = c.Index, vals, c.Seconds
	return nil
}
