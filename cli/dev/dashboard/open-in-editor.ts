/**
 * "Open in editor" for the dashboard: a file of the app, and only of the app, opened at a line.
 * The file is resolved under the root, symbolic links followed, and refused when it leads outside
 * (`..`, an absolute path, a link out) or is not a file. The editor is the app's `launch-editor`
 * package when it has one (it finds a running editor), else `LAUNCH_EDITOR`, `VISUAL` or
 * `EDITOR`, as the usual convention has it.
 */
import { spawn } from "node:child_process";
import { realpathSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

export interface OpenRequest {
  file: string;
  line?: number;
  column?: number;
}

export type Opened = { opened: string } | { status: number; error: string };

/** The file under `root` that `file` names, or why it may not be opened. */
export function fileInRoot(root: string, file: unknown): { absolute: string; relative: string } | { error: string } {
  if (typeof file !== "string" || file === "" || file.includes("\0")) return { error: "name a file of the app, relative to its root" };
  if (path.isAbsolute(file) || /^[A-Za-z]:/.test(file)) return { error: `${file} is not relative to the app's root` };
  let real: string;
  let realRoot: string;
  try {
    realRoot = realpathSync(root);
    real = realpathSync(path.resolve(root, file));
  } catch {
    return { error: `${file} does not exist in the app` };
  }
  const relative = path.relative(realRoot, real);
  if (relative === "" || relative.startsWith("..") || path.isAbsolute(relative)) return { error: `${file} is outside the app's root` };
  if (!statSync(real).isFile()) return { error: `${file} is not a file` };
  return { absolute: real, relative: relative.split(path.sep).join("/") };
}

export async function openInEditor(root: string, ask: OpenRequest): Promise<Opened> {
  const found = fileInRoot(root, ask.file);
  if ("error" in found) return { status: 400, error: found.error };
  const line = Number.isInteger(ask.line) && ask.line! > 0 ? ask.line! : 1;
  const column = Number.isInteger(ask.column) && ask.column! > 0 ? ask.column! : 1;
  const launch = appLaunchEditor(root);
  if (launch) {
    launch(`${found.absolute}:${line}:${column}`);
    return { opened: found.relative };
  }
  const editor = process.env.LAUNCH_EDITOR ?? process.env.VISUAL ?? process.env.EDITOR;
  if (!editor) return { status: 501, error: "no editor to open it with: set EDITOR (e.g. EDITOR=code) before sdk dev, or install launch-editor" };
  const [command, ...options] = editor.split(/\s+/).filter(Boolean);
  const started = await new Promise<string | null>((resolve) => {
    const child = spawn(command!, [...options, ...positionArguments(command!, found.absolute, line, column)], { stdio: "ignore", detached: true });
    child.once("spawn", () => resolve(null)).once("error", (error) => resolve(error.message));
    child.unref();
  });
  return started === null ? { opened: found.relative } : { status: 500, error: `${editor} did not start: ${started}` };
}

/** How the common editors take a line and column; any other gets the file alone. */
function positionArguments(command: string, file: string, line: number, column: number): string[] {
  const name = path.basename(command).replace(/\.(exe|cmd)$/, "");
  if (["code", "code-insiders", "cursor", "codium", "windsurf"].includes(name)) return ["-g", `${file}:${line}:${column}`];
  if (["vim", "nvim", "vi", "nano", "emacs", "emacsclient", "micro", "kak", "hx"].includes(name)) return [`+${line}`, file];
  if (["subl", "zed", "idea", "webstorm"].includes(name)) return [`${file}:${line}:${column}`];
  return [file];
}

function appLaunchEditor(root: string): ((file: string) => void) | null {
  try {
    return createRequire(path.join(root, "package.json"))("launch-editor") as (file: string) => void;
  } catch {
    return null;
  }
}
