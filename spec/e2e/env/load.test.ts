/**
 * `loadEnv` of the installed package on apps written to disk: env.ts evaluated with `sdk` as users
 * import it, and what the mode and the environment change. (The other spec/env tests check each
 * step on values; this one runs them together, evaluation included.)
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { SdkConfig } from "../../../compiler/config/define.ts";
import { formatDiagnostic } from "../../../compiler/diagnostics.ts";
import type * as LoadModule from "../../../compiler/env/load.ts";
import { installedApps } from "../../helpers/sdk-cli.ts";
import { removeScratch, scratchDir } from "../../helpers/scratch.ts";

const { loadEnv } = (await import(pathToFileURL(path.join(installedApps(), "node_modules", "sdk", "lib", "compiler", "env", "load.js")).href)) as typeof LoadModule;

const ENV_TS = [
  'import { defineEnv, env } from "sdk";',
  "",
  "export default defineEnv({",
  "  server: { API_TOKEN: env.string() },",
  '  public: { PUBLIC_API_BASE: env.url(), PUBLIC_NAME: env.string().default("demo") },',
  "});",
];
const CONFIG: SdkConfig = { worker: { vars: { API_TOKEN: "plain" } } };
const CONFIG_TS = ['import { defineConfig } from "sdk/config";', "", 'export default defineConfig({ worker: { vars: { API_TOKEN: "plain" } } });'];

async function withApp(files: Record<string, string[]>, use: (root: string) => Promise<void>): Promise<void> {
  const root = scratchDir("env-load", installedApps());
  try {
    for (const [file, lines] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), `${lines.join("\n")}\n`);
    }
    await use(root);
  } finally {
    removeScratch(root);
  }
}

test("env.ts evaluated: keys located, public values from the given environment, never from .env", async () => {
  await withApp({ "env.ts": ENV_TS, ".env": ["PUBLIC_API_BASE=https://dotenv.example"] }, async (root) => {
    const missing = await loadEnv(root, { config: {}, mode: "production", environment: {} });
    assert.equal(missing.diagnostics.map(formatDiagnostic).map((line) => line.split(":")[0]), ["error SDK_ENV_PUBLIC_MISSING env.ts"]);
    const loaded = await loadEnv(root, { config: {}, mode: "production", environment: { PUBLIC_API_BASE: "https://build.example" } });
    assert.equal(loaded.diagnostics, []);
    assert.equal(loaded.env, {
      file: "env.ts",
      keys: [
        { name: "API_TOKEN", scope: "server", kind: "string", optional: false, line: 4, column: 13 },
        { name: "PUBLIC_API_BASE", scope: "public", kind: "url", optional: false, line: 5, column: 13 },
        { name: "PUBLIC_NAME", scope: "public", kind: "string", optional: false, default: "demo", line: 5, column: 41 },
      ],
      publicValues: { PUBLIC_API_BASE: "https://build.example", PUBLIC_NAME: "demo" },
    });
  });
});

test("worker.vars may hold a server key in development, not in production", async () => {
  await withApp({ "env.ts": ENV_TS, "sdk.config.ts": CONFIG_TS }, async (root) => {
    const environment = { PUBLIC_API_BASE: "https://build.example" };
    assert.equal((await loadEnv(root, { config: CONFIG, mode: "development", environment })).diagnostics, []);
    const production = await loadEnv(root, { config: CONFIG, mode: "production", environment });
    assert.equal(production.diagnostics.map((d) => [d.code, d.file, d.line, d.column, d.configPath]), [["SDK_ENV_SERVER_KEY_IN_VARS", "sdk.config.ts", 3, 49, "worker.vars.API_TOKEN"]]);
    assert.match(production.diagnostics[0]!.message, "declared as a server key in env.ts:4:13");
  });
});

test("under sourceDir, env.ts is read there; an app without one has no env", async () => {
  await withApp({ "app/env.ts": ['import { defineEnv } from "sdk";', "export default defineEnv({});"], "app/routes/a.ts": ["export {};"] }, async (root) => {
    assert.equal(await loadEnv(root, { config: { sourceDir: "app" }, mode: "production", environment: {} }), { env: { file: "app/env.ts", keys: [], publicValues: {} }, diagnostics: [] });
    assert.equal(await loadEnv(root, { config: {}, mode: "production", environment: {} }), { env: null, diagnostics: [] });
  });
});

test("an env.ts that does not parse or throws is one located diagnostic, and the app still has an env", async () => {
  await withApp({ "env.ts": ['import { defineEnv } from "sdk";', "export default defineEnv({ server: { "] }, async (root) => {
    const { env, diagnostics } = await loadEnv(root, { config: {}, mode: "production", environment: {} });
    assert.equal([env?.file, diagnostics.map((d) => d.code)], ["env.ts", ["SDK_ENV_SYNTAX"]]);
  });
  await withApp({ "env.ts": ['import { defineEnv } from "sdk";', 'if (!process.env.CI_ONLY) throw new Error("no CI_ONLY");', "export default defineEnv({});"] }, async (root) => {
    const { diagnostics } = await loadEnv(root, { config: {}, mode: "production", environment: {} });
    assert.equal(diagnostics.map((d) => [d.code, d.file, d.line]), [["SDK_ENV_THREW", "env.ts", 2]]);
    assert.match(diagnostics[0]!.message, "env.ts threw while it was evaluated: no CI_ONLY");
  });
});

test.run();
