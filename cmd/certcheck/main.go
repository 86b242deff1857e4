package main

import (
	"bufio"
	"fmt"
	"math/bits"
	"os"
	"strconv"
	"strings"
)

func main() {
	if len(os.Args) < 2 || os.Args[1] == "-h" || os.Args[1] == "--help" {
		fmt.Fprintln(os.Stderr, "usage: certcheck FILE...  (checks gamelang certificates; docs/certificates.md)")
		if len(os.Args) < 2 {
			os.Exit(2)
		}
		return
	}
	status := 0
	for _, name := range os.Args[1:] {
		claim, err := checkFile(name)
		if err != nil {
			fmt.Printf("%s: refused: %v\n", name, err)
			status = 1
			continue
		}
		fmt.Printf("%s: accepted: %s\n", name, claim)
	}
	os.Exit(status)
}

// checkFile reads and checks one certificate, returning the claim it proves.
func checkFile(name string) (string, error) {
	f, err := os.Open(name)
	if err != nil {
		return "", err
	}
	defer f.Close()
	c, err := parse(bufio.NewReader(f))
	if err != nil {
		return "", err
	}
	return c.check()
}

// ---- The file: "key words..." lines; a list key is followed by its numbers.

// lists are the keys followed by numbers, and how many numbers follow a
// count n.
var lists = map[string]func(n int64) int64{
	"values":    func(n int64) int64 { return n },
	"images":    func(n int64) int64 { return n },
	"p-portion": func(n int64) int64 { return n },
	"table":     func(n int64) int64 { return n * n },
}

var scalars = []string{"claim", "code", "theorem", "period", "preperiod", "saltus", "bound", "order"}

type cert struct {
	words map[string]string  // scalar fields
	nums  map[string][]int64 // list fields
}

func parse(r *bufio.Reader) (*cert, error) {
	p := &certParser{c: &cert{words: map[string]string{}, nums: map[string][]int64{}}}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	first := true
	for sc.Scan() {
		p.line++
		text, _, _ := strings.Cut(sc.Text(), "#")
		f := strings.Fields(text)
		if len(f) == 0 {
			continue
		}
		if first {
			if len(f) != 2 || f[0] != "gamelang-certificate" || f[1] != "1" {
				return nil, fmt.Errorf("line %d: not a gamelang certificate of version 1", p.line)
			}
			first = false
			continue
		}
		var err error
		if isKey(f[0]) {
			err = p.field(f)
		} else {
			err = p.numbers(f)
		}
		if err != nil {
			return nil, err
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if first {
		return nil, fmt.Errorf("empty file")
	}
	if p.list != "" && int64(len(p.c.nums[p.list])) != p.want {
		return nil, fmt.Errorf("%s lists %d numbers, not the %d it announced", p.list, len(p.c.nums[p.list]), p.want)
	}
	return p.c, nil
}

// certParser is a certificate being read: the list under way, if any, and
// how many numbers it announced.
type certParser struct {
	c    *cert
	line int
	list string
	want int64
}

// field reads a line that starts with a key: a scalar, or a list's count.
func (p *certParser) field(f []string) error {
	c, line := p.c, p.line
	if p.list != "" && int64(len(c.nums[p.list])) != p.want {
		return fmt.Errorf("line %d: %s lists %d numbers, not the %d it announced", line, p.list, len(c.nums[p.list]), p.want)
	}
	p.list = ""
	key := f[0]
	if _, dup := c.words[key]; dup {
		return fmt.Errorf("line %d: %s given twice", line, key)
	}
	if _, dup := c.nums[key]; dup {
		return fmt.Errorf("line %d: %s given twice", line, key)
	}
	if count, ok := lists[key]; ok {
		n, err := number(f[1:], line)
		if err != nil || n > 1<<31 {
			return fmt.Errorf("line %d: %s needs one count", line, key)
		}
		p.list, p.want, c.nums[key] = key, count(n), []int64{}
		return nil
	}
	if !contains(scalars, key) {
		return fmt.Errorf("line %d: unknown field %q", line, key)
	}
	if len(f) != 2 {
		return fmt.Errorf("line %d: %s takes one word", line, key)
	}
	c.words[key] = f[1]
	return nil
}

// numbers reads a line of the list under way.
func (p *certParser) numbers(f []string) error {
	if p.list == "" {
		return fmt.Errorf("line %d: numbers outside a list", p.line)
	}
	for _, w := range f {
		v, err := strconv.ParseInt(w, 10, 64)
		if err != nil || v < 0 {
			return fmt.Errorf("line %d: %q is not a number", p.line, w)
		}
		p.c.nums[p.list] = append(p.c.nums[p.list], v)
	}
	if int64(len(p.c.nums[p.list])) > p.want {
		return fmt.Errorf("line %d: %s lists more than the %d numbers it announced", p.line, p.list, p.want)
	}
	return nil
}

func isKey(w string) bool { return w[0] >= 'a' && w[0] <= 'z' }

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if x == y {
			return true
		}
	}
	return false
}

func number(f []string, line int) (int64, error) {
	if len(f) != 1 {
		return 0, fmt.Errorf("line %d: one number expected", line)
	}
	v, err := strconv.ParseInt(f[0], 10, 64)
	if err != nil || v < 0 {
		return 0, fmt.Errorf("line %d: %q is not a number", line, f[0])
	}
	return v, nil
}

// int reads a scalar field that is a number of at least min.
func (c *cert) int(key string, min int64) (int64, error) {
	w, ok := c.words[key]
	if !ok {
		return 0, fmt.Errorf("no %s", key)
	}
	v, err := strconv.ParseInt(w, 10, 64)
	if err != nil || v < min || v > 1<<40 {
		return 0, fmt.Errorf("%s %q is not a number from %d", key, w, min)
	}
	return v, nil
}

