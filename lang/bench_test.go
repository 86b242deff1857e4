package lang

import (
	"fmt"
	"strings"
	"testing"
)

// statements is a script of n statements of the kinds a long generated
// script holds: lets, queries on positions, arithmetic on names.
func statements(n int) string {
	var b strings.Builder
	for i := 0; i < n; i += 4 {
		fmt.Fprintf(&b, "let x%d = %d * 3 + 1\ngrundy(Nim(%d))\noutcome(Kayles(%d))\nx%d + %d\n", i, i, i+1, (i+2)%500, i, i+3)
	}
	return b.String()
}

func BenchmarkParseStatements(b *testing.B) {
	src := statements(20000)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := Parse("s.game", src); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkParseStatements2k(b *testing.B) {
	src := statements(2000)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := Parse("s.game", src); err != nil {
			b.Fatal(err)
		}
	}
}
