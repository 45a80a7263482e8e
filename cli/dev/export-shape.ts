/**
 * What a convention file exports, as one comparable string: the route table is built from the
 * names routes, pages and their server modules export (a new `POST`, an `action`, a `loader`),
 * so a save that keeps them needs no new table; Vite's module graph serves the new code. Read with
 * Vite's own parser, in well under a millisecond per file.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { parseAst } from "vite";

const SCRIPT_BLOCK = /<script\b[^>]*>([\s\S]*?)<\/script>/g;

/** Sorted export names, or null when they cannot be known from the text alone. */
export function exportShape(file: string, source: string): string | null {
  if (file.endsWith(".md")) return null;
  const component = file.endsWith(".vue") || file.endsWith(".svelte");
  const code = component ? [...source.matchAll(SCRIPT_BLOCK)].map((match) => match[1]).join("\n;\n") : source;
  let program;
  try {
    program = parseAst(code, { lang: file.endsWith(".tsx") || file.endsWith(".jsx") ? "tsx" : "ts" }, file);
  } catch {
    return null;
  }
  const names: string[] = [];
  for (const node of program.body) {
    if (node.type === "ExportAllDeclaration") return null;
    if (node.type === "ExportDefaultDeclaration") names.push("default");
    if (node.type !== "ExportNamedDeclaration") continue;
    for (const specifier of node.specifiers) names.push(nameOf(specifier.exported));
    const declaration = node.declaration;
    if (!declaration) continue;
    if (declaration.type === "VariableDeclaration") {
      for (const declarator of declaration.declarations) if (declarator.id.type === "Identifier") names.push(declarator.id.name);
    } else if ("id" in declaration && declaration.id && "name" in declaration.id) {
      names.push(declaration.id.name);
    }
  }
  return names.sort().join(",");
}

function nameOf(node: { type: string; name?: string; value?: unknown }): string {
  return node.type === "Identifier" ? node.name! : String(node.value);
}

export interface ExportShapes {
  /** Reads and remembers the shapes of these files (project-relative). */
  remember(files: readonly string[]): void;
  /** Whether the file's exports differ from the last ones seen (true when unknown or unreadable). */
  changed(file: string): boolean;
  forget(file: string): void;
}

export function trackExportShapes(root: string): ExportShapes {
  const shapes = new Map<string, string | null>();
  const read = (file: string) => {
    try {
      return exportShape(file, readFileSync(path.join(root, file), "utf8"));
    } catch {
      return null;
    }
  };
  return {
    remember(files) {
      for (const file of files) shapes.set(file, read(file));
    },
    changed(file) {
      const before = shapes.get(file);
      const after = read(file);
      shapes.set(file, after);
      return before === undefined || before === null || after === null || before !== after;
    },
    forget(file) {
      shapes.delete(file);
    },
  };
}
