// Package lsp is gamelang's language server (gamelang lsp): the Language
// Server Protocol over stdin and stdout, JSON-RPC 2.0 messages framed by
// Content-Length headers. It keeps the text of each open document and
// answers from it: diagnostics from the check pass as the text changes,
// hover (the prompt's :help for a builtin, the definition for a name of
// the file), completion (the prompt's words and the file's names),
// go to definition, references, rename, signature help, semantic tokens,
// document symbols and formatting (gamelang fmt). A file with syntax
// errors is read past them (lang.ParseAll): every feature works from the
// statements that parse, and a definition being typed is shown as the
// last version without a syntax error had it.
//
// Positions: the protocol counts lines from 0 and characters in UTF-16
// code units; gamelang counts lines from 1 and columns in bytes. The
// conversions are in document.go.
//
// # Where things are
//
// The JSON-RPC framing, bounded before a message is read, and the
// dispatch are in lsp.go: messages are read on a goroutine of their own,
// and diagnostics are published when no request waits. Each open
// document's answers are in document.go (hover, completion, definition,
// symbols, formatting) and navigate.go (references, rename, signature
// help, semantic tokens, from gamelang.Analyze: which definition each name
// resolves to, by the check pass's Resolved hook). It uses the same
// parser, check pass, vocabulary (internal/vocab) and formatter as the
// prompt; editors/ holds the grammars that editors_test.go keeps equal to
// the vocabulary's keywords, and drives Neovim and vscode-textmate.
package lsp
