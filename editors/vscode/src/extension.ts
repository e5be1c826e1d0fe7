// Starts `cite-sentinel lsp` for the documents it checks and keeps its settings in step.
import * as vscode from "vscode";
import {
  DidChangeConfigurationNotification,
  LanguageClient,
  LanguageClientOptions,
  ServerOptions,
  TransportKind,
} from "vscode-languageclient/node";

import { findServer } from "./serverCommand";
import { SECTION, serverSettings } from "./settings";

let client: LanguageClient | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const configuredPath = vscode.workspace.getConfiguration(SECTION).get<string>("server.path", "");
  const command = findServer(configuredPath, process.env);
  if (command === undefined) {
    void vscode.window.showErrorMessage(
      configuredPath
        ? `cite-sentinel: the server ${configuredPath} (setting cite-sentinel.server.path) is not an executable file; fix the setting or clear it to use the one on PATH.`
        : "cite-sentinel: no `cite-sentinel` program on PATH; install it (pipx install /path/to/cite-sentinel, a checkout) or set cite-sentinel.server.path.",
    );
    return;
  }
  const serverOptions: ServerOptions = {
    command,
    args: ["lsp"],
    transport: TransportKind.stdio,
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { scheme: "file", language: "bibtex" },
      { scheme: "file", language: "latex" },
      { scheme: "file", language: "markdown" },
      { scheme: "file", language: "typst" },
      // .bib without a BibTeX extension is plain text; CSL files by their double suffix, so
      // that package.json and other JSON or YAML files are left alone.
      { scheme: "file", pattern: "**/*.{bib,csl.json,csl.yaml,csl.yml}" },
    ],
    initializationOptions: serverSettings(vscode.workspace.getConfiguration(SECTION)),
  };
  client = new LanguageClient("cite-sentinel", "cite-sentinel", serverOptions, clientOptions);
  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration(async (event) => {
      if (client === undefined || !event.affectsConfiguration(SECTION)) {
        return;
      }
      if (event.affectsConfiguration(`${SECTION}.server.path`)) {
        void vscode.window.showInformationMessage(
          "cite-sentinel: reload the window to start the server from its new path.",
        );
      }
      await client.sendNotification(DidChangeConfigurationNotification.type, {
        settings: { [SECTION]: serverSettings(vscode.workspace.getConfiguration(SECTION)) },
      });
    }),
  );
  await client.start();
}

export async function deactivate(): Promise<void> {
  if (client !== undefined) {
    await client.stop();
    client = undefined;
  }
}
