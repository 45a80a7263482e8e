/**
 * `env` from "sdk/env" and `import.meta.env.PUBLIC_*` typed by env.ts through what `sdk prepare`
 * writes, checked by the real `tsc`: right uses have their types asserted, wrong ones carry
 * `// @ts-expect-error`, so a clean exit means every expectation held. `sdk` and `sdk/env`
 * resolve to this checkout's sources.
 */
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { emitPrepareFiles } from "../../emitters/prepare.ts";
import { irWith } from "../helpers/scan-ir.ts";
import { removeScratch, scratchDir } from "../helpers/scratch.ts";
import { runTsc, writeLines, writeSourceTsconfig } from "../helpers/source-types.ts";

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
    writeSourceTsconfig(root);
    writeLines(root, "env.ts", ENV_TS);
    for (const file of emitPrepareFiles(irWith({ env: { file: "env.ts", keys: [], publicValues: {} } }), { nodeTypes: false })) writeLines(root, path.join(".sdk", file.path), [file.content]);
    writeLines(root, "routes/check.ts", [
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
    const { code, output } = runTsc(root);
    assert.is(code, 0, output);
  } finally {
    removeScratch(root);
  }
});

test("an app without env.ts gets no env types", () => {
  assert.not.ok(emitPrepareFiles(irWith({}), { nodeTypes: false }).some((file) => file.path === "types/env.d.ts"));
});

test.run();
