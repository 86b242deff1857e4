// The gamelang extension: starts `gamelang lsp` (the setting gamelang.path
// names the program) for .game files. Highlighting needs no program.
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const command = vscode.workspace.getConfiguration("gamelang").get("path") || "gamelang";
  client = new LanguageClient(
    "gamelang",
    "gamelang",
    { command, args: ["lsp"] },
    { documentSelector: [{ scheme: "file", language: "gamelang" }, { scheme: "untitled", language: "gamelang" }] }
  );
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
