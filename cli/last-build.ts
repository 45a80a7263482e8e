/** Which target dist/ holds, so `sdk preview` knows how to start it. Kept in .sdk/, not in dist/. */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Target } from "../compiler/ir.js";

const file = (root: string) => path.join(root, ".sdk", "last-build.json");

export function writeLastBuild(root: string, target: Target): void {
  mkdirSync(path.dirname(file(root)), { recursive: true });
  writeFileSync(file(root), `${JSON.stringify({ target }, null, 2)}\n`);
}

export function readLastBuild(root: string): Target | null {
  if (!existsSync(file(root))) return null;
  return (JSON.parse(readFileSync(file(root), "utf8")) as { target: Target }).target;
}
