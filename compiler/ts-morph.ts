/**
 * ts-morph, loaded with `require`. Node's `import` of a CommonJS package first lexes its source
 * for named exports, which for ts-morph costs about 0.1 s of every `sdk build` and `sdk dev`
 * start; its types come from the package as usual. Import ts-morph's values from here, its types
 * from "ts-morph".
 */
import { createRequire } from "node:module";
import type * as TsMorph from "ts-morph";

const tsMorph = createRequire(import.meta.url)("ts-morph") as typeof TsMorph;

export const { Node, Project, SyntaxKind, ts } = tsMorph;
export type Node = TsMorph.Node;
export type Project = TsMorph.Project;
