package sweep

import (
	"context"
	"io"
	"path/filepath"
	"testing"
	"time"
)

// BenchmarkCheckpoint is the cost of checkpoints: Officers (0.6, no period)
// to 10^6 values, without checkpoints and saving every second and every
// 100 ms (each save writes the values so far, 4 bytes each, and syncs).
//
//	go test ./sweep -run XXX -bench Checkpoint -count 3
func BenchmarkCheckpoint(b *testing.B) {
	f, err := ParseFamily("0.6")
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct {
		name  string
		every time.Duration
	}{{"none", 0}, {"every=1s", time.Second}, {"every=100ms", 100 * time.Millisecond}} {
		b.Run(c.name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				o := Options{Family: f, Values: 1_000_000}
				if c.every > 0 {
					o.Checkpoint, o.Every = filepath.Join(b.TempDir(), "ck"), c.every
				}
				if _, err := Run(context.Background(), o, io.Discard); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
