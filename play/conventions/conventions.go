// Package conventions lists the play conventions queries may name, one line
// each. A new convention is a package like play/normal and a line here.
package conventions

import (
	"github.com/gamelang/gamelang/play"
	"github.com/gamelang/gamelang/play/loopy"
	"github.com/gamelang/gamelang/play/misere"
	"github.com/gamelang/gamelang/play/normal"
)

// All returns the conventions, the default (normal play) first.
func All() []play.Convention {
	return []play.Convention{
		normal.Convention,
		misere.Convention,
		loopy.Convention,
	}
}