// fields checks that the certificate has exactly the given fields.
func (c *cert) fields(want ...string) error {
	for _, k := range want {
		_, w := c.words[k]
		_, n := c.nums[k]
		if !w && !n {
			return fmt.Errorf("no %s", k)
		}
	}
	for k := range c.words {
		if !contains(want, k) {
			return fmt.Errorf("%s does not belong in this claim", k)
		}
	}
	for k := range c.nums {
		if !contains(want, k) {
			return fmt.Errorf("%s does not belong in this claim", k)
		}
	}
	return nil
}

func (c *cert) check() (string, error) {
	switch c.words["claim"] {
	case "period":
		return c.checkPeriod()
	case "arithmetic-period":
		return c.checkArithmetic()
	case "misere-quotient":
		return c.checkQuotient()
	}
	return "", fmt.Errorf("claim %q is none of period, arithmetic-period, misere-quotient", c.words["claim"])
}

// ---- Codes: d0.d1d2... with an optional (d) repeated forever. Digit k's
// bits: 1 a move may take all k, 2 leave one heap, 4 two, 8 three.

type code struct {
	digits []int
	tail   int // the digit of every k >= len(digits)
}

func parseCode(s string) (code, error) {
	var c code
	head, rest, ok := strings.Cut(s, ".")
	if !ok || (head != "0" && head != "4" && head != "8" && head != "c" && head != "C") {
		return c, fmt.Errorf("code %q does not start with 0, 4, 8 or C and a point", s)
	}
	if before, t, ok := strings.Cut(rest, "("); ok {
		d, err := strconv.ParseUint(strings.TrimSuffix(t, ")"), 16, 4)
		if !strings.HasSuffix(t, ")") || len(t) != 2 || err != nil || d == 0 {
			return c, fmt.Errorf("code %q: the repeated digit is not one nonzero digit", s)
		}
		rest, c.tail = before, int(d)
	}
	for _, ch := range head + rest {
		d, err := strconv.ParseUint(string(ch), 16, 4)
		if err != nil {
			return c, fmt.Errorf("code %q: %q is not a digit", s, ch)
		}
		c.digits = append(c.digits, int(d))
	}
	return c, nil
}

func (c code) digit(k int64) int {
	if k < int64(len(c.digits)) {
		return c.digits[k]
	}
	return c.tail
}

// maxTake is the largest k with a nonzero digit of a finite code.
func (c code) maxTake() int64 {
	k := int64(len(c.digits)) - 1
	for k > 0 && c.digits[k] == 0 {
		k--
	}
	return k
}

// options bounds how many options heap n has.
func (c code) options(n int64) int64 {
	var o int64
	for k := int64(0); k <= n; k++ {
		d, r := c.digit(k), n-k
		o += int64(d&1) + int64(d>>1&1) + int64(d>>2&1)*(r/2) + int64(d>>3&1)*(r*r/12+1)
		if c.tail == 0 && k >= int64(len(c.digits)) {
			break
		}
	}
	return o
}

// parts is the most heaps a move leaves: 1, 2 or 3.
func (c code) parts() int64 {
	all := c.tail
	for _, d := range c.digits {
		all |= d
	}
	switch {
	case all&8 != 0:
		return 3
	case all&4 != 0:
		return 2
	}
	return 1
}

// ---- Normal play: every listed value is the mex of its options.

// valueChecker checks g(n) = mex of the values of n's options, given g
// below n. Moves that leave two heaps are looked at the fast way: values
// are split by the parity of their bits under a mask into rare (even) and
// common (odd) ones. The XOR of two common values is rare, so a common
// value is reached only by a move that leaves a rare heap: listing the
// pairs with a rare heap (few) finds every common value reached. Rare
// values are then looked for by listing all the splits, smallest part
// first, until every one below g(n) is met — soon, as a rule — and to the
// end when g(n) is rare itself, to see that no split reaches it. The mask
// changes only the speed, never the verdict.
type valueChecker[T uint8 | int64] struct {
	c    code
	g    []T // bytes when the values fit: fewer cache misses
	mask T
	rare []int64 // the heaps n >= 1 whose value is rare, ascending
	hit  []bool  // hit[x]: an option of the heap under check has value x
}

// checkValues checks that each value is the mex of its options' values.
func checkValues(c code, g []int64) error {
	top := int64(0)
	for n, x := range g {
		if x > c.options(int64(n)) {
			return fmt.Errorf("g(%d) = %d is wrong: the heap has fewer options than that", n, x)
		}
		top = max(top, x)
	}
	// XORs of values stay below the power of two above them all.
	hit := make([]bool, 1<<bits.Len64(uint64(top)))
	if top < 256 {
		g8 := make([]uint8, len(g))
		for n, x := range g {
			g8[n] = uint8(x)
		}
		return (&valueChecker[uint8]{c: c, g: g8, mask: uint8(bestMask(g)), hit: hit}).checkAll()
	}
	return (&valueChecker[int64]{c: c, g: g, mask: bestMask(g), hit: hit}).checkAll()
}

func (v *valueChecker[T]) isRare(x T) bool { return bits.OnesCount64(uint64(x&v.mask))%2 == 0 }

