/**
 * What the scan learned of each module, kept in `.sdk/cache/scan.json` by the module's content, so
 * a build or `sdk dev` start of an unchanged app parses nothing. An entry serves only the same
 * file with the same text, read by the same compiler: the cache is dropped whole when any file of
 * the compiler (or the parser's version) changes, and a module whose text changed is read again.
 * Only what is read from a module's syntax tree is kept here; every question the compiler answers
 * from file names and the config is asked again.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

/** Per project-relative file: its text's hash and, per question asked of it, the answer's JSON. */
interface CacheFile {
  compiler: string;
  modules: Record<string, { hash: string; facts: Record<string, string> }>;
}

const COMPILER_DIR = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

let compilerFingerprint: string | undefined;

/** A hash of every file of the compiler and of the parser's version: what the answers depend on. */
function fingerprint(): string {
  if (compilerFingerprint) return compilerFingerprint;
  const hash = createHash("sha256");
  const files = readdirSync(COMPILER_DIR, { recursive: true, encoding: "utf8" }).filter((file) => /\.[cm]?[jt]s$/.test(file)).sort();
  for (const file of files) hash.update(file).update("\0").update(readFileSync(path.join(COMPILER_DIR, file))).update("\0");
  hash.update(parserVersion());
  return (compilerFingerprint = hash.digest("hex"));
}

/** The version of the Rolldown whose parser the scan reads syntax with (parser.ts). */
function parserVersion(): string {
  const manifest = createRequire(import.meta.url).resolve("rolldown/package.json");
  return (JSON.parse(readFileSync(manifest, "utf8")) as { version: string }).version;
}

export function hashText(text: string): string {
  return createHash("sha1").update(text).digest("base64url");
}

export class ScanCache {
  readonly #file: string;
  readonly #entries: CacheFile["modules"];
  #changed = false;

  private constructor(file: string, entries: CacheFile["modules"]) {
    this.#file = file;
    this.#entries = entries;
  }

  /** The project's cache, empty when there is none or it was written by another compiler. */
  static open(root: string): ScanCache {
    const file = path.join(root, ".sdk", "cache", "scan.json");
    try {
      const saved = JSON.parse(readFileSync(file, "utf8")) as CacheFile;
      if (saved.compiler === fingerprint() && saved.modules && typeof saved.modules === "object") return new ScanCache(file, saved.modules);
    } catch {
      // No cache yet, or one that cannot be read: the scan starts from nothing.
    }
    return new ScanCache(file, {});
  }

  /** The answers kept for this file when its text is still the one they were found in. */
  factsOf(file: string, hash: string): Record<string, string> {
    const entry = this.#entries[file];
    if (entry && entry.hash === hash) return entry.facts;
    this.#changed = true;
    return (this.#entries[file] = { hash, facts: {} }).facts;
  }

  /** A new answer was added to an entry. */
  noteChange(): void {
    this.#changed = true;
  }

  /** Writes the cache when anything was added, without the entries of files that are gone. */
  save(root: string): void {
    if (!this.#changed) return;
    for (const file of Object.keys(this.#entries)) if (!existsSync(path.join(root, file))) delete this.#entries[file];
    mkdirSync(path.dirname(this.#file), { recursive: true });
    // Written aside and renamed: a build running beside this one never reads half a file.
    const partial = `${this.#file}.${process.pid}.tmp`;
    writeFileSync(partial, JSON.stringify({ compiler: fingerprint(), modules: this.#entries } satisfies CacheFile));
    renameSync(partial, this.#file);
    this.#changed = false;
  }
}
