package cli

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/gamelang/gamelang/internal/version"
)

const manUsage = `usage: gamelang man

Writes gamelang's manual page (roff, section 1) to stdout, made from the
same text -h prints for gamelang and for each command. To read it:
  gamelang man | man -l -
To install it:
  gamelang man > ~/.local/share/man/man1/gamelang.1
`

// runMan is gamelang man.
func runMan(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("gamelang man", flag.ContinueOnError)
	fs.Usage = func() { fmt.Fprint(fs.Output(), manUsage) }
	if code, ok := parseFlags(fs, args, stdout, stderr); !ok {
		return code
	}
	if fs.NArg() > 0 {
		return subUsageError(stderr, "man", "man takes no arguments")
	}
	writeMan(stdout)
	return exitOK
}

// helpText is a help text read back: its lines of prose, and its flags as
// flag.PrintDefaults writes them.
type helpText struct {
	prose []string
	flags []helpFlag
}

type helpFlag struct {
	name, arg, doc string
}

// readHelp reads what help writes.
func readHelp(help func(io.Writer)) helpText {
	var b strings.Builder
	help(&b)
	var h helpText
	sc := bufio.NewScanner(strings.NewReader(b.String()))
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "    \t") && len(h.flags) > 0:
			f := &h.flags[len(h.flags)-1]
			f.doc = strings.TrimSpace(f.doc + " " + strings.TrimSpace(line))
		case strings.HasPrefix(line, "  -") && len(line) > 3 && line[3] != ' ':
			head, doc, _ := strings.Cut(line[3:], "\t")
			name, arg, _ := strings.Cut(strings.TrimSpace(head), " ")
			h.flags = append(h.flags, helpFlag{name: name, arg: arg, doc: strings.TrimSpace(doc)})
		default:
			h.prose = append(h.prose, line)
		}
	}
	return h
}

// dashes writes a flag as it is typed: -e, --each.
func (f helpFlag) dashes() string {
	if len(f.name) == 1 {
		return "-" + f.name
	}
	return "--" + f.name
}

// roff escapes text for roff: backslashes, hyphens (as minus signs, which
// is what a flag's are), characters past ASCII, and a line that starts
// with a dot or a quote.
func roff(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '\\':
			b.WriteString(`\e`)
		case r == '-':
			b.WriteString(`\-`)
		case r > 127:
			fmt.Fprintf(&b, `\[u%04X]`, r)
		default:
			b.WriteRune(r)
		}
	}
	s = b.String()
	if strings.HasPrefix(s, ".") || strings.HasPrefix(s, "'") {
		s = `\&` + s
	}
	return s
}

// writeMan writes the manual page: the synopsis and options from
// gamelang -h, a section per command from its -h.
func writeMan(w io.Writer) {
	top := readHelp(func(w io.Writer) { Main([]string{"-h"}, nil, w, io.Discard) })
	fmt.Fprintf(w, ".TH GAMELANG 1 \"\" \"gamelang %s\" \"User Commands\"\n", roff(version.Release))
	fmt.Fprintln(w, ".SH NAME\ngamelang \\- define impartial games and solve them with Sprague\\-Grundy theory")
	fmt.Fprintln(w, ".SH SYNOPSIS\n.nf")
	for _, l := range top.prose {
		if strings.TrimSpace(l) != "" && !strings.HasSuffix(l, ":") {
			fmt.Fprintln(w, roff(strings.TrimPrefix(l, "  ")))
		}
	}
	fmt.Fprintln(w, ".fi")
	fmt.Fprintln(w, `.SH DESCRIPTION
gamelang reads scripts that define impartial combinatorial games (heaps,
tuples, sets, lists, words, graphs) and asks about them: Grundy values,
outcomes, winning moves, proved periods, mis\[u00E8]re values and quotients,
loopy values, tables and plots. Without arguments it is an interactive
prompt. The language is described in docs/language.md.`)
	fmt.Fprintln(w, ".SH OPTIONS")
	for _, l := range top.prose {
		if strings.HasPrefix(l, "flags") {
			fmt.Fprintln(w, roff(strings.TrimSuffix(l, ":"))+".")
		}
	}
	manFlags(w, top.flags)
	fmt.Fprintln(w, ".SH COMMANDS")
	cmds, _ := completionWords()
	for _, name := range cmds {
		sub, ok := subcommands[name]
		if !ok || name == "version" {
			continue
		}
		h := readHelp(func(w io.Writer) { sub([]string{"-h"}, w, io.Discard) })
		fmt.Fprintf(w, ".SS %s\n.nf\n", name)
		for _, l := range trimBlank(h.prose) {
			if l == "flags:" {
				continue
			}
			fmt.Fprintln(w, roff(l))
		}
		fmt.Fprintln(w, ".fi")
		manFlags(w, h.flags)
	}
	fmt.Fprintln(w, `.SH EXIT STATUS
0 on success; 1 when a script has an error or a computation reaches a
limit; 2 for a usage error; 130 when Ctrl\-C stops a run.
.SH FILES
.TP
~/.gamelang_history
the prompt's history.
.SH SEE ALSO
docs/language.md, docs/tutorial.md, docs/contest.md, docs/sweep.md,
docs/notebook.md and docs/certificates.md in gamelang's source;
certcheck, the independent checker of certificates.`)
}

func manFlags(w io.Writer, flags []helpFlag) {
	for _, f := range flags {
		fmt.Fprintf(w, ".TP\n\\fB%s\\fR", roff(f.dashes()))
		if f.arg != "" {
			fmt.Fprintf(w, " \\fI%s\\fR", roff(f.arg))
		}
		fmt.Fprintf(w, "\n%s\n", roff(f.doc))
	}
}

// trimBlank drops the blank lines at either end.
func trimBlank(lines []string) []string {
	for len(lines) > 0 && strings.TrimSpace(lines[0]) == "" {
		lines = lines[1:]
	}
	for len(lines) > 0 && strings.TrimSpace(lines[len(lines)-1]) == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}
