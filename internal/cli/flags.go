package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
)

// parseFlags parses the flags of fs up to the first word that is not one.
// -h, -help and --help print the command's help on stdout and exit 0; a
// bad flag is reported on stderr with the help, exit status 2. ok is false
// when the command should end with code.
func parseFlags(fs *flag.FlagSet, args []string, stdout, stderr io.Writer) (code int, ok bool) {
	fs.SetOutput(io.Discard) // the flag package's own messages: said below
	err := fs.Parse(args)
	fs.SetOutput(stderr) // a later fs.Usage() reports a misuse
	return flagStatus(fs, err, stdout, stderr)
}

func flagStatus(fs *flag.FlagSet, err error, stdout, stderr io.Writer) (int, bool) {
	switch {
	case errors.Is(err, flag.ErrHelp):
		fs.SetOutput(stdout)
		fs.Usage()
		return exitOK, false
	case err != nil:
		fmt.Fprintf(stderr, "%s: %v\n", fs.Name(), err)
		fs.SetOutput(stderr)
		fs.Usage()
		return exitUsage, false
	}
	return 0, true
}

// parseInterleaved parses flags that may come before, between or after the
// positional arguments, and returns those; after "--" every word is one.
func parseInterleaved(fs *flag.FlagSet, args []string, stdout, stderr io.Writer) (pos []string, code int, ok bool) {
	for {
		before := len(args)
		if code, ok := parseFlags(fs, args, stdout, stderr); !ok {
			return nil, code, false
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, 0, true
		}
		if consumed := before - len(rest); consumed > 0 && args[consumed-1] == "--" {
			return append(pos, rest...), 0, true
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// countFlag is a flag value that is a count: 20000000, 2e7 or 10^7; 0
// is the default.
type countFlag int

func (c *countFlag) String() string { return strconv.Itoa(int(*c)) }

func (c *countFlag) Set(s string) error {
	if s == "0" {
		*c = 0
		return nil
	}
	n, err := count(s)
	*c = countFlag(n)
	return err
}
