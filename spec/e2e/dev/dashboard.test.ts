/**
 * The dev dashboard at `/__sdk/` in Chromium, on a fixture app with D1, KV, R2, a cron, a queue,
 * middleware, pages and env.ts: each tab shows the app's real data (routes with their middleware
 * chain and a file opened in the editor, the live request log with output and a located error,
 * each request's route and middleware timings, pushed live over Server-Sent Events,
 * the database's rows and a read-only query, KV values and R2 objects past a page of 100, a cron fired and a queue
 * message consumed, the inbox, where each env key comes from); a secret's value is in no answer of the
 * dashboard; what must be refused is (a rebound Host, a cross-site call, a path out of the app,
 * an unconfirmed delete, a wrong bridge token, and with `--host` another machine); PostgreSQL and
 * MySQL are read in a read-only transaction; and a build
 * of the app holds none of it. With UPDATE_SCREENSHOTS=1 the requests tab is kept as
 * docs/public/dev-dashboard.png.
 */
import { chmodSync, existsSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import os from "node:os";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { JobRun, RequestEntry } from "../../../cli/dev/dashboard/activity.ts";
import { closeBrowser, withContext } from "../../helpers/e2e/browser.ts";
import { withDatabase } from "../../helpers/databases.ts";
import { startDev, withDev } from "../../helpers/dev-server.ts";
import { copyFixture, expectSuccess, REPO_ROOT, runSdk, sdkBin } from "../../helpers/sdk-cli.ts";
import { startOnFreePort, type RunningServer } from "../../helpers/spawn-server.ts";
import { waitFor } from "../../helpers/wait-for.ts";

test.after(closeBrowser);

const SECRET = "dashboard-secret-value-7f3a9c";
const root = copyFixture("fixtures", "dev-dashboard");
const editorLog = path.join(root, ".editor-log");
const editor = path.join(root, ".editor.sh");
writeFileSync(editor, `#!/bin/sh\necho "$@" >> '${editorLog}'\n`);
chmodSync(editor, 0o755);
expectSuccess(runSdk(["db", "generate", "--root", root]), "sdk db generate");

let dev: RunningServer;
test.before(async () => {
  dev = await startDev(root, [], { LAUNCH_EDITOR: editor });
});
test.after(async () => {
  await dev?.stop();
});

const api = (pathname: string, init?: RequestInit) => fetch(`${dev.url}/__sdk/api/${pathname}`, init);

/** A raw request, for the headers fetch() will not send as asked (Host). */
function raw(url: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      let body = "";
      res.setEncoding("utf8").on("data", (chunk: string) => (body += chunk)).on("end", () => resolve({ status: res.statusCode!, body }));
    });
    req.on("error", reject).end();
  });
}

/** The live stream's first event of the requests log (the log so far), the stream then closed. */
async function firstEvent(call: typeof api): Promise<string> {
  const controller = new AbortController();
  const response = await call("requests/stream", { signal: controller.signal });
  assert.is(response.status, 200);
  assert.match(response.headers.get("content-type")!, "text/event-stream");
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  while (!text.includes("event: requests")) text += (await reader.read()).value ?? "";
  while (!text.endsWith("\n\n")) text += (await reader.read()).value ?? "";
  controller.abort();
  return text;
}

