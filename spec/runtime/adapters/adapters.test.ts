/**
 * Runs the node, bun and deno adapters for real: bundles a tiny server with esbuild, starts it
 * in the runtime, and talks HTTP to it, including a SIGTERM that arrives mid-request.
 */
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build, type Plugin } from "esbuild";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { startOnFreePort, startServer, type RunningServer } from "../../helpers/spawn-server.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const bin = (name: string): string => path.join(root, "node_modules", ".bin", name);

const HELLO = "hello from public/\n";
const HELLO_ETAG = `"${createHash("sha1").update(HELLO).digest("hex").slice(0, 16)}"`;

const runtimes = [
  { name: "node", command: process.execPath, args: [] as string[], platform: "node" as const },
  { name: "bun", command: bin("bun"), args: [], platform: "node" as const },
  { name: "deno", command: bin("deno"), args: ["run", "-A"], platform: "neutral" as const },
];

const workDir = mkdtempSync(path.join(tmpdir(), "sdk-runtime-adapters-"));
mkdirSync(path.join(workDir, "client"));
writeFileSync(path.join(workDir, "client", "hello.txt"), HELLO);

function entrySource(runtime: string): string {
  const assets = { "/hello.txt": { file: "hello.txt", type: "text/plain; charset=utf-8", etag: HELLO_ETAG, size: Buffer.byteLength(HELLO) } };
  return `
import { createApp } from "sdk/runtime/app";
import { serve } from "sdk/runtime/adapters/${runtime}";
import { defineHandler } from "sdk";

const app = createApp({
  production: true,
  middleware: [],
  routes: [
    { pattern: "/api/hello", file: "routes/api/hello.ts", handlers: { GET: defineHandler(() => ({ hello: "${runtime}" })) } },
    {
      pattern: "/api/slow",
      file: "routes/api/slow.ts",
      handlers: {
        GET: defineHandler(async () => {
          console.log("slow request started");
          await new Promise((resolve) => setTimeout(resolve, 500));
          return { slow: true };
        }),
      },
    },
  ],
});
serve(app, { assets: ${JSON.stringify(assets)}, clientDir: new URL("./client/", import.meta.url) });
`;
}

/** Resolves `sdk` and `sdk/runtime/*` to this repo's TypeScript sources, as the real build will. */
const sdkSources: Plugin = {
  name: "sdk-sources",
  setup(builder) {
    builder.onResolve({ filter: /^sdk(\/runtime\/.+)?$/ }, (args) => ({
      path: args.path === "sdk" ? path.join(root, "runtime", "index.ts") : path.join(root, `${args.path.slice("sdk/".length)}.ts`),
    }));
  },
};

async function bundle(runtime: (typeof runtimes)[number]): Promise<string> {
  const entry = path.join(workDir, `entry-${runtime.name}.ts`);
  const outfile = path.join(workDir, `server-${runtime.name}.mjs`);
  writeFileSync(entry, entrySource(runtime.name));
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    format: "esm",
    platform: runtime.platform,
    mainFields: ["module", "main"],
    plugins: [sdkSources],
    logLevel: "error",
  });
  return outfile;
}

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request on a fresh connection with the path sent exactly as given (fetch would normalize it). */
function rawRequest(server: RunningServer, requestPath: string, method = "GET"): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port: server.port, path: requestPath, method, agent: false }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

