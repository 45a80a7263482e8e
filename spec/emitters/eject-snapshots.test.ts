/**
 * The files `sdk eject` writes around the generated app (its build, its tsconfig.json, the plugin
 * and declarations it carries), compared with snapshots/eject/. The generated modules themselves
 * are snapshots/<fixture>/<target>; package.json follows sdk's own versions and is tested apart.
 * After an intended change, run `UPDATE_SNAPSHOTS=1 node --import tsx spec/emitters/eject-snapshots.test.ts`.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { Target } from "../../compiler/ir.js";
import { emitEjectedProject } from "../../emitters/eject.js";
import { scanFixture } from "../helpers/scan-ir.js";
import { REPO_ROOT } from "../helpers/sdk-cli.js";

const UPDATE = process.env.UPDATE_SNAPSHOTS === "1";
const SNAPSHOTS = path.join(REPO_ROOT, "snapshots", "eject");
const CASES: { fixture: string; target: Target }[] = [
  { fixture: "e2e-api", target: "node" },
  { fixture: "e2e-pages", target: "node" },
  { fixture: "e2e-pages-vue", target: "node" },
  { fixture: "e2e-pages-svelte", target: "node" },
  { fixture: "e2e-pages-solid", target: "node" },
  { fixture: "e2e-pages", target: "edge" },
  { fixture: "db-d1", target: "edge" },
];
/** Written by the eject itself, not copied from the runtime or emitted as the build emits it. */
const EJECT_FILES = /^(?:rollup\.config\.mjs|vite\.config\.ts|tsconfig\.json|wrangler\.json|build\/.*|server\/(?:modules|db|env)\.d\.ts)$/;

function listFiles(dir: string, prefix = ""): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? listFiles(path.join(dir, entry.name), `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`],
  );
}

for (const { fixture, target } of CASES) {
  test(`sdk eject of ${fixture} for ${target} matches snapshots/eject/${fixture}-${target}`, () => {
    const ir = scanFixture(fixture, { target });
    const files = emitEjectedProject({ ir, appPackage: {}, defaultName: fixture, appSources: [] }).filter((file) => EJECT_FILES.test(file.path));
    const dir = path.join(SNAPSHOTS, `${fixture}-${target}`);
    if (UPDATE) {
      rmSync(dir, { recursive: true, force: true });
      for (const file of files) {
        mkdirSync(path.dirname(path.join(dir, file.path)), { recursive: true });
        writeFileSync(path.join(dir, file.path), file.content);
      }
    }
    assert.equal(files.map((file) => file.path).sort(), listFiles(dir).sort(), "the same files are written");
    for (const file of files) assert.fixture(file.content, readFileSync(path.join(dir, file.path), "utf8"), file.path);
  });
}

test.run();
