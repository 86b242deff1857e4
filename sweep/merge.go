package sweep

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strings"
)

// Merge joins the outputs of the shards of one sweep into the output of the
// whole sweep, as one process would have written it: the header (shard
// 0/1), then every record in the family's order, each line as its shard
// wrote it. It checks that the outputs are of one sweep (family, bounds,
// gamelang), that every shard is there once, and that each holds exactly
// its games: a shard cut short by a killed job is named, with the games it
// lacks.
func Merge(outs []*Output, w io.Writer) ([]Record, error) {
	if len(outs) == 0 {
		return nil, fmt.Errorf("merge: no outputs given")
	}
	first := outs[0]
	whole := first.Header
	whole.Shard = Shard{0, 1}.String()
	shard0, err := ParseShard(first.Header.Shard)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", first.Name, err)
	}
	if whole.Items < 1 || whole.Items > maxItems {
		return nil, fmt.Errorf("%s: its header says the sweep has %d games: a sweep has 1 to %d", first.Name, whole.Items, maxItems)
	}
	n := shard0.Of
	if n > len(outs) && n > 1<<16 { // refused before anything the count sizes is made
		return nil, fmt.Errorf("merge: %s is shard %s, but only %d outputs are given: %d shards are missing", first.Name, shard0, len(outs), n-len(outs))
	}
	family, familyErr := ParseFamily(whole.Family) // to check each record's game; a file family may be elsewhere
	if familyErr == nil && len(family.Items) != whole.Items {
		return nil, fmt.Errorf("%s: its header says %s has %d games, but it has %d", first.Name, whole.Family, whole.Items, len(family.Items))
	}
	byIndex, err := byShard(outs, whole, shard0, family, familyErr)
	if err != nil {
		return nil, err
	}
	return writeMerged(byIndex, whole, w)
}

// byShard checks each output against the first's header and the family,
// and orders them by shard; every shard must be there once.
func byShard(outs []*Output, whole Header, shard0 Shard, family *Family, familyErr error) ([]*Output, error) {
	first, n := outs[0], shard0.Of
	byIndex := make([]*Output, n)
	for _, o := range outs {
		sh, err := ParseShard(o.Header.Shard)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", o.Name, err)
		}
		h := o.Header
		h.Shard = whole.Shard
		if h != whole {
			return nil, fmt.Errorf("%s is of another sweep than %s:\n  %+v\n  %+v", o.Name, first.Name, o.Header, first.Header)
		}
		if sh.Of != n {
			return nil, fmt.Errorf("%s is shard %s, %s is shard %s: shards of one sweep have the same N", o.Name, sh, first.Name, shard0)
		}
		if prev := byIndex[sh.Index]; prev != nil {
			return nil, fmt.Errorf("shard %s is given twice: %s and %s", sh, prev.Name, o.Name)
		}
		byIndex[sh.Index] = o
		if err := complete(o, sh, whole.Items); err != nil {
			return nil, err
		}
		if familyErr == nil {
			if err := sameGames(o, sh, family); err != nil {
				return nil, err
			}
		}
	}
	var missing []string
	for i, o := range byIndex {
		if o == nil {
			missing = append(missing, Shard{i, n}.String())
		}
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("merge: shard %s missing (of %d)", strings.Join(missing, ", "), n)
	}
	return byIndex, nil
}

// writeMerged writes the whole sweep: the header, then every record in the
// family's order, each line as its shard wrote it.
func writeMerged(byIndex []*Output, whole Header, w io.Writer) ([]Record, error) {
	n := len(byIndex)
	bw := bufio.NewWriter(w)
	out := &writer{w: bw, times: true}
	if err := out.header(&whole); err != nil {
		return nil, err
	}
	recs := make([]Record, 0, whole.Items)
	pos := make([]int, n)
	for i := range whole.Items {
		o := byIndex[i%n]
		k := pos[i%n]
		pos[i%n]++
		recs = append(recs, o.Records[k])
		bw.Write(o.Lines[k])
		bw.WriteByte('\n')
	}
	return recs, bw.Flush()
}

// sameGames checks that each record names the game of its index in the
// family: a record relabelled by hand would merge into a wrong census.
func sameGames(o *Output, sh Shard, f *Family) error {
	for k, r := range o.Records {
		want := f.Items[r.Index]
		if f.Codes {
			if c, err := ParseCode(want); err == nil {
				want = c.String()
			}
		}
		if r.Game != want {
			return fmt.Errorf("%s (shard %s), record %d: game %d of %s is %s, but the record says %s", o.Name, sh, k+1, r.Index, f.Spec, want, r.Game)
		}
	}
	return nil
}

// complete checks that an output holds exactly the games of its shard, in
// order.
func complete(o *Output, sh Shard, items int) error {
	want := 0
	for i := range items {
		if sh.Has(i) {
			want++
		}
	}
	for k, r := range o.Records {
		if r.Index != sh.Index+k*sh.Of {
			if slices.ContainsFunc(o.Records[:k], func(p Record) bool { return p.Index == r.Index }) {
				return fmt.Errorf("%s (shard %s): game %d (%s) is there twice", o.Name, sh, r.Index, r.Game)
			}
			return fmt.Errorf("%s (shard %s): record %d is game %d, want game %d: not a shard's output in order", o.Name, sh, k+1, r.Index, sh.Index+k*sh.Of)
		}
	}
	if len(o.Records) < want {
		next := sh.Index + len(o.Records)*sh.Of
		return fmt.Errorf("%s (shard %s) stops after %d of its %d games: games %d and on are missing (the run did not finish; resume it with its --checkpoint, or run the shard again)", o.Name, sh, len(o.Records), want, next)
	}
	if len(o.Records) > want {
		return fmt.Errorf("%s (shard %s) has %d records, its shard has %d games", o.Name, sh, len(o.Records), want)
	}
	return nil
}
