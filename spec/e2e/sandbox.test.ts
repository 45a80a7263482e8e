/**
 * A sandbox app as the platform reads it. No Docker engine runs here, so no container starts:
 * `sdk build` writes wrangler.json, which wrangler's own config reader (the validation `wrangler
 * deploy` runs first) must accept, and the worker, which workerd must start with the sandbox's
 * durable-object class exported under its configured name, reachable through `sdk/sandbox`.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Miniflare } from "miniflare";
import { unstable_readConfig } from "wrangler";
import { miniflareOptions, type WranglerJson } from "../../cli/preview/miniflare-options.ts";
import { buildFixture } from "../helpers/e2e/targets.ts";
import { REPO_ROOT } from "../helpers/sdk-cli.ts";
import { removeScratch } from "../helpers/scratch.ts";

const packaged = buildFixture("sandbox-packaged", "edge");
const custom = buildFixture("sandbox-dockerfile", "edge");
const helperVersion = (JSON.parse(readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")) as { devDependencies: Record<string, string> }).devDependencies["@cloudflare/sandbox"];

function wranglerFile(root: string): string {
  return path.join(root, "dist", "server", "wrangler.json");
}

test.after(() => {
  removeScratch(packaged);
  removeScratch(custom);
});

test("wrangler's config validation accepts the packaged sandbox; its Dockerfile ships in dist/server", () => {
  const config = unstable_readConfig({ config: wranglerFile(packaged) });
  const serverDir = path.join(packaged, "dist", "server");
  assert.equal(config.containers, [{
    class_name: "SandboxV1",
    image: path.join(serverDir, "sandbox", "Dockerfile"),
    image_build_context: path.join(serverDir, "sandbox"),
    instance_type: "standard-1",
    name: "sdk-sandbox-v1",
  }]);
  assert.equal(config.durable_objects.bindings, [{ name: "SANDBOX", class_name: "SandboxV1" }]);
  assert.equal(config.migrations, [{ tag: "v1", new_sqlite_classes: ["SandboxV1"] }]);
  assert.match(readFileSync(path.join(serverDir, "sandbox", "Dockerfile"), "utf8"), `\nFROM docker.io/cloudflare/sandbox:${helperVersion}\n`);
});

test("wrangler's config validation accepts a project Dockerfile, resolved to the project's files", () => {
  const config = unstable_readConfig({ config: wranglerFile(custom) });
  const [container] = config.containers ?? [];
  assert.is(container!.image, path.join(custom, "docker", "sandbox.Dockerfile"));
  assert.is(container!.image_build_context, custom);
  assert.equal([container!.class_name, container!.name, container!.instance_type], ["CodeRunner", "code-runner", "standard-2"]);
  assert.equal(config.durable_objects.bindings, [{ name: "CODE_RUNNER", class_name: "CodeRunner" }]);
  assert.not.ok(existsSync(path.join(custom, "dist", "server", "sandbox")), "no packaged Dockerfile beside a project one");
});

/** The built worker in workerd with the durable objects wrangler.json declares (the container itself needs Docker). */
async function withWorker(root: string, use: (mf: Miniflare) => Promise<void>): Promise<void> {
  const serverDir = path.join(root, "dist", "server");
  const wrangler = JSON.parse(readFileSync(wranglerFile(root), "utf8")) as WranglerJson;
  const mf = new Miniflare(miniflareOptions(serverDir, wrangler, { port: 0, host: "127.0.0.1" }));
  try {
    await use(mf);
  } finally {
    await mf.dispose();
  }
}

test("workerd starts the worker with the class exported under className; sdk/sandbox reaches the binding", async () => {
  await withWorker(packaged, async (mf) => {
    const response = await mf.dispatchFetch("http://localhost/api/sandbox?id=one");
    assert.is(response.status, 200);
    assert.equal(await response.json(), { exec: "function", writeFile: "function" });
  });
  await withWorker(custom, async (mf) => {
    assert.equal(await (await mf.dispatchFetch("http://localhost/api/health")).json(), { ok: true });
  });
});

test.run();
