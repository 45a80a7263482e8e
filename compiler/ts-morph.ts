/**
 * ts-morph, for what asks the type checker (the database schema's check in `sdk db`); the scan
 * reads syntax with TypeScript alone (typescript.ts). Loaded with `require`: Node's `import` of a
 * CommonJS package first lexes its source for named exports, about 0.1 s for ts-morph; its types
 * come from the package as usual. Import ts-morph's values from here, its types from "ts-morph".
 */
import { createRequire } from "node:module";
import type * as TsMorph from "ts-morph";

const tsMorph = createRequire(import.meta.url)("ts-morph") as typeof TsMorph;

export const { Node, Project, SyntaxKind, ts } = tsMorph;
export type Node = TsMorph.Node;
export type Project = TsMorph.Project;
