/**
 * `sdk dev` over HTTP, as a user runs it, on node (Vite's module runner in Node.js) and on the
 * edge (workerd through Cloudflare's Vite plugin): one dev server per target on a fixture copy,
 * files edited between requests. A saved route is served on the next request; a new route, a
 * deleted one, a config change and a `.env` value apply without a restart; a syntax error is
 * reported at its line while the last good version keeps serving. `/__sdk/` fires the crons in
 * the app that serves the routes. On the edge a binding's state survives a restart of `sdk dev`.
 * And `sdk build` never reads `.env`.
 */
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { startBuilt, withServer } from "../../helpers/e2e/targets.ts";
import { startDev } from "../../helpers/dev-server.ts";
import { copyFixture, expectSuccess, runSdk } from "../../helpers/sdk-cli.ts";
import type { Target } from "../../../compiler/ir.ts";
import type { RunningServer } from "../../helpers/spawn-server.ts";
import { waitFor } from "../../helpers/wait-for.ts";

/** The fixture's config for a target; on the edge, with the KV namespace the persistence test writes to. */
function configFor(target: Target): string {
  const edge = target === "edge" ? '\n  edge: { kv_namespaces: [{ binding: "NOTES", id: "dev-notes" }] },' : "";
  return `import { defineConfig } from "sdk/config";\n\nexport default defineConfig({\n  target: "${target}",${edge}\n});\n`;
}

