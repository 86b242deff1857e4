package session

import (
	"io/fs"
	"regexp"
	"strings"

	"github.com/gamelang/gamelang/docs"
	"github.com/gamelang/gamelang/examples"
)

// Script is a script the page offers one click away.
type Script struct {
	Group  string `json:"group"` // "examples" or "tutorial"
	Name   string `json:"name"`  // the file name errors are reported in
	Title  string `json:"title"` // what the menu says
	Source string `json:"source"`
}

// Scripts are the scripts of examples/ and the tutorial's sessions, one
// script a section.
func Scripts() []Script {
	var out []Script
	names, _ := fs.Glob(examples.FS, "*.game")
	for _, n := range names {
		src, _ := fs.ReadFile(examples.FS, n)
		out = append(out, Script{Group: "examples", Name: n, Title: plainTitle(firstComment(string(src))), Source: string(src)})
	}
	return append(out, Tutorial(docs.Tutorial)...)
}

// jargon are the project's own words in titles: the seed documents a game
// came from ("Game B of seed 001, ", " (seed 004)", "Game A: "), which mean
// nothing to a student.
var jargon = regexp.MustCompile(`^Game [A-Z] of seed \d+[,:] |^\d+\. Game [A-Z]: | ?\([^()]*seed[^()]*\)|, seed \d+`)

// plainTitle is a title without jargon, its first letter a capital.
func plainTitle(t string) string {
	num := ""
	if m := regexp.MustCompile(`^\d+\. `).FindString(t); m != "" {
		num, t = m, t[len(m):]
		t = strings.TrimPrefix(t, "Game "+t[5:6]+": ")
	}
	t = strings.TrimSpace(jargon.ReplaceAllString(t, ""))
	if t != "" {
		t = strings.ToUpper(t[:1]) + t[1:]
	}
	return num + t
}

// slug is a title as a file name: "1. Nim" is "1-nim".
func slug(t string) string {
	t = strings.NewReplacer("è", "e", "é", "e").Replace(strings.ToLower(t))
	t = strings.Trim(regexp.MustCompile(`[^a-z0-9]+`).ReplaceAllString(t, "-"), "-")
	return t
}

// firstComment is the first line of a script's first comment, its title.
func firstComment(src string) string {
	for _, line := range strings.Split(src, "\n") {
		if t, ok := strings.CutPrefix(strings.TrimSpace(line), "#"); ok && strings.TrimSpace(t) != "" {
			t = strings.TrimSpace(jargon.ReplaceAllString(strings.TrimSpace(t), ""))
			if i := strings.IndexAny(t, ".:"); i > 0 {
				t = t[:i]
			}
			return t
		}
	}
	return ""
}

// The prompts of a session in the tutorial: the lines they start are typed.
const (
	prompt       = "gamelang> "
	continuation = "      ... "
	playPrompt   = "your move> "
)

// Tutorial turns the sessions of the tutorial (a Markdown text whose
// ```session blocks are typed at the prompt) into scripts, one a section
// (a "## " heading). A section's script begins with the definitions (game
// and let statements) typed in the sections before it, so that it runs
// alone; the moves typed during play() are left to the page's buttons, and
// a statement the tutorial shows failing is a comment.
func Tutorial(md string) []Script {
	var out []Script
	var defs, stmts []string
	title, inSession := "", false
	flush := func() {
		if len(stmts) == 0 {
			return
		}
		src := "# " + title + " (from the tutorial)\n"
		if len(defs) > 0 {
			src += "\n# defined in the sections before\n" + strings.Join(defs, "\n") + "\n"
		}
		src += "\n" + strings.Join(stmts, "\n") + "\n"
		out = append(out, Script{Group: "tutorial", Name: "tutorial-" + slug(plainTitle(title)) + ".game", Title: plainTitle(title), Source: src})
		for _, s := range stmts {
			if strings.HasPrefix(s, "game ") || strings.HasPrefix(s, "let ") {
				defs = append(defs, s)
			}
		}
		stmts = nil
	}
	for _, line := range strings.Split(md, "\n") {
		switch {
		case strings.HasPrefix(line, "## "):
			flush()
			title = strings.TrimPrefix(line, "## ")
		case line == "```session":
			inSession = true
		case inSession && line == "```":
			inSession = false
		case !inSession:
		case strings.HasPrefix(line, prompt):
			typed := strings.TrimPrefix(line, prompt)
			if !strings.HasPrefix(typed, ":") {
				stmts = append(stmts, typed)
			}
		case strings.HasPrefix(line, continuation):
			if len(stmts) > 0 {
				stmts[len(stmts)-1] += "\n" + strings.TrimPrefix(line, continuation)
			}
		case strings.HasPrefix(line, "<tutorial>:") && len(stmts) > 0:
			// the tutorial shows this statement's error; a script would
			// stop there, so it stays as a comment
			last := &stmts[len(stmts)-1]
			*last = "# at the prompt, an error (" + strings.TrimSpace(line[strings.LastIndex(line[:strings.Index(line, " ")], ":")+1:]) + "):\n# " + strings.ReplaceAll(*last, "\n", "\n# ")
		}
	}
	flush()
	return out
}
