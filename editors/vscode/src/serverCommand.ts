// Finds the server program: the configured path, or `cite-sentinel` on PATH.
import * as fs from "node:fs";
import * as path from "node:path";

const PROGRAM = "cite-sentinel";

export function findServer(
  configured: string,
  environment: NodeJS.ProcessEnv,
): string | undefined {
  if (configured) {
    return isExecutable(configured) ? configured : undefined;
  }
  const extensions =
    process.platform === "win32" ? (environment.PATHEXT ?? ".EXE;.CMD;.BAT").split(";") : [""];
  for (const folder of (environment.PATH ?? "").split(path.delimiter)) {
    for (const extension of extensions) {
      const candidate = path.join(folder, PROGRAM + extension.toLowerCase());
      if (folder && isExecutable(candidate)) {
        return candidate;
      }
    }
  }
  return undefined;
}

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}