test("each tab shows the app's real data in Chromium, and no answer holds a secret's value", async () => {
  const json = { "content-type": "application/json" };
  assert.is((await fetch(`${dev.url}/api/notes`, { method: "POST", headers: json, body: JSON.stringify({ body: "first note" }) })).status, 201);
  assert.is((await fetch(`${dev.url}/api/notes`, { method: "POST", headers: json, body: JSON.stringify({ body: "second note" }) })).status, 201);
  assert.is((await fetch(`${dev.url}/api/kv/greeting`, { method: "PUT", body: "hello from kv" })).status, 204);
  assert.is((await fetch(`${dev.url}/api/files/docs/readme.txt`, { method: "PUT", body: "an object in r2" })).status, 201);
  assert.is((await fetch(`${dev.url}/api/boom`)).status, 500);
  assert.is((await fetch(`${dev.url}/api/welcome`, { method: "POST", headers: json, body: JSON.stringify({ to: "ada@example.com" }) })).status, 200);

  const answers: string[] = [];
  await withContext({}, async (context) => {
    const page = await context.newPage();
    const failures: string[] = [];
    page.on("pageerror", (error) => failures.push(error.message));
    page.on("response", (response) => {
      if (new URL(response.url()).pathname.startsWith("/__sdk/")) void response.text().then((text) => answers.push(text), () => {});
    });
    page.on("dialog", (dialog) => void dialog.accept());

    await page.goto(`${dev.url}/__sdk/`);
    // routes: every route and page, the methods, the chain, the file opened in the editor
    const notes = page.locator('tr[data-route="/api/notes"]');
    await notes.waitFor();
    assert.match(await notes.innerText(), /GET\s*POST/);
    assert.match(await notes.innerText(), "middleware/01.timing.ts");
    assert.match(await page.locator('tr[data-route="/"]').innerText(), "layout: pages/layout.tsx");
    await notes.getByRole("button", { name: /routes\/api\/notes\/index\.ts/ }).click();
    await notes.getByText("opened").waitFor();
    const opened = await waitFor("the editor to be started", async () => (existsSync(editorLog) ? readFileSync(editorLog, "utf8") : undefined));
    assert.match(opened, path.join(root, "routes", "api", "notes", "index.ts"));

    // requests: the log, with output and the located error; filterable
    await page.getByRole("link", { name: "requests" }).click();
    const added = page.locator('tr[data-request="POST /api/notes"]').first();
    await added.waitFor();
    assert.match(await added.innerText(), /201/);
    await added.click();
    await page.getByText('adding the note "second note"').waitFor();
    // the route's and each middleware's time, from the dev app's Server-Timing (25 ms of the middleware's own)
    const middlewareTime = await page.locator('[data-timing="middleware/01.timing.ts"]').first().innerText();
    assert.match(middlewareTime, /^middleware\s+middleware\/01\.timing\.ts\s+\d+\.\d ms$/);
    assert.ok(Number(/([\d.]+) ms/.exec(middlewareTime)![1]) >= 20, middlewareTime);
    assert.match(await page.locator('[data-timing="routes/api/notes/index.ts"]').first().innerText(), /^route\s+routes\/api\/notes\/index\.ts\s+\d+\.\d ms$/);
    assert.is(await added.locator('.timing-bar [data-step="middleware/01.timing.ts"]').count(), 1, "the bar has the middleware's segment");
    // live: a request made now is pushed to the open tab
    assert.equal(await page.evaluate(() => performance.getEntriesByType("resource").filter((entry) => entry.name.includes("/__sdk/api/requests?")).length), 0, "no polling");
    await fetch(`${dev.url}/api/kv/pushed-live`);
    await page.locator('tr[data-request="GET /api/kv/pushed-live"]').waitFor({ timeout: 5_000 });
    const boom = page.locator('tr[data-request="GET /api/boom"]');
    assert.match(await boom.innerText(), /500/);
    await boom.click();
    await page.locator(".error", { hasText: "the boom route failed on purpose" }).first().waitFor();
    await page.locator(".error button", { hasText: "routes/api/boom.ts:" }).first().waitFor();
    await page.getByLabel("Filter requests").fill("boom");
    await waitFor("the filter to apply", async () => ((await page.locator("tr[data-request]").count()) === 1 ? true : undefined));
    if (process.env.UPDATE_SCREENSHOTS) {
      await page.getByLabel("Filter requests").fill("");
      await page.setViewportSize({ width: 1280, height: 720 });
      await page.screenshot({ path: path.join(REPO_ROOT, "docs", "public", "dev-dashboard.png") });
    }

    // data: D1 rows and a read-only query, KV values, R2 objects; more than a page (100) of keys
    // and objects (made now, out of the screenshot's requests), read on from the cursor
    for (let start = 0; start < 120; start += 20) {
      await Promise.all(
        Array.from({ length: 20 }, async (_, offset) => {
          const n = String(start + offset).padStart(3, "0");
          assert.is((await fetch(`${dev.url}/api/kv/many-${n}`, { method: "PUT", body: n })).status, 204);
          assert.is((await fetch(`${dev.url}/api/files/many/${n}.txt`, { method: "PUT", body: n })).status, 201);
        }),
      );
    }
    await page.getByRole("link", { name: "data" }).click();
    await page.getByRole("button", { name: /^notes 2$/ }).click();
    await page.locator("table.rows", { hasText: "second note" }).waitFor();
    await page.getByLabel("Read-only query").fill("SELECT body FROM notes ORDER BY id DESC LIMIT 1");
    await page.getByRole("button", { name: "Run read-only query" }).click();
    await page.locator("table.rows").last().locator("td", { hasText: /^second note$/ }).waitFor();
    await page.getByLabel("Read-only query").fill("DELETE FROM notes");
    await page.getByRole("button", { name: "Run read-only query" }).click();
    await page.getByText("only a read runs here").waitFor();
    const kv = page.locator('[data-store="kv"]');
    await kv.getByRole("button", { name: "many-098" }).waitFor();
    assert.is(await kv.getByRole("button", { name: "many-119" }).count(), 0, "past the first page");
    await kv.getByRole("button", { name: "More keys" }).click();
    await kv.getByRole("button", { name: "many-119" }).click();
    await page.locator('[data-kv-value="many-119"]', { hasText: "119" }).waitFor();
    assert.is(await kv.getByRole("button", { name: "More keys" }).count(), 0, "the last page");
    const r2 = page.locator('[data-store="r2"]');
    await r2.getByRole("link", { name: "many/098.txt" }).waitFor();
    assert.is(await r2.getByRole("link", { name: "many/099.txt" }).count(), 0, "past the first page");
    await r2.getByRole("button", { name: "More objects" }).click();
    await r2.getByRole("link", { name: "many/119.txt" }).waitFor();
    assert.is(await r2.locator("tbody tr").count(), 121, "every object, once");
    await page.getByRole("button", { name: "greeting" }).click();
    await page.locator('[data-kv-value="greeting"]', { hasText: "hello from kv" }).waitFor();
    const download = page.getByRole("link", { name: "docs/readme.txt" });
    await download.waitFor();
    const [file] = await Promise.all([page.waitForEvent("download"), download.click()]);
    assert.is(readFileSync((await file.path())!, "utf8"), "an object in r2");

    // jobs: fire the cron, send a queue message, see each one's output
    await page.getByRole("link", { name: "jobs" }).click();
    const cron = page.locator('[data-cron="0 2 * * *"]');
    await cron.getByRole("button", { name: "Trigger" }).click();
    await cron.locator(".run", { hasText: 'nightly cleanup ran for "0 2 * * *"' }).waitFor();
    assert.match(await cron.locator(".run").first().innerText(), /ok/);
    const work = page.locator('[data-queue="work"]');
    await work.getByLabel("Test message for work").fill('{ "task": "from the dashboard" }');
    await work.getByRole("button", { name: "Send test message" }).click();
    await work.locator(".run", { hasText: 'consumed {"task":"from the dashboard"}' }).waitFor({ timeout: 15_000 });
    // the inbox: the message the app sent
    await page.getByText("(1 messages)").waitFor();
    await page.getByRole("link", { name: "Welcome, ada@example.com" }).click();
    await page.getByText("Welcome to the dashboard fixture.").waitFor();
    await page.goBack();

    // env: where each key comes from; a server key's value hidden
    await page.getByRole("link", { name: "env" }).click();
    const secret = page.locator('tr[data-env="API_SECRET"]');
    await secret.waitFor();
    assert.match(await secret.innerText(), /\.env\s+hidden/);
    assert.match(await page.locator('tr[data-env="PUBLIC_GREETING"]').innerText(), /vars\s+hello from vars/);
    assert.match(await page.locator('tr[data-env="RETRIES"]').innerText(), /default/);
    assert.match(await page.locator('tr[data-env="FEATURE_FLAG"]').innerText(), /undeclared/);
    assert.equal(failures, []);
  });

  answers.push(await firstEvent(api));
  for (const pathname of ["routes", "requests", "env", "jobs", "data", "data/tables", "data/rows?table=notes", "data/kv?binding=KV", "data/kv/value?binding=KV&key=greeting", "data/r2?binding=STORAGE"]) {
    const response = await api(pathname);
    assert.is(response.status, 200, pathname);
    answers.push(await response.text());
  }
  answers.push(await (await fetch(`${dev.url}/__sdk/`)).text(), await (await fetch(`${dev.url}/__sdk/`, { headers: { accept: "text/html" } })).text());
  assert.ok(answers.length > 20, `${answers.length} answers read`);
  for (const answer of answers) assert.not.match(answer, SECRET);
});

