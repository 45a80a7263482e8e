/**
 * What the dev server never hands out over HTTP, from any address (a web page can make a browser
 * fetch localhost): local platform state (`.sdk/`, but the browser's entry beside it), `.env*`,
 * `.dev.vars*`, lock files, git metadata, keys, the app's configuration and its server-only
 * modules (routes/, middleware/, crons/, queues/, email/, durable-objects/, db/, auth.ts, env.ts,
 * `*.server.*`), which the browser never imports. Vite serves a file under the root through
 * several middlewares (transform for `?raw`, `?import`, `?url` and extensionless paths, static
 * for the rest, `/@fs/` for absolute paths), each decoding the path its own way, and its
 * `server.fs.deny` guards only some of them; so the guard runs first, on every spelling of the
 * path that could reach a file.
 */
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import type { IncomingMessage, ServerResponse } from "node:http";
import { CONVENTION_DIRS } from "../../compiler/scan/project.js";
import { DEV_BROWSER_FILES, DEV_GENERATED_DIR } from "../../emitters/dev.js";

export interface ServedFilesLayout {
  /** Absolute project root. */
  root: string;
  /** `sourceDir` as configured, POSIX, "" when the conventions live at the root. */
  sourceDir: string;
}

/** Files whose contents are secret wherever they are: by a segment of their path. */
const SECRET_SEGMENT = /^\.env|^\.dev\.vars|^\.git$|^\.npmrc$/;
const SECRET_EXTENSIONS = new Set([".pem", ".crt", ".key", ".p12", ".pfx"]);
const LOCK_FILES = new Set(["sdk.lock.json", "package-lock.json", "npm-shrinkwrap.json", "pnpm-lock.yaml", "yarn.lock", "bun.lock", "bun.lockb", "deno.lock"]);
/** Conventions the browser never imports: every folder but pages/. */
const SERVER_DIRS = new Set<string>(CONVENTION_DIRS.filter((dir) => dir !== "pages"));
const SERVER_FILE = /^(?:auth|env)(?:\.[a-z]+)?$/;
const CONFIG_FILE = /^(?:sdk\.config|bundler\.config|wrangler)(?:\.[a-z]+)?$/;
/** What Vite tries after an extensionless path. */
const RESOLVED_EXTENSIONS = ["", ".ts", ".tsx", ".mts", ".js", ".jsx", ".mjs", ".json"];
const BROWSER_FILES = new Set(DEV_BROWSER_FILES.flatMap((file) => [file, file.replace(/\.ts$/, "")]));

/**
 * The absolute paths a request target may reach, however it spells them: percent-decoded until
 * nothing changes (Vite and sirv decode once each), backslashes as slashes, `.` and `..`
 * resolved, `//` collapsed, Vite's `/@fs/` and `/@id/` prefixes taken off; a path is both
 * root-relative and absolute, as Vite's resolver tries both.
 */
export function requestedPaths(target: string, root: string): string[] {
  let decoded = target.replace(/[?#].*$/s, "");
  for (let round = 0; round < 4; round++) {
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      break;
    }
    if (next === decoded) break;
    decoded = next;
  }
  const clean = path.posix.normalize(`/${decoded.replace(/\\/g, "/").replace(/\0|__x00__/g, "")}`);
  if (clean.startsWith("/@fs/")) return [path.posix.normalize(clean.slice("/@fs".length))];
  const plain = clean.startsWith("/@id/") ? clean.slice("/@id".length) : clean;
  return [path.posix.join(root.split(path.sep).join("/"), plain), plain];
}

/**
 * Why `file` (absolute, POSIX) is not served, or null when it may be. Names are compared in lower
 * case, as a case-insensitive file system (macOS, Windows) would match them.
 */
export function refusedFile(file: string, layout: ServedFilesLayout): string | null {
  const segments = file.toLowerCase().split("/").filter(Boolean);
  const name = segments.at(-1) ?? "";
  if (segments.some((segment) => SECRET_SEGMENT.test(segment))) return "secrets (.env*, .dev.vars*, .npmrc) or git metadata";
  if (SECRET_EXTENSIONS.has(path.posix.extname(name))) return "keys and certificates";
  if (LOCK_FILES.has(name)) return "lock files";
  const state = segments.indexOf(".sdk");
  if (state !== -1 && !isBrowserEntry(segments.slice(state))) return "local platform state or generated server code (.sdk/)";
  const root = path.posix.normalize(layout.root.split(path.sep).join("/")).toLowerCase();
  const inRoot = relativeInside(root, file.toLowerCase());
  if (inRoot === null) return null;
  if (CONFIG_FILE.test(inRoot)) return "the app's configuration";
  const inSource = relativeInside(path.posix.join(root, layout.sourceDir.toLowerCase()), file.toLowerCase());
  const serverOnly = /\.server(?:\.|$)/.test(name) || (inSource !== null && (SERVER_DIRS.has(inSource.split("/")[0]!) || SERVER_FILE.test(inSource)));
  // A server-only name that reaches no file may be one of the app's own URLs: it goes on to the app.
  return serverOnly && reachesFile(file) ? "server-only modules (routes/, middleware/, crons/, queues/, email/, durable-objects/, db/, auth.ts, env.ts, *.server.*): the browser never imports them" : null;
}

/** Why the dev server refuses to serve this request target, or null. */
export function refusedTarget(target: string, layout: ServedFilesLayout): string | null {
  for (const file of requestedPaths(target, layout.root)) {
    const refusal = refusedFile(file, layout);
    if (refusal) return refusal;
  }
  return null;
}

type Next = (error?: unknown) => void;

/**
 * The guard as a middleware, for before any of Vite's: every method, every address. `onRefused`
 * hears of a refused module the browser asked for as a script: a page importing a server-only
 * module, which the terminal should explain.
 */
export function servedFilesGuard(layout: () => ServedFilesLayout, onRefused: (target: string, why: string) => void): (req: IncomingMessage, res: ServerResponse, next: Next) => void {
  return (req, res, next) => {
    const target = req.url ?? "/";
    const why = refusedTarget(target, layout());
    if (!why) return next();
    if (req.headers["sec-fetch-dest"] === "script") onRefused(target, why);
    res.writeHead(403, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" });
    res.end(`403 Forbidden: sdk dev never serves ${why}.\n`);
  };
}

/** `.sdk/generated/dev/client-dev.ts` and the client entry it imports: what a page loads first. */
function isBrowserEntry(fromState: string[]): boolean {
  const dir = DEV_GENERATED_DIR.toLowerCase().split("/");
  return fromState.length === dir.length + 1 && dir.every((segment, index) => fromState[index] === segment) && BROWSER_FILES.has(fromState.at(-1)!);
}

/** `file` relative to `dir` when inside it; both absolute and normalized. */
function relativeInside(dir: string, file: string): string | null {
  const prefix = dir.endsWith("/") ? dir : `${dir}/`;
  return file.startsWith(prefix) && file.length > prefix.length ? file.slice(prefix.length) : null;
}

/** Whether the path, or it with an extension Vite would try, is a file. */
function reachesFile(file: string): boolean {
  return RESOLVED_EXTENSIONS.some((extension) => existsSync(file + extension) && statSync(file + extension).isFile());
}
