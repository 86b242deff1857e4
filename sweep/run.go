package sweep

import (
	"bufio"
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"math"
	"math/big"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/gamelang/gamelang"
	"github.com/gamelang/gamelang/octal"
	"github.com/gamelang/gamelang/solve"
)

// Options configure a sweep.
type Options struct {
	Family *Family
	Values int           // at most this many values per game (for a query: states a solver stores)
	Time   time.Duration // per game; 0: no bound
	Memory int64         // per game (the process's budget while it runs); 0: the default
	Query  string        // "name: expression", run per game instead of the code analysis
	Shard  Shard         // the slice to run; the zero value runs every game
	Times  bool          // record the seconds each game took

	Checkpoint string        // a file to save to and resume from; "" for none
	Every      time.Duration // how often to save

	// Jobs is how many games run side by side; 0, the default, is one a
	// core (GOMAXPROCS), 1 one at a time. A sweep with a checkpoint runs
	// one game at a time: the checkpoint holds the game under way. On a
	// 2-core machine two games side by side beat one core quiet and with a
	// CPU-bound process beside it (docs/sweep.md), where one at a time,
	// each game on every core, did not.
	Jobs int

	Log      io.Writer      // what the sweep says besides its output (checkpoints); nil: nothing
	Progress solve.Reporter // shows how far a game is; nil: nothing
	Version  string         // the gamelang that runs, recorded in the header
}

// DefaultValues is how many values a game's analysis computes unless told.
const DefaultValues = 100_000

// Run runs the sweep and writes its output to out: the header, then one
// record per game of the shard, in the family's order. It returns the
// records. When ctx is cancelled it saves a checkpoint (if it keeps one) and
// returns the interruption.
func Run(ctx context.Context, o Options, out io.Writer) ([]Record, error) {
	if o.Shard.Of == 0 {
		o.Shard = Shard{0, 1}
	}
	if o.Values <= 0 {
		o.Values = DefaultValues
	}
	s := &sweep{o: o, h: o.header(), w: &writer{w: bufio.NewWriter(out), times: o.Times}}
	game, err := s.gameFunc(ctx)
	if err != nil {
		return nil, err
	}
	if err := s.start(); err != nil {
		return nil, err
	}
	todo := s.todo()
	if jobs := o.jobs(); jobs > 1 && len(todo) > 1 {
		return s.done, s.sideBySide(ctx, todo, jobs, game)
	}
	for _, i := range todo {
		r, err := game(ctx, i)
		if err != nil {
			return s.done, err
		}
		s.done = append(s.done, r)
		if err := s.w.record(r); err != nil {
			return s.done, err
		}
		if err := s.saveIfDue(); err != nil {
			return s.done, err
		}
	}
	if o.Checkpoint != "" {
		return s.done, s.save(nil, nil)
	}
	return s.done, nil
}

// gameFunc is what the sweep does with a game of the family: its query's
// answer, or its analysis when it has no query.
func (s *sweep) gameFunc(ctx context.Context) (func(context.Context, int) (Record, error), error) {
	items := s.o.Family.Items
	if s.o.Query == "" {
		return func(ctx context.Context, i int) (Record, error) { return s.analyse(ctx, i, items[i]) }, nil
	}
	q, err := parseQuery(ctx, s)
	if err != nil {
		return nil, err
	}
	return func(ctx context.Context, i int) (Record, error) { return q.run(ctx, i, items[i]) }, nil
}

// start resumes from the checkpoint, if there is one, and writes the
// header and the records done before.
func (s *sweep) start() error {
	if err := s.resume(); err != nil {
		return err
	}
	if err := s.w.header(s.h); err != nil {
		return err
	}
	for _, r := range s.done {
		if err := s.w.record(r); err != nil {
			return err
		}
	}
	return nil
}

// todo is the indices of the shard's games still to run.
func (s *sweep) todo() []int {
	var todo []int
	for i := range s.o.Family.Items {
		if s.o.Shard.Has(i) && i > s.lastDone() {
			todo = append(todo, i)
		}
	}
	return todo
}

// jobs is how many games run at once.
func (o Options) jobs() int {
	switch {
	case o.Checkpoint != "":
		return 1
	case o.Jobs < 1:
		return runtime.GOMAXPROCS(0)
	}
	return o.Jobs
}

