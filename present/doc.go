// Package present computes what the queries that show rather than answer
// print or draw, under any play convention: table()'s cells and plot()'s
// data over Values (a convention's solver, and the period its values
// follow when it knows one), the page an explainer writes, and how a move
// is said. Each convention's explanations are its plugin's
// (lib/normalplay, lib/misereplay...); writing tables and pictures out (as
// text, Markdown, CSV, JSON, PNG, SVG) is for the packages that own a
// format library: internal/render and internal/plot.
package present

// MaxDepth is the deepest explain() goes.
const MaxDepth = 10
