/**
 * `sdk eject --target t` writes a plain project: it installs from the registry, type-checks with
 * its own tsconfig.json, builds with its own Rollup config and carries only the runtime modules
 * it imports. The node one answers the same assertions as `sdk build` output.
 */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { Target } from "../../compiler/ir.js";
import { assertEveryCase } from "../helpers/e2e/assertions.js";
import { ALL_TARGETS, startBuilt, withServer } from "../helpers/e2e/targets.js";
import { scratchDir } from "../helpers/scratch.js";
import { startOnFreePort } from "../helpers/spawn-server.js";
import { copyFixture, expectSuccess, REPO_ROOT, runSdk } from "../helpers/sdk-cli.js";

interface PackageJson {
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
}

const readJson = (file: string) => JSON.parse(readFileSync(file, "utf8"));
const SDK_DEV_DEPENDENCIES = (readJson(path.join(REPO_ROOT, "package.json")) as PackageJson).devDependencies;

function npm(cwd: string, args: string[]): void {
  const result = spawnSync("npm", args, { cwd, encoding: "utf8", timeout: 300_000 });
  assert.is(result.status, 0, `npm ${args.join(" ")} failed\n${result.stdout}\n${result.stderr}`);
}

/** Outside the folder the tests install sdk in, so nothing resolves from its node_modules. */
function eject(root: string, target: Target): string {
  const out = path.join(scratchDir("ejected"), "app");
  expectSuccess(runSdk(["eject", "--root", root, "--target", target, "--out", out]), `sdk eject --target ${target}`);
  return out;
}

const packageOf = (out: string) => readJson(path.join(out, "package.json")) as PackageJson;
const carries = (out: string, runtimeModule: string) => existsSync(path.join(out, "runtime", runtimeModule));

/** Each target's eject of e2e-api, installed and built by the first tests, used by the later ones. */
const ejected = new Map<Target, string>();

for (const target of ALL_TARGETS) {
  test(`the ejected ${target} app installs, type-checks and builds without sdk, carrying only the ${target} adapter`, () => {
    const out = eject(copyFixture("fixtures", "e2e-api"), target);
    npm(out, ["install", "--no-audit", "--no-fund", "--prefer-offline"]);
    npm(out, ["run", "typecheck"]);
    npm(out, ["run", "build"]);
    assert.ok(existsSync(path.join(out, "dist", "server", "index.mjs")));
    // The node adapter's parts (node-listener.ts, node-get-request.ts) come with it.
    const adapters = readdirSync(path.join(out, "runtime", "adapters"));
    assert.ok(adapters.includes(`${target}.ts`), adapters.join(", "));
    assert.equal(adapters.filter((file) => !file.startsWith(`${target}.`) && !file.startsWith(`${target}-`)), [], adapters.join(", "));
    const { devDependencies } = packageOf(out);
    assert.is(devDependencies.typescript, SDK_DEV_DEPENDENCIES.typescript);
    assert.is(devDependencies["@types/node"], SDK_DEV_DEPENDENCIES["@types/node"]);
    ejected.set(target, out);
  });
}

test("the built ejected node app answers every assertion", async () => {
  const out = ejected.get("node");
  assert.ok(out, "the node eject was built");
  await withServer(() => startBuilt(out, "node"), (server) => assertEveryCase(server.url));
});

test("an ejected edge app pins the wrangler sdk is tested with, which its start script runs from the root wrangler.json", () => {
  const out = ejected.get("edge");
  assert.ok(out, "the edge eject was built");
  const pkg = packageOf(out);
  assert.is(pkg.scripts.start, "wrangler dev");
  assert.is(pkg.devDependencies.wrangler, SDK_DEV_DEPENDENCIES.wrangler);
  assert.is(readJson(path.join(out, "wrangler.json")).main, "dist/server/index.mjs");
  assert.ok(existsSync(path.join(out, "dist", "server", "index.mjs")));
});

test("only the node eject depends on @hono/node-server", () => {
  for (const [target, out] of ejected) {
    assert.is("@hono/node-server" in packageOf(out).dependencies, target === "node", target);
  }
});

test("an app without routing rules carries no routing or ISR module and no validator", () => {
  for (const target of ["node", "edge"] as const) {
    const out = ejected.get(target);
    assert.ok(out, `the ${target} eject was built`);
    assert.not.ok(existsSync(path.join(out, "runtime", "routing")), `${target}: runtime/routing`);
    assert.not.ok(existsSync(path.join(out, "runtime", "isr")), `${target}: runtime/isr`);
    assert.not.ok(existsSync(path.join(out, "server", "routing-schema.js")), `${target}: routing-schema.js`);
  }
});

