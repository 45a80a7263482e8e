/**
 * `output: "server"` on node, bun and deno: a page with `prerender = true` whose loader reads an
 * environment variable the build does not have (a secret, a database URL) builds, and is
 * prerendered by the running server at its first request: that answer is kept by ISR (MISS, then
 * HIT with the same bytes) until the next build. Started without the variable, the page fails at
 * its request, the failure is logged naming the page's loader, and nothing is cached, so the next
 * request tries again. A page that reads such a variable and still answers at build is
 * prerendered there, with a warning that its HTML was made without the value.
 */
import { writeFileSync, mkdirSync, existsSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { request } from "../helpers/e2e/http.ts";
import { startBuilt, withServer } from "../helpers/e2e/targets.ts";
import { expectSuccess, installedApps, runSdk } from "../helpers/sdk-cli.ts";
import { scratchDir } from "../helpers/scratch.ts";

const FILES: Record<string, string> = {
  "package.json": JSON.stringify({ name: "prerender-servers", private: true, type: "module", dependencies: { react: "^19.0.0", "react-dom": "^19.0.0" } }),
  "sdk.config.ts": 'import { defineConfig } from "sdk/config";\n\nexport default defineConfig({});\n',
  "pages/greeting.tsx": 'export const prerender = true;\n\nexport default function Greeting(props: { greeting: string; at: number }) {\n  return <p>{`${props.greeting} (rendered ${props.at})`}</p>;\n}\n',
  "pages/greeting.server.ts":
    'import { defineHandler } from "sdk";\n\nexport const loader = defineHandler(() => {\n  const greeting = process.env.GREETING_SECRET;\n  if (!greeting) throw new Error("GREETING_SECRET is not set");\n  return { greeting, at: Date.now() + Math.random() };\n});\n',
  "pages/banner.tsx": 'export const prerender = true;\n\nexport default function Banner(props: { banner: string }) {\n  return <p>{props.banner}</p>;\n}\n',
  "pages/banner.server.ts": 'import { defineHandler } from "sdk";\n\nexport const loader = defineHandler(() => ({ banner: process.env.OPTIONAL_BANNER ?? "no banner" }));\n',
};

function app(): string {
  const root = scratchDir("prerender-servers", installedApps());
  for (const [file, content] of Object.entries(FILES)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), content);
  }
  return root;
}

const page = (url: string) => request(url, { path: "/greeting", headers: { accept: "text/html" } });

for (const target of ["node", "bun", "deno"] as const) {
  test(`${target}: a prerendered page reading a secret builds, renders at its first request and is kept`, async () => {
    const root = app();
    const built = expectSuccess(runSdk(["build", "--root", root, "--target", target]), `sdk build --target ${target}`);
    assert.match(built.stdout, /prerendered later, by the server at each path's first request/);
    assert.match(built.stdout, /\/greeting \(pages\/greeting\.tsx reads process\.env\.GREETING_SECRET\)/);
    assert.not.ok(existsSync(path.join(root, "dist", "client", "greeting.html")), "no HTML from the build");
    assert.ok(existsSync(path.join(root, "dist", "client", "banner.html")), "a page that answers without the variable is built");
    assert.match(built.stdout + built.stderr, /SDK_PRERENDER_WITHOUT_BINDINGS[\s\S]*\/banner was prerendered at build although it read process\.env\.OPTIONAL_BANNER/);

    await withServer(() => startBuilt(root, target, { GREETING_SECRET: "hello from production" }), async (server) => {
      const first = await page(server.url);
      assert.is(first.status, 200, first.body);
      assert.is(first.headers["x-sdk-cache"], "MISS");
      assert.match(first.body, "hello from production");
      const second = await page(server.url);
      assert.is(second.headers["x-sdk-cache"], "HIT");
      assert.is(second.body, first.body, "the first render is what later visitors get");
      const data = await request(server.url, { path: "/greeting/__data.json" });
      assert.is(data.status, 200);
      assert.is((await request(server.url, { path: "/greeting/__data.json" })).headers["x-sdk-cache"], "HIT");
      const personal = await request(server.url, { path: "/greeting", headers: { accept: "text/html", cookie: "session=attacker" } });
      assert.is(personal.body, first.body, "a cookie neither changes nor replaces the kept copy (the loader never reads it)");
    });

    await withServer(() => startBuilt(root, target), async (server) => {
      const failed = await page(server.url);
      assert.is(failed.status, 500);
      assert.not.match(failed.body, "GREETING_SECRET", "the reason stays in the log");
      assert.is((await page(server.url)).headers["x-sdk-cache"], "MISS", "a failed render is not kept: the next request renders again");
      assert.match(server.output(), /greeting[\s\S]*GREETING_SECRET is not set/);
    });
  });
}

test.run();