test("a rebound Host, a cross-site call, a path out of the app, an unconfirmed delete and a wrong bridge token are refused", async () => {
  for (const host of ["evil.example", `evil.example:${dev.port}`, "localhost.evil.example"]) {
    const answer = await raw(`${dev.url}/__sdk/api/env`, { host });
    assert.is(answer.status, 403, host);
    assert.not.match(answer.body, SECRET);
  }
  for (const headers of [{ "sec-fetch-site": "cross-site" }, { origin: "http://evil.example" }, { referer: "http://evil.example/page" }, { "sec-fetch-mode": "no-cors", "sec-fetch-dest": "script" }] as Record<string, string>[]) {
    const response = await api("env", { headers });
    assert.is(response.status, 403, JSON.stringify(headers));
    assert.not.match(await response.text(), SECRET);
  }
  // the live stream too: an EventSource of a page of another origin (localhost is not 127.0.0.1) gets nothing
  const refusedStream = await api("requests/stream", { headers: { origin: "http://evil.example", "sec-fetch-site": "cross-site" } });
  assert.is(refusedStream.status, 403);
  await withContext({}, async (context) => {
    const page = await context.newPage();
    await page.goto(`http://localhost:${dev.port}/`);
    const outcome = await page.evaluate(
      (source) =>
        new Promise<{ state: number; events: number }>((resolve) => {
          const stream = new EventSource(source);
          let events = 0;
          stream.addEventListener("requests", () => events++);
          stream.addEventListener("error", () => setTimeout(() => resolve({ state: stream.readyState, events }), 200));
        }),
      `${dev.url}/__sdk/api/requests/stream`,
    );
    assert.equal(outcome, { state: 2, events: 0 }, "closed, never reconnecting, nothing read");
  });

  const form = await api("open", { method: "POST", headers: { "content-type": "text/plain" }, body: JSON.stringify({ file: "env.ts" }) });
  assert.is(form.status, 403, "a form's body type");

  symlinkSync(os.tmpdir(), path.join(root, "outside-link"));
  for (const file of ["../outside.ts", "/etc/passwd", "routes/../../outside.ts", "outside-link", "routes", "", "missing.ts"]) {
    const response = await api("open", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ file }) });
    assert.is(response.status, 400, file);
  }
  assert.not.match(existsSync(editorLog) ? readFileSync(editorLog, "utf8") : "", /passwd|outside/);

  const unconfirmed = await api("data/kv?binding=KV&key=greeting", { method: "DELETE", headers: { "content-type": "application/json" }, body: "{}" });
  assert.is(unconfirmed.status, 409);
  assert.equal(await (await api("data/kv/value?binding=KV&key=greeting")).json(), { value: "hello from kv" }, "the key is still there");
  const written = await api("data/query", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ sql: "WITH x AS (SELECT 1) DELETE FROM notes" }) });
  assert.is(written.status, 400);
  assert.is(((await (await api("data/rows?table=notes")).json()) as { total: number }).total, 2, "no row was deleted");

  for (const token of [undefined, "0".repeat(64)]) {
    const response = await fetch(`${dev.url}/__sdk/bridge/kv-get`, { method: "POST", headers: { "content-type": "application/json", ...(token && { "x-sdk-dev-bridge": token }) }, body: JSON.stringify({ binding: "KV", key: "greeting" }) });
    assert.is.not(response.status, 200, `token ${token}`);
    assert.not.match(await response.text(), "hello from kv");
  }
});

