/**
 * The emitted source of fixture apps for every target, compared with snapshots/. After an
 * intended change to the emitters, run `npm run snapshots:update` and read the diff.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { loadConfig } from "../../compiler/config/load.js";
import { buildIR } from "../../compiler/front-end.js";
import { TARGETS } from "../../compiler/ir.js";
import { readAppName } from "../../compiler/project-files.js";
import { emitTarget } from "../../emitters/emit.js";
import { copyFixture, REPO_ROOT } from "../helpers/sdk-cli.js";

const FIXTURES = ["e2e-api", "snap-sourcedir", "e2e-routing", "e2e-pages", "e2e-pages-vue", "e2e-pages-svelte", "e2e-pages-solid", "e2e-crons"];
/** Apps whose modules exist only on the edge (sdk/db, queues, email, WebSocket rooms, sandbox): one snapshot each. */
const EDGE_FIXTURES = ["db-d1", "db-pg", "db-mysql", "e2e-platform", "e2e-queues", "e2e-email", "e2e-websocket", "e2e-durable-state", "platform-every-folder", "sandbox-packaged", "sandbox-dockerfile", "auth-d1", "auth-pg"];
const UPDATE = process.env.UPDATE_SNAPSHOTS === "1";
const SNAPSHOTS = path.join(REPO_ROOT, "snapshots");

function listFiles(dir: string, prefix = ""): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? listFiles(path.join(dir, entry.name), `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`],
  );
}

const cases = [...FIXTURES.flatMap((fixture) => TARGETS.map((target) => ({ fixture, target }))), ...EDGE_FIXTURES.map((fixture) => ({ fixture, target: "edge" as const }))];

for (const { fixture, target } of cases) {
  test(`${fixture} emitted for ${target} matches snapshots/${fixture}/${target}`, async () => {
    const root = copyFixture("fixtures", fixture);
    const { config } = await loadConfig(root);
    const ir = buildIR(root, { config, target, mode: "production" });
    assert.equal(ir.diagnostics.filter((d) => d.severity === "error"), []);
    const files = emitTarget(ir, { projectRootFromGenerated: "../../..", defaultName: readAppName(root) });
    const dir = path.join(SNAPSHOTS, fixture, target);
    if (UPDATE) {
      rmSync(dir, { recursive: true, force: true });
      for (const file of files) {
        mkdirSync(path.dirname(path.join(dir, file.path)), { recursive: true });
        writeFileSync(path.join(dir, file.path), file.content);
      }
    }
    assert.equal(files.map((f) => f.path).sort(), listFiles(dir).sort(), "the same files are emitted");
    for (const file of files) {
      assert.fixture(file.content, readFileSync(path.join(dir, file.path), "utf8"), `${target}/${file.path}`);
    }
    rmSync(root, { recursive: true, force: true });
  });
}

test.run();
