/**
 * The types `sdk prepare` writes for sdk/client, checked by the real `tsc`: a scratch app with
 * routes, the generated .sdk/ files and a file of calls, where every right call has its result
 * type asserted and every wrong one carries `// @ts-expect-error`, so a clean exit means every
 * expectation held (an unused directive is an error too). `sdk` and `sdk/client` resolve to this
 * checkout's sources.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../../build/pipeline.ts";
import type { RouteIR } from "../../../compiler/ir.ts";
import { emitPrepareFiles } from "../../../emitters/prepare.ts";
import { irWith } from "../../helpers/scan-ir.ts";
import { REPO_ROOT } from "../../helpers/sdk-cli.ts";
import { scratchDir } from "../../helpers/scratch.ts";

const TSC = path.join(REPO_ROOT, "node_modules", "typescript", "bin", "tsc");

function write(root: string, file: string, content: string | string[]): void {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), Array.isArray(content) ? `${content.join("\n")}\n` : content);
}

function tsc(root: string): { code: number; output: string } {
  const result = spawnSync(process.execPath, [TSC, "-p", root, "--noEmit", "--pretty", "false"], { encoding: "utf8" });
  return { code: result.status ?? -1, output: `${result.stdout}${result.stderr}` };
}

/** As `sdk prepare` does: analyze the app, write the files under .sdk/. */
async function prepare(root: string): Promise<void> {
  const ir = await analyze({ root });
  for (const file of emitPrepareFiles(ir, { nodeTypes: false })) write(root, path.join(".sdk", file.path), file.content);
}

function scratchApp(): string {
  const root = scratchDir("client-types");
  write(root, "package.json", ['{ "name": "client-types", "private": true, "type": "module" }']);
  write(root, "tsconfig.json", [JSON.stringify({
    extends: "./.sdk/tsconfig.json",
    compilerOptions: {
      paths: {
        "sdk": [path.join(REPO_ROOT, "runtime", "index.ts")],
        "sdk/client": [path.join(REPO_ROOT, "runtime", "client", "index.ts")],
      },
    },
  })]);
  write(root, "routes/api/users/[id].ts", [
    'import { defineHandler } from "sdk";',
    "",
    "export const GET = defineHandler((c) => ({ id: c.req.param(\"id\") ?? \"\", joined: new Date(0), greet: () => \"hi\" }));",
    "export const DELETE = defineHandler(() => undefined);",
  ]);
  write(root, "routes/api/users/index.ts", [
    'import { defineHandler } from "sdk";',
    "",
    "export const GET = defineHandler(() => [{ id: \"1\", tags: new Set([\"a\"]) }]);",
    "export const POST = defineHandler(async (c) => {",
    "  const { name } = await c.req.json<{ name?: string }>();",
    "  if (!name) return c.json({ error: \"name is required\" }, 422);",
    "  return c.json({ created: name }, 201);",
    "});",
  ]);
  write(root, "routes/api/files/[...path].ts", [
    'import { defineHandler } from "sdk";',
    "",
    "export const PUT = defineHandler((c) => ({ saved: c.req.param(\"path\") ?? \"\" }));",
  ]);
  write(root, "routes/api/[org]/repos/[repo].ts", [
    'import { defineHandler } from "sdk";',
    "",
    "export const GET = defineHandler(async (c) => (c.req.query(\"raw\") ? new Response(\"raw\") : { full: `${c.req.param(\"org\")}/${c.req.param(\"repo\")}` }));",
  ]);
  write(root, "routes/api/health.ts", [
    'import { defineHandler } from "sdk";',
    "",
    "export const GET = defineHandler((c) => c.text(\"ok\"));",
    "export const HEAD = defineHandler(() => undefined);",
  ]);
  return root;
}

