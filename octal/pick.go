package octal

// Choosing between the wavefront and the one-heap step. Which is faster
// depends on the game and the machine: the wavefront wins where most of a
// heap's work can be prepared side by side (rare pairs, long scans: 4.007,
// Officers, Treblecross), the one-heap step where most of it must be done in
// heap order anyway (.354, whose rare values are met in a few dozen steps
// among the small parts), and on a machine whose other core is busy. So a
// growth times both in turn, on a stretch of heaps each (the step's a
// quarter of the wavefront's, whose pieces are longer; a sixteenth where the
// wavefront has won by a quarter twice in a row, a trial that only confirms
// it, since on an idle machine the step's trial is the one that costs), and
// runs the faster
// for a while (the wavefront only when it saves an eighth of the time; an
// epoch, a sixteenth of the table, twice as long each time
// the same way wins again, up to a quarter of it, or half of it when
// the loser is 25% slower, or twice the table when that loser is the
// wavefront past the table's first million heaps: the one-heap step is one
// core's way, never slower than one core however busy the machine gets);
// then times them again. An epoch of the wavefront is weighed as it goes,
// a trial's length (and at least pickWeigh) at a time: where its goroutines
// had less than a quarter of the helpers' cores beside the engine's (the
// process's CPU time against the clock: a machine turning busy), it ends at
// once and the step is timed afresh against it.
// A short trial can flatter the wavefront on a busy machine (a helper that
// slept is given a core at once for a while); epochs ended so lengthen the
// step's. An epoch of the step is weighed too, where the machine tells the
// CPU time it left free (Linux: /proc/stat, solve.FreeTime): where less
// than half the helpers' cores were free (other processes had them), the
// machine is busy, and a trial of the wavefront would only cost. Then the
// step runs on past its epoch, weighed the same way, until a core turns
// free; then both are timed again.
// A growth begins with a look at the machine, where it tells the CPU time
// it leaves free: the step runs, weighed so, for pickWeigh at least; on a
// busy machine it runs on as above, and the wavefront's trials, which would
// only cost there, wait for a free core; otherwise they start.
// A trial's cost is the median over its pieces (a block, or a few dozen
// heaps one at a time), so that a rare heap's long scan, which costs both
// ways alike, does not decide it. The values do not depend on the choice,
// only the time does.
// The step of this file is one core's way: the engine (sparse.go, way)
// runs two picks, one between the wavefront on every core and one core's
// way, the other (one core: no weighing of cores) between the wavefront on
// the engine's goroutine alone and the one-heap step, so that one core, and
// a machine whose other cores are busy, take blocks too where they are
// faster.

import (
	"slices"
	"time"

	"github.com/gamelang/gamelang/solve"
)

// pick is the choice, and the trials it rests on.
type pick struct {
	clock    func() int64 // nanoseconds; a variable, for tests
	phase    int          // trialWave, trialStep, or chosen
	wave     bool
	until    int // the heap at which the phase ends
	trialLen int
	last     int64 // the clock at the start of the piece under way, heap lastI
	lastI    int
	pieces   []int64 // the trial's cost a heap, in picoseconds, piece by piece
	waveCost int64   // the median of the last trials
	stepCost int64
	streak   int          // trials in a row the same way has won
	won      bool         // the way the last trials chose: the wavefront
	wide     bool         // and by a wide margin (25%)
	check    int          // in an epoch, the heap at which it is weighed next (weigh)
	cpu      func() int64 // the process's CPU time in nanoseconds, -1 if unknown; a variable, for tests
	cpu0     int64        // the CPU time (an epoch of the wavefront) and the clock at the start of the stretch weighed
	wall0    int64
	cores    int  // the goroutines of the wavefront
	cut      bool // the trial under way follows an epoch of the wavefront ended early
	cuts     int  // epochs of the wavefront in a row ended early, and the step then won
	// the CPU time the machine left free, in nanoseconds, -1 if unknown
	// (solve.FreeTime); a variable, for tests
	free  func() int64
	free0 int64 // at wall0, in an epoch of the step
	busy  bool  // weighed in this epoch of the step: the helpers would have found no core free
	wait  bool  // this epoch of the step runs while the machine is busy: it ends when a core turns free
	again bool  // the trial under way times the wavefront once more (at)
	look  bool  // the step under way is the growth's first look at the machine (startLook)
}

const (
	trialWave = iota
	trialStep
	chosen
)

// pickTrial is the least stretch a trial times: a few blocks of the
// wavefront.
const pickTrial = 1 << 12

// pickWeigh is the least time over which an epoch is weighed (weigh), in
// nanoseconds: many of the kernel's time slices.
const pickWeigh = 50e6

// pickSettled is the heap from which a step that wins by far runs for long
// epochs.
const pickSettled = 1 << 20

// machineFree is the engines' reading of the CPU time the machine leaves
// free (solve.FreeTime); a variable, so that tests of both ways on real clocks
// do not depend on what else the machine runs.
var machineFree = solve.FreeTime

