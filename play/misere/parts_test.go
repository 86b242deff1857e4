package misere

import (
	"context"
	"slices"
	"strings"
	"testing"
)

// CGSuite's own test data (MisereCanonicalGameTestCase.scala in
// aaron-siegel/cgsuite) for parts, partitions, primes and phyla: each
// input with its parts and partitions as CGSuite writes them, whether it
// is prime, and its class (CGSuite's IsTame, IsGenerallyTame, IsTameable,
// IsRestive, IsGenerallyRestive and IsRestless name the classes: tame is
// hereditarily tame or a nim-heap, generally tame adds reversibly tame).
var cgsuiteParts = []struct {
	in, parts, partitions string
	prime                 bool
	phylum                Phylum
}{
	{"*[0]", "[]", "[[]]", false, NimHeap},
	{"*[1]", "[]", "[[*[1]]]", false, NimHeap},
	{"*[2]", "[]", "[[*[2]]]", true, NimHeap},
	{"*[[2]]", "[*[2],*[2[#-2]]]", "[[*[2],*[2[#-2]]]]", false, HereditarilyTame},
	{"*[[[2]]]", "[*[2],*[2[##-2]],*[2#],*[2[##-2]0],*[2[#-2]],*[(2[##-2]0)[2]]]", "[[*[2],*[2[#-2]],*[2[##-2]0]]]", false, HereditarilyTame},
	{"*[2]+*[2]", "[*[2]]", "[[*[2],*[2]]]", false, HereditarilyTame},
	{"*[[*[2]+*[[2]]]]", "[*[2],*[2[#2#-2]],*[2#],*[2[2]],*[2[#2#-2-2]],*[2[#-2]],*[2[#2]]]", "[[*[2],*[2],*[2[#-2]],*[2[#-2]]]]", false, HereditarilyTame},
	{"*[[2],0]", "[]", "[[*[2#0]]]", true, HereditarilyRestive},
	{"*[[2],1]", "[]", "[[*[2#1]]]", true, Restless},
	{"*[[*[4]+*[2]]]", "[*[2],*[4[2#-2]],*[4],*[4[2#-4]]]", "[[*[2],*[4[2#-2]]],[*[4],*[4[2#-4]]]]", false, HereditarilyTame},
	{"*[[[2]],[[2],1]]", "[]", "[[*[(2#1)2##]]]", true, ReversiblyTame},
	{"*[[[2]],[[[2],0],0,1]]", "[]", "[[*[((2#0)10)2##]]]", true, ReversiblyTame},
	{"*[*[[2],1]+*[1],[[2],*[[2]]+*[1],[[2],0]]]", "[]", "[[*[((2#0)2[#1]2#)(2#1)[1]]]]", true, Tameable},
	{"*[[[2],2,0],[[2],3],1]", "[]", "[[*[(2#20)2[#1]1]]]", true, ReversiblyRestive},
}

// members are the members of a list as CGSuite writes it: [*[2],*[2#]].
func members(s string) []string {
	s = strings.TrimSuffix(strings.TrimPrefix(s, "["), "]")
	var ms []string
	depth, start := 0, 0
	for i, c := range s {
		switch c {
		case '[', '(':
			depth++
		case ']', ')':
			depth--
		case ',':
			if depth == 0 {
				ms, start = append(ms, s[start:i]), i+1
			}
		}
	}
	if s != "" {
		ms = append(ms, s[start:])
	}
	return ms
}

func TestPartsAsCGSuite(t *testing.T) {
	ctx := context.Background()
	f := NewForms(nil)
	list := func(gs []MID) string {
		ws := make([]string, len(gs))
		for i, g := range gs {
			s, err := f.Write(ctx, g)
			if err != nil {
				t.Fatal(err)
			}
			ws[i] = s
		}
		return "[" + strings.Join(ws, ",") + "]"
	}
	sorted := func(s string) string { // a list's members in order, to compare as sets
		ms := members(s)
		slices.Sort(ms)
		return strings.Join(ms, " ")
	}
	for _, c := range cgsuiteParts {
		g, err := f.Parse(ctx, c.in)
		if err != nil {
			t.Fatal(c.in, err)
		}
		parts, err := f.Parts(ctx, g)
		if err != nil {
			t.Fatal(err)
		}
		if got := list(parts); sorted(got) != sorted(c.parts) {
			t.Errorf("%s: parts %s, want %s", c.in, got, c.parts)
		}
		for _, m := range members(c.parts) { // read as CGSuite writes it, a subscript -i a difference
			x, err := f.Parse(ctx, m)
			if err != nil || !slices.Contains(parts, x) {
				t.Errorf("%s: the part %s read as %d (%v), not one of %v", c.in, m, x, err, parts)
			}
		}
		ps, err := f.Partitions(ctx, g)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, p := range ps {
			got = append(got, sorted(list(p)))
		}
		var want []string
		for _, p := range strings.Split(strings.TrimSuffix(strings.TrimPrefix(c.partitions, "[["), "]]"), "],[") {
			want = append(want, sorted("["+p+"]"))
		}
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("%s: partitions %q, want %q", c.in, got, want)
		}
		if p, err := f.Prime(ctx, g); err != nil || p != c.prime {
			t.Errorf("%s: prime %v (%v), want %v", c.in, p, err, c.prime)
		}
		if p, _, err := f.PhylumOf(ctx, g); err != nil || p != c.phylum {
			t.Errorf("%s: %v (%v), want %v", c.in, p, err, c.phylum)
		}
	}
}

