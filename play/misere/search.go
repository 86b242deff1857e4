package misere

// Searches over positions, without recursion: who wins a position under
// misère play (the player to move wins when he cannot move, or can move to
// a position the other player loses), and a position's genus, which needs
// its options' genera. Positions are of any representation P with a
// canonical key; what is learnt is kept.

import (
	"context"

	"github.com/gamelang/gamelang/solve"
)

// graph is what a search needs to know of positions.
type graph[P any] struct {
	key     func(p P) string
	options func(ctx context.Context, p P) ([]P, error)
	what    string // names the game in errors
	limits  *solve.Limits
}

// frame is a position on the search path, with its options once listed and
// the next one to look at.
type frame[P any] struct {
	p    P
	key  string
	opts []P
	next int
	open bool // its options are listed
}

// winSearch finds who wins: wins[key] is true when the player to move wins.
type winSearch[P any] struct {
	graph[P]
	known func(p P) (win, ok bool) // an answer found otherwise, if any
	wins  map[string]bool
}

func newWinSearch[P any](g graph[P], known func(P) (bool, bool)) *winSearch[P] {
	return &winSearch[P]{graph: g, known: known, wins: map[string]bool{}}
}

// lookup answers from what is known, without searching.
func (s *winSearch[P]) lookup(p P, key string) (win, ok bool) {
	if win, ok := s.wins[key]; ok {
		return win, true
	}
	if s.known != nil {
		return s.known(p)
	}
	return false, false
}

// Wins reports whether the player to move wins p.
func (s *winSearch[P]) Wins(ctx context.Context, p P) (bool, error) {
	root := s.key(p)
	if w, ok := s.lookup(p, root); ok {
		return w, nil
	}
	stack := []frame[P]{{p: p, key: root}}
	path := map[string]bool{}
	for steps := 0; len(stack) > 0; steps++ {
		if err := poll(ctx, s.limits, s.what, len(s.wins), steps); err != nil {
			return false, err
		}
		child, err := s.step(ctx, &stack, path)
		if err != nil {
			return false, err
		}
		if child != nil {
			stack = append(stack, *child)
		}
	}
	return s.wins[root], nil
}

// step works on the top of the stack: it settles it, or returns an option
// to search first.
func (s *winSearch[P]) step(ctx context.Context, stack *[]frame[P], path map[string]bool) (*frame[P], error) {
	top := &(*stack)[len(*stack)-1]
	if !top.open {
		if _, done := s.lookup(top.p, top.key); done || path[top.key] {
			if !done {
				return nil, loopError(s.what)
			}
			*stack = (*stack)[:len(*stack)-1]
			return nil, nil
		}
		opts, err := s.options(ctx, top.p)
		if err != nil {
			return nil, err
		}
		top.opts, top.open = opts, true
		path[top.key] = true
	}
	for ; top.next < len(top.opts); top.next++ {
		o := top.opts[top.next]
		k := s.key(o)
		w, ok := s.lookup(o, k)
		if !ok {
			return &frame[P]{p: o, key: k}, nil
		}
		if !w { // a move to a position the other player loses
			s.settle(stack, path, true)
			return nil, nil
		}
	}
	s.settle(stack, path, false)
	return nil, nil
}

func (s *winSearch[P]) settle(stack *[]frame[P], path map[string]bool, win bool) {
	top := (*stack)[len(*stack)-1]
	// No move at all: the player to move has made no last move, and wins.
	s.wins[top.key] = win || len(top.opts) == 0
	delete(path, top.key)
	*stack = (*stack)[:len(*stack)-1]
}

// genusSearch finds genera, and which positions are tame: of tame genus,
// with every option tame (tame.go).
type genusSearch[P any] struct {
	graph[P]
	genera map[string]Genus
	tame   map[string]bool
}

func newGenusSearch[P any](g graph[P]) *genusSearch[P] {
	return &genusSearch[P]{graph: g, genera: map[string]Genus{}, tame: map[string]bool{}}
}

// Genus returns the genus of p.
func (s *genusSearch[P]) Genus(ctx context.Context, p P) (Genus, error) {
	root := s.key(p)
	if g, ok := s.genera[root]; ok {
		return g, nil
	}
	stack := []frame[P]{{p: p, key: root}}
	path := map[string]bool{}
	for steps := 0; len(stack) > 0; steps++ {
		if err := poll(ctx, s.limits, s.what, len(s.genera)+len(path), steps); err != nil { // the path's positions hold their options
			return Genus{}, err
		}
		if err := s.step(ctx, &stack, path); err != nil {
			return Genus{}, err
		}
	}
	return s.genera[root], nil
}

func (s *genusSearch[P]) step(ctx context.Context, stack *[]frame[P], path map[string]bool) error {
	top := &(*stack)[len(*stack)-1]
	if !top.open {
		if _, done := s.genera[top.key]; done || path[top.key] {
			if !done {
				return loopError(s.what)
			}
			*stack = (*stack)[:len(*stack)-1]
			return nil
		}
		opts, err := s.options(ctx, top.p)
		if err != nil {
			return err
		}
		top.opts, top.open = opts, true
		path[top.key] = true
	}
	for ; top.next < len(top.opts); top.next++ {
		k := s.key(top.opts[top.next])
		if _, ok := s.genera[k]; !ok {
			*stack = append(*stack, frame[P]{p: top.opts[top.next], key: k})
			return nil
		}
	}
	genera := make([]Genus, len(top.opts))
	tame := true
	for i, o := range top.opts {
		k := s.key(o)
		genera[i] = s.genera[k]
		tame = tame && s.tame[k]
	}
	g := genusOf(genera)
	s.genera[top.key] = g
	s.tame[top.key] = tame && g.Tame()
	delete(path, top.key)
	*stack = (*stack)[:len(*stack)-1]
	return nil
}

// poll stops a long search on Ctrl-C, at every step (a step may list the
// moves of a sum of thousands of parts), and at the state cap; it reports
// progress now and then.
func poll(ctx context.Context, lim *solve.Limits, what string, stored, steps int) error {
	if err := ctx.Err(); err != nil {
		return &solve.InterruptedError{What: what, States: stored, Err: err}
	}
	if steps%64 != 0 {
		return nil
	}
	lim.Report(what, "positions", int64(stored))
	return lim.CheckNow(what, stored+1, int64(stored)*96) // a step allocates much: the memory is read each time
}

func loopError(what string) error {
	return &solve.CycleError{Cycle: []string{"a position of " + what, "itself"}}
}