// bestMask picks the mask that leaves the fewest rare values.
func bestMask(g []int64) int64 {
	count := map[int64]int{}
	var top int64
	for _, x := range g {
		count[x]++
		top = max(top, x)
	}
	if top >= 1<<10 {
		return 0
	}
	best, bestRare := int64(0), len(g)+1
	for m := int64(0); m < 1<<bits.Len64(uint64(top)); m++ {
		rare := 0
		for x, k := range count {
			if bits.OnesCount64(uint64(x&m))%2 == 0 {
				rare += k
			}
		}
		if rare < bestRare {
			best, bestRare = m, rare
		}
	}
	return best
}

// checkAll checks every value in order.
func (v *valueChecker[T]) checkAll() error {
	for n := int64(0); n < int64(len(v.g)); n++ {
		if err := v.checkOne(n); err != nil {
			return err
		}
		if n > 0 && v.isRare(v.g[n]) {
			v.rare = append(v.rare, n)
		}
	}
	return nil
}

func (v *valueChecker[T]) checkOne(n int64) error {
	gn, hit := v.g[n], v.hit
	splits := v.options(n)
	if hit[gn] {
		return v.wrong(n, gn)
	}
	// Left: pairs of two common heaps, whose values are rare.
	missing := 0
	for x := T(0); x < gn; x++ {
		if !hit[x] {
			if !v.isRare(x) || len(splits) == 0 {
				return fmt.Errorf("g(%d) = %d is wrong: no option has the value %d", n, gn, x)
			}
			missing++
		}
	}
	missing, equal := v.commonPairs(gn, splits, missing)
	if equal {
		return v.wrong(n, gn)
	}
	for x := T(0); missing > 0 && x < gn; x++ {
		if !hit[x] {
			return fmt.Errorf("g(%d) = %d is wrong: no option has the value %d", n, gn, x)
		}
	}
	return nil
}

// commonPairs marks the values below gn of the splits into two heaps
// (splits: what they split, largest first), while missing values below gn
// are unmarked or gn is rare (then a pair may have its value: equal). It
// returns how many are still missing.
func (v *valueChecker[T]) commonPairs(gn T, splits []int64, missing int) (int, bool) {
	g, hit := v.g, v.hit
	full := v.isRare(gn) && len(splits) > 0
	for a := int64(1); (missing > 0 || full) && 2*a <= splits[0]; a++ {
		for _, r := range splits {
			if 2*a > r {
				break
			}
			x := g[a] ^ g[r-a]
			if x == gn {
				return missing, true
			}
			if x < gn && !hit[x] {
				hit[x] = true
				missing--
			}
		}
	}
	return missing, false
}

// options marks in v.hit the values of n's options but the splits of
// two common heaps, and returns what the moves that leave two heaps
// leave, largest first.
func (v *valueChecker[T]) options(n int64) (splits []int64) {
	g, hit := v.g, v.hit
	clear(hit)
	for k := int64(0); k <= n; k++ {
		d := v.c.digit(k)
		if d == 0 {
			if v.c.tail == 0 && k > int64(len(v.c.digits)) {
				break
			}
			continue
		}
		r := n - k
		if d&1 != 0 && r == 0 {
			hit[0] = true
		}
		if d&2 != 0 && r >= 1 {
			hit[g[r]] = true
		}
		if d&4 != 0 && r >= 2 {
			splits = append(splits, r)
			v.markRarePairs(r)
		}
		if d&8 != 0 {
			v.markTriples(r)
		}
	}
	return splits
}

// markRarePairs marks the splits of r into two heaps, one of them rare.
func (v *valueChecker[T]) markRarePairs(r int64) {
	for _, a := range v.rare {
		if a >= r {
			break
		}
		v.hit[v.g[a]^v.g[r-a]] = true
	}
}

// markTriples marks the splits of r into three heaps.
func (v *valueChecker[T]) markTriples(r int64) {
	g := v.g
	for a := int64(1); 3*a <= r; a++ {
		for b := a; a+2*b <= r; b++ {
			v.hit[g[a]^g[b]^g[r-a-b]] = true
		}
	}
}

// wrong says which option of n has the value x, by listing them all.
func (v *valueChecker[T]) wrong(n int64, x T) error {
	g := v.g
	for k := int64(0); k <= n; k++ {
		d, r := v.c.digit(k), n-k
		switch {
		case d&1 != 0 && r == 0 && x == 0:
			return fmt.Errorf("g(%d) = %d is wrong: taking all %d leaves nothing, of value 0", n, x, k)
		case d&2 != 0 && r >= 1 && g[r] == x:
			return fmt.Errorf("g(%d) = %d is wrong: taking %d leaves %d, of value %d", n, x, k, r, x)
		}
		for a := int64(1); d&4 != 0 && 2*a <= r; a++ {
			if g[a]^g[r-a] == x {
				return fmt.Errorf("g(%d) = %d is wrong: taking %d leaves %d and %d, of value %d", n, x, k, a, r-a, x)
			}
		}
		for a := int64(1); d&8 != 0 && 3*a <= r; a++ {
			for b := a; a+2*b <= r; b++ {
				if g[a]^g[b]^g[r-a-b] == x {
					return fmt.Errorf("g(%d) = %d is wrong: taking %d leaves %d, %d and %d, of value %d", n, x, k, a, b, r-a-b, x)
				}
			}
		}
	}
	return fmt.Errorf("g(%d) = %d is wrong: an option has that value", n, x)
}

// ---- The periodicity theorem. A finite code whose largest take is t and
// whose moves leave at most j heaps: if g(n+p) = g(n) for pre <= n < N0,
//
//	N0 = pre + t            (j = 1),
//	N0 = 2 pre + p + t      (j = 2),
//	N0 = 3 pre + 2 p + t    (j = 3),
//
// then for every n >= pre. (For n >= N0 a move from n+p leaves parts adding
// to n+p-k >= N0+p-t, the largest of them at least pre+p: take p from it and
// you have a move from n with the same value, by induction; and every move
// from n grows so.) So the values g(0) .. g(N0+p-1) prove it.

