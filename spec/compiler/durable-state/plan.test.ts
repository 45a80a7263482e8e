import { test } from "uvu";
import * as assert from "uvu/assert";
import type { DurableMigrationIR } from "../../../compiler/ir.ts";
import { planDurableMigrations, type PlannedClass } from "../../../compiler/durable-state/plan.ts";

const state = (className: string, renamedFrom: string | null = null): PlannedClass => ({
  kind: "state",
  file: `durable-objects/${className.toLowerCase()}.ts`,
  className,
  binding: className.toUpperCase(),
  renamedFrom,
});

test("no history: one migration creates every class as SQLite-backed", () => {
  const plan = planDurableMigrations([state("Counter"), state("Cart")], []);
  assert.equal(plan.migrations, [{ tag: "v1", new_sqlite_classes: ["Counter", "Cart"] }]);
  assert.is(plan.recorded, 0);
  assert.equal(plan.diagnostics, []);
});

test("a history that has every class adds nothing; a new file adds the next tag", () => {
  const history: DurableMigrationIR[] = [{ tag: "v1", new_sqlite_classes: ["Counter"] }];
  assert.equal(planDurableMigrations([state("Counter")], history), { migrations: history, recorded: 1, diagnostics: [] });
  const plan = planDurableMigrations([state("Counter"), state("Cart")], history);
  assert.equal(plan.migrations.slice(plan.recorded), [{ tag: "v2", new_sqlite_classes: ["Cart"] }]);
});

test("renamedFrom takes over a recorded class; once recorded, it is a no-op", () => {
  const history: DurableMigrationIR[] = [{ tag: "v1", new_sqlite_classes: ["Counter"] }];
  const plan = planDurableMigrations([state("Tally", "Counter")], history);
  assert.equal(plan.migrations.slice(1), [{ tag: "v2", renamed_classes: [{ from: "Counter", to: "Tally" }] }]);
  assert.equal(plan.diagnostics, []);
  assert.equal(planDurableMigrations([state("Tally", "Counter")], plan.migrations).migrations, plan.migrations);
});

test("a recorded class without a file is an error naming the entry, the rename and the deletion", () => {
  const history: DurableMigrationIR[] = [{ tag: "v1", new_sqlite_classes: ["Counter", "Cart"] }];
  const plan = planDurableMigrations([state("Cart")], history);
  assert.equal(plan.diagnostics.map((d) => [d.code, d.file, d.configPath]), [["SDK_DURABLE_STATE_REMOVED", "sdk.lock.json", "durableObjects.migrations[0]"]]);
  assert.match(plan.diagnostics[0]!.hint!, 'export const renamedFrom = "Counter"');
  assert.match(plan.diagnostics[0]!.hint!, '{"tag":"v2","deleted_classes":["Counter"]}');
});

test("a deletion recorded by hand retires the class; a new file of that name starts afresh", () => {
  const history: DurableMigrationIR[] = [{ tag: "v1", new_sqlite_classes: ["Counter"] }, { tag: "v2", deleted_classes: ["Counter"] }];
  assert.equal(planDurableMigrations([], history).diagnostics, []);
  assert.equal(planDurableMigrations([state("Counter")], history).migrations.slice(2), [{ tag: "v3", new_sqlite_classes: ["Counter"] }]);
});

test("tags already taken are skipped; an inconsistent history is reported", () => {
  const history: DurableMigrationIR[] = [{ tag: "v2", new_sqlite_classes: ["A"] }];
  assert.equal(planDurableMigrations([state("A"), state("B")], history).migrations[1], { tag: "v3", new_sqlite_classes: ["B"] });
  const broken = planDurableMigrations([state("A")], [{ tag: "v1", new_sqlite_classes: ["A"] }, { tag: "v1", deleted_classes: ["Z"] }]);
  assert.equal(broken.diagnostics.map((d) => d.message), ['durableObjects.migrations[1] repeats the tag "v1"', "durableObjects.migrations[1] deletes Z, which no earlier entry created"]);
});

test.run();