test("with --host, another machine reaches the app, never the dashboard or the bridge", async () => {
  const address = Object.values(os.networkInterfaces()).flat().find((entry) => entry && entry.family === "IPv4" && !entry.internal)?.address;
  if (!address) return console.log("  (skipped: this machine has no address but loopback)");
  // A copy of its own: two dev servers never share one app's generated folder and state.
  const exposedRoot = copyFixture("fixtures", "dev-dashboard");
  const exposed = await startOnFreePort((port) => ({
    command: process.execPath,
    args: [sdkBin(), "dev", "--root", exposedRoot, "--port", String(port), "--host", "0.0.0.0"],
    options: { listening: /Local:\s+(http:\/\/\S+)/, timeoutMs: 60_000 },
  }));
  try {
    const remote = `http://${address}:${exposed.port}`;
    for (const pathname of ["/__sdk/", "/__sdk/api/env", "/__sdk/api/routes", "/__sdk/api/data/kv/value?binding=KV&key=greeting", "/__sdk/dashboard.js"]) {
      const response = await fetch(`${remote}${pathname}`, { headers: { accept: "text/html" } });
      assert.is(response.status, 404, pathname);
      const body = await response.text();
      assert.not.match(body, SECRET);
    }
    const bridged = await fetch(`${remote}/__sdk/bridge/kv-list`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ binding: "KV" }) });
    assert.is(bridged.status, 404, "the app's answer: the bridge is not there without the session's token");
    assert.is((await fetch(`http://127.0.0.1:${exposed.port}/__sdk/api/routes`)).status, 200, "this machine still reaches it");
  } finally {
    await exposed.stop();
  }
});

