import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { appendDurableHistory, readDurableHistory } from "../../../compiler/durable-state/history.ts";
import { UserError } from "../../../compiler/diagnostics.ts";

function withProject(lock: unknown, use: (root: string) => void): void {
  const root = mkdtempSync(path.join(os.tmpdir(), "durable-history-"));
  try {
    if (lock !== undefined) writeFileSync(path.join(root, "sdk.lock.json"), JSON.stringify(lock));
    use(root);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

test("no lock file or section: an empty history; appending creates it beside the lock's other keys", () => {
  withProject(undefined, (root) => assert.equal(readDurableHistory(root), []));
  withProject({ migrations: { DB: [] } }, (root) => {
    appendDurableHistory(root, [{ tag: "v1", new_sqlite_classes: ["Counter"] }]);
    appendDurableHistory(root, [{ tag: "v1", new_sqlite_classes: ["Counter"] }]);
    const lock = JSON.parse(readFileSync(path.join(root, "sdk.lock.json"), "utf8"));
    assert.equal(lock, { durableObjects: { migrations: [{ tag: "v1", new_sqlite_classes: ["Counter"] }] }, migrations: { DB: [] } });
  });
});

test("a malformed history is a located SDK_LOCK_INVALID", () => {
  withProject({ durableObjects: { migrations: [{ tag: "v1", new_sqlite_classes: "Counter" }, { nope: true }] } }, (root) => {
    try {
      readDurableHistory(root);
      assert.unreachable();
    } catch (error) {
      assert.instance(error, UserError);
      assert.equal((error as UserError).diagnostics.map((d) => d.configPath), ["durableObjects.migrations[0].new_sqlite_classes", "durableObjects.migrations[1].tag"]);
    }
  });
});

test.run();
