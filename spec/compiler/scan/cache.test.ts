/**
 * The scan cache (compiler/scan/scan-cache.ts): a second scan of an unchanged app answers every
 * question about its modules from `.sdk/cache/scan.json`, with the same IR; a module whose text
 * changed is read again, and a cache another compiler wrote, or one that cannot be read, is not
 * used.
 */
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { buildIR } from "../../../compiler/front-end.ts";
import type { AppIR } from "../../../compiler/ir.ts";
import { FIXTURES } from "../../helpers/scan-ir.ts";
import { scratchDir } from "../../helpers/scratch.ts";

interface CacheFile {
  compiler: string;
  modules: Record<string, { hash: string; facts: Record<string, string> }>;
}

function appCopy(fixture: string): string {
  const root = scratchDir("scan-cache");
  cpSync(path.join(FIXTURES, fixture), root, { recursive: true });
  return root;
}

const scan = (root: string, scanCache = true): AppIR => buildIR(root, { config: {}, target: "edge", mode: "production", scanCache });
const cacheFile = (root: string) => path.join(root, ".sdk", "cache", "scan.json");
const readCache = (root: string) => JSON.parse(readFileSync(cacheFile(root), "utf8")) as CacheFile;
const methodsOf = (ir: AppIR, pattern: string) => ir.routes.find((r) => r.pattern === pattern)?.methods.map((m) => m.method);

test("a second scan of an unchanged app answers from the cache, with the same IR as a scan without it", () => {
  const root = appCopy("scan-routes");
  const uncached = scan(root, false);
  assert.not.ok(existsSync(cacheFile(root)), "no cache unless asked for");
  assert.equal(scan(root), uncached);
  const written = readFileSync(cacheFile(root), "utf8");
  assert.ok(readCache(root).modules["routes/api/users/[id].ts"]?.facts.route, "the route's answer is kept");
  assert.equal(scan(root), uncached);
  assert.is(readFileSync(cacheFile(root), "utf8"), written, "nothing new to write");
});

test("an unchanged module is not read again: its kept answer is the one used", () => {
  const root = appCopy("scan-routes");
  scan(root);
  const saved = readCache(root);
  saved.modules["routes/api/health.ts"]!.facts.route = JSON.stringify({ methods: [{ method: "DELETE", loc: { file: "routes/api/health.ts", line: 1, column: 1 } }], diagnostics: [] });
  writeFileSync(cacheFile(root), JSON.stringify(saved));
  assert.equal(methodsOf(scan(root), "/api/health"), ["DELETE"]);
});

test("a module whose text changed is read again", () => {
  const root = appCopy("scan-routes");
  assert.equal(methodsOf(scan(root), "/api/health"), ["GET"]);
  const file = path.join(root, "routes", "api", "health.ts");
  writeFileSync(file, `${readFileSync(file, "utf8")}\nexport const POST = defineHandler(() => ({ ok: true }));\n`);
  assert.equal(methodsOf(scan(root), "/api/health"), ["GET", "POST"]);
});

test("answers kept by another compiler, or a cache that cannot be read, are not used", () => {
  const root = appCopy("scan-routes");
  const expected = scan(root, false);
  scan(root);
  const saved = readCache(root);
  const health = saved.modules["routes/api/health.ts"]!;
  health.facts.route = JSON.stringify({ methods: [{ method: "DELETE", loc: { file: "x", line: 1, column: 1 } }], diagnostics: [] });
  writeFileSync(cacheFile(root), JSON.stringify({ ...saved, compiler: "another compiler" }));
  assert.equal(scan(root), expected);
  writeFileSync(cacheFile(root), "{ not json");
  assert.equal(scan(root), expected);
});

test("a file that is gone leaves the cache when it is next written", () => {
  const root = appCopy("scan-routes");
  scan(root);
  assert.ok(readCache(root).modules["routes/api/health.ts"]);
  rmSync(path.join(root, "routes", "api", "health.ts"));
  writeFileSync(path.join(root, "routes", "api", "new.ts"), 'import { defineHandler } from "sdk";\nexport const GET = defineHandler(() => 1);\n');
  scan(root);
  assert.not.ok(readCache(root).modules["routes/api/health.ts"]);
  assert.ok(readCache(root).modules["routes/api/new.ts"]);
});

test.run();