const CALLS = [
  'import { fetch, SdkFetchError } from "sdk/client";',
  "",
  "type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;",
  "type Expect<T extends true> = T;",
  "",
  "export async function calls() {",
  "  // The result is the handler's value as JSON delivers it: a Date as a string, no functions.",
  '  const user = await fetch("/api/users/:id", { params: { id: "1" } });',
  "  type User = Expect<Equal<typeof user, { id: string; joined: string }>>;",
  '  const removed = await fetch("/api/users/:id", { method: "DELETE", params: { id: 1 } });',
  "  type Removed = Expect<Equal<typeof removed, undefined>>;",
  '  const users = await fetch("/api/users");',
  "  type Users = Expect<Equal<typeof users, { id: string; tags: Record<string, never> }[]>>;",
  "  // c.json(..., 422) throws, so only the 201 answer is a result.",
  '  const created = await fetch("/api/users", { method: "POST", body: { name: "Ada" } });',
  "  type Created = Expect<Equal<typeof created, { created: string }>>;",
  '  const saved = await fetch("/api/files/*path", { method: "PUT", params: { path: "a/b.txt" }, body: "text" });',
  "  type Saved = Expect<Equal<typeof saved, { saved: string }>>;",
  "  // A plain Response may carry any body.",
  '  const repo = await fetch("/api/:org/repos/:repo", { params: { org: "o", repo: "r" }, query: { raw: ["1"] } });',
  "  type Repo = Expect<Equal<typeof repo, unknown>>;",
  '  const health = await fetch("/api/health", { headers: { accept: "text/plain" }, signal: AbortSignal.timeout(1000), baseUrl: "http://localhost:3000" });',
  "  type Health = Expect<Equal<typeof health, \"ok\">>;",
  '  const head = await fetch("/api/health", { method: "HEAD" });',
  "  type Head = Expect<Equal<typeof head, undefined>>;",
  "",
  "  // @ts-expect-error an unknown path",
  '  await fetch("/api/user/:id", { params: { id: "1" } });',
  "  // @ts-expect-error a method the route file does not export",
  '  await fetch("/api/users/:id", { method: "PATCH", params: { id: "1" } });',
  "  // @ts-expect-error a route without GET needs its method",
  '  await fetch("/api/files/*path", { params: { path: "a" } });',
  "  // @ts-expect-error params left out",
  '  await fetch("/api/users/:id");',
  "  // @ts-expect-error a parameter missing",
  '  await fetch("/api/:org/repos/:repo", { params: { org: "o" } });',
  "  // @ts-expect-error a parameter the route does not have",
  '  await fetch("/api/users/:id", { params: { id: "1", slug: "x" } });',
  "  // @ts-expect-error params for a route without any",
  '  await fetch("/api/users", { params: { id: "1" } });',
  "  // @ts-expect-error an option that does not exist",
  '  await fetch("/api/users", { bodyy: {} });',
  "  // @ts-expect-error a Date arrives as a string",
  "  const joined: Date = user.joined;",
  "  // @ts-expect-error functions are not sent",
  "  user.greet();",
  "  // @ts-expect-error the 422 answer is thrown, not returned",
  "  created.error;",
  "",
  "  try {",
  '    await fetch("/api/users", { method: "POST", body: {} });',
  "  } catch (error) {",
  "    if (error instanceof SdkFetchError) return [error.status, error.body, error.response.headers] as const;",
  "  }",
  "  return joined;",
  "}",
];

test("tsc accepts the right calls with their result types and rejects each wrong one", async () => {
  const root = scratchApp();
  write(root, "src/calls.ts", CALLS);
  await prepare(root);
  const result = tsc(root);
  assert.is(result.code, 0, result.output);
});

test("a wrong call without @ts-expect-error fails: the calls are really checked", async () => {
  const root = scratchApp();
  write(root, "src/calls.ts", ['import { fetch } from "sdk/client";', "", 'export const wrong = fetch("/api/users/:id", { params: { slug: "1" } });']);
  await prepare(root);
  const result = tsc(root);
  assert.is.not(result.code, 0, result.output);
  assert.match(result.output, /src\/calls\.ts\(3,\d+\): error TS2353: Object literal may only specify known properties, and 'slug' does not exist/);
});

