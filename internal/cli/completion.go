package cli

import (
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"
)

const completionUsage = `usage: gamelang completion bash|zsh|fish

Writes a completion script for the shell: commands, flags (from the same
definitions -h prints) and .game files. To use it:
  bash:  source <(gamelang completion bash)       (or save it in ~/.local/share/bash-completion/completions/gamelang)
  zsh:   source <(gamelang completion zsh)
  fish:  gamelang completion fish > ~/.config/fish/completions/gamelang.fish
`

// runCompletion is gamelang completion.
func runCompletion(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("gamelang completion", flag.ContinueOnError)
	fs.Usage = func() { fmt.Fprint(fs.Output(), completionUsage) }
	if code, ok := parseFlags(fs, args, stdout, stderr); !ok {
		return code
	}
	if fs.NArg() != 1 {
		return subUsageError(stderr, "completion", "which shell? bash, zsh or fish")
	}
	cmds, flags := completionWords()
	switch fs.Arg(0) {
	case "bash":
		writeBash(stdout, cmds, flags)
	case "zsh":
		fmt.Fprintln(stdout, "#compdef gamelang\nautoload -U +X bashcompinit && bashcompinit")
		writeBash(stdout, cmds, flags)
	case "fish":
		writeFish(stdout, cmds, flags)
	default:
		return subUsageError(stderr, "completion", fmt.Sprintf("no completion for %q: bash, zsh or fish", fs.Arg(0)))
	}
	return exitOK
}

// completionWords are the commands and, for "" (gamelang itself) and each
// command with flags of its own, its flags: read from what -h prints, so
// that they are the flags the commands define.
func completionWords() (cmds []string, flags map[string][]string) {
	cmds = []string{"run", "check", "help"}
	for name := range subcommands {
		cmds = append(cmds, name)
	}
	slices.Sort(cmds)
	flags = map[string][]string{"": flagsOf(func(w io.Writer) { Main([]string{"-h"}, nil, w, io.Discard) })}
	for _, name := range cmds {
		if sub, ok := subcommands[name]; ok {
			flags[name] = flagsOf(func(w io.Writer) { sub([]string{"-h"}, w, io.Discard) })
		}
	}
	flags["run"], flags["check"] = flags[""], flags[""]
	return cmds, flags
}

// flagsOf lists the flags in a help text, as they are typed: -e, --each.
func flagsOf(help func(io.Writer)) []string {
	var out []string
	for _, f := range readHelp(help).flags {
		out = append(out, f.dashes())
	}
	return append(out, "-h", "--help")
}

func writeBash(w io.Writer, cmds []string, flags map[string][]string) {
	fmt.Fprintf(w, `# gamelang completion for bash (gamelang completion bash)
_gamelang() {
    local cur=${COMP_WORDS[COMP_CWORD]} cmd="" i
    for ((i = 1; i < COMP_CWORD; i++)); do
        case ${COMP_WORDS[i]} in -*) ;; *) cmd=${COMP_WORDS[i]}; break ;; esac
    done
    local opts
    case $cmd in
`)
	for _, c := range cmds {
		if f, ok := flags[c]; ok {
			fmt.Fprintf(w, "        %s) opts=%q ;;\n", c, strings.Join(f, " "))
		}
	}
	fmt.Fprintf(w, "        *) opts=%q ;;\n    esac\n", strings.Join(flags[""], " "))
	fmt.Fprintf(w, `    if [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W "$opts" -- "$cur"))
    elif [[ -z $cmd ]]; then
        COMPREPLY=($(compgen -W %q -- "$cur") $(compgen -f -X '!*.game' -- "$cur") $(compgen -d -- "$cur"))
    elif [[ $cmd == help ]]; then
        COMPREPLY=($(compgen -W %q -- "$cur"))
    elif [[ $cmd == completion ]]; then
        COMPREPLY=($(compgen -W "bash zsh fish" -- "$cur"))
    else
        COMPREPLY=($(compgen -f -X '!*.game' -- "$cur") $(compgen -d -- "$cur"))
    fi
}
complete -o filenames -F _gamelang gamelang
`, strings.Join(cmds, " "), strings.Join(cmds, " "))
}

func writeFish(w io.Writer, cmds []string, flags map[string][]string) {
	fmt.Fprintln(w, "# gamelang completion for fish (gamelang completion fish)")
	fmt.Fprintf(w, "complete -c gamelang -n __fish_use_subcommand -f -a %q\n", strings.Join(cmds, " "))
	fmt.Fprintln(w, "complete -c gamelang -n '__fish_seen_subcommand_from completion' -f -a 'bash zsh fish'")
	fmt.Fprintf(w, "complete -c gamelang -n '__fish_seen_subcommand_from help' -f -a %q\n", strings.Join(cmds, " "))
	for _, c := range append([]string{""}, cmds...) {
		cond := "__fish_use_subcommand"
		if c != "" {
			cond = "__fish_seen_subcommand_from " + c
		}
		for _, f := range flags[c] {
			switch {
			case strings.HasPrefix(f, "--"):
				fmt.Fprintf(w, "complete -c gamelang -n '%s' -l %s\n", cond, f[2:])
			default:
				fmt.Fprintf(w, "complete -c gamelang -n '%s' -s %s\n", cond, f[1:])
			}
		}
	}
}
