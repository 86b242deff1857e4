// Package lang is the syntax of gamelang: the lexer, the participle grammar, the
// AST and Parse. Every node carries its source position. Nothing here evaluates.
//
// # Where things are
//
// It is syntax only: the lexer (written by hand, one keyword list,
// `lang.Keywords`; binary operators are one kind of token), the participle
// grammar, the AST (`Mentions`, `Inspect`: walks over an expression),
// `Parse`/`ParseAt`, `Format` (every operation bracketed: the structure, for
// tests), `PrettyStmt` and `Fmt` (as written, comments kept: `gamelang fmt`,
// `:info`; `fmt.go`), and the positioned `Error` every later pass reports
// with. The grammar writes an expression as a flat run of operands and
// operators; lowering gives it its structure by precedence climbing
// (`parse.go`), in loops, so long chains cost no recursion. A long script is
// parsed in pieces side by side (`pieces.go`), cut only where the whole
// parse starts a statement (a short script is one piece), lexed and cut in
// one pass a piece at a time (never held as tokens whole), `ParseWith`
// polling the caller every 4096 tokens (eval stops reading at Ctrl-C and at
// the memory budget), and its simplest statements (names, numbers,
// operators, ranges, calls, sets, lists, comprehensions, if-then-else, game
// declarations) are read by `simple.go` into the grammar's own structs,
// checked against the grammar statement by statement, tree for tree, in the
// tests; a piece that does not parse sends the script back to one whole
// parse, whose error is reported. The grammar's parser is built when first
// wanted, so a script of such statements never builds it. A script that does
// not parse is read again statement by statement (`recover.go`, `ParseAll`:
// cut at each line that opens at column 1 with a word that starts a
// statement), so that check, run and the language server report every syntax
// error and still see the statements that parse, and the names the broken
// ones declare; `Tokens` is the lexer's view for an editor (comments kept,
// unreadable text one token). The word after a game's name is just a word
// here; the kinds give it meaning.
package lang
