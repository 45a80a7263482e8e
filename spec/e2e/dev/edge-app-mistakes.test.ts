/**
 * `sdk dev` on the edge (workerd) as a user runs it: what the app prints reaches the terminal, and
 * an app's mistake never stops the dev server. Every console method of a route, a middleware and
 * a cron fired over /__sdk/scheduled is shown, tagged `[GET /api/hello]` or `[cron <expression>]`. A page importing a package that is not installed
 * at start: the server starts, every other route answers, that page answers the error naming the
 * file, and a saved fix serves it without a restart. The same import added mid-session (and a
 * missing relative file) is reported while the last good version keeps serving.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { closeBrowser, withContext } from "../../helpers/e2e/browser.ts";
import { startDev } from "../../helpers/dev-server.ts";
import { copyFixture } from "../../helpers/sdk-cli.ts";
import type { RunningServer } from "../../helpers/spawn-server.ts";
import { waitFor } from "../../helpers/wait-for.ts";

const test = suite("sdk dev on the edge: console output and app mistakes");
let app: string;
let dev: RunningServer;

const write = (file: string, content: string) => {
  mkdirSync(path.dirname(path.join(app, file)), { recursive: true });
  writeFileSync(path.join(app, file), content);
};
const edit = (file: string, from: string, to: string) => {
  const text = readFileSync(path.join(app, file), "utf8");
  assert.ok(text.includes(from), `${file} should contain ${from}`);
  write(file, text.replace(from, to));
};

function until<T>(what: string, check: () => Promise<T | undefined>): Promise<T> {
  return waitFor(what, check, { timeoutMs: 30_000 }).catch((cause: Error) => {
    throw new Error(`${cause.message}\n--- sdk dev output ---\n${dev.output()}`);
  });
}

async function get(pathname: string, init?: RequestInit): Promise<{ status: number; body: string }> {
  const response = await fetch(`${dev.url}${pathname}`, { redirect: "manual", ...init });
  return { status: response.status, body: await response.text() };
}

function served(pathname: string, status: number, text = ""): Promise<string> {
  return until(`${pathname} to answer ${status} ${text}`, async () => {
    const response = await get(pathname);
    return response.status === status && response.body.includes(text) ? response.body : undefined;
  });
}

const printed = (text: string) => until(`the terminal to show ${JSON.stringify(text)}`, async () => (dev.output().includes(text) ? true : undefined));

const consoleCalls = (who: string) => ["log", "info", "warn", "debug", "error"].map((method) => `console.${method}("${method}-from-${who}");`).join(" ");

test.before(async () => {
  app = copyFixture("fixtures", "dev-api");
  rmSync(path.join(app, "crons", "flaky.ts"));
  write("package.json", JSON.stringify({ name: "dev-edge-mistakes", private: true, type: "module", dependencies: { react: "*", "react-dom": "*" } }));
  write("sdk.config.ts", 'import { defineConfig } from "sdk/config";\n\nexport default defineConfig({ target: "edge" });\n');
  write("routes/api/hello.ts", `import { defineHandler } from "sdk";\n\nexport const GET = defineHandler(() => { ${consoleCalls("route")} return { message: "hello" }; });\n`);
  write("middleware/01.tag.ts", `import { defineMiddleware } from "sdk";\n\nexport default defineMiddleware(async (c, next) => { if (c.req.path === "/api/hello") { ${consoleCalls("middleware")} } await next(); });\n`);
  write("crons/tick.ts", `import { defineScheduled } from "sdk";\n\nexport const cron = "*/10 * * * *";\n\nexport default defineScheduled(() => { ${consoleCalls("cron")} });\n`);
  write("pages/about.tsx", "export default function About() {\n  return <p>about, first version</p>;\n}\n");
  write("pages/broken.tsx", 'import leftPad from "not-installed-pkg";\n\nexport default function Broken() {\n  return <p>{leftPad("broken")}</p>;\n}\n');
  dev = await startDev(app);
});

