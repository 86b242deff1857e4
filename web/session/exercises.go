package session

import (
	"context"
	"io/fs"
	"strings"

	"github.com/gamelang/gamelang"
	"github.com/gamelang/gamelang/exercises"
	"github.com/gamelang/gamelang/internal/exercise"
)

// openSet is the set of exercises a page has open, with its checker.
type openSet struct {
	set *exercise.Set
	c   *exercise.Checker
}

// ExerciseSet is a set the page offers.
type ExerciseSet struct {
	Name  string `json:"name"`
	Title string `json:"title"`
}

// ExerciseSets are the sets of exercises/ (docs/exercises.md).
func ExerciseSets() []ExerciseSet {
	var out []ExerciseSet
	names, _ := fs.Glob(exercises.FS, "*.exercises")
	for _, n := range names {
		src, _ := fs.ReadFile(exercises.FS, n)
		if set, err := exercise.Parse(n, string(src)); err == nil {
			out = append(out, ExerciseSet{Name: n, Title: set.Title})
		}
	}
	return out
}

// OpenExercises opens a set of exercises/: the page shows its questions.
func (s *Session) OpenExercises(ctx context.Context, name string) {
	src, err := fs.ReadFile(exercises.FS, name)
	if err == nil {
		var set *exercise.Set
		if set, err = exercise.Parse(name, string(src)); err == nil {
			var c *exercise.Checker
			if c, err = exercise.NewChecker(ctx, set, gamelang.Options{MaxMemory: MaxMemory}); err == nil {
				s.ex = &openSet{set: set, c: c}
				e := Event{Type: "exercises", Title: set.Title, Text: set.Source}
				for _, x := range set.Exercises {
					e.Items = append(e.Items, Item{ID: x.ID, Question: x.Question})
				}
				s.emit(e)
				return
			}
		}
	}
	s.emit(Event{Type: "error", Text: "exercises " + name + ": " + err.Error(), Status: 1})
}

// Check judges an answer to an exercise of the set open.
func (s *Session) Check(ctx context.Context, id, answer string) {
	if s.ex == nil {
		s.emit(Event{Type: "verdict", ID: id, Text: "no set of exercises is open"})
		return
	}
	if strings.TrimSpace(answer) == "" {
		s.emit(Event{Type: "verdict", ID: id, Text: "Write an answer first."})
		return
	}
	v, err := s.ex.c.Check(ctx, id, answer)
	if err != nil {
		s.emit(Event{Type: "verdict", ID: id, Text: err.Error()})
		return
	}
	s.emit(Event{Type: "verdict", ID: id, Right: v.Right, Text: v.Message})
}

// Hint gives an exercise's hint.
func (s *Session) Hint(ctx context.Context, id string) {
	text := "no set of exercises is open"
	if s.ex != nil {
		h, err := s.ex.c.Hint(ctx, id)
		if text = h; err != nil {
			text = err.Error()
		}
	}
	s.emit(Event{Type: "hint", ID: id, Text: text})
}
