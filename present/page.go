package present

import (
	"fmt"
	"strings"

	"github.com/gamelang/gamelang/game"
)

// page is the text an explanation writes.
type page struct{ b strings.Builder }

func (p *page) printf(format string, args ...any) { fmt.Fprintf(&p.b, format, args...) }

func (p *page) text() string { return strings.TrimRight(p.b.String(), "\n") }

// conventionExplainer explains one position, or a sum, under a convention.
type conventionExplainer interface {
	single(p game.Position) error
	sum(p game.Position) error
	text() string
}

// explainBy writes x's explanation of p.
func explainBy(p game.Position, x conventionExplainer) (string, error) {
	var err error
	if len(p) == 1 {
		err = x.single(p)
	} else {
		err = x.sum(p)
	}
	if err != nil {
		return "", err
	}
	return x.text(), nil
}
