import { cp, mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { loadConfig } from "../../../compiler/config/load.ts";
import { formatDiagnostic, UserError, type Diagnostic } from "../../../compiler/diagnostics.ts";

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), "../../fixtures");
const roots: string[] = [];

/** A copy of the fixture, so `.sdk/cache` is never written into the repository. */
async function fixture(name: string): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), `sdk-${name}-`));
  roots.push(root);
  await cp(path.join(fixtures, name), root, { recursive: true });
  return root;
}

async function failure(name: string): Promise<Diagnostic[]> {
  try {
    await loadConfig(await fixture(name));
  } catch (thrown) {
    assert.instance(thrown, UserError);
    const diagnostics = (thrown as UserError).diagnostics;
    for (const d of diagnostics) assert.not.match(d.message, /[\r\n]|\s at /, `no stack: ${d.message}`);
    return diagnostics;
  }
  assert.unreachable(`${name} loaded without an error`);
  return [];
}

const where = (d: Diagnostic) => [d.code, d.file, d.line, d.column];

test.after(async () => {
  await Promise.all(roots.map((root) => rm(root, { recursive: true, force: true })));
});

test("no sdk.config.ts: an empty config and no file", async () => {
  const root = await mkdtemp(path.join(tmpdir(), "sdk-config-none-"));
  roots.push(root);
  assert.equal(await loadConfig(root), { config: {}, file: null });
});

test("values computed at run time are evaluated; undefined fields are dropped", async () => {
  const root = await fixture("config-valid");
  process.env.SDK_TEST_TARGET = "node";
  process.env.SDK_TEST_CPU_MS = "75";
  try {
    const { config, file } = await loadConfig(root);
    assert.is(file, path.join(root, "sdk.config.ts"));
    assert.is(config.target, "node");
    assert.is(config.worker?.limits?.cpu_ms, 75);
    assert.equal(config.worker?.vars, { GREETING: "42" });
    assert.is(config.email?.from, "Acme <hello@acme.dev>");
    assert.ok(!("database" in config), "database (undefined) is omitted");
    assert.equal(config.routing?.revalidate, { "*": 60 });
    assert.is(config.routing?.isr, true);
    assert.equal(config.routing?.headers, { "/api/*": ["X-Frame-Options: DENY", "X-Content-Type-Options: nosniff"] });
    assert.equal(config.edge?.d1_databases, [{ binding: "DB", database_name: "app", database_id: "x" }]);

    delete process.env.SDK_TEST_TARGET;
    const again = await loadConfig(root);
    assert.is(again.config.target, "edge", "a second load evaluates the module again");
  } finally {
    delete process.env.SDK_TEST_TARGET;
    delete process.env.SDK_TEST_CPU_MS;
  }
  const cache = await readdir(path.join(root, ".sdk", "cache"));
  assert.equal(cache.length, 1);
  assert.match(cache[0]!, /^sdk\.config-[0-9a-f]{16}\.mjs$/);
});

test("a syntax error is located from the parser's report", async () => {
  const [d, ...rest] = await failure("config-syntax");
  assert.equal(rest, []);
  assert.equal(where(d!), ["SDK_CONFIG_SYNTAX", "sdk.config.ts", 6, 2]);
  assert.match(d!.message, /^sdk\.config\.ts cannot be parsed: Expected .*`\}` but found `\)`$/);
});

test("a config that throws is reported with the thrown message where it threw", async () => {
  const [d, ...rest] = await failure("config-throws");
  assert.equal(rest, []);
  assert.equal(where(d!), ["SDK_CONFIG_THREW", "sdk.config.ts", 4, 9]);
  assert.match(d!.message, "missing environment variable SDK_TEST_GATEWAY");
});

test("no default export", async () => {
  const [d, ...rest] = await failure("config-no-default");
  assert.equal(rest, []);
  assert.equal(where(d!), ["SDK_CONFIG_NO_DEFAULT", "sdk.config.ts", undefined, undefined]);
});

test("a default export that is not an object is located", async () => {
  const [d] = await failure("config-not-object");
  assert.equal(where(d!), ["SDK_CONFIG_NO_DEFAULT", "sdk.config.ts", 3, 16]);
  assert.match(d!.message, "got an array");
});

test("an unknown field is located at its line", async () => {
  const [d, ...rest] = await failure("config-unknown-field");
  assert.equal(rest, []);
  assert.equal(where(d!), ["SDK_CONFIG_UNKNOWN_FIELD", "sdk.config.ts", 8, 5]);
  assert.is(d!.configPath, "routing.redirect");
  assert.is(d!.hint, 'Did you mean "redirects"?');
});

test("an out-of-range cpu_ms is located at its line", async () => {
  const [d, ...rest] = await failure("config-bad-cpu");
  assert.equal(rest, []);
  assert.equal(where(d!), ["SDK_CONFIG_INVALID", "sdk.config.ts", 7, 15]);
  assert.is(d!.configPath, "worker.limits.cpu_ms");
  assert.is(d!.message, "worker.limits.cpu_ms must be an integer from 1 to 300000, got 300001");
  assert.is(formatDiagnostic(d!), "error SDK_CONFIG_INVALID sdk.config.ts:7:15: worker.limits.cpu_ms must be an integer from 1 to 300000, got 300001 Hint: Use an integer from 1 to 300000.");
});

test("functions and undefined array items are not serializable, each located", async () => {
  const diagnostics = await failure("config-not-serializable");
  assert.equal(
    diagnostics.map((d) => [d.configPath, ...where(d)]),
    [
      ["worker.compatibility_flags[1]", "SDK_CONFIG_NOT_SERIALIZABLE", "sdk.config.ts", 4, 52],
      ["edge.onDeploy", "SDK_CONFIG_NOT_SERIALIZABLE", "sdk.config.ts", 7, 15],
    ],
  );
  assert.match(diagnostics[1]!.message, "got a function");
  assert.match(formatDiagnostic(diagnostics[1]!), /^error SDK_CONFIG_NOT_SERIALIZABLE sdk\.config\.ts:7:15: edge\.onDeploy must be JSON data /);
});

test("a missing relative import is located at the import", async () => {
  const [d] = await failure("config-import-missing");
  assert.equal(where(d!), ["SDK_CONFIG_IMPORT", "sdk.config.ts", 2, 23]);
  assert.match(d!.message, '"./missing.js"');
});

test("import.meta.url, dirname and filename name the module's own file, not the cache it runs from", async () => {
  const root = await fixture("config-file-scope");
  const { config } = await loadConfig(root);
  assert.equal(config.worker?.vars, {
    CONFIG_URL: pathToFileURL(path.join(root, "sdk.config.ts")).href,
    CONFIG_DIRNAME: root,
    CONFIG_FILENAME: path.join(root, "sdk.config.ts"),
    HELPER_DIRNAME: path.join(root, "config"),
  });
});

test.run();
