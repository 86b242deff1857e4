package octal

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/gamelang/gamelang/solve"
)

// The ways the one-heap step finishes a heap (small.go, want.go, marking
// every value met, or runstep.go's runs) each agree with the definition,
// the mex over every option: each code is computed with every way it can
// take turned on in turn, one heap at a time (no wavefront; runs from heap
// 256 on), and each way must have run.
func TestStepWaysAgreeWithDefinition(t *testing.T) {
	defer func(h func() int, w8, w8bw, w16, s64, s32, o64, obw, pairs bool, runsMin int) {
		waveHelpers, haveWant8, haveWant8BW, haveWant16, haveScan64, haveScan32, haveOpts64, haveOptsBW, havePairs, smallOff = h, w8, w8bw, w16, s64, s32, o64, obw, pairs, false
		runStepMin, stepRunsOff = runsMin, false
	}(waveHelpers, haveWant8, haveWant8BW, haveWant16, haveScan64, haveScan32, haveOpts64, haveOptsBW, havePairs, runStepMin)
	waveHelpers, runStepMin = func() int { return 0 }, 256
	vector8, vector8BW, vector16, vector64, vector32, opts64, optsBW, pairs := haveWant8, haveWant8BW, haveWant16, haveScan64, haveScan32, haveOpts64, haveOptsBW, havePairs

	codes := []Code{NewCode([]Digit{4}, 0).UnequalSplits()} // Grundy's game
	for _, s := range []string{"0.1777", "0.6", "4.007", "0.0407", "0.74", "4.3", "0.137"} {
		c, err := Parse(s, 8)
		if err != nil {
			t.Fatal(err)
		}
		codes = append(codes, c)
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for range 6 {
		d := []Digit{Digit(4 * rng.IntN(2))}
		for range 1 + rng.IntN(4) {
			d = append(d, Digit(rng.IntN(8)))
		}
		codes = append(codes, NewCode(d, 0))
	}
	n := 6000
	if testing.Short() {
		n = 3000
	}
	var ran [4]int
	laned := 0 // steps whose options were read as lanes (.1777's, at least)
	for _, c := range codes {
		want := definition(c, nil, n)
		for _, way := range []struct {
			small, vector, runs bool
		}{{true, true, true}, {false, true, true}, {false, true, false}, {false, false, false}, {true, false, false}} {
			smallOff, stepRunsOff = !way.small, !way.runs
			haveWant8, haveWant8BW, haveWant16 = way.vector && vector8, way.vector && vector8BW, way.vector && vector16
			haveScan64, haveScan32 = way.vector && vector64, way.vector && vector32
			haveOpts64, haveOptsBW, havePairs = way.vector && opts64, way.vector && optsBW, way.vector && pairs
			tab := NewTable(c, Config{Limits: &solve.Limits{}, What: c.String()})
			got := values(t, tab, n)
			sameValues(t, fmt.Sprintf("%s (small %v, vector %v, runs %v)", c, way.small, way.vector, way.runs), got, want)
			for i, k := range stepPaths(tab) {
				ran[i] += k
			}
			laned += lanedSteps(tab)
		}
	}
	// The 16-bit kernel needs tables longer than -short's (a processor
	// may have it without the 8-bit one).
	if ran[pathSmall] == 0 || ran[pathMarks] == 0 || (vector8 || vector8BW || vector16 && !testing.Short()) && ran[pathWant] == 0 ||
		runsFast[uint8]() && (vector8 || vector8BW) && ran[pathRuns] == 0 {
		t.Errorf("steps by way (small, vector, marks, runs): %v; every way must run", ran)
	}
	if laned == 0 {
		t.Errorf("no step read its options as lanes")
	}
	if !vector8 && !vector8BW || !vector16 {
		t.Logf("no vector want kernel here (8 bits: %v, 16 bits: %v)", vector8 || vector8BW, vector16)
	}
}

// lanedSteps is the number of steps whose options were read as lanes
// (small.go; counted on 8-bit cells).
func lanedSteps(tab *Table) int {
	if c, ok := tab.seq.(*cells[uint8]); ok {
		if e, ok := c.eng.(*sparseEngine[uint8]); ok {
			return e.laned
		}
	}
	return 0
}

// stepPaths is the number of steps the table's sparse engine took by each
// way (since the cells last widened).
func stepPaths(tab *Table) [4]int {
	switch c := tab.seq.(type) {
	case *cells[uint8]:
		if e, ok := c.eng.(*sparseEngine[uint8]); ok {
			return e.paths
		}
	case *cells[uint16]:
		if e, ok := c.eng.(*sparseEngine[uint16]); ok {
			return e.paths
		}
	}
	return [4]int{}
}
