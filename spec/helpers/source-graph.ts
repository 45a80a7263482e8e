/**
 * The import graph of the package's own source (cli/, build/, bundler/, emitters/, compiler/, runtime/), read with
 * Oxc's parser: every relative import, export-from and import() with a literal path, type-only
 * ones included, as edges between files relative to the repository root.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseSync } from "rolldown/utils";

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const SOURCE_FOLDERS = ["cli", "build", "bundler", "emitters", "compiler", "runtime"] as const;

/** Each folder's layer: a file imports from its own folder or from a lower layer only (emitters and the bundler sit side by side). */
const LAYER: Readonly<Record<string, number>> = { cli: 4, build: 3, emitters: 2, bundler: 2, compiler: 1, runtime: 0 };

export type SourceGraph = ReadonlyMap<string, readonly string[]>;

function sourceFiles(): string[] {
  return SOURCE_FOLDERS.flatMap((folder) =>
    readdirSync(path.join(REPO_ROOT, folder), { recursive: true, encoding: "utf8" })
      .filter((name) => /\.tsx?$/.test(name) && !name.endsWith(".d.ts"))
      .map((name) => path.posix.join(folder, name.split(path.sep).join("/"))),
  );
}

/** The specifiers a module names: static imports, export-from and import() of a string literal. */
function specifiers(file: string): string[] {
  const text = readFileSync(path.join(REPO_ROOT, file), "utf8");
  const { module } = parseSync(file, text, { lang: file.endsWith(".tsx") ? "tsx" : "ts" });
  const found = module.staticImports.map((entry) => entry.moduleRequest.value);
  for (const entry of module.staticExports) for (const part of entry.entries) if (part.moduleRequest) found.push(part.moduleRequest.value);
  for (const entry of module.dynamicImports) {
    const literal = /^\s*["'`]([^"'`]+)["'`]\s*$/.exec(text.slice(entry.moduleRequest.start, entry.moduleRequest.end));
    if (literal) found.push(literal[1]!);
  }
  return found;
}

/** A relative specifier as the source file it reaches (`./x.js` is `./x.ts` in the source). */
function resolve(from: string, specifier: string, files: ReadonlySet<string>): string | undefined {
  if (!specifier.startsWith(".")) return undefined;
  const target = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  const candidates = [target, target.replace(/\.js$/, ".ts"), target.replace(/\.jsx$/, ".tsx"), `${target}.ts`, `${target}/index.ts`];
  return candidates.find((candidate) => files.has(candidate));
}

export function readSourceGraph(): SourceGraph {
  const files = sourceFiles();
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const edges = specifiers(file).map((specifier) => resolve(file, specifier, known)).filter((target): target is string => target !== undefined);
    graph.set(file, [...new Set(edges)].sort());
  }
  return graph;
}

/** `from -> to` for each import of a file in another folder of the same or a higher layer. */
export function upwardImports(graph: SourceGraph): string[] {
  const folder = (file: string) => file.slice(0, file.indexOf("/"));
  return [...graph].flatMap(([file, edges]) =>
    edges.filter((edge) => folder(edge) !== folder(file) && LAYER[folder(edge)]! >= LAYER[folder(file)]!).map((edge) => `${file} -> ${edge}`),
  );
}

/** Every group of files that reach each other (Tarjan's strongly connected components of two or more, or a file importing itself). */
export function importCircles(graph: SourceGraph): string[][] {
  const index = new Map<string, number>();
  const lowLink = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  let counter = 0;
  const visit = (file: string): void => {
    index.set(file, counter);
    lowLink.set(file, counter);
    counter += 1;
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        lowLink.set(file, Math.min(lowLink.get(file)!, lowLink.get(next)!));
      } else if (onStack.has(next)) lowLink.set(file, Math.min(lowLink.get(file)!, index.get(next)!));
    }
    if (lowLink.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || graph.get(file)?.includes(file)) circles.push(group.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return circles;
}
