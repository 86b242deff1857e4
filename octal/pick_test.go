package octal

import "testing"

// The choice follows the clock: each way is timed on a stretch of heaps,
// the faster runs for an epoch, then both are timed again; a trial cut short
// by the end of a growth starts again; a piece's outlier (a rare heap's long
// scan) does not decide a trial.
func TestPickFollowsTheClock(t *testing.T) {
	var now int64
	p := pick{clock: func() int64 { return now }}
	// run stands for the engine: heaps from i to the end of each phase, at
	// the given nanoseconds a heap each way; it returns the heaps that ran
	// in the wavefront, and one at a time.
	run := func(from, to int, waveNs, stepNs int64) (waved, alone int) {
		for i := from; i < to; {
			wave := p.at(i)
			end := min(p.until, to)
			if wave {
				waved += end - i
				now += int64(end-i) * waveNs
			} else {
				alone += end - i
				now += int64(end-i) * stepNs
			}
			i = end
		}
		return waved, alone
	}
	p.begin()
	const n = 1 << 20
	waved, alone := run(1<<12, n, 10, 30) // the wavefront three times faster
	if p.phase == trialStep || alone > waved/8 || alone < pickTrial {
		t.Errorf("wavefront faster: %d heaps in blocks, %d one at a time (phase %d)", waved, alone, p.phase)
	}
	waved, alone = run(n, 4*n, 30, 10) // now the step: a busy machine
	if waved > alone/2 || waved == 0 {
		t.Errorf("step faster: %d heaps in blocks, %d one at a time", waved, alone)
	}
	p.until, p.streak = 0, 0             // a trial from here
	waved, alone = run(4*n, 6*n, 19, 20) // about as fast: the step, one core's way
	if waved > alone/4 {
		t.Errorf("wavefront 5%% faster: %d heaps in blocks, %d one at a time", waved, alone)
	}
	// a growth that stops in a trial: the next one times it afresh
	p.phase, p.until = trialWave, 7*n+100
	p.begin()
	if p.until != 0 {
		t.Errorf("a trial cut short is kept: until %d", p.until)
	}
	if !p.at(7*n) || p.phase != trialWave || p.until != 7*n+p.trialLen {
		t.Errorf("the trial starts again at %d: phase %d until %d", 7*n, p.phase, p.until)
	}
	// a trial's median: one slow piece of the wavefront's does not sway it
	p.begin()
	p.phase, p.until = chosen, 0
	p.lastI = -1
	for i := 8 * n; ; i += 64 {
		wave := p.at(i)
		if p.phase == chosen && i > 8*n {
			break
		}
		ns := int64(64 * 20)
		if wave {
			ns = 64 * 10
			if i == 8*n+128 {
				ns = 64 * 1000 // a rare heap's scan
			}
		}
		now += ns
	}
	if !p.wave || p.phase != chosen {
		t.Errorf("one slow piece swayed the trial: wave %v, costs %d against %d", p.wave, p.waveCost, p.stepCost)
	}
	// an epoch under way goes on
	p.phase, p.until = chosen, 9*n
	p.begin()
	if p.until != 9*n {
		t.Errorf("an epoch under way was cut short")
	}
}

// Epochs: when the one-heap step wins by far on a settled table, its
// epochs grow to twice the table (it is one core's way, so the wavefront's
// costly trials may come rarely); when the wavefront wins by far, they stay
// within half the table, so that a machine turning busy is soon noticed.
// A trial is at most 8·pickTrial heaps.
func TestPickEpochs(t *testing.T) {
	for _, c := range []struct {
		waveNs, stepNs int64
		longest        func(i int) int // the longest epoch allowed from heap i
		wantLong       bool            // must reach it
	}{
		{30, 10, func(i int) int { return 2 * i }, true},
		{10, 30, func(i int) int { return i / 2 }, false},
	} {
		var now int64
		p := pick{clock: func() int64 { return now }}
		p.begin()
		reached := false
		for i := pickSettled; i < 1<<28; {
			wave := p.at(i)
			if p.trialLen > 8*pickTrial {
				t.Fatalf("a trial of %d heaps at %d", p.trialLen, i)
			}
			if p.phase == chosen {
				epoch := p.until - i
				if epoch > c.longest(i) {
					t.Fatalf("wave %d ns, step %d ns: an epoch of %d heaps from %d", c.waveNs, c.stepNs, epoch, i)
				}
				reached = reached || 2*epoch > c.longest(i) // within a rounding of i/16

			}
			ns := c.stepNs
			if wave {
				ns = c.waveNs
			}
			now += int64(p.until-i) * ns
			i = p.until
		}
		if c.wantLong && !reached {
			t.Errorf("wave %d ns, step %d ns: the epochs never reached twice the table", c.waveNs, c.stepNs)
		}
	}
}

