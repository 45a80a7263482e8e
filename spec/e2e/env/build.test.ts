/**
 * env.ts through `sdk build` for the edge and `sdk preview` in workerd, as users run them: public
 * values fixed from the build's environment and worker.vars and inlined into both bundles, the
 * root `.env` never read by the build (nothing from it reaches dist/), server keys read by the
 * worker on first access, and a missing one reported by name.
 */
import { readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { startBuilt, withServer } from "../../helpers/e2e/targets.ts";
import { copyFixture, expectSuccess, runSdk } from "../../helpers/sdk-cli.ts";
import { removeScratch } from "../../helpers/scratch.ts";

/** What the fixture's .env holds: none of it may appear in a build. */
const DOTENV_VALUES = ["token-from-dotenv", "upstream.dotenv.example", "api.dotenv.example"];
const BUILD_ENV = { PUBLIC_API_BASE: "https://api.build.example" };

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

const root = copyFixture("fixtures", "env-app");
expectSuccess(runSdk(["build", "--root", root, "--target", "edge"], { env: BUILD_ENV }), "sdk build --target edge");

test("a required public key set only in .env stops the build: sdk build does not read .env", () => {
  const other = copyFixture("fixtures", "env-app");
  try {
    const result = runSdk(["build", "--root", other, "--target", "edge"]);
    assert.is(result.code, 1, result.stdout);
    assert.match(result.stderr, "error SDK_ENV_PUBLIC_MISSING env.ts:12:5: public key PUBLIC_API_BASE has no value");
  } finally {
    removeScratch(other);
  }
});

test("nothing from .env reaches dist/, and the client holds no server key's name", () => {
  for (const file of filesUnder(path.join(root, "dist"))) {
    const text = readFileSync(file, "utf8");
    for (const value of DOTENV_VALUES) assert.not.ok(text.includes(value), `${path.relative(root, file)} holds ${value} from .env`);
    if (file.includes(`${path.sep}client${path.sep}`)) assert.not.match(text, /API_TOKEN|UPSTREAM_URL/, `${path.relative(root, file)} names a server key`);
  }
  const wrangler = JSON.parse(readFileSync(path.join(root, "dist", "server", "wrangler.json"), "utf8"));
  assert.equal(wrangler.vars, { PUBLIC_BETA: "true" }, "the deployed vars are worker.vars, no more");
});

test("public values are inlined into the client and the worker, read as their kinds", () => {
  const client = filesUnder(path.join(root, "dist", "client")).filter((file) => file.endsWith(".js")).map((file) => readFileSync(file, "utf8")).join("\n");
  // The minifier quotes strings either way.
  assert.match(client, /["`]https:\/\/api\.build\.example["`]/);
  assert.match(client, /["`]Env demo["`]/);
  assert.not.match(client, "import.meta.env");
  const worker = readFileSync(path.join(root, "dist", "server", "index.mjs"), "utf8");
  // Minified: `{PUBLIC_API_BASE:"https://api.build.example",...,PUBLIC_BETA:!0}`, in either quotes.
  assert.match(worker, /\bPUBLIC_API_BASE"?:["`]https:\/\/api\.build\.example["`]/);
  assert.match(worker, /\bPUBLIC_BETA"?:(true|!0)\b/);
});

test("in workerd: server keys from the worker's env (preview's .env stands in for secrets), public ones as built", async () => {
  await withServer(() => startBuilt(root, "edge"), async (server) => {
    assert.equal(await (await fetch(`${server.url}/api/settings`)).json(), {
      upstream: "https://upstream.dotenv.example",
      retries: 3,
      mode: "test",
      features: { beta: false },
      apiBase: "https://api.build.example",
      siteName: "Env demo",
      beta: true,
    });
    assert.equal(await (await fetch(`${server.url}/api/token`)).json(), { tokenLength: "token-from-dotenv".length });
    const html = await (await fetch(`${server.url}/`)).text();
    assert.match(html, '<h1 id="site">Env demo</h1>');
    assert.match(html, '<p id="api">https://api.build.example</p>');
  });
});

test("a required server key that is not set fails the request that reads it, naming the key", async () => {
  rmSync(path.join(root, ".env"));
  await withServer(() => startBuilt(root, "edge"), async (server) => {
    const answer = await fetch(`${server.url}/api/token`);
    assert.is(answer.status, 500);
    assert.equal(await answer.json(), { error: "Internal Server Error" });
    assert.match(server.output(), "sdk/env: API_TOKEN is not set, and env.ts declares it as a required server key");
    assert.match(server.output(), "sdk secret put API_TOKEN");
    const settings = await fetch(`${server.url}/api/settings`);
    assert.is(settings.status, 500, "UPSTREAM_URL is required too");
  });
});

test("on node, without sdk/env (edge-only), env.ts still gives the pages their public values", async () => {
  const other = copyFixture("fixtures", "env-app");
  try {
    rmSync(path.join(other, "routes"), { recursive: true });
    expectSuccess(runSdk(["build", "--root", other, "--target", "node"], { env: BUILD_ENV }), "sdk build --target node");
    await withServer(() => startBuilt(other, "node"), async (server) => {
      const html = await (await fetch(`${server.url}/`)).text();
      assert.match(html, '<p id="api">https://api.build.example</p>');
    });
  } finally {
    removeScratch(other);
  }
});

test.run();
