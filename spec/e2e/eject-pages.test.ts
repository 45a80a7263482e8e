/**
 * `sdk eject` of an app with pages, for every UI library: the ejected project installs from the
 * registry, type-checks with tsc, builds its client and server with its own `npm run build`
 * (Vite and the library's Vite plugin, no sdk command) and, started with its own `start` script
 * on node, passes the browser checks the `sdk build` output passes: server HTML, hydration,
 * layouts kept across client navigation, forms with and without JavaScript.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { closeBrowser } from "../helpers/e2e/browser.js";
import { assertPagesForms, assertPagesHttp, assertPagesInBrowser } from "../helpers/e2e/pages-assertions.js";
import { withServer } from "../helpers/e2e/targets.js";
import { scratchDir } from "../helpers/scratch.js";
import { copyFixture, expectSuccess, runSdk } from "../helpers/sdk-cli.js";
import { startOnFreePort } from "../helpers/spawn-server.js";

test.after(closeBrowser);

const LIBRARIES = [
  { name: "react", fixture: "e2e-pages" },
  { name: "vue", fixture: "e2e-pages-vue" },
  { name: "svelte", fixture: "e2e-pages-svelte" },
  { name: "solid", fixture: "e2e-pages-solid" },
];

function npm(cwd: string, args: string[]): void {
  const result = spawnSync("npm", args, { cwd, encoding: "utf8", timeout: 300_000 });
  assert.is(result.status, 0, `npm ${args.join(" ")} failed\n${result.stdout}\n${result.stderr}`);
}

/** The project's own start script, run as npm would run it, in its folder. */
function startScript(out: string): string[] {
  const { scripts } = JSON.parse(readFileSync(path.join(out, "package.json"), "utf8")) as { scripts: Record<string, string> };
  return scripts.start!.split(" ");
}

for (const { name, fixture } of LIBRARIES) {
  test(`an ejected ${name} app with pages installs, type-checks, builds and passes the browser checks on node`, async () => {
    const out = path.join(scratchDir("ejected"), "app");
    expectSuccess(runSdk(["eject", "--root", copyFixture("fixtures", fixture), "--target", "node", "--out", out]), "sdk eject --target node");
    assert.ok(existsSync(path.join(out, "vite.config.ts")));
    assert.ok(existsSync(path.join(out, "pages", "docs", "intro.md.ts")), "the Markdown page is compiled to a module");
    assert.not.ok(existsSync(path.join(out, "pages", "docs", "intro.md")));
    npm(out, ["install", "--no-audit", "--no-fund", "--prefer-offline"]);
    npm(out, ["run", "typecheck"]);
    npm(out, ["run", "build"]);
    assert.ok(existsSync(path.join(out, "dist", "server", "index.mjs")));
    const [command, ...args] = startScript(out);
    const start = () => startOnFreePort((port) => ({ command: command === "node" ? process.execPath : command!, args, env: { PORT: String(port), HOST: "127.0.0.1" }, options: { cwd: out } }));
    await withServer(start, async (server) => {
      // Prerendering is sdk build's: the ejected app renders those pages per request.
      await assertPagesHttp(server.url, { prerendered: false });
      await assertPagesInBrowser(server.url);
      await assertPagesForms(server.url);
    });
  });
}

test.run();