var epochStart = time.Now()

func monotonic() int64 { return int64(time.Since(epochStart)) }

// begin starts a growth: a trial cut short by the end of the last growth
// starts again at the next heap (its time would count what ran between).
func (p *pick) begin() {
	if p.phase != chosen {
		p.until = 0
	}
	p.skip()
}

// skip leaves out of the trials the heaps up to the next call of at: they
// ran another way (the wavefront on every core, for one core's pick).
func (p *pick) skip() { p.lastI = -1 }

// pause leaves out of the piece under way the time since t0 (work that is
// neither way's).
func (p *pick) pause(t0 int64) { p.last += p.clock() - t0 }

// trialLength is the wavefront's trial from heap i: enough pieces for a
// median, and no more.
func trialLength(i int) int { return min(max(pickTrial, i/256), 8*pickTrial) }

func (p *pick) startTrial(i int) {
	p.trialLen = trialLength(i)
	p.look = false
	p.phase, p.wave, p.until = trialWave, true, i+p.waveTrial()
	p.pieces = p.pieces[:0]
}

// waveTrial is the length of the wavefront's trial: trialLen, or, where the
// step has won by far twice or more in a row, a quarter of it, a trial that
// only confirms it. Where the step is much the faster (.376, whose heaps
// the runs of runstep.go make cheap), the wavefront's trial is the one that
// costs: on one core .376 to its period took 6.5 s, with the trials of two
// cores 8.0 s.
func (p *pick) waveTrial() int {
	if !p.won && p.wide && p.streak > 0 {
		return p.trialLen / 4
	}
	return p.trialLen
}

// startLook begins at heap i (the clock reading now) with the step, a look
// at the machine before any trial of the wavefront: where the CPU time the
// machine leaves free cannot be read, the wavefront's trial starts at once.
func (p *pick) startLook(i int, now int64) {
	p.free0 = p.freeClock()
	if p.free0 < 0 {
		p.startTrial(i)
		return
	}
	p.trialLen = trialLength(i)
	p.phase, p.wave, p.until, p.look = chosen, false, i+pickTrial, true
	p.wall0, p.busy, p.wait = now, false, false
}

// stepTrial is the length of the step's trial: a quarter of the
// wavefront's, whose pieces (blocks) are longer than the step's (a few dozen
// heaps), and at least pickTrial. On an idle machine the step's trial is
// the one that costs: where the wavefront has won by far twice or more in a
// row, the trial only confirms it, on a quarter of that stretch (still a
// dozen pieces for the median; a trial the step wins times the wavefront
// again before the step runs).
func (p *pick) stepTrial() int {
	n := max(pickTrial, p.trialLen/4)
	if p.won && p.wide && p.streak > 0 {
		return n / 4
	}
	return n
}

// at moves the choice on to heap i (the heaps before are done), and reports
// whether heap i runs in the wavefront; heaps up to p.until-1 run the same
// way.
func (p *pick) at(i int) bool {
	now := p.clock()
	if (p.phase != chosen || p.wave) && p.lastI >= 0 && i > p.lastI {
		p.pieces = append(p.pieces, (now-p.last)*1000/int64(i-p.lastI))
	}
	p.last, p.lastI = now, i
	if p.until == 0 {
		p.startLook(i, now)
	}
	for i >= p.until {
		if p.phase != chosen && len(p.pieces) == 0 {
			// A trial with nothing timed (its heaps ran another way:
			// skip) goes on.
			p.until = i + pickTrial
			continue
		}
		switch p.phase {
		case trialWave:
			p.waveCost = median(p.pieces)
			p.phase, p.wave, p.until = trialStep, false, i+p.stepTrial()
			p.pieces = p.pieces[:0]
		case trialStep:
			p.decide(i, now)
		default:
			p.epochOver(i, now)
		}
	}
	if p.phase == chosen && !p.look && i >= p.check {
		p.check = i + p.trialLen
		if now-p.wall0 >= pickWeigh {
			p.weigh(i, now)
		}
	}
	return p.wave
}

// decide ends the trial of both ways at heap i: the faster way runs an
// epoch, longer the more often it has won.
func (p *pick) decide(i int, now int64) {
	p.stepCost = median(p.pieces)
	// The wavefront must save an eighth: where the two come close
	// (a machine whose other core is busy), the step, one core's
	// way, is never slower than one core.
	wave := 8*p.waveCost < 7*p.stepCost
	if !wave && p.won && p.streak > 0 && !p.cut && !p.again {
		// The wavefront had won twice or more in a row, and its
		// epoch ran with its cores (not cut short): a trial
		// that says otherwise is likelier a moment's noise (a
		// virtual machine's core taken away for a while) than a
		// change. The wavefront is timed once more before the
		// step runs an epoch.
		p.again = true
		p.startTrial(i)
		return
	}
	p.again = false
	wide := 4*max(p.waveCost, p.stepCost) > 5*min(p.waveCost, p.stepCost)
	most := mostEpochs(wide, wave, i)
	if wave == p.won {
		p.streak = min(p.streak+1, most)
	} else {
		p.streak = 0
	}
	p.won, p.wide = wave, wide
	// A short trial of the wavefront can look faster on a busy
	// machine than its epoch then runs: epochs ended early make
	// the step's epochs longer.
	cuts := p.countCuts(wave)
	p.cut = false
	p.phase, p.wave, p.until = chosen, wave, p.epochEnd(i, max(p.streak, cuts))
	p.pieces, p.check, p.busy, p.wait = p.pieces[:0], i+p.trialLen, false, false
	p.wall0 = now
	if wave {
		p.cpu0 = p.cpuClock()
	} else {
		p.free0 = p.freeClock()
	}
}

