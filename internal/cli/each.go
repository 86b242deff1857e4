package cli

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math/big"
	"strings"

	"github.com/gamelang/gamelang"
)

// runEach is the batch mode: spec is "names: expression"; each line of
// stdin that is not blank gives as many numbers, bound to the names in
// order, and the value of the expression is printed, one line per line
// (JSON with --json). The expression is parsed and checked once.
func runEach(ctx context.Context, in *gamelang.Session, spec string, stdin io.Reader, stdout, stderr io.Writer) int {
	out := bufio.NewWriterSize(stdout, 64<<10) // a write per answer would cost more than the answer
	in.SetOutput(out)
	defer in.SetOutput(stdout)
	status := each(ctx, in, spec, stdin, stderr, out)
	if err := out.Flush(); err != nil && status == exitOK {
		fmt.Fprintln(stderr, err)
		return exitError
	}
	return status
}

// each answers the lines; what it writes to stderr comes after what it
// wrote to out, which it flushes first.
func each(ctx context.Context, in *gamelang.Session, spec string, stdin io.Reader, stderr io.Writer, out *bufio.Writer) int {
	names, expr, ok := strings.Cut(spec, ":")
	if !ok {
		return usageError(stderr, fmt.Sprintf("--each %q: write the names, a colon, then the expression, as in 'a b: outcome(Wythoff(a, b))'", spec))
	}
	t, err := in.Template(ctx, "--each", strings.Fields(names), strings.TrimSpace(expr))
	if err != nil {
		return result(ctx, in, err, stderr)
	}
	sc := bufio.NewScanner(stdin)
	sc.Buffer(make([]byte, 64<<10), maxEachLine)
	nums := make([]*big.Int, len(t.Names()))
	line := 0
	for sc.Scan() {
		line++
		if ctx.Err() != nil {
			out.Flush()
			return result(ctx, in, fmt.Errorf("interrupted at line %d of the input: %w", line, ctx.Err()), stderr)
		}
		fields := strings.Fields(sc.Text())
		if len(fields) == 0 {
			continue
		}
		if len(fields) != len(nums) {
			out.Flush()
			fmt.Fprintf(stderr, "<stdin>:%d: expected %d numbers (%s), got %d\n", line, len(nums), strings.Join(t.Names(), " "), len(fields))
			return exitError
		}
		for i, f := range fields {
			n, ok := new(big.Int).SetString(f, 10)
			if !ok {
				out.Flush()
				fmt.Fprintf(stderr, "<stdin>:%d: %q is not a whole number\n", line, f)
				return exitError
			}
			nums[i] = n
		}
		v, err := t.Eval(ctx, nums)
		if err != nil {
			out.Flush()
			fmt.Fprintf(stderr, "<stdin>:%d: %s = %s:\n", line, strings.Join(t.Names(), " "), sc.Text())
			return result(ctx, in, err, stderr)
		}
		if err := t.Print(line, v); err != nil {
			fmt.Fprintln(stderr, err)
			return exitError
		}
	}
	if err := sc.Err(); err != nil {
		fmt.Fprintf(stderr, "<stdin>:%d: %v\n", line+1, err)
		return exitError
	}
	return exitOK
}

// maxEachLine is the longest input line --each reads.
const maxEachLine = 64 << 20