test("node: the requests tab has each request's route, middleware, printed lines and located error; a cron's run has its output", async () => {
  const app = copyFixture("fixtures", "dev-api");
  writeFileSync(path.join(app, "routes", "api", "say.ts"), 'import { defineHandler } from "sdk";\n\nexport const GET = defineHandler((c) => {\n  console.log(`saying ${c.req.query("word")}`);\n  return { said: true };\n});\n');
  writeFileSync(path.join(app, "crons", "loud.ts"), 'import { defineScheduled } from "sdk";\n\nexport const cron = "0 5 * * *";\n\nexport default defineScheduled(() => {\n  console.log("the loud cron ran");\n});\n');
  await withDev(app, async (server) => {
    const call = async <T>(pathname: string) => (await (await fetch(`${server.url}/__sdk/api/${pathname}`)).json()) as T;
    await Promise.all([fetch(`${server.url}/api/say?word=one`), fetch(`${server.url}/api/say?word=two`)]);
    assert.is((await fetch(`${server.url}/api/boom`)).status, 500);
    assert.is((await fetch(`${server.url}/__sdk/scheduled?cron=${encodeURIComponent("0 5 * * *")}`, { method: "POST" })).status, 200);
    const { requests } = await call<{ requests: RequestEntry[] }>("requests");
    const said = requests.filter((entry) => entry.path === "/api/say");
    assert.equal(said.map((entry) => [entry.status, entry.route?.file, entry.middleware]), [
      [200, "routes/api/say.ts", ["middleware/01.tag.ts"]],
      [200, "routes/api/say.ts", ["middleware/01.tag.ts"]],
    ]);
    assert.equal(said.map((entry) => entry.output.map((line) => line.text)).sort(), [["saying one"], ["saying two"]], "each line is its own request's");
    assert.equal(said[0]!.timings.map((step) => [step.kind, step.file]), [["route", "routes/api/say.ts"], ["middleware", "middleware/01.tag.ts"]], "the route's and the middleware's time");
    const boom = requests.find((entry) => entry.path === "/api/boom")!;
    assert.equal([boom.status, boom.error?.message, boom.error?.at?.file], [500, "boom from a route", "routes/api/boom.ts"]);
    const { runs } = await call<{ runs: JobRun[] }>("jobs");
    assert.equal(runs.map((run) => [run.name, run.outcome, run.output.map((line) => line.text)]), [["0 5 * * *", "ok", ["the loud cron ran"]]]);
  });
});

