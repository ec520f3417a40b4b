// Starts `catan-dsl lsp` (stdio) for .catan files; colours come from the TextMate grammar.
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const [command, ...args] = vscode.workspace.getConfiguration("catan-dsl").get("command");
  client = new LanguageClient(
    "catan-dsl",
    "catan-dsl",
    { command, args },
    { documentSelector: [{ scheme: "file", language: "catan" }] }
  );
  client.start();
  context.subscriptions.push({ dispose: () => client && client.stop() });
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