var theorems = map[int64]string{1: "window", 2: "guy-smith-2", 3: "guy-smith-3"}

func needed(c code, pre, p int64) int64 {
	t, pre := c.maxTake(), max(pre, 1) // the induction needs no heap of 0
	switch c.parts() {
	case 1:
		return pre + t + p
	case 2:
		return 2*pre + p + t + p
	}
	return 3*pre + 2*p + t + p
}

func (c *cert) checkPeriod() (string, error) {
	if err := c.fields("claim", "code", "theorem", "period", "preperiod", "bound", "values"); err != nil {
		return "", err
	}
	cd, err := parseCode(c.words["code"])
	if err != nil {
		return "", err
	}
	if cd.tail != 0 {
		return "", fmt.Errorf("code %s is infinite: no periodicity theorem applies", c.words["code"])
	}
	if cd.digits[0]&3 != 0 {
		return "", fmt.Errorf("code %s: the digit before the point may only split", c.words["code"])
	}
	p, pre, bound, err := c.periodFields()
	if err != nil {
		return "", err
	}
	if want := theorems[cd.parts()]; c.words["theorem"] != want {
		return "", fmt.Errorf("theorem %s does not apply to %s: its moves leave up to %d heaps, so the theorem is %s", c.words["theorem"], c.words["code"], cd.parts(), want)
	}
	if need := needed(cd, pre, p); bound != need {
		return "", fmt.Errorf("bound %d: the theorem needs the values g(0) .. g(%d), a bound of %d", bound, need-1, need)
	}
	g := c.nums["values"]
	if int64(len(g)) < bound {
		return "", fmt.Errorf("%d values listed; the bound is %d", len(g), bound)
	}
	if err := checkValues(cd, g); err != nil {
		return "", err
	}
	if err := repeats(g, pre, p); err != nil {
		return "", err
	}
	return fmt.Sprintf("the Grundy values of %s have period %d from n = %d (the %s theorem, %d values recomputed)", c.words["code"], p, pre, c.words["theorem"], len(g)), nil
}

func (c *cert) periodFields() (p, pre, bound int64, err error) {
	if p, err = c.int("period", 1); err != nil {
		return
	}
	if pre, err = c.int("preperiod", 0); err != nil {
		return
	}
	bound, err = c.int("bound", 1)
	return
}

// repeats checks that x[n] = x[n+p] for pre <= n < len(x)-p, that pre is
// the first such n (or 1), and that no period dividing p does as well.
func repeats(x []int64, pre, p int64) error {
	same := func(a, b int64) bool { return a == b }
	L := int64(len(x))
	if pre+p > L {
		return fmt.Errorf("preperiod %d and period %d leave nothing to compare", pre, p)
	}
	for n := pre; n+p < L; n++ {
		if !same(x[n], x[n+p]) {
			return fmt.Errorf("period %d from %d fails at n = %d: %d, then %d at n + %d", p, pre, n, x[n], x[n+p], p)
		}
	}
	if pre > 1 && same(x[pre-1], x[pre-1+p]) { // (heap 0 may be left out)
		return fmt.Errorf("preperiod %d is not the first: n = %d repeats too", pre, pre-1)
	}
	for q := int64(2); q <= p; q++ {
		if p%q != 0 || !prime(q) {
			continue
		}
		shorter := true
		for n := pre; n < pre+p && n+p/q < L; n++ {
			if !same(x[n], x[n+p/q]) {
				shorter = false
				break
			}
		}
		if shorter {
			return fmt.Errorf("period %d is not the least: %d is one too", p, p/q)
		}
	}
	return nil
}

func prime(q int64) bool {
	for d := int64(2); d*d <= q; d++ {
		if q%d == 0 {
			return false
		}
	}
	return true
}

// ---- Misère quotients (Plambeck and Siegel, "Misère quotients for
// impartial games", 2008). The certificate gives a commutative monoid Q
// (its table, element 0 the identity), its P-portion P, and the image
// Φ(h) in Q of each heap h < bound; a position's image is the product of
// its heaps' images. The claim: a sum of heaps of any sizes is a misère
// P-position exactly when its image is in P, with Φ repeating with the
// period past the bound; and Q is the quotient (its elements are told
// apart by outcomes).

func (c *cert) checkQuotient() (string, error) {
	if err := c.fields("claim", "code", "theorem", "period", "preperiod", "bound", "order", "table", "p-portion", "images"); err != nil {
		return "", err
	}
	cd, err := parseCode(c.words["code"])
	if err != nil {
		return "", err
	}
	if cd.tail != 0 || cd.digits[0]&3 != 0 {
		return "", fmt.Errorf("code %s: the theorem needs a finite code whose first digit only splits", c.words["code"])
	}
	p, pre, bound, err := c.periodFields()
	if err != nil {
		return "", err
	}
	if want := "misere-" + theorems[cd.parts()]; c.words["theorem"] != want {
		return "", fmt.Errorf("theorem %s does not apply to %s: the theorem is %s", c.words["theorem"], c.words["code"], want)
	}
	if need := needed(cd, pre, p); bound != need {
		return "", fmt.Errorf("bound %d: the theorem needs the images of heaps 0 .. %d, a bound of %d", bound, need-1, need)
	}
	q, err := c.monoid()
	if err != nil {
		return "", err
	}
	phi := c.nums["images"]
	if int64(len(phi)) != bound {
		return "", fmt.Errorf("%d images listed; the bound is %d", len(phi), bound)
	}
	for h, x := range phi {
		if x >= int64(q.n) {
			return "", fmt.Errorf("the image of heap %d is %d, not an element", h, x)
		}
	}
	if err := repeats(phi, pre, p); err != nil {
		return "", err
	}
	gens, err := q.generators(cd, phi)
	if err != nil {
		return "", err
	}
	if err := q.verify(gens); err != nil {
		return "", err
	}
	return fmt.Sprintf("%s has a misère quotient of order %d, %d elements in P, its heaps' images of period %d from heap %d (the %s theorem)",
		c.words["code"], q.n, len(c.nums["p-portion"]), p, pre, c.words["theorem"]), nil
}