// Where one way wins by far, trial after trial, the other's trials only
// confirm it: after two wide wins they are a quarter as long (on an idle
// machine the loser's trial is the one that costs). Where it wins narrowly,
// they keep their length. Both ways round: the wavefront three times the
// faster (Officers on two cores), and the step (.376, whose heaps
// runstep.go makes cheap).
func TestPickConfirmingTrialShort(t *testing.T) {
	for _, c := range []struct {
		waveNs, stepNs int64
		short          bool
	}{
		{10, 30, true},  // three times faster
		{10, 12, false}, // an eighth, not a quarter
		{30, 10, true},  // the step three times faster
		{12, 10, false},
	} {
		var now int64
		p := pick{clock: func() int64 { return now }}
		p.begin()
		var lost []int // the lengths of the losing way's trials
		for i := 1 << 12; i < 1<<24; {
			phase, until := p.phase, p.until
			wave := p.at(i)
			if p.phase != chosen && (p.phase != phase || p.until != until) { // a trial from i
				if waveWins := c.waveNs < c.stepNs; (p.phase == trialStep) == waveWins {
					lost = append(lost, p.until-i)
				}
			}
			end := min(p.until, i+64)
			ns := c.stepNs
			if wave {
				ns = c.waveNs
			}
			now += int64(end-i) * ns
			i = end
		}
		if len(lost) < 4 {
			t.Fatalf("wave %d ns, step %d ns: %d trials of the slower way", c.waveNs, c.stepNs, len(lost))
		}
		full := p.trialLen
		if c.waveNs < c.stepNs {
			full = max(pickTrial, p.trialLen/4)
		}
		last := lost[len(lost)-1]
		if c.short != (last < full) || p.won != (c.waveNs < c.stepNs) {
			t.Errorf("wave %d ns, step %d ns: the slower way's last trial is %d heaps (full %d), the wavefront chosen %v; want short %v", c.waveNs, c.stepNs, last, full, p.won, c.short)
		}
	}
}

// With the choice timed (not forced), a growth past the start of the blocks
// runs every way and agrees with the plain engine: with a helper, the
// wavefront on every core and one core's way; on one core, the solo
// wavefront and the step.
func TestPickedGrowthAgrees(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: 16000 values of two codes four ways, timed trials included")
	}
	defer func(h func() int, f func() int64) { waveHelpers, machineFree = h, f }(waveHelpers, machineFree)
	// no look at the machine: the trials start at once
	machineFree = func() int64 { return -1 }
	n := 16000 // trials of pickTrial heaps each way from 4096
	for _, helpers := range []int{1, 0} {
		waveHelpers = func() int { return helpers }
		for _, code := range []string{"4.007", "0.354"} {
			tab := table(t, code, Config{})
			tab.provableOff = true
			got := values(t, tab, n)
			plain := table(t, code, Config{Lost: func(int64) bool { return false }})
			sameValues(t, code+" picked", got, values(t, plain, n))
			k := tallyOf(tab)
			waved, soloed, alone := k.waved, k.soloed, k.alone
			all, one := waved-soloed, soloed+alone
			if helpers == 0 {
				all, one = soloed, alone
			}
			if all < pickTrial || one < pickTrial || helpers == 0 && waved != soloed {
				t.Errorf("%s, %d helpers: %d heaps ran in blocks (%d of them solo), %d one at a time: both ways should have been timed", code, helpers, waved, soloed, alone)
			}
		}
	}
}

// On one core (the wavefront on the engine's goroutine alone), an epoch of
// the wavefront is not cut short for want of cores: the process's CPU time
// is at most the clock's however idle the machine, and both ways run on the
// one goroutine, so the trials alone decide.
func TestPickOneCoreEpochsRun(t *testing.T) {
	var now, cpu int64
	p := pick{clock: func() int64 { return now }, cpu: func() int64 { return cpu }, cores: 1}
	p.begin()
	const piece = 64
	epochs := 0
	for i := 1 << 20; i < 1<<23; i += piece {
		wave := p.at(i)
		if p.cut {
			t.Fatalf("heap %d: an epoch of the wavefront on one core was cut short", i)
		}
		if wave && p.phase == chosen && p.until > i+8*p.trialLen {
			epochs++
		}
		ns := int64(3000) // the step: 3 µs a heap
		if wave {
			ns = 2000
		}
		now += piece * ns
		cpu += piece * ns * 9 / 10 // a tenth of the clock off the CPU (the kernel, page faults)
	}
	if epochs == 0 || !p.wave {
		t.Errorf("the wavefront, a third faster on one core, ran %d epochs, and runs at the end: %v", epochs, p.wave)
	}
}