// sideBySide runs the games todo on jobs workers, each taking the next
// game as it finishes one, and writes their records in order as they are
// ready: the output is the one a game at a time gives. The first error
// stops the others.
func (s *sweep) sideBySide(ctx context.Context, todo []int, jobs int, game func(context.Context, int) (Record, error)) error {
	ctx, cancel := context.WithCancel(ctx)
	// One bar cannot follow games side by side: it counts the games.
	bar := s.o.Progress
	s.o.Progress = nil
	if bar != nil {
		bar.Start()
		defer bar.Done()
	}
	type result struct {
		r   Record
		err error
	}
	slots := make([]chan result, len(todo))
	for k := range slots {
		slots[k] = make(chan result, 1)
	}
	next := make(chan int)
	var wg sync.WaitGroup
	// The memory budget is the process's: a game stopped by it may have
	// been stopped by the games beside it. It runs again alone (alone
	// holds the write lock), which gives the record of one at a time.
	var alone sync.RWMutex
	for range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range next {
				alone.RLock()
				r, err := game(ctx, todo[k])
				alone.RUnlock()
				if err == nil && r.Stopped == "memory" && ctx.Err() == nil {
					alone.Lock()
					runtime.GC() // what the others held
					r, err = game(ctx, todo[k])
					alone.Unlock()
				}
				slots[k] <- result{r, err}
			}
		}()
	}
	go func() {
		defer close(next)
		for k := range todo {
			select {
			case next <- k:
			case <-ctx.Done():
				return
			}
		}
	}()
	defer func() { cancel(); wg.Wait() }()
	for k := range todo {
		var res result
		select {
		case res = <-slots[k]:
		case <-ctx.Done():
			return ctx.Err()
		}
		if res.err != nil {
			return res.err
		}
		s.done = append(s.done, res.r)
		if err := s.w.record(res.r); err != nil {
			return err
		}
		if bar != nil {
			bar.Report(s.o.Family.Spec, "games", int64(k+1), int64(len(todo)))
		}
	}
	return nil
}

func (o Options) header() *Header {
	h := &Header{Family: o.Family.Spec, Items: len(o.Family.Items), Values: o.Values, Memory: o.Memory,
		Query: o.Query, Shard: o.Shard.String(), Version: o.Version}
	if o.Time > 0 {
		h.Time = o.Time.String()
	}
	return h
}

// sweep is a sweep under way.
type sweep struct {
	o    Options
	h    *Header
	w    *writer
	done []Record // the records so far, in order

	// A game resumed from the checkpoint: its index, its values and the
	// seconds it had taken.
	resumeAt   int
	resumeVals []uint32
	resumeSecs float64
	last       time.Time // the last checkpoint
}

func (s *sweep) lastDone() int {
	if len(s.done) == 0 {
		return -1
	}
	return s.done[len(s.done)-1].Index
}

// analyse computes a code's values to its proved period, or to the bound,
// and says what it found.
func (s *sweep) analyse(ctx context.Context, i int, item string) (Record, error) {
	code, err := ParseCode(item)
	if err != nil {
		return Record{}, err
	}
	r := Record{Index: i, Game: code.String()}
	gctx, cancel := s.gameContext(ctx)
	defer cancel()
	start, before := time.Now(), 0.0
	lim := &solve.Limits{MaxStates: s.o.Values, MaxMemory: s.o.Memory, Progress: s.o.Progress}
	cfg := octal.Config{Limits: lim, What: code.String()}
	var tab *octal.Table
	if s.o.Checkpoint != "" {
		cfg.Checkpoint = &octal.Checkpoint{Every: s.o.Every, Last: s.last, Save: func(t *octal.Table) error {
			return s.save(&current{Index: i, Game: r.Game, Values: t.Len(), Seconds: before + time.Since(start).Seconds()}, t)
		}}
	}
	tab = octal.NewTable(code, cfg)
	if s.resumeVals != nil && s.resumeAt == i {
		if err := tab.Preload(s.resumeVals); err != nil {
			return r, err
		}
		before, s.resumeVals = s.resumeSecs, nil
	}
	if s.o.Progress != nil {
		s.o.Progress.Start()
		defer s.o.Progress.Done()
	}
	per, err := tab.FindPeriod(gctx, s.o.Values-1)
	if err == nil && per == nil && tab.Len() < s.o.Values {
		err = tab.Grow(gctx, s.o.Values-1)
	}
	secs := before + time.Since(start).Seconds()
	r.Seconds = &secs
	if err != nil {
		if err := s.stopped(ctx, gctx, err, &r, tab); err != nil {
			return r, err
		}
	}
	describe(&r, tab, per)
	return r, nil
}

// stopped takes the error err that stopped game r: the sweep's
// interruption (saved when it keeps a checkpoint) or a checkpoint that
// failed stop the sweep; any other stops the game only, and is recorded.
func (s *sweep) stopped(ctx, gctx context.Context, err error, r *Record, tab *octal.Table) error {
	if ctx.Err() != nil { // the sweep is interrupted, not the game
		if s.o.Checkpoint != "" {
			if serr := s.save(&current{Index: r.Index, Game: r.Game, Values: tab.Len(), Seconds: *r.Seconds}, tab); serr != nil {
				return errors.Join(err, serr)
			}
		}
		return err
	}
	var cpErr *checkpointError
	if errors.As(err, &cpErr) {
		return err
	}
	r.Stopped, r.Error = stopReason(gctx, err), err.Error()
	if r.Stopped == "time" {
		r.Error = fmt.Sprintf("stopped by the time bound (%s) after %d values", s.o.Time, tab.Len())
	}
	return nil
}