// mostEpochs bounds the streak that sets an epoch's length: epochs up to a
// quarter of the table (2), half of it for the wavefront by a wide margin
// (3). Where the step won by far, on a table past its beginnings, whose
// heaps change slowly, up to twice the table (5), so that the wavefront's
// trials, which cost, come rarely: the step is one core's way, so a long
// epoch of it is never slower than one core, whatever the machine does
// meanwhile.
func mostEpochs(wide, wave bool, i int) int {
	switch {
	case wide && wave:
		return 3
	case wide && i >= pickSettled:
		return 5
	}
	return 2
}

// countCuts counts the epochs of the wavefront cut short in a row, when
// the step wins a trial after one (its epochs then longer), and is what
// the step's epoch adds for them. Not where the wavefront, even in the
// epoch cut short, was no slower than the step: a stretch taken from it
// (another process for a moment) is no reason to keep it off for long.
func (p *pick) countCuts(wave bool) int {
	switch {
	case p.cut && !wave && p.waveCost > p.stepCost:
		p.cuts = min(p.cuts+1, 3)
		return p.cuts
	case wave:
		p.cuts = 0
	}
	return 0
}

// epochOver ends an epoch at heap i: after a look at the machine, a new
// trial, or the step on while the machine is busy.
func (p *pick) epochOver(i int, now int64) {
	if p.look {
		if now-p.wall0 < pickWeigh {
			p.until = i + pickTrial // too short to weigh yet
			return
		}
		p.look = false
		p.weigh(i, now)
	}
	if !p.wave && p.busy {
		// The machine was busy as this epoch of the step ended:
		// the wavefront's trial would find no core for its
		// helpers. The step runs on until one turns free.
		p.until, p.busy, p.wait = p.epochEnd(i, 5), false, true
		return
	}
	p.startTrial(i)
}

// epochEnd is the heap at which an epoch from heap i ends: a sixteenth of
// the table (and at least 16 trials), doubled shift times.
func (p *pick) epochEnd(i, shift int) int { return i + max(16*p.trialLen, i/16)<<shift }

// weigh looks at the stretch of an epoch since the last look: its
// goroutines' CPU time against the clock in an epoch of the wavefront, the
// CPU time the machine left free in an epoch of the step.
func (p *pick) weigh(i int, now int64) {
	wall := now - p.wall0
	p.wall0 = now
	if p.wave {
		cpu := p.cpuClock()
		// An epoch of the wavefront goes on while its goroutines have
		// their cores: a machine turning busy ends it at once. On one
		// core (no helpers) both ways run on the engine's goroutine
		// alike, and the trials alone decide.
		if p.cores > 1 && p.cpu0 >= 0 && cpu >= 0 && 4*(cpu-p.cpu0) < int64(p.cores+3)*wall && len(p.pieces) > 0 {
			// Its goroutines had less than a quarter of the helpers'
			// cores beside the engine's: the step is timed afresh
			// against these pieces.
			p.waveCost, p.cut = median(p.pieces), true
			p.phase, p.wave, p.until = trialStep, false, i+p.stepTrial()
		}
		p.pieces, p.cpu0 = p.pieces[:0], cpu
		return
	}
	free := p.freeClock()
	if p.free0 >= 0 && free >= 0 {
		// In an epoch of the step, the machine is busy where less than
		// half the helpers' cores were free: other processes had them.
		p.busy = 2*(free-p.free0) < int64(p.cores-1)*wall
		if p.wait && !p.busy {
			// A core turned free: the two ways are timed again.
			p.wait = false
			p.startTrial(i)
		}
	}
	p.free0 = free
}

// freeClock is the CPU time the machine left free, or -1 where there is none.
func (p *pick) freeClock() int64 {
	if p.free == nil {
		return -1
	}
	return p.free()
}

// cpuClock is the process's CPU time, or -1 where there is none.
func (p *pick) cpuClock() int64 {
	if p.cpu == nil {
		return -1
	}
	return p.cpu()
}

// median is the middle of xs (which it sorts); 0 for none.
func median(xs []int64) int64 {
	if len(xs) == 0 {
		return 0
	}
	slices.Sort(xs)
	return xs[len(xs)/2]
}