test.after(async () => {
  await closeBrowser();
  await dev?.stop();
});

test("every console method of a route, a middleware and a cron reaches the terminal, tagged with the request or the cron", async () => {
  assert.is((await get("/api/hello")).status, 200);
  const fired = await get(`/__sdk/scheduled?cron=${encodeURIComponent("*/10 * * * *")}`, { method: "POST" });
  assert.is(fired.status, 200, fired.body);
  const tags = { route: "GET /api/hello", middleware: "GET /api/hello", cron: "cron */10 * * * *" };
  for (const [who, tag] of Object.entries(tags)) {
    for (const method of ["log", "info", "warn", "debug", "error"]) await printed(`[${tag}] ${method}-from-${who}`);
  }
});

test("a page importing a missing package at start: dev starts, other routes answer, that page answers the error; a fix recovers", async () => {
  assert.is((await get("/api/hello")).status, 200);
  await served("/about", 200, "about, first version");
  const broken = await get("/broken");
  assert.is(broken.status, 500, broken.body);
  assert.match(broken.body, /pages\/broken\.tsx:1:\d+/);
  assert.match(broken.body, /not-installed-pkg/);
  assert.match(dev.output(), /pages\/broken\.tsx:1:\d+[^\n]*not-installed-pkg/);
  assert.not.match(dev.output(), /internal error/);
  write("pages/broken.tsx", "export default function Broken() {\n  return <p>fixed at last</p>;\n}\n");
  await served("/broken", 200, "fixed at last");
});

test("a route importing a missing package mid-session: it answers the located error, the open page shows it as Vite's overlay", async () => {
  await withContext({}, async (context) => {
    const page = await context.newPage();
    // Loaded with its modules, Vite's client among them, connected for updates.
    await page.goto(`${dev.url}/about`, { waitUntil: "networkidle" });
    const original = readFileSync(path.join(app, "routes/api/ticks.ts"), "utf8");
    write("routes/api/ticks.ts", `import pad from "route-missing-pkg";\n${original}\nexport const padded = pad;\n`);
    const broken = await until("the route to answer its error", async () => {
      const response = await get("/api/ticks");
      return response.status === 500 ? response.body : undefined;
    });
    assert.match(broken, /routes\/api\/ticks\.ts:1:\d+: cannot import \\"route-missing-pkg\\"/);
    const overlay = await page.waitForFunction(() => document.querySelector("vite-error-overlay")?.shadowRoot?.textContent ?? undefined, undefined, { timeout: 15_000 });
    assert.match(String(await overlay.jsonValue()), /routes\/api\/ticks\.ts:1:\d+: cannot import "route-missing-pkg"/);
    write("routes/api/ticks.ts", original);
    await served("/api/ticks", 200, "ticks");
  });
});

test("a missing package or file imported mid-session is reported; the last good version keeps serving; a fix recovers", async () => {
  const before = dev.output().length;
  edit("pages/about.tsx", "export default", 'import leftPad from "another-missing-pkg";\n\nexport default');
  edit("pages/about.tsx", "about, first version", '{leftPad("about, second version")}');
  await until("the missing package reported", async () => (/pages\/about\.tsx:1:\d+[^\n]*another-missing-pkg/.test(dev.output().slice(before)) ? true : undefined));
  await served("/about", 200, "about, first version");
  assert.is((await get("/api/hello")).status, 200);
  write("pages/about.tsx", 'import { label } from "./nowhere";\n\nexport default function About() {\n  return <p>{label}</p>;\n}\n');
  await until("the missing file reported", async () => (/pages\/about\.tsx:1:\d+[^\n]*nowhere/.test(dev.output().slice(before)) ? true : undefined));
  await served("/about", 200, "about, first version");
  write("pages/about.tsx", "export default function About() {\n  return <p>about, fixed version</p>;\n}\n");
  await served("/about", 200, "about, fixed version");
  assert.not.match(dev.output(), /internal error/);
});

test.run();