test("an app's tsconfig.json extending .sdk/tsconfig.json is replaced; routing rules and their validator type-check", () => {
  const installed = ejected.get("node");
  assert.ok(installed, "the node eject was installed");
  const root = copyFixture("fixtures", "e2e-routing");
  writeFileSync(path.join(root, "tsconfig.json"), '{ "extends": "./.sdk/tsconfig.json" }\n');
  const out = eject(root, "node");
  assert.not.ok("extends" in readJson(path.join(out, "tsconfig.json")));
  assert.ok(carries(out, "routing/check.ts"));
  assert.ok(existsSync(path.join(out, "server", "routing-schema.js")));
  // Both node ejects need the same packages, but ISR also brings the client it is shared through
  // across instances (SDK_REDIS_URL); added to the e2e-api install, that serves this one too.
  const { dependencies: { "@redis/client": redisClient, ...dependencies }, devDependencies } = packageOf(out);
  assert.ok(redisClient, "ISR brings @redis/client");
  assert.equal({ dependencies, devDependencies }, { dependencies: packageOf(installed).dependencies, devDependencies: packageOf(installed).devDependencies });
  npm(installed, ["install", "--no-save", "--no-package-lock", "--no-audit", "--no-fund", `@redis/client@${redisClient}`]);
  symlinkSync(path.join(installed, "node_modules"), path.join(out, "node_modules"), "dir");
  npm(out, ["run", "typecheck"]);
});

test("eject says an app using a binding it does not carry yet (sdk/ai) cannot be ejected yet, at the import, and writes nothing", () => {
  const root = copyFixture("fixtures", "e2e-platform");
  const out = path.join(scratchDir("ejected"), "app");
  const result = runSdk(["eject", "--root", root, "--target", "edge", "--out", out]);
  assert.is(result.code, 1, result.stderr);
  assert.match(result.stderr, /error SDK_EJECT_PLATFORM routes\/api\/[\w/\[\].-]+:\d+:\d+: sdk eject does not carry the \w+ binding's module \(sdk\/\w+\) yet/);
  assert.not.match(result.stderr, /the (?:db|kv|storage) binding/, "the database, KV and R2 are carried");
  assert.not.ok(existsSync(out));
});

/** wrangler without prompts, metrics or update checks; its config and logs under the project, so they go with it. */
function wranglerEnv(out: string): Record<string, string> {
  return { CI: "1", WRANGLER_SEND_METRICS: "false", WRANGLER_HIDE_BANNER: "true", XDG_CONFIG_HOME: path.join(out, ".wrangler-home"), NO_COLOR: "1" };
}

/** The project's own `start` script (wrangler dev) on a free port, in workerd. */
function startWithOwnScript(out: string) {
  const [command, ...args] = packageOf(out).scripts.start!.split(" ");
  assert.is(command, "wrangler");
  return startOnFreePort((port) => ({
    command: path.join(out, "node_modules", ".bin", "wrangler"),
    args: [...args, "--port", String(port), "--ip", "127.0.0.1"],
    env: wranglerEnv(out),
    options: { cwd: out, timeoutMs: 90_000, listening: /Ready on (http:\/\/\S+)/ },
  }));
}

test("an ejected D1 app on the edge type-checks, builds, applies its migrations with its own db:migrate and answers from workerd with its own start script", async () => {
  const root = copyFixture("fixtures", "db-d1");
  mkdirSync(path.join(root, "db", "migrations"), { recursive: true });
  writeFileSync(path.join(root, "db", "migrations", "20260101000000_posts.sql"), "CREATE TABLE `posts` (\n  `id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,\n  `title` text NOT NULL,\n  `created_at` text DEFAULT (CURRENT_TIMESTAMP) NOT NULL\n);\n");
  const out = eject(root, "edge");
  assert.ok(existsSync(path.join(out, "db", "migrations", "20260101000000_posts.sql")), "the migrations are carried");
  npm(out, ["install", "--no-audit", "--no-fund", "--prefer-offline"]);
  npm(out, ["run", "typecheck"]);
  npm(out, ["run", "build"]);
  const env = { ...process.env, ...wranglerEnv(out) };
  const migrate = spawnSync("npm", ["run", "db:migrate"], { cwd: out, encoding: "utf8", timeout: 120_000, env });
  assert.is(migrate.status, 0, `${migrate.stdout}\n${migrate.stderr}`);
  assert.match(migrate.stdout, "20260101000000_posts.sql");
  await withServer(() => startWithOwnScript(out), async (server) => {
    const created = await fetch(`${server.url}/api/posts`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ title: "hello" }) });
    assert.is(created.status, 201);
    assert.equal(await created.json(), { id: 1, title: "hello" });
    assert.equal(await (await fetch(`${server.url}/api/posts`)).json(), [{ id: 1, title: "hello" }]);
    assert.equal(await (await fetch(`${server.url}/api/posts/1`)).json(), { id: 1, title: "hello" });
  });
});