function devSuite(target: Target): void {
  const test = suite(`sdk dev on ${target}`);
  let app: string;
  let dev: RunningServer;

  const write = (file: string, content: string) => writeFileSync(path.join(app, file), content);
  const edit = (file: string, from: string, to: string) => {
    const text = readFileSync(path.join(app, file), "utf8");
    assert.ok(text.includes(from), `${file} should contain ${from}`);
    write(file, text.replace(from, to));
  };

  async function get(pathname: string, init?: RequestInit): Promise<{ status: number; body: string; headers: Headers }> {
    const response = await fetch(`${dev.url}${pathname}`, { redirect: "manual", ...init });
    return { status: response.status, body: await response.text(), headers: response.headers };
  }

  /** Waits until `pathname` answers with `status` and a body containing `text`. */
  /** waitFor, with what the dev server printed when it times out. */
  function until<T>(what: string, check: () => Promise<T | undefined>): Promise<T> {
    return waitFor(what, check).catch((cause: Error) => {
      throw new Error(`${cause.message}\n--- sdk dev output ---\n${dev.output()}`);
    });
  }

  function served(pathname: string, status: number, text = ""): Promise<string> {
    return until(`${pathname} to answer ${status} ${text}`, async () => {
      const response = await get(pathname);
      return response.status === status && response.body.includes(text) ? response.body : undefined;
    });
  }

  test.before(async () => {
    app = copyFixture("fixtures", "dev-api");
    write("sdk.config.ts", configFor(target));
    dev = await startDev(app);
  });

  test.after(async () => {
    await dev?.stop();
  });

  test("serves routes, middleware and public files, and prints the URL and target", async () => {
    const hello = await get("/api/hello");
    assert.is(hello.status, 200);
    assert.equal(JSON.parse(hello.body), { message: "hello, first version" });
    assert.is(hello.headers.get("x-dev-middleware"), "first");
    const file = await get("/hello.txt");
    assert.is(file.status, 200);
    assert.is(file.body, "a public file\n");
    assert.match(dev.output(), new RegExp(`Target:\\s+${target}`));
    assert.match(dev.output(), /ready in \d+ ms/);
  });

  test("POST /__sdk/scheduled runs the crons of an expression; GET /__sdk/ lists them; a saved expression is picked up", async () => {
    const fire = (cron: string) => get(`/__sdk/scheduled?cron=${encodeURIComponent(cron)}`, { method: "POST" });
    assert.equal(JSON.parse((await get("/api/ticks")).body), { ticks: 0 });
    const fired = await fire("*/10 * * * *");
    assert.is(fired.status, 200, fired.body);
    assert.equal(JSON.parse(fired.body), { cron: "*/10 * * * *", ran: ["crons/tick.ts"], outcome: "ok" });
    assert.equal(JSON.parse((await get("/api/ticks")).body), { ticks: 1 }, "the handler ran in the app that serves the routes");

    const listed = JSON.parse((await get("/__sdk/")).body) as { crons: { file: string; cron: string; curl: string }[] };
    assert.equal(listed.crons, [
      { file: "crons/flaky.ts", cron: "0 0 1 1 *", curl: `curl -X POST '${dev.url}/__sdk/scheduled?cron=0%200%201%201%20*'` },
      { file: "crons/tick.ts", cron: "*/10 * * * *", curl: `curl -X POST '${dev.url}/__sdk/scheduled?cron=*%2F10%20*%20*%20*%20*'` },
    ]);
    assert.match((await get("/__sdk/", { headers: { accept: "text/html" } })).body, '<script type="module" src="/__sdk/dashboard.js">', "a browser gets the dashboard (spec/e2e/dev/dashboard.test.ts)");

    const failed = await fire("0 0 1 1 *");
    assert.is(failed.status, 500, failed.body);
    const report = JSON.parse(failed.body) as { ran: string[]; outcome: string; errors: { file?: string; message: string }[] };
    assert.equal([report.ran, report.outcome], [["crons/flaky.ts"], "exception"]);
    if (target === "node") assert.equal(report.errors, [{ file: "crons/flaky.ts", message: "flaky cron failed" }]);
    else assert.match(report.errors[0]!.message, /sdk dev output/);
    await until("the handler's error in the dev output", async () => (dev.output().includes("flaky cron failed") ? true : undefined));

    const unknown = await fire("1 2 3 4 5");
    assert.is(unknown.status, 404);
    assert.equal(JSON.parse(unknown.body).known, ["0 0 1 1 *", "*/10 * * * *"]);

    edit("crons/tick.ts", '"*/10 * * * *"', '"*/20 * * * *"');
    await until("the new expression in the list", async () => (JSON.parse((await get("/__sdk/")).body).crons[1]?.cron === "*/20 * * * *" ? true : undefined));
    const ticks = async () => (JSON.parse((await get("/api/ticks")).body) as { ticks: number }).ticks;
    // The app picks up the rewritten cron table on its next load, a moment after the list does.
    await until("the saved expression to run the cron", async () => {
      const before = await ticks();
      const refired = await fire("*/20 * * * *");
      return refired.status === 200 && (await ticks()) > before ? true : undefined;
    });
  });

  test("a saved route and a saved middleware are served on the next request", async () => {
    edit("routes/api/hello.ts", "hello, first version", "hello, second version");
    await served("/api/hello", 200, "hello, second version");
    edit("middleware/01.tag.ts", '"first"', '"second"');
    await until("the middleware's new header", async () => ((await get("/api/hello")).headers.get("x-dev-middleware") === "second" ? true : undefined));
  });

  test("a method added to a saved route joins the route table; one removed leaves it", async () => {
    assert.is((await get("/api/hello", { method: "POST" })).status, 405);
    write("routes/api/hello.ts", `${readFileSync(path.join(app, "routes/api/hello.ts"), "utf8")}\nexport const POST = defineHandler(() => ({ posted: true }));\n`);
    await until("POST to be routed", async () => ((await get("/api/hello", { method: "POST" })).status === 200 ? true : undefined));
    edit("routes/api/hello.ts", "\nexport const POST = defineHandler(() => ({ posted: true }));\n", "");
    await until("POST to be refused again", async () => ((await get("/api/hello", { method: "POST" })).status === 405 ? true : undefined));
  });

  test("a new route file is served and a deleted one is gone, without a restart", async () => {
    assert.is((await get("/api/added")).status, 404);
    write("routes/api/added.ts", 'import { defineHandler } from "sdk";\n\nexport const GET = defineHandler(() => ({ added: true }));\n');
    await served("/api/added", 200, '"added":true');
    rmSync(path.join(app, "routes/api/added.ts"));
    await served("/api/added", 404);
  });

  test("a change to sdk.config.ts is validated and applied", async () => {
    edit("sdk.config.ts", `  target: "${target}",`, `  target: "${target}",\n  routing: { redirects: { "/old": "/api/hello" } },`);
    const redirected = await until("the new redirect", async () => {
      const response = await get("/old");
      return response.status === 307 || response.status === 308 || response.status === 301 || response.status === 302 ? response : undefined;
    });
    assert.is(redirected.headers.get("location"), "/api/hello");
    edit("sdk.config.ts", '"/old": "/api/hello"', '"/old": 42');
    await until("the config error", async () => (/sdk\.config\.ts:\d+/.test(dev.output()) && /routing\.redirects/.test(dev.output()) ? true : undefined));
    assert.is((await get("/old")).headers.get("location"), "/api/hello", "the last good config keeps serving");
    edit("sdk.config.ts", '"/old": 42', '"/old": "/api/env"');
    await until("the fixed config", async () => ((await get("/old")).headers.get("location") === "/api/env" ? true : undefined));
  });

  test("ISR caches nothing in dev: a saved route is served at once even under a revalidate rule", async () => {
    edit("sdk.config.ts", "routing: { redirects:", 'routing: { revalidate: { "/api/hello": 3600 }, redirects:');
    const routing = path.join(app, ".sdk", "generated", "dev", "routing.ts");
    await until("the revalidate rule in the route table", async () => (readFileSync(routing, "utf8").includes("3600") ? true : undefined));
    const first = (await get("/api/hello")).body;
    edit("routes/api/hello.ts", "hello, second version", "hello, uncached version");
    await served("/api/hello", 200, "hello, uncached version");
    assert.is.not(first, (await get("/api/hello")).body);
    edit("routes/api/hello.ts", "hello, uncached version", "hello, second version");
    await served("/api/hello", 200, "hello, second version");
  });

  test("root .env values reach the app in dev, and a change to .env applies", async () => {
    assert.equal(JSON.parse((await get("/api/env")).body), { greeting: null });
    write(".env", "DEV_GREETING=hello from .env\n");
    await served("/api/env", 200, "hello from .env");
    write(".env", "DEV_GREETING=changed\n");
    await served("/api/env", 200, "changed");
  });

  // On the edge workerd's module runner drops a changed module whether or not it compiles: the
  // route is served from the last version that loaded in the worker (runtime/dev/last-good.ts).
  test("a syntax error is shown at its line; the last good version keeps serving until it is fixed", async () => {
    // Loaded since the edge worker's last restart (the .env test restarts it): that is the version kept.
    await served("/api/hello", 200, "hello, second version");
    const before = dev.output().length;
    edit("routes/api/hello.ts", "hello, second version\" }));", "hello, broken version\" }))) ;;; {");
    await until("the located error", async () => (/routes\/api\/hello\.ts:\d+:\d+/.test(dev.output().slice(before)) ? true : undefined));
    const during = await get("/api/hello");
    assert.is(during.status, 200, during.body);
    assert.ok(during.body.includes("hello, second version"), during.body);
    edit("routes/api/hello.ts", "hello, broken version\" }))) ;;; {", "hello, fixed version\" }));");
    await served("/api/hello", 200, "hello, fixed version");
  });

  test("a handler that throws shows its message and stack in dev", async () => {
    const response = await get("/api/boom");
    assert.is(response.status, 500);
    assert.ok(response.body.includes("boom from a route"), response.body);
    assert.match(response.body, /routes\/api\/boom\.ts:4:\d+/, `the stack points at the line in the route file:\n${response.body}`);
  });

  if (target === "edge") {
    test("a binding's state is persisted under .sdk/state and survives a restart of sdk dev", async () => {
      const put = await get("/api/note", { method: "PUT", body: "remember me" });
      assert.is(put.status, 200, put.body);
      assert.equal(JSON.parse((await get("/api/note")).body), { note: "remember me" });
      await dev.stop();
      dev = await startDev(app);
      assert.equal(JSON.parse((await get("/api/note")).body), { note: "remember me" });
    });
  }

  if (target === "node") test("a production build never reads .env: not on node, not into the edge worker's vars", async () => {
    write(".env", "DEV_GREETING=must not ship\n");
    expectSuccess(runSdk(["build", "--root", app, "--target", "node"]), "sdk build --target node");
    await withServer(() => startBuilt(app, "node"), async (server) => {
      const response = await fetch(`${server.url}/api/env`);
      assert.equal(await response.json(), { greeting: null });
    });
    expectSuccess(runSdk(["build", "--root", app, "--target", "edge"]), "sdk build --target edge");
    for (const file of ["index.mjs", "wrangler.json"]) {
      assert.not.ok(readFileSync(path.join(app, "dist", "server", file), "utf8").includes("must not ship"), file);
    }
  });
  test.run();
}

devSuite("node");
devSuite("edge");
