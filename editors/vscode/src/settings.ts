// Turns the VS Code settings into the options the server reads (lsp/config.py's names).
import type { WorkspaceConfiguration } from "vscode";

export const SECTION = "cite-sentinel";

export interface ServerSettings {
  verify: boolean;
  offline: boolean;
  mailto: string;
  backends: string[];
  severity: Record<string, string>;
  ground: boolean | null; // null: `.cite-sentinel.toml`'s [ground] enabled decides
  scorer: string;
  fulltext: string;
  accept: string[];
}

export function serverSettings(configuration: WorkspaceConfiguration): ServerSettings {
  return {
    verify: configuration.get<boolean>("verify", true),
    offline: configuration.get<boolean>("offline", false),
    mailto: configuration.get<string>("mailto", ""),
    backends: configuration.get<string[]>("backends", []),
    severity: configuration.get<Record<string, string>>("severity", {}),
    ground: configuration.get<boolean | null>("groundedness", null),
    scorer: configuration.get<string>("scorer", ""),
    fulltext: configuration.get<string>("fulltext", ""),
    accept: configuration.get<string[]>("accept", []),
  };
}