test("in an app without routes every path is an error", async () => {
  const root = scratchDir("client-types-empty");
  write(root, "package.json", ['{ "name": "client-types-empty", "private": true, "type": "module" }']);
  write(root, "tsconfig.json", [JSON.stringify({ extends: "./.sdk/tsconfig.json", compilerOptions: { paths: { "sdk/client": [path.join(REPO_ROOT, "runtime", "client", "index.ts")] } } })]);
  write(root, "src/calls.ts", [
    'import { fetch } from "sdk/client";',
    "",
    "// @ts-expect-error no route exists until `sdk prepare` has seen one",
    'export const call = fetch("/api/anything");',
  ]);
  await prepare(root);
  const result = tsc(root);
  assert.is(result.code, 0, result.output);
});

function route(file: string, pattern: string, segments: RouteIR["segments"], methods: RouteIR["methods"][number]["method"][]): RouteIR {
  const loc = { file, line: 1, column: 1 };
  return { file, pattern, segments, methods: methods.map((method) => ({ method, loc })), mode: null };
}

const USERS = route("app/routes/api/users/[id].ts", "/api/users/:id", [{ kind: "static", value: "api" }, { kind: "static", value: "users" }, { kind: "param", name: "id" }], ["GET", "DELETE"]);
const FILES = route("app/routes/api/files/[...path].ts", "/api/files/*path", [{ kind: "static", value: "api" }, { kind: "static", value: "files" }, { kind: "catchAll", name: "path" }], ["PUT"]);
const HELLO = route("app/routes/api/hello.ts", "/api/hello", [{ kind: "static", value: "api" }, { kind: "static", value: "hello" }], ["GET"]);

function clientTypes(routes: RouteIR[]): string {
  const file = emitPrepareFiles(irWith({ routes, sourceDir: "app" }), { nodeTypes: false }).find((f) => f.path === "types/client.d.ts");
  assert.ok(file, "prepare writes types/client.d.ts");
  return file.content;
}

test("the client types name each route's handlers and parameters, sorted by pattern", () => {
  assert.fixture(clientTypes([USERS, HELLO, FILES]), [
    "// Generated by sdk prepare: the app's routes for `fetch` from \"sdk/client\", which checks each",
    "// call's path, method and parameters against them and types its answer by the handler's return",
    "// value. Run `sdk prepare` again after adding or removing a route file or a method export.",
    'import type { Params } from "sdk/client";',
    "",
    'declare module "sdk/client" {',
    "  interface Routes {",
    '    "/api/files/*path": {',
    '      PUT: typeof import("../../app/routes/api/files/[...path].ts").PUT;',
    "    };",
    '    "/api/hello": {',
    '      GET: typeof import("../../app/routes/api/hello.ts").GET;',
    "    };",
    '    "/api/users/:id": {',
    '      GET: typeof import("../../app/routes/api/users/[id].ts").GET;',
    '      DELETE: typeof import("../../app/routes/api/users/[id].ts").DELETE;',
    "    };",
    "  }",
    "",
    "  interface RouteParams {",
    '    "/api/files/*path": Params<"path">;',
    '    "/api/hello": Params<never>;',
    '    "/api/users/:id": Params<"id">;',
    "  }",
    "}",
    "",
  ].join("\n"));
});

test("the client types are the same whatever order the routes were found in, and on every run", () => {
  const first = clientTypes([USERS, HELLO, FILES]);
  assert.is(clientTypes([FILES, USERS, HELLO]), first);
  assert.is(clientTypes([HELLO, FILES, USERS]), first);
  assert.is(clientTypes([USERS, HELLO, FILES]), first);
});

test("an app without routes gets empty interfaces", () => {
  assert.match(clientTypes([]), "  interface Routes {}\n\n  interface RouteParams {}\n}\n");
});

test.run();