// An epoch of the wavefront ends as soon as the machine turns busy: weighed
// a trial's length at a time, its goroutines had one core where they asked
// for two (the process's CPU time against the clock); then the step is timed
// afresh and runs, for longer epochs as such ends recur. While the wavefront
// has its cores, its epochs go on, however costlier its heaps grow.
func TestPickWaveEpochEndsWhenBusy(t *testing.T) {
	var now, cpu int64
	p := pick{clock: func() int64 { return now }, cpu: func() int64 { return cpu }, cores: 2}
	p.begin()
	waveNs, cores := int64(10), int64(2)
	const piece = 64 // the engine asks at every block
	busyAt, endedAt := -1, -1
	for i := 1 << 20; i < 1<<23; i += piece {
		wave := p.at(i)
		if busyAt < 0 && p.phase == chosen && wave && p.until-i > 8*p.trialLen && i > 1<<22 {
			busyAt, waveNs, cores = i, 33, 1 // well into an epoch of the wavefront: the machine turns busy
		}
		if busyAt >= 0 && endedAt < 0 && !(p.phase == chosen && wave) {
			endedAt = i
		}
		if busyAt < 0 && !wave && p.phase == chosen {
			t.Fatalf("heap %d: an epoch of the step while the wavefront, three times faster, has its cores", i)
		}
		ns, c := int64(30), int64(1) // the step
		if wave {
			ns, c = waveNs, cores
		}
		ns += int64(i >> 20) // heaps grow costlier
		ns *= 100            // microseconds a heap, as a real engine: a trial takes tens of milliseconds
		now += piece * ns
		cpu += piece * ns * c
	}
	if busyAt < 0 {
		t.Fatal("the wavefront, three times faster, never ran an epoch")
	}
	if endedAt < 0 || endedAt-busyAt > 2*p.trialLen+piece {
		t.Errorf("the machine turned busy at heap %d; the wavefront's epoch ended at %d (a trial is %d heaps)", busyAt, endedAt, p.trialLen)
	}
	if p.wave || p.cuts == 0 {
		t.Errorf("the wavefront, on one core, still runs at the end (%d epochs ended early)", p.cuts)
	}
}

// A moment's disturbance (another process takes a core for one weighing)
// cuts an epoch of the wavefront short; where the wavefront, even then, was
// no slower than the step, the step that wins the trial by an eighth runs
// a short epoch only, not one lengthened as on a machine turned busy.
func TestPickShortDisturbance(t *testing.T) {
	var now, cpu int64
	p := pick{clock: func() int64 { return now }, cpu: func() int64 { return cpu }, cores: 2}
	p.begin()
	const piece = 64
	disturbed, stepEpoch := -1, -1
	for i := 1 << 20; i < 1<<23; i += piece {
		wave := p.at(i)
		if disturbed < 0 && p.phase == chosen && wave && p.until-i > 8*p.trialLen && i > 1<<22 {
			disturbed = i
		}
		if disturbed >= 0 && stepEpoch < 0 && p.phase == chosen && !wave {
			stepEpoch = i
			if p.until > p.epochEnd(i, 0) || p.cuts != 0 {
				t.Fatalf("heap %d: the step's epoch after a moment's disturbance runs to %d (%d epochs cut), want at most %d", i, p.until, p.cuts, p.epochEnd(i, 0))
			}
		}
		ns, c := int64(30), int64(1) // the step
		if wave {
			ns, c = 10, 2
			if disturbed >= 0 && stepEpoch < 0 {
				ns, c = 28, 1 // for a while: a core taken, the wavefront still not slower
			}
		}
		now += piece * ns * 100
		cpu += piece * ns * 100 * c
	}
	if disturbed < 0 || stepEpoch < 0 {
		t.Fatalf("disturbed at heap %d, the step chosen at %d: want both", disturbed, stepEpoch)
	}
	if !p.wave {
		t.Errorf("the wavefront, three times faster again, does not run at the end")
	}
}

