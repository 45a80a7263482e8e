/**
 * README's "Install" section followed literally by a newcomer: the tarball installed in a fresh
 * folder, `npx sdk init my-app --template react`, then the commands it prints. The registry's `sdk`
 * is someone else's package, so the new app must ask for this one (the tarball), or every route
 * answers 500 with their module in place of ours.
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, readFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { withServer } from "../helpers/e2e/targets.ts";
import { installedApps } from "../helpers/sdk-cli.ts";
import { scratchDir } from "../helpers/scratch.ts";
import { startOnFreePort } from "../helpers/spawn-server.ts";

function run(command: string, args: string[], cwd: string): string {
  const { FORCE_COLOR: _forced, ...env } = process.env;
  const result = spawnSync(command, args, { cwd, env: { ...env, NO_COLOR: "1" }, encoding: "utf8", timeout: 300_000 });
  assert.is(result.status, 0, `${command} ${args.join(" ")} in ${cwd}\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

/** npm as README says, preferring the local cache so the run stays quick. */
const npmInstall = (args: string[], cwd: string) => run("npm", ["install", ...args, "--prefer-offline", "--no-audit", "--no-fund"], cwd);

/** What `sdk dev` prints on a clean start: its banner and nothing Vite or workerd warns about. */
function assertQuiet(output: string): void {
  const stray = output.split("\n").filter((line) => /\(!\)|warn|error|could not be resolved|Are they installed/i.test(line));
  assert.equal(stray, [], `sdk dev printed:\n${output}`);
}

/** `npm run dev` runs the script `sdk dev`; started directly, since npm does not pass SIGTERM on. */
async function withAppDev(app: string, use: (url: string) => Promise<void>): Promise<void> {
  assert.is(JSON.parse(readFileSync(path.join(app, "package.json"), "utf8")).scripts.dev, "sdk dev");
  const sdk = path.join(app, "node_modules", ".bin", "sdk");
  let output = "";
  await withServer(
    () => startOnFreePort((port) => ({ command: sdk, args: ["dev", "--port", String(port), "--host", "127.0.0.1"], options: { cwd: app, listening: /Local:\s+(http:\/\/\S+)/, timeoutMs: 90_000 } })),
    async (server) => {
      await use(server.url);
      output = server.output();
    },
  );
  assertQuiet(output);
}

let folder = "";

test("README's Install, then sdk init's printed commands: the app runs this sdk and serves the template's page", async () => {
  installedApps();
  const tarball = process.env.SDK_TEST_TARBALL!;
  folder = scratchDir("first-hour");
  copyFileSync(tarball, path.join(folder, path.basename(tarball)));
  npmInstall([`./${path.basename(tarball)}`], folder);

  const init = run("npx", ["sdk", "init", "my-app", "--template", "react"], folder);
  assert.match(init, `sdk: "file:../${path.basename(tarball)}"`);
  const next = /next: (.+)/.exec(init)?.[1];
  assert.is(next, "cd my-app && npm install && npm run dev");

  const app = path.join(folder, "my-app");
  assert.is(JSON.parse(readFileSync(path.join(app, "package.json"), "utf8")).dependencies.sdk, `file:../${path.basename(tarball)}`);
  npmInstall([], app);
  const installed = JSON.parse(readFileSync(path.join(app, "node_modules", "sdk", "package.json"), "utf8"));
  assert.ok(installed.exports["./config"], "node_modules/sdk is this package, not the registry's sdk");

  await withAppDev(app, async (url) => {
    const home = await fetch(`${url}/`);
    assert.is(home.status, 200);
    assert.match(await home.text(), "<h1>Welcome to sdk</h1>");
    assert.equal(await (await fetch(`${url}/api/hello/ada`)).json(), { message: "Hello, ada!" });
  });
});

test("a fresh Solid app's dev server starts without warning about React's JSX runtime, and serves its page", async () => {
  assert.ok(folder, "the first test made the folder with sdk installed");
  run("npx", ["sdk", "init", "solid-app", "--template", "solid"], folder);
  const app = path.join(folder, "solid-app");
  npmInstall([], app);
  await withAppDev(app, async (url) => {
    const home = await fetch(`${url}/`);
    assert.is(home.status, 200);
    assert.match(await home.text(), "<h1>Welcome to sdk</h1>");
  });
});

test.run();
