/**
 * The TypeScript compiler API for reading an app's modules by their syntax: the copy ts-morph
 * ships (in @ts-morph/common), loaded alone. A build parses each module once with
 * `ts.createSourceFile`; a ts-morph Project around those files doubled the cost of the scan
 * (directories, a wrapper per node), and loading ts-morph's own 4 MB on top of TypeScript took
 * another 0.2 s of every build. ts-morph stays for what edits source (`sdk init`, `sdk migrate`)
 * or asks for types. Loaded with `require`: Node's `import` of a CommonJS file lexes it for named
 * exports first. Resolved from ts-morph's own folder, so it is the copy ts-morph uses wherever
 * the package manager put it.
 */
import { createRequire } from "node:module";
import type { ts as TypeScript } from "ts-morph";

/** typescript.js of the TypeScript ts-morph uses, resolved without loading it. */
export function typeScriptFile(): string {
  return createRequire(createRequire(import.meta.url).resolve("ts-morph")).resolve("@ts-morph/common/dist/typescript.js");
}

let loaded: typeof TypeScript | undefined;

function load(): typeof TypeScript {
  return (loaded = createRequire(import.meta.url)(typeScriptFile()) as typeof TypeScript);
}

/**
 * TypeScript, loaded when first used (about 0.3 s): a build whose every module is answered from
 * the scan cache never loads it.
 */
export const ts: typeof TypeScript = new Proxy({} as typeof TypeScript, {
  get: (_, name) => (loaded ?? load())[name as keyof typeof TypeScript],
});

/** The namespace's types: `TS.ImportDeclaration`. */
export type { TypeScript as TS };
export type TsNode = TypeScript.Node;
export type TsSourceFile = TypeScript.SourceFile;
export type TsDiagnostic = TypeScript.Diagnostic;
export type TsStringLiteral = TypeScript.StringLiteral;