type monoid struct {
	n   int
	mul [][]int
	inP []bool
}

// monoid reads the table and P, and checks that the table is a commutative
// monoid with identity 0.
func (c *cert) monoid() (*monoid, error) {
	order, err := c.int("order", 1)
	if err != nil {
		return nil, err
	}
	tab := c.nums["table"]
	if int64(len(tab)) != order*order {
		return nil, fmt.Errorf("the table has %d entries, not order^2 = %d", len(tab), order*order)
	}
	n := int(order)
	m := &monoid{n: n, inP: make([]bool, n)}
	for x := 0; x < n; x++ {
		m.mul = append(m.mul, make([]int, n))
		for y := 0; y < n; y++ {
			v := tab[x*n+y]
			if v >= order {
				return nil, fmt.Errorf("table row %d: %d is not an element", x, v)
			}
			m.mul[x][y] = int(v)
		}
	}
	for x := 0; x < n; x++ {
		if m.mul[0][x] != x {
			return nil, fmt.Errorf("0 is not the identity: 0·%d = %d", x, m.mul[0][x])
		}
		for y := 0; y < n; y++ {
			if m.mul[x][y] != m.mul[y][x] {
				return nil, fmt.Errorf("the table is not commutative: %d·%d = %d but %d·%d = %d", x, y, m.mul[x][y], y, x, m.mul[y][x])
			}
			for z := 0; z < n; z++ {
				if m.mul[m.mul[x][y]][z] != m.mul[x][m.mul[y][z]] {
					return nil, fmt.Errorf("the table is not associative at %d, %d, %d", x, y, z)
				}
			}
		}
	}
	for _, x := range c.nums["p-portion"] {
		if x >= order || m.inP[x] {
			return nil, fmt.Errorf("p-portion: %d is not an element, or is listed twice", x)
		}
		m.inP[x] = true
	}
	return m, nil
}

// generator is a heap as far as outcomes go: its image, and the images of
// its options.
type generator struct {
	heap  int64
	image int
	opts  []int
}

// generators lists the heaps 1 .. bound-1 that have moves, one for each
// distinct image and set of option images. A heap without moves must map
// to the identity: adding it changes no position.
func (m *monoid) generators(cd code, phi []int64) ([]generator, error) {
	var gens []generator
	seen := map[string]bool{}
	for h := int64(0); h < int64(len(phi)); h++ {
		set := make([]bool, m.n)
		var opts []int
		add := func(parts ...int64) {
			x := 0
			for _, a := range parts {
				x = m.mul[x][phi[a]]
			}
			if !set[x] {
				set[x] = true
				opts = append(opts, x)
			}
		}
		for k := int64(0); k <= h; k++ {
			d, r := cd.digit(k), h-k
			if d&1 != 0 && r == 0 {
				add()
			}
			if d&2 != 0 && r >= 1 {
				add(r)
			}
			for a := int64(1); d&4 != 0 && 2*a <= r; a++ {
				add(a, r-a)
			}
			for a := int64(1); d&8 != 0 && 3*a <= r; a++ {
				for b := a; a+2*b <= r; b++ {
					add(a, b, r-a-b)
				}
			}
		}
		if len(opts) == 0 {
			if phi[h] != 0 {
				return nil, fmt.Errorf("heap %d has no move but its image is %d, not the identity", h, phi[h])
			}
			continue
		}
		key := fmt.Sprint(phi[h], opts)
		if !seen[key] {
			seen[key] = true
			gens = append(gens, generator{heap: h, image: int(phi[h]), opts: opts})
		}
	}
	return gens, nil
}

// verify checks that images tell outcomes, by induction on positions: a
// position is a misère P-position when it has options and none of them is
// one, or when it has none (then it is won by the player to move, and its
// image, the identity's, must not be in P).
//
//   - Every element is the image of some position (reached from the
//     identity by multiplying by heaps' images), so every x in Q and every
//     heap h with x·Φ(h) in P must have x·t outside P for every option
//     image t of h: a P-position has no P option.
//   - A position G with image x and set A of its options' images, plus a
//     heap h, has the image x·Φ(h) and the options' images
//     A·Φ(h) ∪ x·T(h). Every pair (x, A) reached from (identity, ∅) with x
//     not in P must have some element of A in P. A pair whose A contains
//     another reached pair's (same x) only has more options, so only the
//     least sets are followed.
//   - Two elements x and y are told apart: some z has x·z in P but not y·z,
//     or the other way round.
func (m *monoid) verify(gens []generator) error {
	if m.inP[0] {
		return fmt.Errorf("the identity is in P, but a position without moves is won by the player to move")
	}
	if err := m.reachedAndP(gens); err != nil {
		return err
	}
	if err := m.search(gens); err != nil {
		return err
	}
	return m.apart()
}

