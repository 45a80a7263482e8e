/**
 * Type tests against this checkout's sources: a project whose tsconfig extends what `sdk prepare`
 * writes, with `sdk/*` resolved to the runtime's TypeScript, checked by the real `tsc`.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { REPO_ROOT } from "./sdk-cli.ts";

const TSC = path.join(REPO_ROOT, "node_modules", "typescript", "bin", "tsc");
const runtime = (file: string) => [path.join(REPO_ROOT, "runtime", file)];

export function writeLines(root: string, file: string, lines: string[]): void {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), `${lines.join("\n")}\n`);
}

/** tsconfig.json extending `.sdk/tsconfig.json`, the sdk modules type tests use mapped to their sources. */
export function writeSourceTsconfig(root: string): void {
  writeLines(root, "tsconfig.json", [JSON.stringify({
    extends: "./.sdk/tsconfig.json",
    // workerd's module, which sdk/auth's and sdk/env's sources import.
    files: runtime("platform/cloudflare-workers.d.ts"),
    compilerOptions: {
      types: ["node"],
      typeRoots: [path.join(REPO_ROOT, "node_modules", "@types")],
      paths: {
        "sdk": runtime("index.ts"),
        "sdk/config": [path.join(REPO_ROOT, "compiler", "config", "define.ts")],
        "sdk/db": runtime("db/index.ts"),
        "sdk/auth": runtime("auth/index.ts"),
        "sdk/env": runtime("env/index.ts"),
        "sdk/schema": runtime("db/schema-sqlite.ts"),
        "sdk/schema-pg": runtime("db/schema-pg.ts"),
        "sdk/schema-mysql": runtime("db/schema-mysql.ts"),
        "sdk/runtime/*": runtime("*"),
      },
    },
  })]);
}

export function runTsc(root: string): { code: number; output: string } {
  const result = spawnSync(process.execPath, [TSC, "-p", root, "--noEmit", "--pretty", "false"], { encoding: "utf8" });
  return { code: result.status ?? -1, output: `${result.stdout}${result.stderr}` };
}