// Every sum X + Y of even games born by day 4 (and of two sums of them)
// has X among its parts, with Y its difference; every part found adds to
// its difference to make the game; a game is prime exactly when no sum
// of two of the games but 0 + G makes it, among the games tried.
func TestPartsOfSums(t *testing.T) {
	ctx := context.Background()
	f := NewForms(nil)
	if _, err := f.Born(ctx, 5); err != nil {
		t.Fatal(err)
	}
	var even []MID
	for g := MID(1); g < MID(f.Len()) && f.Birthday(g) <= 4; g++ {
		if odd, err := f.Odd(ctx, g); err != nil || odd {
			continue
		}
		even = append(even, g)
	}
	if len(even) < 8 {
		t.Fatalf("%d even games born by day 4", len(even))
	}
	pool := slices.Clone(even)
	for i, x := range even {
		for _, y := range even[i:] {
			s, err := f.Add(ctx, x, y)
			if err != nil {
				t.Fatal(err)
			}
			pool = append(pool, s)
		}
	}
	made := map[MID]map[MID]MID{} // made[g][x] = y: x + y = g among the pool's sums
	checked := 0
	for i, x := range pool {
		for _, y := range pool[i:] {
			if f.Birthday(x)+f.Birthday(y) > 12 {
				continue
			}
			g, err := f.Add(ctx, x, y)
			if err != nil {
				t.Fatal(err)
			}
			if made[g] == nil {
				made[g] = map[MID]MID{}
			}
			made[g][x], made[g][y] = y, x
			checked++
		}
	}
	for g, xs := range made {
		parts, err := f.Parts(ctx, g)
		if err != nil {
			t.Fatal(err)
		}
		for x, y := range xs {
			if x != g && y != g && !slices.Contains(parts, x) {
				t.Errorf("%s = %s + %s, but %s is not among its parts %v", f.mustWrite(t, g), f.mustWrite(t, x), f.mustWrite(t, y), f.mustWrite(t, x), parts)
			}
		}
		if prime, err := f.Prime(ctx, g); err != nil || prime {
			t.Errorf("%s is a sum of two games, yet prime (%v)", f.mustWrite(t, g), err)
		}
		pairs, err := f.parts(ctx, g)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < len(pairs); i += 2 {
			if s, err := f.Add(ctx, pairs[i], pairs[i+1]); err != nil || s != g {
				t.Errorf("%s: the part %s and its difference %s make %s", f.mustWrite(t, g), f.mustWrite(t, pairs[i]), f.mustWrite(t, pairs[i+1]), f.mustWrite(t, s))
			}
		}
	}
	t.Logf("%d sums, %d games", checked, len(made))
	if checked < 1000 {
		t.Errorf("only %d sums checked", checked)
	}
}

// Generally tame games play as a position of Nim with their two nim
// values does, beside any sum of nim-heaps: the outcome of G + X is that
// of T + X, T = *n for G+ = G- = n >= 2, *0 or *1 for the genera 0^1 and
// 1^0, *2 + *2 or *2 + *2 + *1 for 0^0 and 1^1.
func TestTameGamesPlayAsNim(t *testing.T) {
	ctx := context.Background()
	f := NewForms(nil)
	if _, err := f.Born(ctx, 5); err != nil {
		t.Fatal(err)
	}
	nim := func(hs ...int) MID {
		s := Zero
		for _, h := range hs {
			n, err := f.Nim(ctx, h)
			if err != nil {
				t.Fatal(err)
			}
			if s, err = f.Add(ctx, s, n); err != nil {
				t.Fatal(err)
			}
		}
		return s
	}
	var sums []MID
	for a := 0; a <= 4; a++ {
		for b := 0; b <= a; b++ {
			for c := 0; c <= 2; c++ {
				sums = append(sums, nim(a, b, c))
			}
		}
	}
	day4 := f.Len() // the games born by day 4, and their sums of two
	pool := []MID{}
	for x := MID(0); x < MID(day4); x++ {
		for y := x; y < MID(day4); y++ {
			s, err := f.Add(ctx, x, y)
			if err != nil {
				t.Fatal(err)
			}
			pool = append(pool, s)
		}
	}
	slices.Sort(pool)
	pool = slices.Compact(pool)
	tame := 0
	for _, g := range pool {
		p, _, err := f.PhylumOf(ctx, g)
		if err != nil {
			t.Fatal(err)
		}
		if !p.Tame() {
			continue
		}
		tame++
		gm, gp := f.Values(g)
		var twin MID
		switch {
		case gp == gm && gp >= 2:
			twin = nim(int(gp))
		case gp == 0 && gm == 1:
			twin = Zero
		case gp == 1 && gm == 0:
			twin = nim(1)
		case gp == 0 && gm == 0:
			twin = nim(2, 2)
		case gp == 1 && gm == 1:
			twin = nim(2, 2, 1)
		default:
			t.Fatalf("%s is %v with values %d, %d", f.mustWrite(t, g), p, gp, gm)
		}
		for _, x := range sums {
			a, err1 := f.Add(ctx, g, x)
			b, err2 := f.Add(ctx, twin, x)
			if err1 != nil || err2 != nil {
				t.Fatal(err1, err2)
			}
			if am, _ := f.Values(a); (am == 0) != (f.games[b].gminus == 0) {
				t.Errorf("%s (%v) + %s plays unlike %s + %s", f.mustWrite(t, g), p, f.mustWrite(t, x), f.mustWrite(t, twin), f.mustWrite(t, x))
			}
		}
	}
	t.Logf("%d of %d games tame", tame, len(pool))
	if tame < 50 {
		t.Errorf("only %d tame games", tame)
	}
}

func (f *Forms) mustWrite(t *testing.T, g MID) string {
	s, err := f.Write(context.Background(), g)
	if err != nil {
		t.Fatal(err)
	}
	return s
}
