// Package present computes what the queries that show rather than answer
// print or draw, under any play convention: table()'s cells and plot()'s
// data over Values (a convention's solver, and the period its values
// follow when it knows one), the page an explainer writes, and how a move
// is said. Each convention's explanations are its plugin's
// (lib/normalplay, lib/misereplay...); writing tables and pictures out (as
// text, Markdown, CSV, JSON, PNG, SVG) is for the packages that own a
// format library: internal/render and internal/plot.
//
// # Where things are
//
// It is convention-free: table cells and plot data over `present.Values` (a
// convention's solver, the values' name, the proved `Period` when the
// convention has one: `lib/normalplay/values.go` gives Grundy values with a
// code's period), the page an explainer writes (`Page`, `Explainer`,
// `ExplainBy`), how a move is said, which moves a cut list shows (`Shown`,
// in a canonical order) and how many moves a list stands for (`Count`: equal
// parts of a sum are listed once, `game.Position.Firsts`). It imports no
// convention, kind or engine. Each convention's explain() lives in its
// plugin: `lib/normalplay/explain.go` (the mex walk; a ruleset whose values
// come from a theorem says how through `normalplay.Theory`, shown after the
// mex; `comparison.go` is compare()), `lib/misereplay/explain.go`,
// `lib/loopyplay/explain.go`, `lib/entailplay/explain.go`.
package present

// MaxDepth is the deepest explain() goes.
const MaxDepth = 10
