// test/scopes.js: tokenizes files with the extension's TextMate grammar as
// VS Code does (vscode-textmate over the Oniguruma engine) and prints the
// scopes of every token. Read on stdin: a JSON list of {"name", "text"}.
// Written on stdout: a JSON list, per file, per line, of
// {"start", "end", "scopes"} (columns in UTF-16 code units, as VS Code's).
// The assertions are Go's (internal/lsp/editors_test.go), which knows from
// gamelang's own lexer what each token is.
"use strict";
const fs = require("fs");
const path = require("path");
const textmate = require("vscode-textmate");
const oniguruma = require("vscode-oniguruma");

async function main() {
  const wasm = fs.readFileSync(require.resolve("vscode-oniguruma/release/onig.wasm"));
  await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
  const registry = new textmate.Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (sources) => new oniguruma.OnigScanner(sources),
      createOnigString: (s) => new oniguruma.OnigString(s),
    }),
    loadGrammar: async (scopeName) => {
      if (scopeName !== "source.gamelang") return null;
      const file = path.join(__dirname, "..", "syntaxes", "gamelang.tmLanguage.json");
      return textmate.parseRawGrammar(fs.readFileSync(file, "utf8"), file);
    },
  });
  const grammar = await registry.loadGrammar("source.gamelang");
  const files = JSON.parse(fs.readFileSync(0, "utf8"));
  const out = files.map(({ text }) => {
    let stack = textmate.INITIAL;
    return text.split("\n").map((line) => {
      const r = grammar.tokenizeLine(line, stack);
      stack = r.ruleStack;
      return r.tokens.map((t) => ({ start: t.startIndex, end: t.endIndex, scopes: t.scopes }));
    });
  });
  process.stdout.write(JSON.stringify(out));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