// reachedAndP checks that every element is the image of a position (a
// breadth-first walk from the identity by the generators) and that no
// element in P times a heap has a move within the heap to P.
func (m *monoid) reachedAndP(gens []generator) error {
	reached := make([]bool, m.n)
	reached[0] = true
	queue := []int{0}
	for len(queue) > 0 {
		x := queue[0]
		queue = queue[1:]
		for _, g := range gens {
			if y := m.mul[x][g.image]; !reached[y] {
				reached[y] = true
				queue = append(queue, y)
			}
		}
	}
	for x := range m.n {
		if !reached[x] {
			return fmt.Errorf("element %d is the image of no position", x)
		}
		for _, g := range gens {
			if !m.inP[m.mul[x][g.image]] {
				continue
			}
			for _, t := range g.opts {
				if m.inP[m.mul[x][t]] {
					return fmt.Errorf("element %d times heap %d is in P, and so is a move in the heap, to %d", x, g.heap, m.mul[x][t])
				}
			}
		}
	}
	return nil
}

// apart checks that every two elements are told apart by some z.
func (m *monoid) apart() error {
	for x := range m.n {
		for y := x + 1; y < m.n; y++ {
			apart := false
			for z := 0; z < m.n && !apart; z++ {
				apart = m.inP[m.mul[x][z]] != m.inP[m.mul[y][z]]
			}
			if !apart {
				return fmt.Errorf("elements %d and %d are not told apart by any position: not a quotient", x, y)
			}
		}
	}
	return nil
}

// search follows the pairs (x, A), A as a bit set.
func (m *monoid) search(gens []generator) error {
	words := (m.n + 63) / 64
	type pair struct {
		x int
		a []uint64
	}
	kept := make([][][]uint64, m.n)
	queue := []pair{{0, make([]uint64, words)}}
	subset := func(a, b []uint64) bool { // a ⊆ b
		for i := range a {
			if a[i]&^b[i] != 0 {
				return false
			}
		}
		return true
	}
	for len(queue) > 0 {
		cur := queue[len(queue)-1]
		queue = queue[:len(queue)-1]
		for _, g := range gens {
			y := m.mul[cur.x][g.image]
			a := make([]uint64, words)
			hasP := false
			set := func(e int) {
				a[e/64] |= 1 << (e % 64)
				hasP = hasP || m.inP[e]
			}
			for e := range m.n {
				if cur.a[e/64]>>(e%64)&1 != 0 {
					set(m.mul[e][g.image])
				}
			}
			for _, t := range g.opts {
				set(m.mul[cur.x][t])
			}
			if !m.inP[y] && !hasP {
				return fmt.Errorf("some position has image %d, outside P, and no option in P (it ends with heap %d)", y, g.heap)
			}
			dominated := false
			for _, b := range kept[y] {
				if subset(b, a) {
					dominated = true
					break
				}
			}
			if dominated {
				continue
			}
			keep := kept[y][:0]
			for _, b := range kept[y] {
				if !subset(a, b) {
					keep = append(keep, b)
				}
			}
			kept[y] = append(keep, a)
			queue = append(queue, pair{y, a})
		}
	}
	return nil
}

// ---- Arithmetic periods of infinite codes: g(n+p) = g(n) + s for every
// n >= pre, s a power of two. Write n = pre + T·p + j (0 <= j < p) and
// g(pre+i) = c_i·s + r_i with r_i < s; under the pattern a heap m = pre +
// t·p + i >= pre has the value (t + c_i)·s + r_i: a high part t + c_i and
// a low part r_i, and the XOR of two values is the XOR of the high parts
// times s plus the XOR of the low parts. The values below the bound are
// recomputed; for n past it, assume the pattern below n and show that n's
// options miss V = (T + c_j)·s + r_j and reach every smaller value. Both
// are checked for every residue j with T a symbol, "T large" meaning T >=
// T1 = 2L + 4 for L the largest constant met (see arithmetic.bound).

// arithmetic is the induction step of one certificate.
type arithmetic struct {
	cd    code
	pre   int64
	p     int64
	s     int64
	c, r  []int64 // high and low parts of g(pre+i)
	g     []int64 // the values listed
	L     int64   // the largest constant met
	small int64   // parts below small are fixed heaps (pre + 2p)
}

// arithmeticClaim reads an arithmetic period's claim and checks its
// fields: the code, theorem, saltus and values.
func (c *cert) arithmeticClaim() (a *arithmetic, pre, bound int64, err error) {
	if err := c.fields("claim", "code", "theorem", "period", "preperiod", "saltus", "bound", "values"); err != nil {
		return nil, 0, 0, err
	}
	cd, err := parseCode(c.words["code"])
	if err != nil {
		return nil, 0, 0, err
	}
	if cd.tail == 0 {
		return nil, 0, 0, fmt.Errorf("code %s is finite: its values are periodic or not, never arithmetic-periodic by this theorem", c.words["code"])
	}
	if cd.digits[0]&3 != 0 || cd.parts() > 2 {
		return nil, 0, 0, fmt.Errorf("code %s: the induction covers codes whose moves leave at most two heaps and whose first digit only splits", c.words["code"])
	}
	if c.words["theorem"] != "saltus-induction" {
		return nil, 0, 0, fmt.Errorf("theorem %s: the theorem of arithmetic periods is saltus-induction", c.words["theorem"])
	}
	p, pre, bound, err := c.periodFields()
	if err != nil {
		return nil, 0, 0, err
	}
	s, err := c.int("saltus", 1)
	if err != nil || s&(s-1) != 0 {
		return nil, 0, 0, fmt.Errorf("saltus %q is not a power of two", c.words["saltus"])
	}
	g := c.nums["values"]
	if int64(len(g)) != bound {
		return nil, 0, 0, fmt.Errorf("%d values listed; the bound is %d", len(g), bound)
	}
	if pre+p > bound {
		return nil, 0, 0, fmt.Errorf("the values end before one period")
	}
	return &arithmetic{cd: cd, pre: max(pre, 1), p: p, s: s, g: g}, pre, bound, nil
}

