/**
 * Where source code reads an environment variable by name: `import.meta.env.NAME`,
 * `process.env.NAME` and their `["NAME"]` forms. Text, not syntax: as with Vite's and Rollup's
 * replacements, a name in a comment or string counts too, which errs on the safe side.
 */

export type EnvObject = "import.meta.env" | "process.env";

export interface EnvReference {
  via: EnvObject;
  name: string;
  /** Offsets of the whole expression in the code. */
  start: number;
  end: number;
  /** Whether the code assigns to it (`import.meta.env.X = ...`), which must not be replaced. */
  assigned: boolean;
}

const REFERENCE = /(?<![\w$])(import\.meta\.env|process\.env)(?:\.([A-Za-z_$][\w$]*)|\[\s*(["'])([A-Za-z_$][\w$]*)\3\s*\])/g;
const ASSIGNMENT = /^\s*=(?!=)/;

export function envReferences(code: string): EnvReference[] {
  if (!code.includes("import.meta.env") && !code.includes("process.env")) return [];
  return [...code.matchAll(REFERENCE)].map((match) => {
    const end = match.index + match[0].length;
    return { via: match[1] as EnvObject, name: match[2] ?? match[4]!, start: match.index, end, assigned: ASSIGNMENT.test(code.slice(end, end + 64)) };
  });
}

/** 1-based line and column of an offset, as diagnostics print them. */
export function positionAt(code: string, offset: number): { line: number; column: number } {
  const before = code.slice(0, offset).split("\n");
  return { line: before.length, column: before.at(-1)!.length + 1 };
}

/** The files whose code is read: scripts and components, not Markdown prose or styles; ids may carry a query. */
const CODE_FILE = /\.(?:[cm]?[jt]sx?|vue|svelte)(?:\?.*)?$/;

/** The app's own modules: not packages, not virtual modules. */
export function isAppCode(id: string): boolean {
  return !id.startsWith("\0") && !id.includes("/node_modules/") && CODE_FILE.test(id);
}
