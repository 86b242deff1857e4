// Command nimpass is the record run of three-heap Nim with a pass (issue
// 74): every P-position a <= b <= c <= TOP with the pass left, from the
// dense table of play/normal (passnim.go), in shards of the largest heap
// c. Each shard is a file DIR/shard-K.txt of lines "a b c", written beside
// and renamed, so that a stopped run is resumed by running it again (a
// shard done is not run again); DIR/summary.tsv has, per shard, its heaps,
// its P-positions, its seconds and the sha256 of its file, and
// DIR/counts.tsv the P-positions for each c.
//
//	go run ./bench/records/nimpass [-top 1024] [-shard 128] DIR
package main

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/gamelang/gamelang/play/normal"
)

func main() {
	top := flag.Int("top", 1024, "the largest heap")
	shard := flag.Int("shard", 128, "the values of c in a shard")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: nimpass [-top N] [-shard K] DIR")
		os.Exit(2)
	}
	if err := run(flag.Arg(0), *top, *shard); err != nil {
		fmt.Fprintln(os.Stderr, "nimpass:", err)
		os.Exit(1)
	}
}

func run(dir string, top, shard int) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	var summary, counts []string
	for k := 0; k*shard <= top; k++ {
		lo, hi := k*shard, min((k+1)*shard-1, top)
		path := filepath.Join(dir, fmt.Sprintf("shard-%d.txt", k))
		start := time.Now()
		if _, err := os.Stat(path); err != nil {
			if err := write(path, lo, hi); err != nil {
				return err
			}
		}
		secs := time.Since(start).Seconds()
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		per := map[int]int{}
		total := 0
		sc := bufio.NewScanner(bytes.NewReader(b))
		for sc.Scan() {
			var a, bb, c int
			if _, err := fmt.Sscan(sc.Text(), &a, &bb, &c); err != nil {
				return fmt.Errorf("%s: %v", path, err)
			}
			per[c]++
			total++
		}
		sum := sha256.Sum256(b)
		summary = append(summary, fmt.Sprintf("%d\t%d..%d\t%d\t%.1f\t%s", k, lo, hi, total, secs, hex.EncodeToString(sum[:])))
		for c := lo; c <= hi; c++ {
			counts = append(counts, fmt.Sprintf("%d\t%d", c, per[c]))
		}
	}
	if err := writeLines(filepath.Join(dir, "summary.tsv"), "shard\tc\tP-positions\tseconds\tsha256", summary); err != nil {
		return err
	}
	return writeLines(filepath.Join(dir, "counts.tsv"), "c\tP-positions", counts)
}

// write tabulates the P-positions a <= b <= c for c in lo..hi.
func write(path string, lo, hi int) error {
	t, err := normal.NewPassNimTable(context.Background(), hi, nil)
	if err != nil {
		return err
	}
	tmp := path + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	for c := lo; c <= hi; c++ {
		for b := 0; b <= c; b++ {
			for a := 0; a <= b; a++ {
				if t.P(a, b, c) {
					fmt.Fprintf(w, "%d %d %d\n", a, b, c)
				}
			}
		}
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

func writeLines(path, head string, lines []string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	fmt.Fprintln(f, head)
	for _, l := range lines {
		fmt.Fprintln(f, l)
	}
	return f.Close()
}
