// Package kinds lists the kinds of position the language knows, one line
// each. A new kind is a package like rules/heap and a line here.
package kinds

import (
	"github.com/gamelang/gamelang/rules"
	"github.com/gamelang/gamelang/rules/graph"
	"github.com/gamelang/gamelang/rules/heap"
	"github.com/gamelang/gamelang/rules/list"
	"github.com/gamelang/gamelang/rules/set"
	"github.com/gamelang/gamelang/rules/tuple"
)

// All returns the kinds, heaps (the default) first.
func All() []rules.Kind {
	return []rules.Kind{
		heap.Decl,
		tuple.Decl,
		set.Decl,
		graph.Decl,
		list.Decl,
	}
}
