/** Finding the node, bun or deno binary to run a built server with: the app's, ours, then PATH. */
import { existsSync } from "node:fs";
import path from "node:path";
import type { Target } from "../../compiler/ir.js";
import { PACKAGE_ROOT } from "../../compiler/paths.js";

export interface RuntimeCommand {
  command: string;
  args: string[];
}

function localBinary(root: string, name: string): string {
  for (const base of [root, PACKAGE_ROOT]) {
    const candidate = path.join(base, "node_modules", ".bin", name);
    if (existsSync(candidate)) return candidate;
  }
  return name;
}

export function serverCommand(root: string, target: Exclude<Target, "edge">, entry: string): RuntimeCommand {
  switch (target) {
    case "node":
      return { command: process.execPath, args: [entry] };
    case "bun":
      return { command: localBinary(root, "bun"), args: [entry] };
    case "deno":
      return { command: localBinary(root, "deno"), args: ["run", "-A", entry] };
  }
}