test("an ejected edge app using sdk/kv and sdk/storage builds and keeps its data in wrangler dev's local KV and R2", async () => {
  const root = scratchDir("kv-app");
  const platform = path.join(REPO_ROOT, "spec", "fixtures", "e2e-platform", "routes", "api");
  for (const route of ["counter.ts", "kv", "files"]) cpSync(path.join(platform, route), path.join(root, "routes", "api", route), { recursive: true });
  writeFileSync(path.join(root, "package.json"), '{ "name": "kv-app", "private": true, "type": "module" }\n');
  const out = eject(root, "edge");
  assert.ok(carries(out, "kv/index.ts") && carries(out, "storage/index.ts"));
  npm(out, ["install", "--no-audit", "--no-fund", "--prefer-offline"]);
  npm(out, ["run", "typecheck"]);
  npm(out, ["run", "build"]);
  await withServer(() => startWithOwnScript(out), async (server) => {
    assert.equal(await (await fetch(`${server.url}/api/counter`, { method: "POST" })).json(), { count: 1 });
    assert.equal(await (await fetch(`${server.url}/api/counter`, { method: "POST" })).json(), { count: 2 });
    const stored = await fetch(`${server.url}/api/files/notes/a.txt`, { method: "PUT", headers: { "content-type": "text/plain" }, body: "hello" });
    assert.is(stored.status, 201);
    const read = await fetch(`${server.url}/api/files/notes/a.txt`);
    assert.is(await read.text(), "hello");
    assert.match(String(read.headers.get("content-type")), "text/plain");
  });
});

test("an ejected edge app with env.ts and pages serves the public values fixed at the eject and reads server keys from its .env in wrangler dev", async () => {
  const root = copyFixture("fixtures", "env-app");
  const out = path.join(scratchDir("ejected"), "app");
  expectSuccess(runSdk(["eject", "--root", root, "--target", "edge", "--out", out], { env: { PUBLIC_API_BASE: "https://api.eject.example" } }), "sdk eject --target edge");
  npm(out, ["install", "--no-audit", "--no-fund", "--prefer-offline"]);
  npm(out, ["run", "typecheck"]);
  npm(out, ["run", "build"]);
  await withServer(() => startWithOwnScript(out), async (server) => {
    const settings = await (await fetch(`${server.url}/api/settings`)).json();
    assert.equal(settings, { upstream: "https://upstream.dotenv.example", retries: 3, mode: "test", features: { beta: false }, apiBase: "https://api.eject.example", siteName: "Env demo", beta: true });
    assert.equal(await (await fetch(`${server.url}/api/token`)).json(), { tokenLength: "token-from-dotenv".length });
    const home = await (await fetch(`${server.url}/`)).text();
    assert.match(home, '<h1 id="site">Env demo</h1>');
    assert.match(home, '<p id="api">https://api.eject.example</p>', "the page's import.meta.env read is the value fixed at the eject");
  });
});

test("an ejected D1 app with auth migrates its auth tables, signs a user up and keeps the session, in wrangler dev", async () => {
  const root = copyFixture("fixtures", "auth-d1");
  expectSuccess(runSdk(["db", "generate", "--root", root]), "sdk db generate");
  const out = eject(root, "edge");
  npm(out, ["install", "--no-audit", "--no-fund", "--prefer-offline"]);
  npm(out, ["run", "typecheck"]);
  npm(out, ["run", "build"]);
  // The server key better-auth signs with, as a developer would set it for wrangler dev.
  writeFileSync(path.join(out, ".env"), "AUTH_SECRET=an-ejected-apps-secret-of-at-least-32-chars\n");
  const migrate = spawnSync("npm", ["run", "db:migrate"], { cwd: out, encoding: "utf8", timeout: 120_000, env: { ...process.env, ...wranglerEnv(out) } });
  assert.is(migrate.status, 0, `${migrate.stdout}\n${migrate.stderr}`);
  await withServer(() => startWithOwnScript(out), async (server) => {
    const signedUp = await fetch(`${server.url}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url },
      body: JSON.stringify({ email: "ejected@example.com", password: "long-enough-password", name: "Ejected" }),
    });
    assert.is(signedUp.status, 200, await signedUp.clone().text());
    const cookie = signedUp.headers.getSetCookie().map((header) => header.split(";")[0]).join("; ");
    assert.equal(await (await fetch(`${server.url}/api/me`, { headers: { cookie } })).json(), { email: "ejected@example.com", session: true });
    assert.equal(await (await fetch(`${server.url}/api/me`)).json(), { email: null, session: false });
  });
});

test("eject refuses a folder that is not empty", () => {
  const root = copyFixture("fixtures", "e2e-api");
  const result = runSdk(["eject", "--root", root, "--target", "node", "--out", root]);
  assert.is(result.code, 1);
  assert.match(result.stderr, /error SDK_EJECT_OUT: .* is not empty/);
});

test.run();