// A trial of the wavefront that noise slows down past the step's cost,
// after the wavefront has won by far twice, is timed once more before the
// step runs an epoch: here the noise is gone then, and the step never runs
// one.
func TestPickTrialNoiseTimedAgain(t *testing.T) {
	var now int64
	p := pick{clock: func() int64 { return now }, cores: 2}
	p.begin()
	const piece = 64
	noisy := 0 // 1: the noisy trial under way, 2: over
	for i := 1 << 20; i < 1<<23; i += piece {
		wave := p.at(i)
		if noisy == 0 && p.phase == trialWave && p.won && p.streak > 0 {
			noisy = 1
		} else if noisy == 1 && p.phase != trialWave {
			noisy = 2
		}
		if p.phase == chosen && !wave {
			t.Fatalf("heap %d: an epoch of the step after one noisy trial (noise: %d)", i, noisy)
		}
		ns := int64(30)
		if wave {
			ns = 10
			if noisy == 1 {
				ns = 33 // the noisy trial: slower than the step
			}
		}
		now += piece * ns * 100
	}
	if noisy != 2 {
		t.Fatalf("no noisy trial after the wavefront won twice (noise: %d)", noisy)
	}
}

// On a busy machine (another process has the helpers' core: little CPU time
// left free), the step runs on without the wavefront's trials, which would
// cost; once a core turns free, the two ways are timed again within a
// weighing, and the wavefront, faster again, runs.
func TestPickStepWaitsWhileBusy(t *testing.T) {
	var now, cpu, free int64
	p := pick{clock: func() int64 { return now }, cpu: func() int64 { return cpu }, free: func() int64 { return free }, cores: 2}
	p.begin()
	busy := true
	trials, waveAt, idleAt := 0, -1, -1
	const piece = 64
	for i := 1 << 20; i < 1<<24; i += piece {
		phase := p.phase
		wave := p.at(i)
		if p.phase == trialWave && phase != trialWave && busy {
			trials++
		}
		if busy && i > 1<<23 {
			busy, idleAt = false, i
		}
		if !busy && waveAt < 0 && p.phase == chosen && wave {
			waveAt = i
		}
		ns, c, f := int64(30), int64(1), int64(0) // the step
		switch {
		case wave && busy:
			ns = 33 // the helper shares the other process's core
		case wave:
			ns, c = 10, 2
		case !busy:
			f = 1 // the other core is free
		}
		ns *= 100
		now += piece * ns
		cpu += piece * ns * c
		free += piece * ns * f
	}
	if trials > 2 {
		t.Errorf("the machine busy throughout: %d trials of the wavefront", trials)
	}
	if waveAt < 0 || waveAt-idleAt > 3*p.trialLen+int(pickWeigh)/3000+piece {
		t.Errorf("a core turned free at heap %d; the wavefront's epoch began at %d (a trial is %d heaps)", idleAt, waveAt, p.trialLen)
	}
}

// A growth looks at the machine before any trial of the wavefront: on a
// machine busy from the start (no CPU time left free), the step runs and
// the wavefront is never tried, which there would only cost; on an idle one,
// the wavefront's trial starts once a weighing's time has passed.
func TestPickLooksBeforeTrials(t *testing.T) {
	for _, busy := range []bool{true, false} {
		var now, free int64
		p := pick{clock: func() int64 { return now }, cpu: func() int64 { return now }, free: func() int64 { return free }, cores: 2}
		p.begin()
		const piece, ns = 64, 3000 // a step's heap: 3 microseconds
		trialAt := -1
		for i := 1 << 12; i < 1<<21; i += piece {
			if p.at(i) && trialAt < 0 {
				trialAt = i
				if busy {
					t.Fatalf("busy from the start: the wavefront was tried at heap %d", i)
				}
			}
			now += piece * ns
			if !busy {
				free += piece * ns // the other core is idle
			}
		}
		if busy {
			if !p.wait || p.wave {
				t.Errorf("busy from the start: the step does not wait for a free core (wait %v, wave %v)", p.wait, p.wave)
			}
			continue
		}
		lookEnd := 1<<12 + int(pickWeigh)/ns
		if trialAt < lookEnd || trialAt > lookEnd+pickTrial+piece {
			t.Errorf("idle: the wavefront's first trial at heap %d, want just after the look (%d heaps of the step)", trialAt, lookEnd-1<<12)
		}
	}
}

// helped4007 is a table of 4.007 whose engine of values past a byte (from
// heap 2401) runs, before any block, and that engine; the wavefront has one
// helper for the rest of the test.
func helped4007(t *testing.T) (*Table, *sparseEngine[uint16]) {
	h := waveHelpers
	t.Cleanup(func() { waveHelpers = h })
	waveHelpers = func() int { return 1 }
	tab := table(t, "4.007", Config{})
	tab.provableOff = true
	values(t, tab, 3000)
	return tab, tab.seq.(*cells[uint16]).eng.(*sparseEngine[uint16])
}

