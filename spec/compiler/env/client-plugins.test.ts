/**
 * The bundler plugins of env.ts: public values replace `import.meta.env.PUBLIC_*` in any bundle,
 * and the client bundle's guard finds every `sdk/env` import and server key read, located.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { rollup, type Plugin, type PluginContext, type TransformPluginContext } from "rollup";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { UserError } from "../../../compiler/diagnostics.ts";
import { clientEnvGuard } from "../../../compiler/env/client-guard.ts";
import { publicEnvPlugin } from "../../../compiler/env/public-plugin.ts";
import type { EnvIR } from "../../../compiler/ir.ts";
import { brief } from "../../helpers/scan-ir.ts";
import { removeScratch, scratchDir } from "../../helpers/scratch.ts";

const env: EnvIR = {
  file: "env.ts",
  keys: [
    { name: "API_TOKEN", scope: "server", kind: "string", optional: false },
    { name: "PUBLIC_API_BASE", scope: "public", kind: "url", optional: false },
    { name: "PUBLIC_RETRIES", scope: "public", kind: "number", optional: false },
    { name: "PUBLIC_TAG", scope: "public", kind: "string", optional: true },
  ],
  publicValues: { PUBLIC_API_BASE: "https://api.example.com", PUBLIC_RETRIES: 3 },
};

async function bundle(files: Record<string, string>, plugins: (root: string) => Plugin[]): Promise<{ code: string; root: string }> {
  const root = scratchDir("env-plugins");
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  try {
    const build = await rollup({ input: path.join(root, "entry.js"), plugins: plugins(root), onwarn: () => {} });
    const { output } = await build.generate({ format: "es" });
    return { code: output[0].code, root };
  } finally {
    removeScratch(root);
  }
}

test("public keys are replaced by their values, as expressions; other names are left alone", async () => {
  const { code } = await bundle(
    {
      "entry.js": [
        "export const base = import.meta.env.PUBLIC_API_BASE;",
        "export const retries = import.meta.env.PUBLIC_RETRIES.toFixed(1);",
        'export const tag = import.meta.env["PUBLIC_TAG"];',
        "export const other = import.meta.env.PUBLIC_OTHER;",
      ].join("\n"),
    },
    () => [publicEnvPlugin(env)],
  );
  assert.match(code, 'const base = ("https://api.example.com");');
  assert.match(code, "const retries = (3).toFixed(1);");
  assert.match(code, "const tag = (undefined);");
  assert.match(code, "import.meta.env.PUBLIC_OTHER");
});

test("the client guard reports every sdk/env import and server key read, at its place", async () => {
  let thrown: unknown;
  const guarded = (root: string) => {
    const guard = clientEnvGuard(root, env);
    return [guard, publicEnvPlugin(env), { name: "check", buildEnd: () => {
      try {
        guard.assertNoServerKeys();
      } catch (cause) {
        thrown = cause;
      }
    } }];
  };
  const { code } = await bundle(
    {
      "entry.js": 'import { token } from "./lib/shared.js";\nexport const base = import.meta.env.PUBLIC_API_BASE;\nexport { token };\n',
      "lib/shared.js": 'import { env } from "sdk/env";\n\nexport const token = env.API_TOKEN ?? process.env["API_TOKEN"];\nexport const again = import.meta.env.API_TOKEN;\n',
    },
    guarded,
  );
  assert.match(code, "https://api.example.com", "the bundle completes, public values in");
  assert.instance(thrown, UserError);
  const diagnostics = (thrown as UserError).diagnostics;
  assert.equal(diagnostics.map(brief).sort(), [
    "error SDK_ENV_SERVER_KEY_IN_CLIENT lib/shared.js:1:21",
    "error SDK_ENV_SERVER_KEY_IN_CLIENT lib/shared.js:3:39",
    "error SDK_ENV_SERVER_KEY_IN_CLIENT lib/shared.js:4:22",
  ]);
  assert.ok(diagnostics.some((d) => d.message === 'lib/shared.js imports "sdk/env", which reads server keys, and runs in the browser'));
  assert.ok(diagnostics.some((d) => d.message === 'lib/shared.js reads server key API_TOKEN (process.env.API_TOKEN) and runs in the browser'));
});

test("a clean client passes the guard", async () => {
  let guard: ReturnType<typeof clientEnvGuard> | undefined;
  await bundle({ "entry.js": "export const base = import.meta.env.PUBLIC_API_BASE;\n" }, (root) => [(guard = clientEnvGuard(root, env)), publicEnvPlugin(env)]);
  guard!.assertNoServerKeys();
});

/** A stand-in for the context Vite gives a plugin in `sdk dev`, whose errors it reports as the module's. */
function viteContext(environment: string): TransformPluginContext {
  return { environment: { name: environment }, error: (log: { message: string }) => { throw new Error(log.message); } } as unknown as TransformPluginContext;
}

test("under sdk dev, the browser's modules may not read server keys; server modules may", () => {
  const plugin = publicEnvPlugin(env);
  const transform = plugin.transform as (this: TransformPluginContext, code: string, id: string) => unknown;
  const resolveHook = plugin.resolveId as { filter: { id: RegExp }; handler: (this: PluginContext, specifier: string, importer: string) => unknown };
  const resolve = resolveHook.handler;
  for (const specifier of ["sdk/env", "sdk/env/x"]) assert.ok(resolveHook.filter.id.test(specifier), `the bundler asks the plugin about ${specifier}`);
  for (const specifier of ["sdk/environment", "sdk", "./env.ts"]) assert.not.ok(resolveHook.filter.id.test(specifier), `the bundler never asks the plugin about ${specifier}`);
  assert.throws(() => transform.call(viteContext("client"), "const t = import.meta.env.API_TOKEN;", "/app/pages/index.tsx"), /SDK_ENV_SERVER_KEY_IN_CLIENT: \/app\/pages\/index.tsx reads server key API_TOKEN/);
  assert.throws(() => resolve.call(viteContext("client"), "sdk/env", "/app/pages/index.tsx"), /imports "sdk\/env"/);
  assert.is(transform.call(viteContext("ssr"), "const t = process.env.API_TOKEN;", "/app/pages/index.tsx"), null);
  assert.is(resolve.call(viteContext("worker"), "sdk/env", "/app/routes/a.ts"), null);
});

test("without env.ts no module passes through the plugin's transform: there is nothing to replace or guard", () => {
  assert.is(publicEnvPlugin(null).transform, undefined);
  assert.type(publicEnvPlugin(env).transform, "function");
});

test.run();
