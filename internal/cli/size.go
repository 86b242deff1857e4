package cli

import (
	"strconv"

	"github.com/gamelang/gamelang/solve"
)

// byteSize is a flag value such as 512MiB, 2GiB, 100000 (bytes).
type byteSize int64

func (b *byteSize) String() string { return strconv.FormatInt(int64(*b), 10) }

func (b *byteSize) Set(s string) error {
	v, err := solve.ParseSize(s)
	*b = byteSize(v)
	return err
}