func (c *cert) checkArithmetic() (string, error) {
	a, pre, bound, err := c.arithmeticClaim()
	if err != nil {
		return "", err
	}
	cd, p, s, g := a.cd, a.p, a.s, a.g
	a.small = a.pre + 2*p
	if a.small > bound {
		return "", fmt.Errorf("the values end before preperiod + 2 periods")
	}
	for i := int64(0); i < p; i++ {
		v := g[a.pre+i]
		a.c, a.r = append(a.c, v/s), append(a.r, v%s)
	}
	for j := int64(0); j < p; j++ {
		if err := a.unreached(j); err != nil {
			return "", err
		}
		if err := a.covered(j); err != nil {
			return "", err
		}
	}
	if need := a.pre + a.T1()*p; bound < need {
		return "", fmt.Errorf("bound %d: the induction holds from T = %d, so it needs the values g(0) .. g(%d), a bound of %d", bound, a.T1(), need-1, need)
	}
	if err := checkValues(cd, g); err != nil {
		return "", err
	}
	for n := pre; n+p < bound; n++ {
		if g[n+p] != g[n]+s {
			return "", fmt.Errorf("g(%d) = %d but g(%d) = %d: not g(n) + %d", n, g[n], n+p, g[n+p], s)
		}
	}
	if pre > 1 && g[pre-1+p] == g[pre-1]+s {
		return "", fmt.Errorf("preperiod %d is not the first: n = %d follows the pattern too", pre, pre-1)
	}
	return fmt.Sprintf("the Grundy values of %s satisfy g(n + %d) = g(n) + %d from n = %d (induction on n, %d values recomputed)", c.words["code"], p, s, pre, len(g)), nil
}

// note records constants for T1.
func (a *arithmetic) note(xs ...int64) {
	for _, x := range xs {
		a.L = max(a.L, x, -x)
	}
}

// T1 is where "T large" starts: past every constant met, with room for
// sums and differences of two.
func (a *arithmetic) T1() int64 { return 2*a.L + 4 }

func floorDiv(x, y int64) int64 {
	q := x / y
	if x%y != 0 && (x < 0) != (y < 0) {
		q--
	}
	return q
}

// at is heap n - q for n = pre + T·p + j: its value is (T + h)·s + r.
func (a *arithmetic) at(j, q int64) (h, r int64) {
	d := floorDiv(j-q, a.p)
	i := j - q - d*a.p
	a.note(d, a.c[i])
	return d + a.c[i], a.r[i]
}

// xorCanAdd reports whether x XOR hb = x + d for some x >= 0: x XOR hb - x
// is a sum of + or - each bit of hb.
func xorCanAdd(hb, d int64) bool {
	if d > hb || -d > hb {
		return false
	}
	return (hb+d)%2 == 0 && ((hb+d)/2)&^hb == 0
}

// unreached checks that no option of n = pre + T·p + j has the value V.
func (a *arithmetic) unreached(j int64) error {
	cj, rj, K := a.c[j], a.r[j], int64(len(a.cd.digits))
	a.note(K/a.p+a.small/a.p+3, a.small, a.pre)
	for i := range a.c {
		a.note(a.c[i])
	}
	for b := int64(0); b < a.small; b++ {
		a.note(a.g[b]/a.s + 1)
	}
	fail := func(format string, args ...any) error {
		return fmt.Errorf("the induction fails for n = %d + T·%d + %d: %s", a.pre, a.p, j, fmt.Sprintf(format, args...))
	}
	// Taking all leaves 0 < V; fixed heaps have values below V.
	for k := int64(0); k < K; k++ {
		d := a.cd.digit(k)
		if d&2 != 0 {
			if h, r := a.at(j, k); h == cj && r == rj {
				return fail("taking %d leaves a heap of the same value", k)
			}
		}
		if d&4 != 0 {
			if err := a.unreachedSplits(j, k, fail); err != nil {
				return err
			}
		}
	}
	return a.unreachedTail(j, fail)
}

// unreachedSplits checks the splits after taking k: one part below pre
// and the other past it, or both past pre.
func (a *arithmetic) unreachedSplits(j, k int64, fail func(string, ...any) error) error {
	cj, rj := a.c[j], a.r[j]
	for b := int64(1); b < a.pre; b++ {
		hb, rb := a.g[b]/a.s, a.g[b]%a.s
		if h, r := a.at(j, k+b); r^rb == rj && xorCanAdd(hb, cj-h) {
			return fail("taking %d and leaving %d and a heap may reach it", k, b)
		}
	}
	for ia := int64(0); ia < a.p; ia++ {
		for ib := int64(0); ib < a.p; ib++ {
			rest := j - k - a.pre - ia - ib
			if rest%a.p != 0 || a.r[ia]^a.r[ib] != rj {
				continue
			}
			// high parts x + y = T + rest/p + c_a + c_b; x XOR y has the
			// parity of x + y and is at most it
			if delta := rest/a.p + a.c[ia] + a.c[ib] - cj; delta >= 0 && delta%2 == 0 {
				return fail("taking %d and splitting into residues %d and %d may reach it", k, ia, ib)
			}
		}
	}
	return nil
}

