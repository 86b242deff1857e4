package present

import (
	"fmt"
	"strings"

	"github.com/gamelang/gamelang/game"
)

// Page is the text an explanation writes; an explainer embeds one.
type Page struct{ b strings.Builder }

// Printf adds to the page.
func (p *Page) Printf(format string, args ...any) { fmt.Fprintf(&p.b, format, args...) }

// Text is the page written, without its last newlines.
func (p *Page) Text() string { return strings.TrimRight(p.b.String(), "\n") }

// Explainer explains one position, or a sum, under a play convention
// (each convention's plugin has one: lib/misereplay, lib/loopyplay...).
type Explainer interface {
	Single(p game.Position) error
	Sum(p game.Position) error
	Text() string
}

// ExplainBy writes x's explanation of p: of its one component, or of the
// sum.
func ExplainBy(p game.Position, x Explainer) (string, error) {
	var err error
	if len(p) == 1 {
		err = x.Single(p)
	} else {
		err = x.Sum(p)
	}
	if err != nil {
		return "", err
	}
	return x.Text(), nil
}
