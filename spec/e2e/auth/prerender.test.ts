/**
 * Prerendering in an edge app whose runtime imports workerd's modules (auth brings
 * `cloudflare:workers` through the database): the build bundles the app for Node to answer the
 * prerendered paths, and used to stop there with an unresolved `cloudflare:workers` in sdk's own
 * files. A page that needs no binding is prerendered; one that reaches the database is left to
 * `sdk deploy` (its routing keeps it in ISR once rendered); one that fails on its own is
 * SDK_PRERENDER_FAILED at its file.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { copyFixture, expectSuccess, runSdk } from "../../helpers/sdk-cli.ts";

function authAppWith(pages: Record<string, string>): string {
  const root = copyFixture("fixtures", "auth-d1");
  writeFileSync(path.join(root, "package.json"), JSON.stringify({ name: "auth-prerender", private: true, type: "module", dependencies: { react: "^19.0.0", "react-dom": "^19.0.0" } }));
  mkdirSync(path.join(root, "pages"));
  for (const [file, source] of Object.entries(pages)) writeFileSync(path.join(root, "pages", file), source);
  return root;
}

test("an auth app's page with prerender = true is prerendered at build", () => {
  const root = authAppWith({ "about.tsx": 'export const prerender = true;\n\nexport default function About() {\n  return <h1>About us</h1>;\n}\n' });
  expectSuccess(runSdk(["build", "--root", root]), "sdk build");
  const html = path.join(root, "dist", "client", "about.html");
  assert.ok(existsSync(html), "about.html in dist/client");
  assert.match(readFileSync(html, "utf8"), "<h1>About us</h1>");
});

test("a prerendered page whose loader reaches the database is left to the deploy, not refused", () => {
  const root = authAppWith({
    "who.tsx": 'export const prerender = true;\n\nexport default function Who(props: { email: string | null }) {\n  return <p>{props.email}</p>;\n}\n',
    "who.server.ts": 'import { defineHandler } from "sdk";\nimport { auth } from "sdk/auth";\n\nexport const loader = defineHandler(async (c) => ({ email: (await auth.api.listUserAccounts({ headers: c.req.raw.headers })).length ? "x" : null }));\n',
  });
  const result = expectSuccess(runSdk(["build", "--root", root]), "sdk build");
  assert.not.ok(existsSync(path.join(root, "dist", "client", "who.html")), "no build-time HTML made with stand-in bindings");
  assert.match(result.stdout, /prerendered later, by sdk deploy on the uploaded version/);
  assert.match(result.stdout, /\/who \(pages\/who\.tsx reads [A-Z_, ]+\)/, "the build names the page and what it read");
  const routing = readFileSync(path.join(root, ".sdk", "generated", "edge", "routing.ts"), "utf8");
  assert.match(routing, /"prerendered": \[\s*"\/who",\s*"\/who\/__data\.json"\s*\]/, "the worker's ISR keeps /who and its data once rendered");
});

test("a prerendered page that fails without reading a binding still fails the build, with the page's error", () => {
  const root = authAppWith({
    "broken.tsx": 'export const prerender = true;\n\nexport default function Broken(): never {\n  throw new Error("the page itself is broken");\n}\n',
  });
  const result = runSdk(["build", "--root", root]);
  assert.is(result.code, 1, result.stdout + result.stderr);
  assert.match(result.stderr + result.stdout, /SDK_PRERENDER_FAILED pages\/broken\.tsx/);
  assert.match(result.stderr + result.stdout, /prerendering \/broken answered 500/);
});

test.run();
