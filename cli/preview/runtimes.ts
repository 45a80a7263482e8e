/**
 * Finding the node, bun or deno binary to run a built server with: the one installed in the app
 * (or a folder above it, as Node resolves packages), then PATH.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import type { Target } from "../../compiler/ir.js";

export interface RuntimeCommand {
  command: string;
  args: string[];
}

function localBinary(root: string, name: string): string {
  for (let dir = path.resolve(root); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, "node_modules", ".bin", name);
    if (existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) return name;
  }
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