async function waitForOutput(server: RunningServer, text: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!server.output().includes(text)) {
    if (Date.now() > deadline) throw new Error(`no "${text}" in output:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

for (const runtime of runtimes) {
  test(`${runtime.name}: serves routes and assets, then drains on SIGTERM`, async () => {
    const serverFile = await bundle(runtime);
    const server = await startOnFreePort((port) => ({ command: runtime.command, args: [...runtime.args, serverFile], env: { PORT: String(port), HOST: "127.0.0.1", DENO_NO_UPDATE_CHECK: "1" } }));
    try {
      assert.is(server.output().trim(), `Listening on http://127.0.0.1:${server.port}`);

      const hello = await fetch(`${server.url}/api/hello`);
      assert.is(hello.status, 200);
      assert.equal(await hello.json(), { hello: runtime.name });

      const asset = await fetch(`${server.url}/hello.txt`);
      assert.is(asset.status, 200);
      assert.is(asset.headers.get("content-type"), "text/plain; charset=utf-8");
      assert.is(asset.headers.get("etag"), HELLO_ETAG);
      assert.is(asset.headers.get("content-length"), String(Buffer.byteLength(HELLO)));
      assert.is(await asset.text(), HELLO);

      const cached = await fetch(`${server.url}/hello.txt`, { headers: { "If-None-Match": HELLO_ETAG } });
      assert.is(cached.status, 304);
      assert.is(await cached.text(), "");

      const head = await rawRequest(server, "/hello.txt", "HEAD");
      assert.is(head.status, 200);
      assert.is(head.headers["content-length"], String(Buffer.byteLength(HELLO)));
      assert.is(head.body, "");

      const traversal = await rawRequest(server, "/..%2f..%2fetc/passwd");
      assert.is(traversal.status, 404);
      assert.equal(JSON.parse(traversal.body), { error: "Not Found" });
      const dotted = await rawRequest(server, "/%2e%2e/%2e%2e/etc/passwd");
      assert.ok([400, 404].includes(dotted.status), `status ${dotted.status}`);
      assert.not.match(dotted.body, "root:");

      const clash = await startServer(runtime.command, [...runtime.args, serverFile], { PORT: String(server.port), HOST: "127.0.0.1" }).then(
        (second) => (second.stop(), "a second server listened on the same port"),
        (error: Error) => error.message,
      );
      assert.match(clash, "exited (code 1");
      assert.match(clash, `Could not listen on 127.0.0.1:${server.port}`);
      assert.match(clash, "the port is in use (EADDRINUSE). Stop what listens on it, or set PORT to a free port.");

      const missing = await fetch(`${server.url}/nope`);
      assert.is(missing.status, 404);
      assert.equal(await missing.json(), { error: "Not Found" });

      const slow = rawRequest(server, "/api/slow");
      await waitForOutput(server, "slow request started");
      const signalledAt = Date.now();
      server.kill("SIGTERM");
      await new Promise((resolve) => setTimeout(resolve, 150));
      const refused = await rawRequest(server, "/api/hello").then(
        (res) => `answered ${res.status}`,
        (error: NodeJS.ErrnoException) => error.code ?? error.message,
      );
      assert.is(refused, "ECONNREFUSED");

      const finished = await slow;
      assert.is(finished.status, 200);
      assert.equal(JSON.parse(finished.body), { slow: true });
      const exit = await server.exited;
      assert.equal(exit, { code: 0, signal: null }, server.output());
      const drainMs = Date.now() - signalledAt;
      assert.ok(drainMs < 3_000, `took ${drainMs} ms to exit after SIGTERM`);
    } finally {
      await server.stop();
    }
  });
}

test("node: plain routes are answered without loading the fetch implementation, which costs Node 20 about 17 ms at start", async () => {
  const serverFile = await bundle(runtimes[0]);
  const trap = path.join(root, "spec", "helpers", "fetch-globals-trap.mjs");
  const server = await startOnFreePort((port) => ({ command: process.execPath, args: ["--import", trap, serverFile], env: { PORT: String(port), HOST: "127.0.0.1" } }));
  try {
    const hello = await rawRequest(server, "/api/hello");
    assert.equal(JSON.parse(hello.body), { hello: "node" });
    assert.not.match(server.output(), "fetch globals loaded", "a plain route's answer");
    const asset = await rawRequest(server, "/hello.txt");
    assert.is(asset.body, HELLO);
    assert.match(server.output(), "fetch globals loaded", "an asset is answered through a web Response");
  } finally {
    await server.stop();
  }
});

test.after(() => rmSync(workDir, { recursive: true, force: true }));

test.run();