for (const dialect of ["pg", "mysql"] as const) {
  test(`${dialect}: the data tab reads DATABASE_URL's tables and rows in a read-only transaction, which refuses a write the statement check lets through`, async () => {
    await withDatabase(dialect, async (database) => {
      const app = copyFixture("fixtures", dialect === "pg" ? "db-pg" : "db-mysql");
      writeFileSync(path.join(app, ".env"), `DATABASE_URL=${database.url}\n`);
      expectSuccess(runSdk(["db", "generate", "--root", app]), "sdk db generate");
      await withDev(app, async (server) => {
        const call = (pathname: string, init?: RequestInit) => fetch(`${server.url}/__sdk/api/${pathname}`, init);
        assert.is((await fetch(`${server.url}/api/posts`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ title: "kept" }) })).status, 201);
        const { tables } = (await (await call("data/tables")).json()) as { tables: { name: string; rows: number }[] };
        assert.equal(tables.find((table) => table.name === "posts")?.rows, 1);
        const page = (await (await call("data/rows?table=posts")).json()) as { rows: { title: string }[]; total: number };
        assert.equal([page.total, page.rows[0]?.title], [1, "kept"]);
        const query = (sql: string) => call("data/query", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ sql }) });
        assert.equal(await (await query("SELECT title FROM posts")).json(), { rows: [{ title: "kept" }] });
        if (dialect === "pg") {
          // A SELECT that writes (a sequence's next value): the statement check passes it, the transaction does not.
          const refused = await query("SELECT nextval(pg_get_serial_sequence('posts', 'id'))");
          assert.is(refused.status, 400);
          assert.match(((await refused.json()) as { error: string }).error, "read-only transaction");
        }
        assert.is((await query("DELETE FROM posts")).status, 400);
        assert.equal(await database.query("SELECT title FROM posts"), [{ title: "kept" }]);
      });
    });
  });
}

test("a build of the app holds nothing of the dashboard", async () => {
  // .env is sdk dev's only: the build takes its public value from its own environment.
  expectSuccess(runSdk(["build", "--root", root], { env: { PUBLIC_SITE_NAME: "Dashboard fixture" } }), "sdk build");
  const dist = path.join(root, "dist");
  for (const name of readdirSync(dist, { recursive: true, encoding: "utf8" })) {
    const file = path.join(dist, name);
    if (!/\.(m?js|json|html)$/.test(name)) continue;
    const text = readFileSync(file, "utf8");
    for (const mark of ["runtime/dev/timing", "timedApp", "Server-Timing", "dashboard-bridge", "__sdk/bridge", "SDK_DEV_BRIDGE_TOKEN", "/__sdk/api/", "__sdk/dashboard.js"]) assert.not.match(text, mark, `${name} holds ${mark}`);
  }
});

test.run();
