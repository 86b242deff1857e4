package rules

import (
	"math"

	"github.com/gamelang/gamelang/lang"
)

func absChecked(p lang.Pos, v int64) int64 {
	if v == math.MinInt64 {
		Fail(p, "integer overflow")
	}
	return abs64(v)
}
