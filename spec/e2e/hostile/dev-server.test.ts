/**
 * `sdk dev` against hostile requests, on node and on the edge, from loopback (a web page can make
 * the browser fetch localhost) and, when this machine has one, from a non-loopback address of its
 * own (`--host`): local platform state (`.sdk/state/`), `.env*`, lock files and server-only source
 * are never served, however the path is spelled; the pages' client modules still are. `/__sdk/`
 * actions refuse what a page of another site can make a browser send (a form, an `<img>`, a
 * no-cors fetch) while curl and the dev server's own pages still fire them.
 */
import { mkdirSync, writeFileSync, readFileSync } from "node:fs";
import { request } from "node:http";
import os from "node:os";
import path from "node:path";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import type { Target } from "../../../compiler/ir.ts";
import { startDev } from "../../helpers/dev-server.ts";
import { copyFixture, REPO_ROOT, sdkBin } from "../../helpers/sdk-cli.ts";
import { startOnFreePort, type RunningServer } from "../../helpers/spawn-server.ts";

const SECRET = "SECRET-9f3c2a";
const CRON = "*/10 * * * *";
const FIRE = `/__sdk/scheduled?cron=${encodeURIComponent(CRON)}`;
const WORKERD_FIRE = `/cdn-cgi/handler/scheduled?cron=${encodeURIComponent(CRON)}`;

/** The pages fixture, with a cron, a counter route, and the secrets a real project has lying around. */
function hostileApp(target: Target): string {
  const app = copyFixture("fixtures", "e2e-pages");
  const write = (file: string, content: string) => {
    mkdirSync(path.dirname(path.join(app, file)), { recursive: true });
    writeFileSync(path.join(app, file), content);
  };
  const config = readFileSync(path.join(app, "sdk.config.ts"), "utf8");
  write("sdk.config.ts", config.replace("defineConfig({", `defineConfig({\n  target: "${target}",`));
  for (const file of ["crons/tick.ts", "src/ticks.ts", "routes/api/ticks.ts"]) write(file, readFileSync(path.join(REPO_ROOT, "spec/fixtures/dev-api", file), "utf8"));
  write(".sdk/state/auth-secret", `${SECRET}-auth\n`);
  write(".sdk/state/v3/d1/miniflare-D1DatabaseObject/0123abcd.sqlite", `${SECRET}-d1 users password_hash sessions\n`);
  write(".env", `API_TOKEN=${SECRET}-env\n`);
  write(".env.local", `API_TOKEN=${SECRET}-env-local\n`);
  write(".dev.vars", `API_TOKEN=${SECRET}-dev-vars\n`);
  write("sdk.lock.json", `{ "note": "${SECRET}-lock" }\n`);
  write("package-lock.json", `{ "note": "${SECRET}-package-lock" }\n`);
  write("pages/guestbook.server.ts", `${readFileSync(path.join(app, "pages/guestbook.server.ts"), "utf8")}\n// ${SECRET}-page-server\n`);
  write("routes/api/hello.ts", `${readFileSync(path.join(app, "routes/api/hello.ts"), "utf8")}\n// ${SECRET}-route\n`);
  return app;
}

interface Answer {
  status: number;
  body: string;
}