// unreachedTail checks the moves of the code's tail: takes of K or more.
func (a *arithmetic) unreachedTail(j int64, fail func(string, ...any) error) error {
	cj, rj, K := a.c[j], a.r[j], int64(len(a.cd.digits))
	if a.cd.tail&2 != 0 { // every heap m <= n - K: m = n - q, q >= K
		for i := int64(0); i < a.p; i++ {
			if q := (a.c[i]-cj)*a.p + j - i; a.r[i] == rj && q >= K {
				return fail("the heap %d smaller has the same value", q)
			}
		}
	}
	if a.cd.tail&4 != 0 { // parts adding to at most n - K
		for b := int64(1); b < a.pre; b++ {
			hb, rb := a.g[b]/a.s, a.g[b]%a.s
			for i := int64(0); i < a.p; i++ {
				top := floorDiv(j-K-b-i, a.p) + a.c[i] + hb
				if a.r[i]^rb == rj && top >= cj {
					return fail("a split leaving %d may reach it", b)
				}
			}
		}
		for ia := int64(0); ia < a.p; ia++ {
			for ib := int64(0); ib < a.p; ib++ {
				top := floorDiv(j-K-a.pre-ia-ib, a.p) + a.c[ia] + a.c[ib]
				a.note(top)
				if a.r[ia]^a.r[ib] == rj && top >= cj {
					return fail("a split into residues %d and %d may reach it", ia, ib)
				}
			}
		}
	}
	return nil
}

// covered checks that every value below V is an option of n. For each low
// part r the high parts needed are 0 .. T + c_j - 1 (.. T + c_j when r <
// r_j). They come as runs [lo, T + hi] (heaps past pre of one residue),
// fixed numbers (fixed heaps), and tops T + e (heaps n - q).
func (a *arithmetic) covered(j int64) error {
	K := int64(len(a.cd.digits))
	cov := make([]arithCover, a.s)
	for r := range cov {
		cov[r] = arithCover{fixed: map[int64]bool{}, tops: map[int64]bool{}}
	}
	run := func(r, lo, hi int64) {
		a.note(lo, hi)
		cov[r].runLo, cov[r].runHi = append(cov[r].runLo, lo), append(cov[r].runHi, hi)
	}
	fixed := func(v int64) { cov[v%a.s].fixed[v/a.s] = true }
	if a.cd.tail&1 != 0 {
		fixed(0)
	}
	if a.cd.tail&2 != 0 {
		for m := int64(1); m < a.pre; m++ {
			fixed(a.g[m])
		}
		for i := int64(0); i < a.p; i++ { // heaps pre + t·p + i <= n - K
			run(a.r[i], a.c[i], floorDiv(j-K-i, a.p)+a.c[i])
		}
	}
	a.coverTops(j, cov)
	if a.cd.tail&4 != 0 {
		a.coverTailSplits(j, run, fixed)
	}
	return a.coversAll(j, cov)
}

// coverTops notes the tops T + e the takes below K reach: a heap left, or
// a split with a small part of value below s, which keeps the high part.
func (a *arithmetic) coverTops(j int64, cov []arithCover) {
	for k := int64(0); k < int64(len(a.cd.digits)); k++ {
		d := a.cd.digit(k)
		if d&2 != 0 {
			h, r := a.at(j, k)
			cov[r].tops[h] = true
		}
		for b := int64(1); d&4 != 0 && b < a.small; b++ {
			if a.g[b] < a.s {
				h, r := a.at(j, k+b)
				cov[r^a.g[b]].tops[h] = true
			}
		}
	}
}

// coverTailSplits notes what the tail's splits reach: a small part of
// value below s beside runs of heaps past pre, and two fixed heaps.
func (a *arithmetic) coverTailSplits(j int64, run func(r, lo, hi int64), fixed func(int64)) {
	K := int64(len(a.cd.digits))
	for b := int64(1); b < a.small; b++ {
		if a.g[b] < a.s {
			for i := int64(0); i < a.p; i++ {
				run(a.r[i]^a.g[b], a.c[i], floorDiv(j-K-b-i, a.p)+a.c[i])
			}
		}
	}
	for x := int64(1); x < a.pre; x++ {
		for y := x; y < a.pre; y++ {
			fixed(a.g[x] ^ a.g[y])
		}
	}
}

// arithCover is what reaches the values of one low part: runs of high
// parts, fixed high parts and tops T + e.
type arithCover struct {
	runLo, runHi []int64
	fixed, tops  map[int64]bool
}

// coversAll checks that the covers reach every value below V.
func (a *arithmetic) coversAll(j int64, cov []arithCover) error {
	cj, rj := a.c[j], a.r[j]
	for r := int64(0); r < a.s; r++ {
		top := cj - 1 // high parts needed: 0 .. T + top
		if r < rj {
			top = cj
		}
		cv := cov[r]
		if len(cv.runLo) == 0 {
			return fmt.Errorf("the induction fails for n = %d + T·%d + %d: nothing reaches the values with low part %d", a.pre, a.p, j, r)
		}
		lo, hi := cv.runLo[0], cv.runHi[0] // runs overlap once T is large: one run
		for i := range cv.runLo {
			lo, hi = min(lo, cv.runLo[i]), max(hi, cv.runHi[i])
		}
		for h := int64(0); h < lo; h++ {
			if !cv.fixed[h] {
				return fmt.Errorf("the induction fails for n = %d + T·%d + %d: no option has the value %d", a.pre, a.p, j, h*a.s+r)
			}
		}
		for e := hi + 1; e <= top; e++ {
			if !cv.tops[e] {
				return fmt.Errorf("the induction fails for n = %d + T·%d + %d: no option has the value (T%+d)·%d + %d", a.pre, a.p, j, e, a.s, r)
			}
		}
	}
	return nil
}
