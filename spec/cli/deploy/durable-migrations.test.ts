import { test } from "uvu";
import * as assert from "uvu/assert";
import { pendingDurableMigrations } from "../../../cli/deploy/durable-migrations.ts";
import { UserError } from "../../../compiler/diagnostics.ts";

const history = [
  { tag: "v1", new_sqlite_classes: ["Counter"] },
  { tag: "v2", new_sqlite_classes: ["Room"] },
  { tag: "v3", renamed_classes: [{ from: "Room", to: "ChatRoom" }] },
];

test("a new worker gets the whole history, from no tag to the last", () => {
  assert.equal(pendingDurableMigrations(history, undefined), { new_tag: "v3", steps: history.map(({ tag: _tag, ...step }) => step) });
});

test("a deployed worker gets the steps after its tag", () => {
  assert.equal(pendingDurableMigrations(history, "v1"), { old_tag: "v1", new_tag: "v3", steps: [{ new_sqlite_classes: ["Room"] }, { renamed_classes: [{ from: "Room", to: "ChatRoom" }] }] });
});

test("a worker at the last tag, or an app without durable state, has nothing pending", () => {
  assert.is(pendingDurableMigrations(history, "v3"), undefined);
  assert.is(pendingDurableMigrations([], undefined), undefined);
});

test("a deployed tag the lock's history does not have is refused, pointing at sdk.lock.json", () => {
  try {
    pendingDurableMigrations(history, "v9");
    assert.unreachable();
  } catch (cause) {
    assert.instance(cause, UserError);
    const [diagnostic] = (cause as UserError).diagnostics;
    assert.is(diagnostic.code, "SDK_DEPLOY_DURABLE_HISTORY");
    assert.is(diagnostic.file, "sdk.lock.json");
    assert.match(diagnostic.message, /v9 is not in this project's history \(v1, v2, v3\)/);
  }
});

test.run();
