// The koma VS Code client: starts `koma lsp` for .koma files. Everything else is the server's.
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const command = vscode.workspace.getConfiguration("koma").get("path", "koma");
  const server = { command, args: ["lsp"] };
  client = new LanguageClient(
    "koma",
    "koma",
    { run: server, debug: server },
    { documentSelector: [{ scheme: "file", language: "koma" }] }
  );
  context.subscriptions.push(client);
  client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
