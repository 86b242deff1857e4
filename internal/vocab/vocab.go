// Package vocab is the language's words and what they mean: the keywords
// with their help, the builtin functions, play conventions and builtin
// games (from the public API), the words a kind of position adds. The
// prompt (:help, Tab), the language server (hover, completion, signature
// help), the Jupyter kernel and the playground read them here, and the
// editor grammars' tests check against them.
package vocab

import (
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/gamelang/gamelang"
	"github.com/gamelang/gamelang/lang"
	setkind "github.com/gamelang/gamelang/rules/set"
)

// game is the builtin game of that name.
func game(name string) (gamelang.GameDoc, bool) {
	for _, g := range gamelang.Games() {
		if g.Name == name {
			return g, true
		}
	}
	return gamelang.GameDoc{}, false
}

// Lists are the words an editor colours: the keywords, the builtin
// functions and the builtin games.
func Lists() (keywords, functions, games []string) {
	keywords = slices.Clone(lang.Keywords)
	for _, d := range gamelang.Funcs() {
		functions = append(functions, d.Name)
	}
	for _, g := range gamelang.Games() {
		games = append(games, g.Name)
	}
	return keywords, functions, games
}

const statements = `Statements:
  game Nim { take 1.. }                 define a ruleset (see docs/language.md)
  let x = 10^18                         bind a name
  grundy(Nim(3) + Nim(5))               any expression prints its value
`

// Help writes :help, or :help NAME for one function, play convention,
// keyword or builtin game.
func Help(in *gamelang.Session, out io.Writer, topic string) error {
	docs := gamelang.Funcs()
	if topic == "" {
		fmt.Fprint(out, statements)
		var names []string
		for _, d := range docs {
			names = append(names, d.Name)
		}
		wrap(out, "Functions: "+strings.Join(names, " "), "  ")
		names = names[:0]
		for _, b := range gamelang.Games() {
			names = append(names, signature(b))
		}
		wrap(out, "Builtin games: "+strings.Join(names, " "), "  ")
		names = names[:0]
		for _, c := range in.Conventions() {
			names = append(names, c.Name)
		}
		wrap(out, fmt.Sprintf("Play conventions: %s (the last argument of outcome, options, winning, play, grundy: outcome(P, %s))", strings.Join(names, " "), names[len(names)-1]), "  ")
		wrap(out, "Keywords: "+strings.Join(lang.Keywords, " "), "  ")
		fmt.Fprintln(out, "Commands: :load FILE   :info NAME   :set [max-states N | max-memory SIZE |")
		fmt.Fprintln(out, "  max-time DURATION]")
		fmt.Fprintln(out, "  :help [NAME]   :quit   (Ctrl-C drops the line or stops a computation,")
		fmt.Fprintln(out, "  Ctrl-D leaves)")
		wrap(out, ":help NAME tells more about a function, keyword or builtin game; :info NAME shows what you defined.", "")
		return nil
	}
	for _, d := range append(docs, in.Conventions()...) {
		if d.Name == topic {
			fmt.Fprintln(out, d.Usage)
			wrap(out, "  "+d.Doc, "  ")
			kindHelp(in, out, topic) // graph is a function and a kind
			return nil
		}
	}
	if d, ok := keywordDocs[topic]; ok {
		fmt.Fprintf(out, "%s: keyword\n", topic)
		wrap(out, "  "+d, "  ")
		return nil
	}
	if b, ok := game(topic); ok {
		fmt.Fprintf(out, "%s: builtin game\n", signature(b))
		wrap(out, "  "+b.Doc, "  ")
		fmt.Fprintf(out, "  answers like: %s\n", b.Twin) // code, not wrapped
		return nil
	}
	if kindHelp(in, out, topic) {
		return nil
	}
	return fmt.Errorf(":help: no function, keyword, builtin game or rule name is called %q", topic)
}

// kindHelp writes what a kind of position says of a word, if anything.
func kindHelp(in *gamelang.Session, out io.Writer, topic string) bool {
	h, ok := in.KindHelp(topic)
	if ok {
		usage, doc, _ := strings.Cut(h, ": ")
		fmt.Fprintln(out, usage)
		wrap(out, "  "+doc, "  ")
	}
	return ok
}

