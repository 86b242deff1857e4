package sweep

import (
	"fmt"
	"io"
	"math/big"
	"os"
	"strconv"
	"strings"

	"github.com/gamelang/gamelang/internal/lines"
	"github.com/gamelang/gamelang/octal"
)

// A Family is the games a sweep runs over, in a fixed order: item i of the
// family is the same game in every process, which is what makes shards
// deterministic.
type Family struct {
	Spec  string   // as written: "octal:3", "0.16,4.007", "file:codes.txt", "1..50"
	Items []string // codes, or numbers for a range
	Codes bool     // the items are take-and-break codes (else numbers)
}

// maxItems bounds a family, so that a typo (octal:9) is refused at once.
const maxItems = 1 << 20

// ParseFamily reads a family:
//
//	octal:K      every octal code 0.d1…dK, then every 4.d1…dK (a heap may
//	             also split in two without taking): 2·8^K codes, 1 <= K <= 6
//	hex:K        every hexadecimal code 0.h1…hK, then 4.h1…hK (2·16^K
//	             codes, 1 <= K <= 5)
//	file:PATH    the codes of a file, one per line (# starts a comment)
//	A..B         the numbers A to B (for a query)
//	C1,C2,…      the codes listed
func ParseFamily(spec string) (*Family, error) {
	f := &Family{Spec: spec, Codes: true}
	var err error
	switch kind, arg, _ := strings.Cut(spec, ":"); {
	case kind == "octal" || kind == "hex":
		f.Items, err = everyCode(spec, kind, arg)
	case kind == "file":
		f.Items, err = readCodes(arg)
	case strings.Contains(spec, ".."):
		f.Items, err = numbers(spec)
		f.Codes = false
	default:
		for _, c := range strings.Split(spec, ",") {
			if c = strings.TrimSpace(c); c != "" {
				f.Items = append(f.Items, c)
			}
		}
	}
	if err != nil {
		return nil, err
	}
	if len(f.Items) == 0 {
		return nil, fmt.Errorf("family %q has no games", spec)
	}
	if err := f.checkCodes(); err != nil {
		return nil, err
	}
	return f, nil
}

// checkCodes reads each game of a family of codes as a code.
func (f *Family) checkCodes() error {
	for i, c := range f.Items {
		if !f.Codes {
			return nil
		}
		if _, err := ParseCode(c); err != nil {
			return fmt.Errorf("family %q, game %d: %v", f.Spec, i+1, err)
		}
	}
	return nil
}

// everyCode is the family octal:K or hex:K, every code of K digits.
func everyCode(spec, kind, arg string) ([]string, error) {
	base, most := 8, 6
	if kind == "hex" {
		base, most = 16, 5
	}
	k, err := strconv.Atoi(arg)
	if err != nil || k < 1 || k > most {
		return nil, fmt.Errorf("family %q: the number of digits after %s: is 1 to %d", spec, kind, most)
	}
	return allCodes(base, k), nil
}

// ParseCode reads a take-and-break code: octal unless a digit needs
// hexadecimal (8, 9, a … f).
func ParseCode(s string) (octal.Code, error) {
	base := 8
	if strings.ContainsAny(strings.ToLower(s), "89abcdef") {
		base = 16
	}
	return octal.Parse(strings.ToLower(s), base)
}

// allCodes lists 0.d1…dk for every digit string in the base, in the order of
// the digits as a number, then 4.d1…dk likewise: the codes whose heaps may
// also split in two without taking (Flammenkamp's and Czajka's tables cover
// both prefixes).
func allCodes(base, k int) []string {
	n := 1
	for range k {
		n *= base
	}
	items := make([]string, 2*n)
	for i := range n {
		digits := strconv.FormatInt(int64(i), base)
		digits = strings.Repeat("0", k-len(digits)) + digits
		items[i], items[n+i] = "0."+digits, "4."+digits
	}
	return items
}

func readCodes(path string) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var items []string
	lr := lines.New(f, 1<<20)
	for {
		raw, err := lr.Next()
		if err == io.EOF {
			break
		}
		line := lr.Line
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", path, line, err)
		}
		text, _, _ := strings.Cut(raw, "#")
		fields := strings.Fields(text)
		switch {
		case len(fields) > 1:
			return nil, fmt.Errorf("%s:%d: one code per line, got %q", path, line, strings.TrimSpace(text))
		case len(fields) == 1:
			if _, err := ParseCode(fields[0]); err != nil {
				return nil, fmt.Errorf("%s:%d: %v", path, line, err)
			}
			items = append(items, fields[0])
		}
		if len(items) > maxItems {
			return nil, fmt.Errorf("%s: more than %d codes", path, maxItems)
		}
	}
	return items, nil
}

func numbers(spec string) ([]string, error) {
	a, b, _ := strings.Cut(spec, "..")
	lo, ok1 := new(big.Int).SetString(strings.TrimSpace(a), 10)
	hi, ok2 := new(big.Int).SetString(strings.TrimSpace(b), 10)
	if !ok1 || !ok2 {
		return nil, fmt.Errorf("family %q: a range is two whole numbers, as in 1..100", spec)
	}
	count := new(big.Int).Sub(hi, lo)
	if count.Sign() < 0 || count.Cmp(big.NewInt(maxItems)) >= 0 {
		return nil, fmt.Errorf("family %q: a range runs upwards and holds at most %d numbers", spec, maxItems)
	}
	items := make([]string, 0, count.Int64()+1)
	for n := new(big.Int).Set(lo); n.Cmp(hi) <= 0; n.Add(n, big.NewInt(1)) {
		items = append(items, n.String())
	}
	return items, nil
}

// Shard is the slice of a family one process runs: item i belongs to shard
// i mod Of. Index counts from 0, as Slurm's array task IDs (--array=0-N)
// and Kubernetes' completion indexes do.
type Shard struct{ Index, Of int }

// ParseShard reads "i/N".
func ParseShard(s string) (Shard, error) {
	a, b, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || n < 1 || i < 0 || i >= n {
		return Shard{}, fmt.Errorf("shard %q: write i/N with 0 <= i < N, as in 3/8 (i is $SLURM_ARRAY_TASK_ID or $JOB_COMPLETION_INDEX)", s)
	}
	return Shard{i, n}, nil
}

func (s Shard) String() string { return fmt.Sprintf("%d/%d", s.Index, s.Of) }

// Has reports whether item i belongs to the shard.
func (s Shard) Has(i int) bool { return i%s.Of == s.Index }
