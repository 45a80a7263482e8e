/**
 * The modules a scan reads: each one's text, read once, and the answers to the scan's questions
 * about it, from its syntax tree (parsed when first needed) or from the scan cache.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { toPosixRelative } from "../paths.js";
import { ParsedModule } from "./parser.js";
import { hashText, ScanCache } from "./scan-cache.js";

/**
 * One module of the app: its text, and answers to the scan's questions about it, each computed
 * from its syntax tree the first time it is asked (the tree is parsed then, once) or taken from
 * the scan cache when the text is unchanged. An answer is kept as JSON: what a caller changes in
 * the value it gets never changes the cache.
 */
export class ScanModule {
  /** Its absolute path, with `/` on every platform. */
  readonly fileName: string;
  readonly #text: string;
  readonly #facts: Record<string, string>;
  readonly #cache: ScanCache | null;
  #parsed: ParsedModule | undefined;

  constructor(absolutePath: string, text: string, facts: Record<string, string>, cache: ScanCache | null) {
    this.fileName = absolutePath.split(path.sep).join("/");
    this.#text = text;
    this.#facts = facts;
    this.#cache = cache;
  }

  /**
   * The answer to one question about this module. `question` names everything the answer depends
   * on beyond the module's text and path (`default-export:defineQueue:sdk`).
   */
  fact<T>(question: string, answer: (parsed: ParsedModule) => T): T {
    const kept = this.#facts[question];
    if (kept !== undefined) return JSON.parse(kept) as T;
    const text = JSON.stringify(answer((this.#parsed ??= new ParsedModule(this.fileName, this.#text))));
    this.#facts[question] = text;
    this.#cache?.noteChange();
    // The same copy a later build reads from the cache: no field left `undefined`.
    return JSON.parse(text) as T;
  }
}

/** The app's modules, each read once; imports are not followed. */
export class ScanProject {
  readonly root: string;
  readonly #modules = new Map<string, ScanModule>();
  readonly #cache: ScanCache | null;

  constructor(root: string, cache: ScanCache | null) {
    this.root = root;
    this.#cache = cache;
  }

  add(absolutePath: string): ScanModule {
    let module = this.#modules.get(absolutePath);
    if (!module) {
      const text = readFileSync(absolutePath, "utf8");
      const facts = this.#cache ? this.#cache.factsOf(toPosixRelative(this.root, absolutePath), hashText(text)) : {};
      module = new ScanModule(absolutePath, text, facts, this.#cache);
      this.#modules.set(absolutePath, module);
    }
    return module;
  }

  modules(): ScanModule[] {
    return [...this.#modules.values()];
  }

  /** Writes what this scan learned to the project's scan cache, when it has one. */
  saveCache(): void {
    this.#cache?.save(this.root);
  }
}

/** A project for one scan; with `cache`, answers are kept in the project's scan cache. */
export function createScanProject(root: string, options: { cache?: boolean } = {}): ScanProject {
  return new ScanProject(root, options.cache ? ScanCache.open(root) : null);
}