// keywordDocs says what each keyword does, with an example.
var keywordDocs = map[string]string{
	"game":    "defines a ruleset: game Nim { take 1.. }, game W state (a, b) { ... }, game G set { ... }, game D = octal(\"0.07\")",
	"let":     "binds a name to a value: let n = 10^18",
	"take":    "a heap rule: take AMOUNT (a number, range or set) from the heap: take 1..3, take {1, 3, 4}",
	"split":   "after take: the rest of the heap may be left as two heaps: take 2 split",
	"leaving": "after take: how many heaps the rest is left as: take 1 leaving 0..2",
	"loses":   "loses if COND: whoever leaves a position where COND holds loses at once: loses if n == 1",
	"if":      "a condition: loses if COND, the guard of a move rule: move (a - k, b) for k in 1..a if k != 2, the filter of a comprehension: {k for k in 1..9 if odd(k)}, and the conditional if COND then A else B",
	"then":    "in a conditional: if COND then A else B, as in if odd(n) then 3 * n + 1 else n / 2",
	"else":    "in a conditional: if COND then A else B",
	"move":    "a rule of a tuple (or heap) game: move (a - k, b) for k in 1..a, the position a move reaches",
	"for":     "binds a variable over a range or set in a move rule: for k in 1..a, or in a comprehension: {k^2 for k in 1..9}, all(n % d != 0 for d in 2..n-1)",
	"in":      "the range or set of a for clause or a pick: for k in 1..a, pick x in 2..20",
	"state":   "declares a game on tuples of numbers: game W state (a, b) { ... }",
	"set":     "declares a game whose position is a set of numbers: game G set { pick x in 2..20 }",
	"pick":    "a rule of a set game: pick x in RANGE, a number of the position is picked",
	"forbid":  "forbid sums: in a set game, a picked number and every sum of picked numbers are no longer available",
	"and":     "true when both sides are: a > 0 and b > 0",
	"or":      "true when either side is: a == 0 or b == 0",
	"not":     "negates a truth value: not odd(n)",
	"mod":     "the remainder, as %: n mod 3",
	"xor":     "the nim sum, as an operator: a xor b (also the function xor(a, b, ...)); & | << >> are the other bit operators",
}

// helpWidth is the width help text is wrapped to.
const helpWidth = 80

// wrap writes text in lines of at most helpWidth columns, broken between
// words; the lines after the first start with indent.
func wrap(out io.Writer, text, indent string) {
	line := ""
	for _, w := range strings.Fields(text) {
		switch {
		case line == "":
			line = strings.Repeat(" ", len(text)-len(strings.TrimLeft(text, " "))) + w
		case utf8.RuneCountInString(line)+1+utf8.RuneCountInString(w) > helpWidth:
			fmt.Fprintln(out, line)
			line = indent + w
		default:
			line += " " + w
		}
	}
	fmt.Fprintln(out, line)
}

// Signatures are the ways to call a builtin function or game, as its help
// writes them (grundy(P), grundy(G, a..b)), nil for another word.
func Signatures(name string) []string {
	for _, d := range gamelang.Funcs() {
		if d.Name == name {
			return calls(name, d.Usage)
		}
	}
	if b, ok := game(name); ok && b.Params != nil {
		return []string{signature(b)}
	}
	return nil
}

// calls lists the calls of name in a usage text: each "name(" up to its
// closing bracket.
func calls(name, usage string) []string {
	var out []string
	for rest := usage; ; {
		i := strings.Index(rest, name+"(")
		if i < 0 {
			return out
		}
		rest = rest[i:]
		depth, end := 0, -1
		for j, c := range rest {
			if c == '(' {
				depth++
			} else if c == ')' {
				if depth--; depth == 0 {
					end = j + 1
					break
				}
			}
		}
		if end < 0 {
			return out
		}
		out = append(out, rest[:end])
		rest = rest[end:]
	}
}

func signature(b gamelang.GameDoc) string {
	if b.Params == nil {
		return b.Name
	}
	return b.Name + "(" + strings.Join(b.Params, ", ") + ")"
}

// Words are the words a statement of the session may use, sorted: the
// keywords, the functions, the play conventions, the builtin games and
// the names defined. The prompt and the notebook complete from them.
func Words(in *gamelang.Session) []string {
	words := slices.Concat(lang.Keywords, setkind.ForbidWords, in.Names())
	for _, d := range append(gamelang.Funcs(), in.Conventions()...) {
		words = append(words, d.Name)
	}
	for _, b := range gamelang.Games() {
		words = append(words, b.Name)
	}
	sort.Strings(words)
	return slices.Compact(words)
}