// Where an epoch of the wavefront is cut short (a machine turned busy), the
// step that runs next has no block left posted: the helpers would prepare
// it for nothing, on the core the step needs. The clock here makes the
// wavefront win every trial and the CPU time says it had one core, so that
// epochs are cut again and again; every reading of the clock after a
// stretch of the step finds nothing posted.
func TestStepRunsWithNoBlockPosted(t *testing.T) {
	tab, e := helped4007(t)
	var now int64
	cuts, stepped, posted := 0, 0, 0
	e.pick.clock = func() int64 {
		if e.wave != nil && !e.pick.wave && e.pick.lastI >= 0 && e.waved > 0 {
			stepped++ // a stretch of the step has run since the wavefront did
			if len(e.wave.posted) > 0 {
				posted++
			}
		}
		if e.pick.cut {
			cuts++
		}
		now += 1e6 // a reading a block, or a few dozen heaps of the step
		return now
	}
	e.pick.cpu = func() int64 { return now } // one core's CPU time: epochs are cut
	e.pick.free = nil
	e.pick1.clock = func() int64 { return now } // one core's way: the step (the solo wavefront never saves an eighth of no time)
	e.pick1.free = nil
	n := 60000
	got := values(t, tab, n)
	waveHelpers = func() int { return 0 }
	sameValues(t, "4.007, epochs cut", got, values(t, table(t, "4.007", Config{}), n))
	if cuts == 0 || stepped == 0 {
		t.Fatalf("no epoch of the wavefront was cut (%d readings in a cut's trial, %d after the step)", cuts, stepped)
	}
	if posted > 0 {
		t.Errorf("%d of %d readings after a stretch of the step found blocks posted", posted, stepped)
	}
}

// On a machine whose other cores are busy, the default runs one core's
// way, and that is the solo wavefront where it is faster than the step, as
// with one core: the engine's clock here charges each heap by the way that
// computed it (the solo wavefront three times faster than the step, every
// core faster still) and the machine never leaves a core free. No block
// runs on every core, most heaps run in solo blocks, and the values agree.
func TestBusyMachineRunsOneCoresWay(t *testing.T) {
	tab, e := helped4007(t)
	var now int64
	var last [3]int // waved, soloed, alone at the last reading
	clock := func() int64 {
		all, solo, step := e.waved-e.soloed-(last[0]-last[1]), e.soloed-last[1], e.alone-last[2]
		now += int64(all)*300 + int64(solo)*1000 + int64(step)*3000 // nanoseconds a heap
		last = [3]int{e.waved, e.soloed, e.alone}
		return now
	}
	noFree := func() int64 { return 0 }
	e.pick.clock, e.pick.free, e.pick.cpu = clock, noFree, clock
	e.pick1.clock, e.pick1.free, e.pick1.cpu = clock, noFree, clock
	n := 100000
	got := values(t, tab, n)
	defer func(m int) { waveMin = m }(waveMin)
	waveMin = n + 1 // the one-heap step alone, checked against the definition by the other tests
	sameValues(t, "4.007, busy", got, values(t, table(t, "4.007", Config{}), n))
	k := tallyOf(tab)
	waved, soloed, alone := k.waved, k.soloed, k.alone
	if waved != soloed || soloed < 2*alone {
		t.Errorf("busy: %d heaps in blocks, %d of them solo, %d one at a time; want every block solo, and most heaps", waved, soloed, alone)
	}
}

// A trial whose heaps all ran another way (skip: one core's pick while the
// wavefront ran on every core) has timed nothing: it goes on until it has,
// and the choice rests on what was timed. Here the step's trial is skipped
// whole; the solo wavefront, three times faster, is still chosen.
func TestPickSkippedTrialGoesOn(t *testing.T) {
	var now int64
	p := pick{clock: func() int64 { return now }, cores: 1}
	p.begin()
	skipped := false
	const piece = 64
	for i := 1 << 16; i < 1<<19; i += piece {
		if !skipped && p.phase == trialStep {
			skipped = true
			p.skip()
			i = p.until + 1000 // past the step's trial, run the other way
		}
		wave := p.at(i)
		if skipped && p.phase == chosen {
			if !wave {
				t.Fatalf("heap %d: the step chosen after its trial was skipped (costs: wave %d, step %d)", i, p.waveCost, p.stepCost)
			}
			return
		}
		ns := int64(3000)
		if wave {
			ns = 1000
		}
		now += piece * ns
	}
	t.Fatalf("skipped %v; no choice made (phase %d)", skipped, p.phase)
}
