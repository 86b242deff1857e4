package vocab_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/gamelang/gamelang"
	"github.com/gamelang/gamelang/internal/vocab"
	_ "github.com/gamelang/gamelang/lib"
)

// :help knows the words of the kinds of position and the names their
// rules see.
func TestHelpKindWords(t *testing.T) {
	in := gamelang.NewSession(gamelang.Options{Out: new(strings.Builder)})
	for topic, want := range map[string]string{
		"list":       "a list of numbers of any length",
		"at":         "at(i)\n  in the rules of a list game, the number at index i",
		"vertices":   "the vertices of the position",
		"neighbours": "neighbours(v)",
		"graph":      "a game on a simple graph",
	} {
		var b strings.Builder
		if err := vocab.Help(in, &b, topic); err != nil || !strings.Contains(b.String(), want) {
			t.Errorf(":help %s: %v\n%s", topic, err, b.String())
		}
	}
}

// Signatures are each form of a builtin's usage, and a builtin game's
// parameters.
func TestSignatures(t *testing.T) {
	for name, want := range map[string][]string{
		"grundy":      {"grundy(P)", "grundy(G, a..b)", "grundy(P, misere)"},
		"Subtraction": {"Subtraction(S)"},
		"Kayles":      nil, // a ruleset: its positions are Kayles(n), not a family
		"nosuch":      nil,
	} {
		if got := vocab.Signatures(name); !slices.Equal(got, want) {
			t.Errorf("Signatures(%s) = %q, want %q", name, got, want)
		}
	}
}

// Every word of the lists is one a session knows: each keyword, function
// and game has help.
func TestEveryWordHasHelp(t *testing.T) {
	in := gamelang.NewSession(gamelang.Options{Out: new(strings.Builder)})
	keywords, functions, games := vocab.Lists()
	for _, w := range slices.Concat(keywords, functions, games) {
		var b strings.Builder
		if err := vocab.Help(in, &b, w); err != nil || b.Len() == 0 {
			t.Errorf(":help %s: %v", w, err)
		}
		if !slices.Contains(vocab.Words(in), w) {
			t.Errorf("%s is not among the words completed", w)
		}
	}
}
