package misereplay_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/gamelang/gamelang/internal/scripttest"
)

// boutonMisere is who wins misère Nim, by Bouton's rule: with a heap of
// two or more, the normal-play rule (XOR not 0); with heaps of at most
// one, an even number of ones.
func boutonMisere(heaps []int) string {
	x, big := 0, false
	for _, h := range heaps {
		x ^= h
		big = big || h > 1
	}
	if big == (x != 0) {
		return "N"
	}
	return "P"
}

// The misère queries, against published values and Bouton's rule:
// genus of Nim heaps (Winning Ways, ch. 13), outcomes of misère Nim sums,
// the quotient of 0.75 (Plambeck and Siegel: order 8, two in the
// P-portion), the games born by day 4 (Grundy and Smith: 22), and
// canonical forms as CGSuite's test data writes them.
func TestMisereQueries(t *testing.T) {
	t.Parallel() // each owns its session
	var src, want []string
	add := func(s, w string) { src = append(src, s); want = append(want, w) }
	add("genus(Nim(0))", "0^{120}")
	add("genus(Nim(1))", "1^{031}")
	add("genus(Nim(2))", "2^{20}")
	add("genus(Nim(3))", "3^{31}")
	add("tame(Nim(3) + Nim(1))", "true")
	for a := 0; a <= 4; a++ {
		for b := 0; b <= a; b++ {
			for c := 0; c <= b; c++ {
				add(fmt.Sprintf("outcome(Nim(%d) + Nim(%d) + Nim(%d), misere)", a, b, c), boutonMisere([]int{a, b, c}))
			}
		}
	}
	for n, w := range []string{"1", "2", "3", "5", "22"} {
		add(fmt.Sprintf("born(%d)", n), w)
	}
	// day 6 as Chris Thompson counted it again (sci.math), which
	// play/misere's TestBornByCount checks against the number
	add("born(6)", "2^4171780 - 2^2096640 - 2^2095104 - 2^2094593 - 2^2094080 - 3·2^2091522 - 2^2088960 - 2^2088705 - 2^2088448 - 2^2088193 - 2^2086912 - 2^2086657 - 2^2086401 - 2^2086145 - 2^2085888 - 2^2079234 + 2^1960962 + 21")
	add(`canonical("*[2] + *[2]")`, "*[2[2]]")
	// CGSuite's test data: classes, parts and partitions
	add(`phylum(canonical("*[[2],1]"))`, "restless")
	add(`phylum("*[[[2],2,0],[[2],3],1]")`, "reversibly restive")
	add(`phylum(canonical("*[(2#0)[2]]"))`, "wild (of restless genus)")
	add(`phylum(Nim(2) + Nim(2))`, "hereditarily tame")
	add(`parts(canonical("*[[2]]"))`, "[*[2], *[2[#-2]]]")
	add(`parts("*[2]")`, "[]")
	add(`partitions(canonical("*[[*[4]+*[2]]]"))`, "[[*[2], *[4[2#-2]]], [*[4], *[4[2#-4]]]]")
	add(`partitions(Nim(3) + Nim(2))`, "[[*[2], *[2], *[1]]]")
	add(`print(len(parts(canonical("*[[*[4]+*[2]]]"))), len(partitions("*[[*[4]+*[2]]]")))`, "4 2")
	add(`canonical(Nim(2) + Nim(2), misere) == canonical("*[2[2]]")`, "true")
	add(`birthday(canonical("*[2]"))`, "2")
	if q := scripttest.Out(t, `quotient(octal("0.75"))`); !strings.Contains(q, "order 8, 2 in the P-portion") {
		t.Errorf("the quotient of 0.75:\n%s", q)
	}
	in := strings.Join(src, "\n")
	got := strings.Split(scripttest.Out(t, in), "\n")
	for i := range want {
		if i >= len(got) || got[i] != want[i] {
			g := "nothing"
			if i < len(got) {
				g = got[i]
			}
			t.Errorf("%s = %s, want %s", src[i], g, want[i])
		}
	}
}
