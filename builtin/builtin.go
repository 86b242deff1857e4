package builtin

import (
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/gamelang/gamelang/game"
	"github.com/gamelang/gamelang/lang"
	"github.com/gamelang/gamelang/solve"
)

// Env is what a builtin needs from the session that makes it.
type Env struct {
	Limits *solve.Limits
}

// Arg is an argument of a builtin game with parameters: a number
// (*big.Int) or a set of numbers ([]*big.Int, ascending).
type Arg any

// Game is a builtin game: a ruleset, or a family of rulesets made from
// arguments (Bounded(3)).
type Game struct {
	Name   string
	Params []string // nil for a ruleset
	Doc    string
	Twin   string // the .game definition it answers like
	// New makes the ruleset for the arguments; nil for a game defined in
	// gamelang (its Twin is compiled as a script's definition would be).
	New func(env Env, args []Arg) (game.Ruleset, error)

	decl sync.Once
	head *lang.GameDecl
}

// Defined reports whether the game is its twin: a ruleset written in
// gamelang (the classics on graphs, lists and words), which the session
// compiles from Decl as it would a script's. Make is then not used.
func (b *Game) Defined() bool { return b.New == nil }

// Make returns the ruleset for the arguments (none for a ruleset).
func (b *Game) Make(env Env, args []Arg) (game.Ruleset, error) {
	if len(args) != len(b.Params) {
		return nil, fmt.Errorf("%s takes %d arguments, got %d", b.Name, len(b.Params), len(args))
	}
	if b.New == nil {
		return nil, fmt.Errorf("%s is defined in gamelang: compile its Twin", b.Name)
	}
	return b.New(env, args)
}

// Decl is the twin parsed, once: the whole definition of a game defined in
// gamelang, the head (name, parameters, state) of another, whose twin's
// body is written { ... }. Nil if the twin does not parse, which the
// library's tests rule out.
func (b *Game) Decl() *lang.GameDecl {
	b.decl.Do(func() {
		f, err := lang.Parse("builtin "+b.Name, strings.Replace(b.Twin, "{ ... }", "{ }", 1))
		if err == nil && len(f.Stmts) == 1 {
			b.head, _ = f.Stmts[0].(*lang.GameDecl)
		}
	})
	return b.head
}

var (
	mu    sync.RWMutex
	games = map[string]*Game{}
)

// Register adds games to the catalogue; a name registered twice panics.
func Register(gs ...*Game) {
	mu.Lock()
	defer mu.Unlock()
	for _, g := range gs {
		if _, dup := games[g.Name]; dup {
			panic("builtin: " + g.Name + " registered twice")
		}
		games[g.Name] = g
	}
}

// Lookup returns the builtin game of that name.
func Lookup(name string) (*Game, bool) {
	mu.RLock()
	defer mu.RUnlock()
	g, ok := games[name]
	return g, ok
}

// All lists the builtin games by name.
func All() []*Game {
	mu.RLock()
	defer mu.RUnlock()
	out := make([]*Game, 0, len(games))
	for _, g := range games {
		out = append(out, g)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}
