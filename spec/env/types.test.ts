/**
 * `env` from "sdk/env" and `import.meta.env.PUBLIC_*` typed by env.ts through what `sdk prepare`
 * writes, checked by the real `tsc`: right uses have their types asserted, wrong ones carry
 * `// @ts-expect-error`, so a clean exit means every expectation held. `sdk` and `sdk/env`
 * resolve to this checkout's sources.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { emitPrepareFiles } from "../../emitters/prepare.ts";
import { irWith } from "../helpers/scan-ir.ts";
import { REPO_ROOT } from "../helpers/sdk-cli.ts";
import { removeScratch, scratchDir } from "../helpers/scratch.ts";

const TSC = path.join(REPO_ROOT, "node_modules", "typescript", "bin", "tsc");

function write(root: string, file: string, lines: string[]): void {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), `${lines.join("\n")}\n`);
}

const ENV_TS = [
  'import { defineEnv, env } from "sdk";',
  "",
  "export default defineEnv({",
  "  server: {",
  "    DATABASE_URL: env.url(),",
  "    PORT: env.number().default(3000),",
  '    MODE: env.oneOf(["a", "b"]).optional(),',
  "    FLAGS: env.json<{ beta: boolean }>(),",
  "    DEBUG: env.boolean().optional().default(false),",
  "  },",
  "  public: { PUBLIC_API_BASE: env.url(), PUBLIC_TAG: env.string().optional() },",
  "});",
];

test("sdk/env's env and import.meta.env are typed by env.ts; undeclared names and writes are errors", () => {
  const root = scratchDir("env-types");
  try {
    write(root, "tsconfig.json", [JSON.stringify({
      extends: "./.sdk/tsconfig.json",
      // workerd's module, which sdk/env's source imports.
      files: [path.join(REPO_ROOT, "runtime", "platform", "cloudflare-workers.d.ts")],
      compilerOptions: {
        types: ["node"],
        typeRoots: [path.join(REPO_ROOT, "node_modules", "@types")],
        paths: { "sdk": [path.join(REPO_ROOT, "runtime", "index.ts")], "sdk/env": [path.join(REPO_ROOT, "runtime", "env", "index.ts")] },
      },
    })]);
    write(root, "env.ts", ENV_TS);
    for (const file of emitPrepareFiles(irWith({ env: { file: "env.ts", keys: [], publicValues: {} } }), { nodeTypes: false })) write(root, path.join(".sdk", file.path), [file.content]);
    write(root, "routes/check.ts", [
      'import { env as field } from "sdk";',
      'import { env } from "sdk/env";',
      "",
      "export function check() {",
      "  const url: string = env.DATABASE_URL;",
      "  const port: number = env.PORT;",
      '  const mode: "a" | "b" | undefined = env.MODE;',
      "  // @ts-expect-error an optional key may be undefined",
      '  const sure: "a" | "b" = env.MODE;',
      "  const beta: boolean = env.FLAGS.beta;",
      "  const debug: boolean = env.DEBUG;",
      "  const base: string = env.PUBLIC_API_BASE;",
      "  const inlined: string = import.meta.env.PUBLIC_API_BASE;",
      "  const tag: string | undefined = import.meta.env.PUBLIC_TAG;",
      "  // @ts-expect-error server keys are not on import.meta.env",
      "  import.meta.env.DATABASE_URL;",
      "  // @ts-expect-error not declared in env.ts",
      "  env.NOPE;",
      "  // @ts-expect-error the values are read-only",
      "  env.PORT = 1;",
      "  // @ts-expect-error a number's default is a number",
      '  field.number().default("3000");',
      "  // @ts-expect-error oneOf's default is one of its values",
      '  field.oneOf(["a", "b"]).default("c");',
      "  return [url, port, mode, sure, beta, debug, base, inlined, tag];",
      "}",
    ]);
    const result = spawnSync(process.execPath, [TSC, "-p", root, "--noEmit", "--pretty", "false"], { encoding: "utf8" });
    assert.is(result.status, 0, `${result.stdout}${result.stderr}`);
  } finally {
    removeScratch(root);
  }
});

test("an app without env.ts gets no env types", () => {
  assert.not.ok(emitPrepareFiles(irWith({}), { nodeTypes: false }).some((file) => file.path === "types/env.d.ts"));
});

test.run();
