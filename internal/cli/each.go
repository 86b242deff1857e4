package cli

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math/big"
	"strings"

	"github.com/gamelang/gamelang"
	"github.com/gamelang/gamelang/internal/each"
)

// runEach is the batch mode --each (its patterns: package each); what it
// writes to stderr comes after the answers before the error, which it
// flushes first.
func runEach(ctx context.Context, in *gamelang.Session, spec string, join *string, end string, jsonOut bool, stdin io.Reader, stdout, stderr io.Writer) int {
	out := bufio.NewWriterSize(stdout, 64<<10) // a write per answer would cost more than the answer
	in.SetOutput(out)
	defer in.SetOutput(stdout)
	status := runRecords(ctx, in, spec, join, end, jsonOut, stdin, stderr, out)
	if err := out.Flush(); err != nil && status == exitOK {
		report(stderr, err)
		return exitError
	}
	return status
}

// eachRun is a run of --each: the spec's template evaluated per record,
// each answer a line (JSON with --json); with --join, the answers of a
// group share a line, joined by its text.
type eachRun struct {
	ctx     context.Context
	in      *gamelang.Session
	spec    *each.Spec
	t       *gamelang.Template
	r       *each.Reader
	vals    []gamelang.Value
	join    *string
	jsonOut bool
	jsonTo  io.Writer // errors as JSON too, after the answers; nil: not --json
	out     *bufio.Writer
	stderr  io.Writer
	answers []string // a group's answers, with --join
}

func runRecords(ctx context.Context, in *gamelang.Session, spec string, join *string, end string, jsonOut bool, stdin io.Reader, stderr io.Writer, out *bufio.Writer) int {
	s, err := each.Parse(spec)
	if err != nil {
		return usageError(stderr, err.Error())
	}
	e := &eachRun{ctx: ctx, in: in, spec: s, join: join, jsonOut: jsonOut, out: out, stderr: stderr,
		r: each.NewReader(s, stdin, end), vals: make([]gamelang.Value, len(s.Names))}
	if jsonOut {
		e.jsonTo = out
	}
	if e.t, err = in.Template(ctx, "--each", s.Names, s.Expr); err != nil {
		return result(ctx, in, err, stderr, e.jsonTo)
	}
	if err := e.groups(); err != nil {
		return e.fail(err)
	}
	return exitOK
}

// groups reads the input to its end: the header, and the records it
// counts, again and again; or the header once and records to the end.
func (e *eachRun) groups() error {
	for {
		if len(e.spec.Header) > 0 {
			ok, err := e.r.Header()
			if err != nil || !ok {
				return err
			}
		}
		if e.spec.Count == "" {
			return e.uncounted()
		}
		if err := e.counted(); err != nil {
			return err
		}
		if len(e.spec.Header) == 0 {
			return nil
		}
	}
}

// uncounted answers records until the input ends.
func (e *eachRun) uncounted() error {
	for {
		ok, err := e.record()
		if err != nil {
			return err
		}
		if !ok {
			e.flush()
			return nil
		}
	}
}

// counted answers the records the header announced.
func (e *eachRun) counted() error {
	n, err := e.r.Count()
	if err != nil {
		return err
	}
	for i := int64(0); big.NewInt(i).Cmp(n) < 0; i++ {
		ok, err := e.record()
		if err == nil && !ok {
			err = e.r.Ended(i, n)
		}
		if err != nil {
			return err
		}
	}
	e.flush()
	return nil
}

// record reads and answers one record; ok is false at the input's end.
func (e *eachRun) record() (bool, error) {
	ok, err := e.r.Record()
	if !ok || err != nil {
		return ok, err
	}
	e.r.Values(e.vals)
	if e.ctx.Err() != nil {
		return false, fmt.Errorf("interrupted at line %d of the input: %w", e.r.Line(), e.ctx.Err())
	}
	v, err := e.t.EvalValues(e.ctx, e.vals)
	if err != nil {
		e.out.Flush()
		fmt.Fprintf(e.stderr, "<stdin>:%d: %s:\n", e.r.Line(), e.r.Bindings())
		return false, err
	}
	if _, nothing := v.(gamelang.Nothing); nothing || e.join == nil || e.jsonOut {
		return true, e.t.Print(e.r.Start(), v)
	}
	e.answers = append(e.answers, v.String())
	return true, nil
}

// flush writes a group's answers joined on one line (--join).
func (e *eachRun) flush() {
	if len(e.answers) > 0 {
		e.out.WriteString(strings.Join(e.answers, *e.join) + "\n")
	}
	e.answers = e.answers[:0]
}

// fail reports an error of the input or of an evaluation.
func (e *eachRun) fail(err error) int {
	if le, ok := err.(*each.LineError); ok {
		writeErrorJSON(e.jsonTo, le)
		e.out.Flush()
		report(e.stderr, le)
		return exitError
	}
	return result(e.ctx, e.in, err, e.stderr, e.jsonTo)
}