// describe fills in what the values show.
func describe(r *Record, tab *octal.Table, per *octal.Period) {
	n := tab.Len()
	r.Values = n
	if n == 0 {
		return
	}
	mx := tab.Max()
	r.Max = &mx
	sum := tab.Checksum(n)
	r.Checksum = hex.EncodeToString(sum)
	r.Class = classID(tab, per)
	switch {
	case per != nil:
		r.Period = &PeriodRec{Length: per.Len, Preperiod: per.Pre, LastException: per.Last,
			Exceptions: per.NumExceptions, Theorem: per.Theorem, Needed: per.Needed}
		r.Sequence = fmt.Sprintf("%d+%d:%x", per.Pre, per.Len, tab.Checksum(int(per.Pre + per.Len))[:8])
	default:
		r.NoPeriod = noPeriod(tab)
		r.Sequence = fmt.Sprintf("first %d:%x", n, sum[:8])
		if p, e, need, ok := tab.Candidate(); ok {
			r.Candidate = &Candidate{Length: p, Preperiod: e, Needed: need}
		}
		if rs, ok := tab.Rare(); ok {
			common := math.Round(float64(rs.N-rs.Count)/float64(rs.N)*1e6) / 1e6
			r.Rare = &RareRec{Mask: rs.Mask, Count: rs.Count, Last: rs.Last, Max: rs.Max, MaxAt: rs.MaxAt, Common: common}
		}
	}
}

// noPeriod says why a table gives no period.
func noPeriod(tab *octal.Table) string {
	c := tab.Code()
	switch {
	case c.Empty():
		return "the code has no moves: every value is 0"
	case !c.Finite():
		return "no periodicity theorem applies to an infinite code"
	case c.Unequal():
		return "no periodicity theorem is known for unequal splits"
	}
	return fmt.Sprintf("none proved from the %d values computed", tab.Len())
}

// stopReason names what stopped a game short.
func stopReason(gctx context.Context, err error) string {
	var lim *solve.LimitError
	switch {
	case errors.Is(gctx.Err(), context.DeadlineExceeded):
		return "time"
	case errors.As(err, &lim):
		return "memory"
	}
	return "error"
}

func (s *sweep) gameContext(ctx context.Context) (context.Context, context.CancelFunc) {
	if s.o.Time > 0 {
		return context.WithTimeout(ctx, s.o.Time)
	}
	return context.WithCancel(ctx)
}

// query is a query run per game: an expression over one name, bound to the
// game's code (a string) or number.
type query struct {
	s     *sweep
	name  string
	expr  string
	codes bool
}

// parseQuery reads and checks the query once, before any game runs.
func parseQuery(ctx context.Context, s *sweep) (*query, error) {
	name, expr, ok := strings.Cut(s.o.Query, ":")
	name, expr = strings.TrimSpace(name), strings.TrimSpace(expr)
	if !ok || len(strings.Fields(name)) != 1 {
		return nil, fmt.Errorf("--query %q: write a name, a colon, then the expression, as in 'c: period(octal(c))'", s.o.Query)
	}
	q := &query{s: s, name: name, expr: expr, codes: s.o.Family.Codes}
	if _, _, err := q.template(ctx); err != nil {
		return nil, err
	}
	return q, nil
}

// template makes an interpreter of its own for a game, and the query in it.
func (q *query) template(ctx context.Context) (*gamelang.Session, *gamelang.Template, error) {
	in := gamelang.NewSession(gamelang.Options{MaxStates: q.s.o.Values, MaxMemory: q.s.o.Memory, Progress: q.s.o.Progress})
	t, err := in.Template(ctx, "--query", []string{q.name}, q.expr)
	if err != nil {
		return in, nil, errors.New(in.Render(err))
	}
	return in, t, nil
}

// run evaluates the query for one game.
func (q *query) run(ctx context.Context, i int, item string) (Record, error) {
	in, t, err := q.template(ctx)
	if err != nil {
		return Record{}, err
	}
	var v gamelang.Value = gamelang.String(item)
	game := item
	if !q.codes {
		n, _ := new(big.Int).SetString(item, 10)
		v = gamelang.Int{V: n}
	} else if c, err := ParseCode(item); err == nil {
		game = c.String()
	}
	r := Record{Index: i, Game: game}
	gctx, cancel := q.s.gameContext(ctx)
	defer cancel()
	if p := q.s.o.Progress; p != nil {
		p.Start()
		defer p.Done()
	}
	start := time.Now()
	val, err := t.EvalValues(gctx, []gamelang.Value{v})
	secs := time.Since(start).Seconds()
	r.Seconds = &secs
	if err != nil {
		if ctx.Err() != nil {
			return r, err
		}
		r.Stopped, r.Error = stopReason(gctx, err), in.Render(err)
		return r, nil
	}
	a := gamelang.AnswerOf(val)
	raw, err := marshal(a.Value)
	if err != nil {
		return r, err
	}
	r.Answer = &Answer{Type: a.Type, Value: raw, Text: a.Text}
	return r, nil
}