/** A request whose path is sent as written: fetch() would resolve `..`, `.` and `%2e` first. */
function raw(base: string, target: string, init: { method?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, path: target, method: init.method ?? "GET", headers: init.headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** Every spelling of a path to something `sdk dev` must not serve. */
function secretProbes(app: string): string[] {
  const plain = [
    "/.sdk/state/auth-secret",
    "/.sdk/state/v3/d1/miniflare-D1DatabaseObject/0123abcd.sqlite",
    "/.env",
    "/.env.local",
    "/.dev.vars",
    "/sdk.lock.json",
    "/package-lock.json",
    "/routes/api/hello.ts",
    "/routes/api/hello",
    "/pages/guestbook.server.ts",
    "/pages/guestbook.server",
    "/crons/tick.ts",
  ];
  const spelled = plain.flatMap((file) => [
    file,
    `${file}?raw`,
    `${file}?import`,
    `${file}?url`,
    `${file}?import&raw`,
    `/@fs${app}${file}`,
    `/@fs${app}${file}?raw`,
    `${app}${file}?raw`,
    `/${file}?raw`,
    `/./pages/..${file}?raw`,
  ]);
  return [
    ...spelled,
    "/%2esdk/state/auth-secret?raw",
    "/%2Esdk/state/auth-secret",
    "/.%73dk/state/auth-secret?raw",
    "/%2e%73dk%2fstate%2fauth-secret?raw",
    "/.SDK/state/auth-secret?raw",
    "/%2eenv?raw",
    "/@id/.sdk/state/auth-secret?raw",
    `/@id${app}/.sdk/state/auth-secret?raw`,
    "/src/../.sdk/state/auth-secret?raw",
    "/src/%2e%2e/.sdk/state/auth-secret?raw",
    "/src/..%2f.sdk/state/auth-secret?raw",
    // Outside the app: Vite's server.fs.allow.
    "/@fs/etc/passwd",
    "/@fs/etc/passwd?raw",
    `/@fs${path.dirname(app)}/../../../etc/passwd?raw`,
  ];
}

/** Answers carrying a secret or a server-only module's source, with the path that got them. */
async function leaks(base: string, app: string): Promise<string[]> {
  const found: string[] = [];
  for (const probe of secretProbes(app)) {
    const answer = await raw(base, probe);
    const refused = answer.status === 403 || answer.status === 404;
    if (!refused || answer.body.includes(SECRET)) found.push(`${probe} -> ${answer.status} ${answer.body.slice(0, 80).replace(/\s+/g, " ")}`);
  }
  return found;
}

const IMPORT = /\b(?:import|export)\s*(?:[\w*{}\s,$]+?\s*from\s*)?["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']/g;

/**
 * The modules a browser loads from `entry` by following every import and dynamic import, as it
 * would while hydrating and navigating; Vite's prebundled dependencies are fetched, not followed.
 */
async function crawlModules(base: string, entry: string): Promise<{ loaded: string[]; refused: string[] }> {
  const seen = new Set<string>([entry]);
  const queue = [entry];
  const refused: string[] = [];
  while (queue.length && seen.size < 500) {
    const url = queue.shift()!;
    const answer = await raw(base, url, { headers: { "sec-fetch-dest": "script", accept: "*/*" } });
    if (answer.status !== 200) {
      refused.push(`${url} -> ${answer.status} ${answer.body.slice(0, 120)}`);
      continue;
    }
    if (url.startsWith("/node_modules/.vite/")) continue;
    for (const match of answer.body.matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2]!;
      if (!/^\.{0,2}\//.test(specifier) || specifier.startsWith("//")) continue;
      const next = new URL(specifier, `http://dev${url}`);
      const module = `${next.pathname}${next.search}`;
      if (!seen.has(module)) seen.add(module), queue.push(module);
    }
  }
  return { loaded: [...seen], refused };
}

async function ticks(dev: RunningServer): Promise<number> {
  const response = await fetch(`${dev.url}/api/ticks`);
  return ((await response.json()) as { ticks: number }).ticks;
}

function devSuite(target: Target): void {
  const test = suite(`sdk dev on ${target} under hostile requests`);
  let app: string;
  let dev: RunningServer;

  test.before(async () => {
    app = hostileApp(target);
    dev = await startDev(app);
  });

  test.after(async () => {
    await dev?.stop();
  });

  test("serves no local state, .env, lock file or server-only module, however the path is spelled", async () => {
    const found = await leaks(dev.url, app);
    assert.equal(found, [], `served:\n${found.join("\n")}`);
  });

  test("the generated server files beside the client entry are not served either", async () => {
    for (const file of ["handler.ts", "wrangler.json", "routes.ts", "app.ts"]) {
      const answer = await raw(dev.url, `/.sdk/generated/dev/${file}?raw`);
      assert.ok(answer.status === 403 || answer.status === 404, `${file}: ${answer.status}`);
    }
  });

  test("the pages still load their client modules: the entry, the pages, the runtime", async () => {
    const html = await (await fetch(`${dev.url}/`)).text();
    const entry = /<script[^>]+src="([^"]+client-dev\.ts)"/.exec(html)?.[1];
    assert.ok(entry, `the page loads the dev entry:\n${html.slice(0, 400)}`);
    for (const module of [entry, "/.sdk/generated/dev/client.ts", "/pages/index.tsx", "/pages/layout.tsx", "/pages/layout.css", "/pages/guestbook.tsx", "/@vite/client"]) {
      const answer = await raw(dev.url, module, { headers: { "sec-fetch-dest": "script" } });
      assert.is(answer.status, 200, `${module}: ${answer.status} ${answer.body.slice(0, 200)}`);
    }
    const client = await raw(dev.url, "/.sdk/generated/dev/client.ts", { headers: { "sec-fetch-dest": "script" } });
    assert.not.match(client.body, /\.server/, "the client entry imports no .server module");
  });

  test("every module the pages import, statically or on demand, is served to the browser (what hydration loads)", async () => {
    const html = await (await fetch(`${dev.url}/`)).text();
    const entry = /<script[^>]+src="([^"]+client-dev\.ts)"/.exec(html)![1]!;
    const { loaded, refused } = await crawlModules(dev.url, entry);
    assert.equal(refused, []);
    for (const page of ["/pages/index.tsx", "/pages/guestbook.tsx", "/pages/docs/intro.md", "/pages/blog/[slug].tsx"]) assert.ok(loaded.some((url) => url.startsWith(page)), `${page} among ${loaded.length} modules`);
    assert.not.ok(loaded.some((url) => /\.server\b|\/routes\//.test(url)), "no server-only module is imported");
  });

  test("a cross-site POST to /__sdk/scheduled is refused and fires nothing", async () => {
    const before = await ticks(dev);
    const attempts: { method: string; headers: Record<string, string> }[] = [
      { method: "POST", headers: { origin: "https://evil.example", "content-type": "text/plain" } },
      { method: "POST", headers: { origin: "null", "content-type": "application/x-www-form-urlencoded" } },
      { method: "POST", headers: { origin: "https://evil.example" } },
      { method: "POST", headers: { "sec-fetch-site": "cross-site", "sec-fetch-mode": "no-cors" } },
      { method: "POST", headers: { "sec-fetch-site": "same-site", "sec-fetch-mode": "no-cors" } },
      // A form of a browser that sends neither Origin nor Sec-Fetch-*: a type no form can send is required.
      { method: "POST", headers: { "content-type": "text/plain" } },
      { method: "POST", headers: { "content-type": "multipart/form-data; boundary=x" } },
      { method: "GET", headers: { "sec-fetch-site": "cross-site", "sec-fetch-mode": "no-cors", "sec-fetch-dest": "image" } },
      { method: "GET", headers: { "sec-fetch-site": "cross-site", "sec-fetch-mode": "navigate", "sec-fetch-dest": "document" } },
      { method: "GET", headers: { "sec-fetch-site": "same-origin", "sec-fetch-mode": "no-cors", "sec-fetch-dest": "image" } },
      { method: "GET", headers: { referer: "https://evil.example/page" } },
    ];
    for (const attempt of attempts) {
      const answer = await raw(dev.url, FIRE, attempt);
      assert.is(answer.status, 403, `${JSON.stringify(attempt)}: ${answer.status} ${answer.body}`);
      assert.match(answer.body, /sdk dev refused this (GET|POST) \/__sdk\/scheduled: \w/, "says why");
      // On the edge, workerd's own trigger, which Cloudflare's plugin forwards to the worker.
      if (target === "edge") assert.is((await raw(dev.url, WORKERD_FIRE, attempt)).status, 403, `${WORKERD_FIRE} ${JSON.stringify(attempt)}`);
    }
    assert.is(await ticks(dev), before, "no attempt ran the cron");
  });

  test("a page on a rebound DNS name (its Host and Origin agree) cannot fire it either: Vite's allowedHosts refuses the Host", async () => {
    const before = await ticks(dev);
    const rebound = `rebound.evil.example:${new URL(dev.url).port}`;
    for (const method of ["POST", "GET"]) {
      const answer = await raw(dev.url, FIRE, { method, headers: { host: rebound, origin: `http://${rebound}`, "sec-fetch-site": "same-origin", "sec-fetch-mode": "cors", "sec-fetch-dest": "empty" } });
      assert.is(answer.status, 403, `${method}: ${answer.status} ${answer.body}`);
    }
    assert.is((await raw(dev.url, "/api/hello", { headers: { host: rebound } })).status, 403, "nor read the app");
    assert.is(await ticks(dev), before);
  });

  test("curl and the dev server's own pages still fire it", async () => {
    const before = await ticks(dev);
    const host = new URL(dev.url).host;
    const allowed: { method: string; headers: Record<string, string> }[] = [
      { method: "POST", headers: {} },
      { method: "GET", headers: {} },
      { method: "POST", headers: { origin: dev.url, "sec-fetch-site": "same-origin", "sec-fetch-mode": "cors", "sec-fetch-dest": "empty" } },
      { method: "POST", headers: { origin: `http://${host}`, "content-type": "application/json" } },
      { method: "GET", headers: { "sec-fetch-site": "none", "sec-fetch-mode": "navigate", "sec-fetch-dest": "document" } },
    ];
    for (const attempt of allowed) {
      const answer = await raw(dev.url, FIRE, attempt);
      assert.is(answer.status, 200, `${JSON.stringify(attempt)}: ${answer.status} ${answer.body}`);
    }
    if (target === "edge") assert.is((await raw(dev.url, WORKERD_FIRE)).status, 200, "curl reaches workerd's trigger");
    assert.is(await ticks(dev), before + allowed.length + (target === "edge" ? 1 : 0));
  });

  test.run();
}

/** The addresses of this machine that are not loopback: what `--host` exposes to the network. */
function lanAddress(): string | undefined {
  return Object.values(os.networkInterfaces())
    .flat()
    .find((info) => info && info.family === "IPv4" && !info.internal)?.address;
}

function lanSuite(target: Target): void {
  const test = suite(`sdk dev on ${target} --host on a non-loopback address of this machine`);
  const address = lanAddress();
  let app: string;
  let dev: RunningServer | undefined;

  test.before(async () => {
    if (!address) return;
    app = hostileApp(target);
    dev = await startOnFreePort((port) => ({
      command: process.execPath,
      args: [sdkBin(), "dev", "--root", app, "--port", String(port), "--host", address],
      options: { listening: /Local:\s+(http:\/\/\S+)/, timeoutMs: 60_000 },
    }));
  });

  test.after(async () => {
    await dev?.stop();
  });

  test("serves no secret and answers no /__sdk/ action to the network", async () => {
    if (!dev) return console.log(`  (skipped: this machine has no non-loopback IPv4 address)`);
    assert.match(dev.url, new RegExp(address!.replace(/\./g, "\\.")));
    const found = await leaks(dev.url, app);
    assert.equal(found, [], `served:\n${found.join("\n")}`);
    const before = await ticks(dev);
    for (const method of ["POST", "GET"]) {
      for (const trigger of [FIRE, WORKERD_FIRE, "/cdn-cgi/handler/email?from=a@example.com&to=b@example.com"]) {
        const answer = await raw(dev.url, trigger, { method });
        assert.ok(answer.status === 404 || answer.status === 405, `${method} ${trigger}: ${answer.status} ${answer.body.slice(0, 200)}`);
      }
    }
    assert.is(await ticks(dev), before);
    assert.is((await fetch(`${dev.url}/api/hello`)).status, 200, "the app itself is served");
  });

  test.run();
}

devSuite("node");
devSuite("edge");
lanSuite("node");
lanSuite("edge");
